#pragma once
/// \file TestModel.h
/// A small valid MD3 model built in code, for the loader tests and the malformed variants.

#include "md3/Md3.h"

namespace cliplab::test {

/// Two frames, one tag per frame ("tag_top"), two surfaces: "body", a tetrahedron of 4 vertices
/// and 4 triangles with shader "models/test/body", and "fin", one triangle with shader
/// "models/test/fin.tga". Frame 1 is frame 0 moved up by 8 units.
md3::Model makeTestModel();

/// Byte offsets of the fields the malformed tests patch.
namespace md3field {
inline constexpr size_t kVersion = 4, kNumFrames = 76, kNumTags = 80, kNumSurfaces = 84, kOfsFrames = 92,
                        kOfsTags = 96, kOfsSurfaces = 100, kOfsEnd = 104;
// Relative to a surface's start.
inline constexpr size_t kSurfNumFrames = 72, kSurfNumShaders = 76, kSurfNumVerts = 80, kSurfNumTriangles = 84,
                        kSurfOfsTriangles = 88, kSurfOfsShaders = 92, kSurfOfsSt = 96, kSurfOfsXyz = 100,
                        kSurfOfsEnd = 104;
} // namespace md3field

} // namespace cliplab::test
