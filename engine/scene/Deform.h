#pragma once
/// \file Deform.h
/// deformVertexes on the CPU, as the game does them before drawing: waves along the normals,
/// bulges, moves, wobbling normals, and quads turned towards the viewer (autosprite, autosprite2).
/// Pure math over mesh vertices; no graphics API.

#include "scene/WorldMesh.h"
#include "shader/ShaderScript.h"

#include <glm/vec3.hpp>

#include <span>
#include <vector>

namespace cliplab::scene {

/// The viewer, in the space of the vertices being deformed.
struct DeformView {
    glm::vec3 eye{0.0f};                 ///< Units.
    glm::vec3 forward{1.0f, 0.0f, 0.0f}; ///< Unit view direction.
    glm::vec3 left{0.0f, 1.0f, 0.0f};    ///< Unit, to the viewer's left.
    glm::vec3 up{0.0f, 0.0f, 1.0f};      ///< Unit, the viewer's up.
};

/// Applies `deforms` in order at `seconds` to the vertices from `firstVertex` on and the triangles
/// from `firstIndex` on (whose indices point into those vertices). Autosprite rebuilds each group
/// of four vertices as a view-facing square of the same centre and size (texture coordinates 0..1,
/// normal towards the viewer, the first vertex's colour), two triangles each; autosprite2 turns
/// each quad about its long axis. Ranges that are not made of quads (vertex count not a multiple
/// of 4, or not 6 indices per quad) are left as they are, where the game would read past them.
void applyDeforms(std::span<const shader::Deform> deforms, double seconds, const DeformView& view,
                  std::vector<MeshVertex>& vertices, size_t firstVertex, std::vector<uint32_t>& indices,
                  size_t firstIndex);

} // namespace cliplab::scene
