#pragma once
/// \file BrushMap.h
/// Maps of convex brushes given as planes, built in code for collision tests: a trivial tree (one
/// node with everything in front) puts every world brush in one leaf.

#include "bsp/BspData.h"

#include <vector>

namespace cliplab::test {

/// One convex brush: the intersection of the back half-spaces of `planes` (n.x <= dist).
struct TestBrush {
    std::vector<bsp::Plane> planes;
    int32_t contents = bsp::contents::Solid;
    int32_t surfaceFlags = 0;
};

/// The six axial planes of an axis-aligned box in q3map's order (-x +x -y +y -z +z).
std::vector<bsp::Plane> boxPlanes(const glm::vec3& mins, const glm::vec3& maxs);

/// A plane through `point` with normal direction `normal` (normalised here).
bsp::Plane planeThrough(const glm::vec3& normal, const glm::vec3& point);

/// A map whose world holds brushes [0, firstInlineBrush) in one leaf and whose inline model *1
/// holds brushes [firstInlineBrush, end) (no *1 when firstInlineBrush >= brushes.size()). Each
/// brush gets its own shader carrying its contents and surface flags.
bsp::BspData makeBrushMap(const std::vector<TestBrush>& brushes, size_t firstInlineBrush = SIZE_MAX);

/// Adds a patch surface to a map made by makeBrushMap: a width x height control grid
/// (points[y * width + x], units) with its own shader of `contents`, listed in the world leaf
/// (model 0) or as the only surface of inline model *1 (model 1, which must exist). Returns the
/// surface index.
int32_t addPatch(bsp::BspData& map, int32_t width, int32_t height, const std::vector<glm::vec3>& points,
                 int32_t contents = bsp::contents::Solid, int32_t model = 0);

} // namespace cliplab::test
