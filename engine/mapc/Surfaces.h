#pragma once
/// \file Surfaces.h
/// Draw surfaces: brush faces as planar polygons and patches as patch surfaces, with texture
/// coordinates from the .map projection and simple vertex lighting (no lightmaps).

#include "bsp/BspData.h"
#include "mapc/BrushBuild.h"

#include <functional>

namespace cliplab::mapc {

/// Texture size assumed for classic projections (texels): we do not read images, and most Quake 3
/// textures are 128 or 256 wide. Brush-primitive matrices do not need it.
inline constexpr double kAssumedTextureSize = 128.0;

/// Direction towards the fixed "sun" that lights vertices (unit vector, Z up).
glm::dvec3 sunDirection();

/// Vertex colour for a surface normal: wrapped Lambert lighting from sunDirection(), so every face
/// direction gets a distinct shade and nothing is black; stored at a quarter, as the game multiplies
/// map lighting by 4 (r_mapOverBrightBits 2).
std::array<uint8_t, 4> vertexLight(const glm::dvec3& normal);

/// Texture coordinates of point `p` on a face with plane normal `normal`, projected as `side` says
/// (classic: closest axial plane, rotation, scale, shift, over kAssumedTextureSize; brush primitive:
/// the side's matrix on Radiant's axis base).
glm::dvec2 textureCoords(const MapSide& side, const glm::dvec3& normal, const glm::dvec3& p);

/// Appends the visible faces of `brush` as planar surfaces (fan-triangulated, clockwise seen from
/// the front as Quake 3 winds them). Sides whose shader is invisible (nodraw, caulk, clip, hint...),
/// bevels and faces `seen` says no one can see (when given) get none. Returns how many surfaces
/// were added.
int32_t emitBrushFaces(const BuiltBrush& brush, const PlaneSet& planes, const ShaderTable& shaders,
                       bsp::BspData& out, const std::function<bool(const Winding&)>& seen = {});

/// Appends `patch` (offset by -offset) as a patch surface with its control points.
void emitPatch(const MapPatch& patch, const glm::dvec3& offset, int32_t shader, bsp::BspData& out);

/// Bounds of the vertices of surface `s` of `d` (units).
void surfaceBounds(const bsp::BspData& d, const bsp::Surface& s, glm::dvec3& mins, glm::dvec3& maxs);

} // namespace cliplab::mapc
