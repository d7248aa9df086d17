#pragma once
/// \file BspTree.h
/// The BSP tree over the world brushes, shaped as q3map2 shapes its own: 1024-unit blocks first,
/// then the structural brushes' own (non-bevel) side planes, until every leaf cell is either inside
/// each structural brush it lists or outside all of them. Detail brushes split nothing. A brush is
/// listed in every leaf whose cell shares volume with it (brushes are cut into convex fragments as
/// the tree splits them, so the lists are exact, never guesses).

#include "bsp/BspData.h"
#include "mapc/BrushBuild.h"

#include <vector>

namespace cliplab::mapc {

/// A world surface, for the tree's root box and for listing it in the leaves it touches.
struct SurfaceBounds {
    int32_t surface = 0;             ///< Index in the surfaces lump.
    glm::dvec3 mins{0.0}, maxs{0.0}; ///< Units.
    /// Point sets whose convex hulls make up the surface: a face's points, or each 3x3 block of a
    /// patch's control points (a patch stays inside their hulls, as q3map2 assumes).
    std::vector<std::vector<glm::dvec3>> hulls;
};

/// The box the tree's root cell covers (the world's brushes and surfaces, 8 units around).
struct TreeBox {
    glm::dvec3 mins{0.0}, maxs{0.0}; ///< Units.
};

/// Builds nodes, leafs and leaf brushes into `out` for the world brushes `brushes[0..worldBrushes)`
/// (their indices in the brushes lump equal their position); `surfaces` only widen the root box.
/// A leaf lists its brushes as q3map2 orders them: detail brushes, then structural ones, each group
/// from the last brush to the first. Every leaf gets cluster 0 and area 0 (one cluster, everything
/// visible). `planes` may grow (a map without brushes gets one plane for its single node).
TreeBox buildTree(const std::vector<BuiltBrush>& brushes, size_t worldBrushes,
                  const std::vector<SurfaceBounds>& surfaces, PlaneSet& planes, bsp::BspData& out);

/// Appends to `leaves` every leaf of the tree in `out` the convex hull of `points` reaches (points
/// within `onPlane` units of a node plane count on both sides; q3map2 filters surfaces with 0.1).
void hullLeaves(const bsp::BspData& out, const PlaneSet& planes, const std::vector<glm::dvec3>& points,
                std::vector<int32_t>& leaves, double onPlane = 0.1);

/// Lists each surface in every leaf one of its hulls reaches, except leaves marked in `filled`
/// (inside sealing brushes or outside the map: q3map2 lists no surface there), filling the leaf
/// surfaces lump.
void listLeafSurfaces(const std::vector<SurfaceBounds>& surfaces, const PlaneSet& planes,
                      const std::vector<uint8_t>& filled, bsp::BspData& out);

} // namespace cliplab::mapc
