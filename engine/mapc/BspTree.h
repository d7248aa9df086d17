#pragma once
/// \file BspTree.h
/// The BSP tree over the world brushes. Splitting planes are the brushes' own (non-bevel) side
/// planes; the tree splits until every leaf cell is either inside each brush it lists or outside
/// all brushes, and a brush is listed in every leaf whose cell shares volume with it (brushes are
/// cut into convex fragments as the tree splits them, so the lists are exact, never guesses).

#include "bsp/BspData.h"
#include "mapc/BrushBuild.h"

#include <vector>

namespace cliplab::mapc {

/// A world surface's bounding box, for listing it in the leaves it touches.
struct SurfaceBounds {
    int32_t surface = 0;             ///< Index in the surfaces lump.
    glm::dvec3 mins{0.0}, maxs{0.0}; ///< Units.
};

/// Builds nodes, leafs, leaf brushes and leaf surfaces into `out` for the world brushes
/// `brushes[0..worldBrushes)` (their indices in the brushes lump equal their position). Every leaf
/// gets cluster 0 and area 0 (one cluster, everything visible). `planes` may grow (a map without
/// brushes gets one plane for its single node).
void buildTree(const std::vector<BuiltBrush>& brushes, size_t worldBrushes,
               const std::vector<SurfaceBounds>& surfaces, PlaneSet& planes, bsp::BspData& out);

} // namespace cliplab::mapc
