#pragma once
/// \file Flood.h
/// Leak finding as q3map2 does it: portals between the world tree's leaves (and an outside node
/// around it), then a flood of the empty space from every point entity's origin. A leaf inside a
/// brush that seals (structural and opaque) stops the flood. When the flood reaches the outside
/// node the map leaks, and the shortest chain of portals from the outside to an entity is the
/// leak's path, the pointfile editors draw.

#include "bsp/BspData.h"
#include "mapc/BspTree.h"
#include "mapc/EntityModels.h"
#include "mapc/MapSource.h"

#include <optional>
#include <string>
#include <vector>

namespace cliplab::mapc {

/// A leak: the empty space around an entity reaches the void outside the map.
struct Leak {
    size_t entity = 0;      ///< Index of the entity in MapSource::entities.
    std::string classname;  ///< Its classname.
    glm::dvec3 origin{0.0}; ///< Its "origin" (units), the pointfile's last point.
    SourcePos pos;          ///< Where the entity starts in the source.
    /// The pointfile's points, from the void to the entity: the centre of each portal the path
    /// crosses, then the entity's origin. At least two points.
    std::vector<glm::dvec3> path;
    /// Where the path leaves the hull: its last point, going out from the entity, that still lies
    /// within the bounds of the world's sealing brushes (units).
    glm::dvec3 exit{0.0};
};

/// What the flood found, per leaf of the world tree.
struct FloodResult {
    std::vector<uint8_t> opaque;  ///< Inside a sealing brush (1) or not (0).
    std::vector<uint8_t> reached; ///< Reached from an entity (1) or not (0).
    bool anyEntity = false;       ///< Some entity stood in the open (else nothing is known to be outside).
    std::optional<Leak> leak;     ///< Set when the flood reached the void.
    size_t portals = 0;           ///< Portals made.
    std::vector<std::string> warnings; ///< Entities whose origin is inside a brush ("entity in solid").

    /// True when leaf `i` is known to be outside the map or inside solid: q3map2 fills such leaves
    /// and drops the patches that touch nothing else.
    bool filled(size_t i) const { return opaque[i] || (anyEntity && !reached[i]); }
};

/// Floods the tree in `out` (nodes, leafs, leaf brushes of the world, whose brushes are
/// `brushes[0..worldBrushes)`), built over `box`, from the entities of `source` that q3map2 floods
/// from: every entity but the world with a non-zero origin and no model, from 1 unit above its origin.
FloodResult floodEntities(const bsp::BspData& out, const PlaneSet& planes,
                          const std::vector<BuiltBrush>& brushes, size_t worldBrushes, const TreeBox& box,
                          const MapSource& source, const EntityModels& models);

} // namespace cliplab::mapc
