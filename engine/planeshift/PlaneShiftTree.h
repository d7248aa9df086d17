#pragma once
/// \file PlaneShiftTree.h
/// Melax's dynamic plane shifting (Graphics Interface 2000, used in MDK2): one solid-leaf BSP of the
/// world's brushes serves every shape; a trace widens each node plane by the shape's support
/// distance while it walks, so the sub-segments given to the two children overlap and both may be
/// visited. The result is conservative: a solid cell grown by plane shifting contains the cell grown
/// by the shape, so a trace never stops later than the exact answer and may stop earlier near sharp
/// ridges of cells; the optional bevel planes at solid leaves cut most of that protrusion away.
/// Built from a collision::Model's brushes and answering in its vocabulary (Trace.h), so it shares
/// the collision namespace with the game's trace; its own library, cliplab::planeshift.

#include "collision/Model.h"
#include "collision/Trace.h"

#include <array>
#include <cstdint>
#include <vector>

namespace cliplab::collision {

/// A node of the solid-leaf tree. Children: >= 0 node index, -1 empty leaf, <= -2 solid leaf
/// number (-child - 2) in PlaneShiftTree::solidLeaves().
struct PlaneShiftNode {
    glm::vec3 normal{0.0f};            ///< Unit normal of the splitting plane.
    float dist = 0.0f;                 ///< normal . x = dist on the plane (units).
    std::array<int32_t, 2> children{}; ///< [0] front (normal . x >= dist), [1] back.
    int32_t side = -1;  ///< Brush side (index in BspData::brushSides) the plane came from, -1 for a bevel.
    int32_t brush = -1; ///< Brush of `side`, or the brush of the cell a bevel trims.
};

/// A solid cell: what a hit on it reports.
struct PlaneShiftLeaf {
    int32_t brush = -1;   ///< A brush containing the cell (the lowest index).
    int32_t contents = 0; ///< contents:: of every brush containing the cell, or-ed (and-ed with the mask).
};

/// What building the tree did.
struct PlaneShiftBuildInfo {
    int32_t brushes = 0;     ///< World brushes whose contents matched the mask.
    int32_t nodes = 0;       ///< All nodes, bevel nodes included.
    int32_t bevelNodes = 0;  ///< Nodes added as bevels below solid cells (0 without bevels).
    int32_t solidLeaves = 0; ///< Solid cells (each may carry a chain of bevel nodes).
    int32_t emptyLeaves = 0; ///< Empty cells.
    int32_t maxDepth = 0;    ///< Deepest node, bevels included (root = 1).
    double seconds = 0.0;    ///< Wall time of the build.
};

/// The solid-leaf tree for one contents mask. Immutable after build(); trace() is const and
/// thread-safe and allocates nothing (except into `stats` when given).
class PlaneShiftTree {
public:
    /// Builds the tree of the world brushes of `model` (model 0, detail brushes included) whose
    /// contents intersect `mask`. Splitting planes are brush side planes that cut the current cell,
    /// so every leaf lies inside one brush (solid) or outside all (empty); sibling leaves of the
    /// same kind (and contents) are merged. With `bevels`, every solid cell gets the axial planes and edge
    /// bevels (normalize(edge x axis)) it lacks as a chain of nodes whose front children are empty.
    static PlaneShiftTree build(const Model& model, int32_t mask, bool bevels);

    /// Sweeps `shape` from `start` to `end` (units) through the tree with every node plane shifted
    /// by the shape's support distance (ray 0, sphere r, box sum |e_i n_i|, capsule r + |n_z| (h - r),
    /// cylinder r |n_xy| + h |n_z|). Each solid cell reached is clipped like a brush with the game's
    /// epsilon rules, so `options.epsilon` keeps the same distance from surfaces as Model::trace; the
    /// hit is the earliest, its plane the cell plane crossed last (side/surface flags from the brush
    /// side it came from when it faces the same way, else -1/0). `options.semantics` and
    /// `options.model` are not used (world only, Quake 3 rules). A zero-length trace is a position test.
    /// `stats`: nodesVisited, leavesVisited (empty and solid), brushesTested/testedBrushes = solid
    /// cells clipped (listed by their brush), brushesHit = solid cells the segment enters.
    /// Hostile numbers are refused or clamped exactly as by Model::trace (TraceLimits.h).
    TraceResult trace(const Shape& shape, const glm::vec3& start, const glm::vec3& end,
                      const TraceOptions& options = {}, TraceStats* stats = nullptr) const;

    /// A TraceFunction tracing this tree (the mask argument is ignored: the tree was built for one).
    /// The tree and the model must outlive the function.
    TraceFunction traceFunction(const TraceOptions& options = {}) const;

    const std::vector<PlaneShiftNode>& nodes() const { return m_nodes; }
    const std::vector<PlaneShiftLeaf>& solidLeaves() const { return m_leaves; }
    const PlaneShiftBuildInfo& info() const { return m_info; }
    int32_t mask() const { return m_mask; }
    bool bevels() const { return m_bevels; }
    /// Bytes held by the node and leaf arrays.
    size_t memoryBytes() const {
        return m_nodes.size() * sizeof(PlaneShiftNode) + m_leaves.size() * sizeof(PlaneShiftLeaf);
    }
    /// Root child code: a node index, or a leaf code when the whole world is one cell.
    int32_t root() const { return m_root; }

private:
    /// trace() for input within the limits of TraceLimits.h (traceInputInRange holds).
    TraceResult traceInRange(const Shape& shape, const glm::vec3& start, const glm::vec3& end,
                             const TraceOptions& options, TraceStats* stats) const;

    const Model* m_model = nullptr; ///< For the contents and surface flags of hits.
    std::vector<PlaneShiftNode> m_nodes;
    std::vector<PlaneShiftLeaf> m_leaves;
    int32_t m_root = -1;
    int32_t m_mask = 0;
    bool m_bevels = false;
    PlaneShiftBuildInfo m_info;

    friend class PlaneShiftBuilder;
};

} // namespace cliplab::collision
