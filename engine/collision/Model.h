#pragma once
/// \file Model.h
/// collision::Model: the collision form of a map (planes, BSP tree, brushes) and the trace through
/// it. Built once from bsp::BspData; immutable afterwards, so any number of threads may trace one
/// Model at the same time.

#include "bsp/BspData.h"
#include "collision/PatchCollide.h"
#include "collision/Trace.h"
#include "collision/TraceLayout.h"

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace cliplab::collision {

/// A plane with what the trace needs precomputed.
struct CollisionPlane {
    glm::vec3 normal{0.0f}; ///< Unit normal.
    float dist = 0.0f;      ///< normal . x = dist on the plane (units).
    uint8_t type = 3;       ///< 0/1/2 when the normal is exactly +x/+y/+z (axial fast path), else 3.
    uint8_t signBits = 0;   ///< Bit i set when normal[i] < 0: selects the box corner deepest along -n.
};

/// A tree node with its splitting plane inlined (one cache line holds two nodes).
struct CollisionNode {
    glm::vec3 normal{0.0f};
    float dist = 0.0f;
    int32_t type = 3;                  ///< As CollisionPlane::type.
    std::array<int32_t, 2> children{}; ///< >= 0 node, < 0 leaf -(child + 1); [0] front, [1] back.
    int32_t plane = 0;                 ///< Index in BspData::planes (for the debugger).
};

/// One brush side with its plane inlined, in BspData::brushSides order.
struct CollisionSide {
    glm::vec3 normal{0.0f};
    float dist = 0.0f;
    int32_t signBits = 0;
    int32_t surfaceFlags = 0; ///< surf:: flags of the side's shader.
};

/// A convex brush.
struct CollisionBrush {
    glm::vec3 mins{0.0f}, maxs{0.0f}; ///< Bounds (units).
    int32_t firstSide = 0;            ///< Index in BspData::brushSides (= index in Model::sides()).
    int32_t numSides = 0;
    int32_t contents = 0; ///< contents:: of the brush's shader.
    /// True when the first six sides are the axial planes -x +x -y +y -z +z as q3map writes them:
    /// the bounds then come from them and position tests may skip them (the bounds test covers them).
    bool axialFirst = false;
};

/// A leaf: a range of Model::leafBrushes() and a range of Model::leafSurfaces(). Each range starts
/// with the items q3map listed for the leaf (the game's lists, which the quake3 semantics walk)
/// and goes on with the ones the robust semantics add (items whose bounds reach the leaf).
struct CollisionLeaf {
    int32_t firstLeafBrush = 0;
    int32_t numLeafBrushes = 0; ///< Completed list (robust semantics).
    int32_t firstLeafSurface = 0;
    int32_t numLeafSurfaces = 0; ///< Completed list (robust semantics).
    int32_t numGameBrushes = 0;  ///< The first entries: q3map's own list (quake3 semantics).
    int32_t numGameSurfaces = 0; ///< The first entries: q3map's own list (quake3 semantics).
    /// The built patches among those surfaces, in the same order: a range of
    /// TraceLayout::leafPatches, whose first numGamePatches come from q3map's own list.
    int32_t firstLeafPatch = 0;
    int32_t numLeafPatches = 0;
    int32_t numGamePatches = 0;
};

/// An axis-aligned box (units). Empty when mins > maxs (the default).
struct Bounds {
    glm::vec3 mins{3.0e38f};
    glm::vec3 maxs{-3.0e38f};
};

/// A patch (curved surface) with its collision facets.
struct CollisionPatch {
    int32_t surface = 0;      ///< Index in BspData::surfaces.
    int32_t contents = 0;     ///< contents:: of the surface's shader (traces test it against the mask).
    int32_t surfaceFlags = 0; ///< surf:: flags of the surface's shader.
    PatchCollide collide;
    std::vector<FacetLanes> facetLanes;       ///< Per facet of `collide`: its range of planeGroups.
    std::vector<FacetPlaneGroup> planeGroups; ///< The facets' planes, four at a time.

    int32_t controlWidth = 0, controlHeight = 0; ///< The surface's control grid (odd, >= 3 each).
    /// Its control points, [y * controlWidth + x] (units): Quake3e's facets are built from them
    /// when first asked for (Model::quake3ePatches).
    std::vector<glm::vec3> control;
};

/// What building the patch collides of a map cost.
struct PatchBuildStats {
    int32_t patches = 0;  ///< Patch collides built.
    int32_t facets = 0;   ///< Facets of all of them.
    int32_t planes = 0;   ///< Planes of all of them (deduplicated per patch).
    int32_t borders = 0;  ///< Border references of all facets (bevels and back planes included).
    size_t bytes = 0;     ///< Heap memory of the collides (bytes, grid points included).
    double seconds = 0.0; ///< Wall time of building them (s).
};

/// Quake3e's forms of a Model's patches: Quake3e builds facets in double (PatchPrecision::Quake3e),
/// which gives some patches facets a few ulps from the game's.
struct Quake3ePatches {
    static constexpr int32_t kSameFacets = -1; ///< `form`: Quake3e builds the game's facets.
    /// `form`: Quake3e cannot build the patch (more than kMaxQuake3ePatchPlanes planes, where it
    /// refuses the map); quake3e traces leave it out.
    static constexpr int32_t kNotBuilt = -2;
    /// Per Model::patches() entry: its index in `patches`, or kSameFacets or kNotBuilt.
    std::vector<int32_t> form;
    std::vector<CollisionPatch> patches; ///< The forms whose facets differ from the game's.
    std::vector<std::string> warnings;   ///< One line per patch Quake3e cannot build.
    PatchBuildStats stats; ///< `patches` counted, their memory, and the time to build every patch again.
};

/// The collision model of one map: world (model 0) plus the inline models *1, *2... at rest.
class Model {
public:
    /// Builds from validated map data (every index in range, as bsp::load() guarantees). Brushes
    /// that are not in q3map's axial-first layout get their bounds from their vertices. Every patch
    /// surface (world and inline models) gets a patch collide; a patch that cannot be built (bad
    /// control grid, or beyond ioquake3's limits: 129x129 subdivided grid, 1024 control points,
    /// 1024 facets, 4096 planes) is left out of collision and named in warnings(), where the game
    /// would refuse the whole map. Quake3e's forms are built later, when first needed
    /// (quake3ePatches()). Each
    /// world leaf lists its brushes and patch surfaces from the file first, then the world brushes whose
    /// bounds and the patches whose collision grid reach it but that q3map left out (it lists by drawn or
    /// kept fragments; see ModelBuild.cpp).
    explicit Model(const bsp::BspData& data);

    /// Sweeps `shape` from `start` to `end` (units) against the brushes whose contents intersect
    /// `mask`, in model `options.model` (an invalid model number gives a result with fraction 1).
    /// A zero-length trace is a position test. With `options.curves`, patches whose contents
    /// intersect `mask` collide too, as in ioquake3: a sweep never starts solid in a patch, rays
    /// hit patch facets (the game's cm_playerCurveClip 1), and position tests report a box inside
    /// a facet as solid. Const and thread-safe; no allocation per trace
    /// except into `stats` when given. The visited-brush marks live in a per-thread
    /// generation-stamped array (thread_local, grown to the largest model traced on that thread).
    /// Hostile numbers (TraceLimits.h): a NaN/infinite number or a start/end component beyond
    /// +/-1e6 gives refusedTrace(start) (fraction 0, all solid, `refused`); inverted mins/maxs are
    /// swapped, extents clamped to +/-131072, negative radius/halfHeight count as 0, epsilon is
    /// clamped to [0, 16] (NaN: 0.125). Every result has a fraction in [0, 1] and a finite endpos.
    TraceResult trace(const Shape& shape, const glm::vec3& start, const glm::vec3& end, int32_t mask,
                      const TraceOptions& options = {}, TraceStats* stats = nullptr) const;

    /// contents:: bits of the world brushes containing point `p`, and-ed with `mask`.
    int32_t pointContents(const glm::vec3& p, int32_t mask = -1) const;

    /// A TraceFunction for movement code: traces this model with fixed options. The model must
    /// outlive the function.
    TraceFunction traceFunction(const TraceOptions& options = {}) const;

    int32_t numModels() const { return static_cast<int32_t>(m_models.size()); }
    const std::vector<CollisionNode>& nodes() const { return m_nodes; }
    const std::vector<CollisionLeaf>& leafs() const { return m_leafs; }
    /// Brush indices per leaf (BspData::leafBrushes completed as above, then the inline models').
    const std::vector<int32_t>& leafBrushes() const { return m_leafBrushes; }
    const std::vector<CollisionBrush>& brushes() const { return m_brushes; }
    const std::vector<CollisionSide>& sides() const { return m_sides; }
    const std::vector<CollisionPlane>& planes() const { return m_planes; }
    /// Surface indices per leaf (BspData::leafSurfaces completed as above, then the inline models'
    /// surface lists).
    const std::vector<int32_t>& leafSurfaces() const { return m_leafSurfaces; }
    /// Patches that were built, in surface order.
    const std::vector<CollisionPatch>& patches() const { return m_patches; }
    /// Quake3e's forms of the patches, built at the first call (by the first quake3e trace that
    /// reaches a patch) and kept; thread-safe: concurrent first callers wait for one build.
    const Quake3ePatches& quake3ePatches() const;
    /// Patch `index` of patches() as `semantics` collides with it: Quake3e's form for
    /// Semantics::Quake3e where it differs, else the patch itself; nullptr when Quake3e cannot
    /// build it.
    const CollisionPatch* patchFor(int32_t index, Semantics semantics) const;
    /// Index in patches() of surface `surface`, or -1 when it is not a built patch.
    int32_t patchForSurface(int32_t surface) const {
        return surface >= 0 && static_cast<size_t>(surface) < m_surfacePatch.size()
                   ? m_surfacePatch[static_cast<size_t>(surface)]
                   : -1;
    }
    /// Per world node: the bounds of every brush and patch listed in the leafs below it (the
    /// completed lists, a superset of the game's). A trace whose swept bounds miss them would
    /// reject each of those brushes and patches by its own bounds test, so the walk skips the
    /// subtree with the same result.
    const std::vector<Bounds>& nodeContentBounds() const { return m_nodeBounds; }
    /// The same per world leaf.
    const std::vector<Bounds>& leafContentBounds() const { return m_leafBounds; }
    /// The tree, leafs and leaf brush lists packed as the sweep reads them (TraceLayout.h).
    const TraceLayout& traceLayout() const { return m_layout; }
    /// Counts, memory and build time of the patch collides.
    const PatchBuildStats& patchStats() const { return m_patchStats; }
    /// Problems found while building, one line each (patches left out, naming the surface).
    const std::vector<std::string>& warnings() const { return m_warnings; }

private:
    /// trace() for input within the limits of TraceLimits.h (traceInputInRange holds).
    void buildContentBounds();
    void buildTraceLayout();
    TraceResult traceInRange(const Shape& shape, const glm::vec3& start, const glm::vec3& end, int32_t mask,
                             const TraceOptions& options, TraceStats* stats) const;
    /// An inline model is traced as one leaf holding all its brushes (ioquake3 does the same).
    struct SubModel {
        CollisionLeaf leaf;
    };

    std::vector<CollisionPlane> m_planes;
    std::vector<CollisionNode> m_nodes;
    std::vector<CollisionLeaf> m_leafs;
    std::vector<int32_t> m_leafBrushes;
    std::vector<CollisionBrush> m_brushes;
    std::vector<CollisionSide> m_sides;
    std::vector<SubModel> m_models;
    std::vector<int32_t> m_leafSurfaces;
    std::vector<CollisionPatch> m_patches;
    /// quake3ePatches(), built once on demand: behind a pointer so the Model stays movable.
    struct LazyQuake3ePatches {
        std::once_flag once;
        Quake3ePatches value;
    };
    std::unique_ptr<LazyQuake3ePatches> m_quake3e = std::make_unique<LazyQuake3ePatches>();
    std::vector<int32_t> m_surfacePatch; ///< Per surface: index in m_patches or -1.
    std::vector<Bounds> m_nodeBounds;    ///< See nodeContentBounds().
    std::vector<Bounds> m_leafBounds;    ///< See leafContentBounds().
    TraceLayout m_layout;                ///< See traceLayout().
    std::vector<std::string> m_warnings;
    PatchBuildStats m_patchStats;

    void buildPatches(const bsp::BspData& data);
    /// Builds every patch again in Quake3e's arithmetic into `out` (quake3ePatches()).
    void buildQuake3ePatches(Quake3ePatches& out) const;
};

/// Precomputed type (0/1/2 axial, 3 other) of a unit normal; only exact +1 components count as axial.
uint8_t planeTypeForNormal(const glm::vec3& normal);
/// Sign bits of a normal: bit i set when normal[i] < 0.
uint8_t planeSignBits(const glm::vec3& normal);

} // namespace cliplab::collision
