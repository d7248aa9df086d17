#pragma once
/// \file Patch.h
/// CPU tessellation of Quake 3 bezier patches: a (2m+1) x (2n+1) control grid is m x n
/// biquadratic pieces sharing their edge rows, each sampled on a uniform (level+1)^2 grid.

#include "bsp/BspData.h"

#include <cstdint>
#include <span>
#include <vector>

namespace cliplab::scene {

/// Tessellation output: a grid of vertices and its triangles.
struct PatchMesh {
    int32_t columns = 0, rows = 0;    ///< Grid size in vertices (columns along the control width).
    std::vector<bsp::DrawVert> verts; ///< columns * rows, row-major.
    std::vector<uint32_t> indices;    ///< Triangles into verts, wound like the game's patches.
};

/// Smallest and largest accepted level (subdivisions per biquadratic piece and direction).
inline constexpr int kMinPatchLevel = 1;
inline constexpr int kMaxPatchLevel = 64;

/// Tessellates a patch of `width` x `height` control points (both odd and >= 3; `control` is
/// row-major with `width` per row) with `level` subdivisions per piece (clamped to
/// [kMinPatchLevel, kMaxPatchLevel]). Every attribute (position, st, lightmap st, colour) is
/// interpolated with the same bezier weights; normals are renormalised. Neighbouring pieces share
/// their edge vertices exactly, so the result is watertight. Bad sizes give an empty mesh.
PatchMesh tessellatePatch(std::span<const bsp::DrawVert> control, int32_t width, int32_t height, int level);

/// Evaluates one biquadratic piece: `c` holds its 3x3 control points row-major, (s, t) in [0, 1]
/// with s along the row. Returns B(s, t) = sum_ij b_i(s) b_j(t) c[j][i] with b0 = (1-u)^2,
/// b1 = 2u(1-u), b2 = u^2.
glm::vec3 evaluateBiquadratic(std::span<const glm::vec3, 9> c, float s, float t);

} // namespace cliplab::scene
