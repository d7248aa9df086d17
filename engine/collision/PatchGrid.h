#pragma once
/// \file PatchGrid.h
/// Internal: a patch's control grid and its subdivision into points on the curve, the first half
/// of building a patch collide (PatchCollide.cpp makes the facets).

#include "collision/PatchCollide.h"
#include "core/Result.h"

#include <glm/vec3.hpp>

#include <memory>

namespace cliplab::collision::detail {

/// The control grid while it is subdivided: points[x][y], x = column (< width), y = row.
struct Grid {
    int32_t width = 0, height = 0;
    bool wrapWidth = false, wrapHeight = false;
    /// Storage for the largest grid, left uninitialised (only the width x height corner is used,
    /// and clearing 200 KB per patch was most of the build time).
    std::unique_ptr<glm::vec3[]> pts{new glm::vec3[size_t(kMaxPatchGridSize) * kMaxPatchGridSize]};
    /// Point of column x, row y.
    glm::vec3& at(int32_t x, int32_t y) { return pts[size_t(x) * kMaxPatchGridSize + size_t(y)]; }
    const glm::vec3& at(int32_t x, int32_t y) const { return pts[size_t(x) * kMaxPatchGridSize + size_t(y)]; }
};

/// Sets wrapWidth: the first and last columns coincide (within 0.1) in every row.
void setWrapWidth(Grid& g);
/// Subdivides the columns until every row's curve segments are within 16 units of straight, or
/// fails when the grid would exceed kMaxPatchGridSize columns.
core::Result<bool> subdivideColumns(Grid& g);
/// Drops columns equal (within 0.1) to their right neighbour in every row.
void removeDegenerateColumns(Grid& g);
/// Swaps columns and rows (and the wrap flags).
void transpose(Grid& g);

} // namespace cliplab::collision::detail
