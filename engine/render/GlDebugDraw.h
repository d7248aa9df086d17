#pragma once
/// \file GlDebugDraw.h
/// The OpenGL implementation of debugdraw::DebugDraw: primitives are collected during a frame
/// and drawn by flush(), depth-tested ones first, translucent ones blended without depth writes.

#include "core/Result.h"
#include "debugdraw/DebugDraw.h"

#include <glad/gl.h>
#include <glm/mat4x4.hpp>

#include <memory>
#include <vector>

namespace cliplab::render {

/// Collects debug primitives and draws them with one small program.
class GlDebugDraw final : public debugdraw::DebugDraw {
public:
    /// Builds the program and buffers; needs a current GL context.
    static core::Result<std::unique_ptr<GlDebugDraw>> create();
    ~GlDebugDraw() override;
    GlDebugDraw(const GlDebugDraw&) = delete;
    GlDebugDraw& operator=(const GlDebugDraw&) = delete;

    void line(const glm::vec3& a, const glm::vec3& b, const debugdraw::Style& style) override;
    void polygon(std::span<const glm::vec3> points, const debugdraw::Style& style) override;

    /// Draws everything collected with `viewProjection`, then forgets it. Leaves depth test on,
    /// blending off.
    void flush(const glm::mat4& viewProjection);

private:
    struct Vertex {
        glm::vec3 position;
        glm::vec4 color;
    };
    GlDebugDraw() = default;
    void drawList(std::vector<Vertex>& list, GLenum mode);

    /// [depth tested][kind]: 0 lines, 1 triangles.
    std::vector<Vertex> m_lists[2][2];
    GLuint m_program = 0, m_vao = 0, m_vbo = 0;
    GLint m_viewProjLocation = -1;
};

} // namespace cliplab::render
