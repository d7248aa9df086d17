#pragma once
/// \file Inspector.h
/// What a brush, a side or a hit surface is, in a mapper's words: shader names, contents and
/// surface flags by name, a brush's sides (plane, shader, bevel or not) and the entity owning it.

#include "bsp/BspData.h"
#include "bsp/Entities.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::inspect {

/// The entity a brush belongs to: worldspawn for the world's brushes (model 0), the entity whose
/// "model" key is "*N" for the brushes of inline model N.
struct Owner {
    int32_t entity = -1;    ///< Index in the entity list; -1 when no entity names the model.
    int32_t model = -1;     ///< Model number (0 = world); -1 when the brush is in no model.
    std::string classname;  ///< "worldspawn", "func_door", ...; "" when unknown.
    std::string targetname; ///< "" when the entity has none.
};

/// One side of a brush.
struct SideInfo {
    int32_t index = -1;       ///< Index in BspData::brushSides.
    int32_t plane = -1;       ///< Index in BspData::planes.
    glm::vec3 normal{0.0f};   ///< Outward unit normal.
    float dist = 0.0f;        ///< normal . x = dist on the plane (units).
    std::string shader;       ///< Shader name of the side ("textures/common/clip").
    int32_t surfaceFlags = 0; ///< surf:: bits of the side's shader (what a trace hitting it reports).
    /// A bevel: the plane bounds no face of the brush (isBevelFace), only an edge or a corner. The map
    /// compiler adds these so box traces stop flush against edges; their shader is a neighbour's, so only the
    /// geometry tells them apart.
    bool bevel = false;
    double area = 0.0; ///< Area of the side's face (square units), 0 for a bevel.
};

/// A brush with its sides, bounds and owner.
struct BrushInfo {
    int32_t index = -1;               ///< Index in BspData::brushes.
    std::string shader;               ///< The brush's shader (gives its contents).
    int32_t contents = 0;             ///< contents:: bits.
    glm::vec3 mins{0.0f}, maxs{0.0f}; ///< Bounds of its faces' corners (units).
    std::vector<SideInfo> sides;      ///< In file order.
    int32_t bevels = 0;               ///< Sides that are bevels.
    Owner owner;
};

/// The surface a trace stopped on: a brush side, or a patch.
struct SurfaceInfo {
    std::string shader;       ///< Shader name; "" when nothing was hit.
    int32_t surfaceFlags = 0; ///< surf:: bits of that shader.
    int32_t contents = 0;     ///< contents:: of the hit brush (its own shader), or of the patch's shader.
};

/// Faces smaller than this (square units) make their side a bevel.
inline constexpr double kBevelArea = 0.01;
/// Faces narrower than this (units, geometry::windingWidth) make their side a bevel: a bevel along
/// a long sloped edge comes out of the float planes as a sliver some 1e-4 units wide whose area,
/// over a 128-unit edge, can pass kBevelArea.
inline constexpr double kBevelWidth = 0.01;

/// True when `face` (a side's face cut by the brush's other sides) is only an edge or a corner of
/// the brush: fewer than 3 points, less than kBevelArea or narrower than kBevelWidth.
bool isBevelFace(const std::vector<glm::dvec3>& face);

/// Answers questions about one map's brushes, sides and entities. Keeps a pointer to `data`,
/// which must outlive it; immutable after construction.
class Inspector {
public:
    /// `entities`: the map's parsed entity lump (empty when it did not parse: owners are then
    /// named by model number only).
    Inspector(const bsp::BspData& data, std::vector<bsp::Entity> entities);

    /// Model number holding brush `brush` (0 = world), -1 when no model's range holds it or the
    /// index is out of range.
    int32_t modelOfBrush(int32_t brush) const;
    /// The entity owning brush `brush` (see Owner).
    Owner ownerOfBrush(int32_t brush) const;
    /// Brush `brush` with its sides and owner; nullopt for an index out of range.
    std::optional<BrushInfo> brush(int32_t brush) const;
    /// What a trace reports as hit: brush side `brushSide` of brush `brush`, or patch surface
    /// `surface` (index in BspData::surfaces); -1 for none. Out-of-range indices give an empty result.
    SurfaceInfo hitSurface(int32_t brush, int32_t brushSide, int32_t surface) const;
    /// Index of the entity whose "model" key is "*N" (or worldspawn for 0); -1 when none.
    int32_t entityOfModel(int32_t model) const;

    const std::vector<bsp::Entity>& entities() const { return m_entities; }
    const bsp::BspData& data() const { return *m_data; }

private:
    const bsp::BspData* m_data;
    std::vector<bsp::Entity> m_entities;
    std::vector<int32_t> m_modelEntity; ///< Per model: entity index or -1.
};

} // namespace cliplab::inspect
