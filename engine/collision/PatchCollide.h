#pragma once
/// \file PatchCollide.h
/// The collision form of one curved surface (a bezier patch), built as ioquake3 builds it: the
/// control grid is subdivided until every curve segment is within 16 units of straight, each quad
/// of the resulting grid becomes one planar facet or two triangles, and each facet is a thin convex
/// "brush" of border planes, axial and edge bevels and the surface plane facing backwards. Traces
/// test facets in PatchTrace.cpp.

#include "core/Result.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <vector>

namespace cliplab::collision {

/// ioquake3's limits for one patch.
inline constexpr int32_t kMaxPatchGridSize = 129; ///< Grid points per side after subdivision.
inline constexpr int32_t kMaxPatchVerts = 1024;   ///< Control points (width * height).
inline constexpr int32_t kMaxPatchFacets = 1024;  ///< Facets per patch.
inline constexpr int32_t kMaxPatchPlanes = 4096;  ///< Distinct planes per patch.
/// Quake3e's limit of distinct planes per patch (it refuses a map with a patch beyond it).
inline constexpr int32_t kMaxQuake3ePatchPlanes = 2048 + 128;
/// Border planes per facet: 4 edges + 6 axial + 16 edge bevels, plus the back plane.
inline constexpr int32_t kMaxFacetBorders = 4 + 6 + 16 + 1;

/// A plane of a patch collide (planes are shared by the facets of one patch).
struct PatchPlane {
    glm::vec3 normal{0.0f}; ///< Unit normal.
    float dist = 0.0f;      ///< normal . x = dist on the plane (units).
    uint8_t signBits = 0;   ///< Bit i set when normal[i] < 0.

    /// Every field equal.
    bool operator==(const PatchPlane&) const = default;
};

/// One border of a facet: a plane of the patch, used facing away from the facet.
struct PatchBorder {
    int32_t plane = 0;   ///< Index in PatchCollide::planes.
    bool inward = false; ///< The facet lies in front of the stored plane: the trace uses it negated.

    /// Every field equal.
    bool operator==(const PatchBorder&) const = default;
};

/// A convex facet: the surface plane and a range of PatchCollide::borders. The last border is the
/// surface plane facing inward (the back plane); a trace never reports a hit on it.
struct PatchFacet {
    int32_t surfacePlane = 0; ///< Index in PatchCollide::planes.
    int32_t firstBorder = 0;  ///< Index in PatchCollide::borders.
    int32_t numBorders = 0;   ///< 1 to kMaxFacetBorders.
    /// Which grid quad (column, row of the subdivided grid) and which half of it: -1 = the whole
    /// quad, 0/1 = its first/second triangle. For the viewer.
    int32_t gridX = 0, gridY = 0, triangle = -1;

    /// Every field equal.
    bool operator==(const PatchFacet&) const = default;
};

/// The collision form of one patch.
struct PatchCollide {
    glm::vec3 mins{0.0f}, maxs{0.0f}; ///< Bounds of the subdivided grid grown by 1 unit (units).
    std::vector<PatchPlane> planes;
    std::vector<PatchBorder> borders;
    std::vector<PatchFacet> facets;
    int32_t gridWidth = 0, gridHeight = 0; ///< Size of the subdivided grid.
    std::vector<glm::vec3> grid;           ///< Subdivided grid points, column x row y at [y * gridWidth + x].

    /// Heap bytes held by this collide (for memory figures).
    size_t memoryBytes() const;
    /// True when both have the same facets: planes, borders and facets equal (the grid is not
    /// compared).
    bool sameFacets(const PatchCollide& other) const;
};

/// Whose arithmetic builds a patch collide. The grid is the same; the facet planes, their sides
/// and bevels can come out a few ulps apart, which moves the answers of traces that touch them.
enum class PatchPrecision {
    Game,    ///< ioquake3's: float throughout.
    Quake3e, ///< Quake3e's: plane normals, distances, bevel edges and the facet polygons computed in
             ///< double and stored as floats; at most kMaxQuake3ePatchPlanes planes.
};

/// Builds the collide of a width x height control grid (points[y * width + x], units). Width and
/// height must be odd and >= 3. Errors (bad size, and the game's limits: 129x129 grid after
/// subdivision, 1024 control points, 1024 facets, 4096 planes, Quake3e's 2176) name the limit and
/// the numbers.
core::Result<PatchCollide> buildPatchCollide(int32_t width, int32_t height,
                                             const std::vector<glm::vec3>& points,
                                             PatchPrecision precision = PatchPrecision::Game);

/// The polygon of facet `facet` of `pc`: its surface plane cut by its borders (without the back
/// plane; points within 0.01 units of a border count as on it), in order; empty when nothing is
/// left.
/// For drawing what the player collides with.
std::vector<glm::vec3> facetPolygon(const PatchCollide& pc, int32_t facet);

} // namespace cliplab::collision
