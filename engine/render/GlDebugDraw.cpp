#include "render/GlDebugDraw.h"

#include "render/GlUtil.h"

#include <glm/gtc/type_ptr.hpp>

#include <cstddef>

namespace cliplab::render {

core::Result<std::unique_ptr<GlDebugDraw>> GlDebugDraw::create() {
    auto program = buildProgram("debug.vert", "debug.frag");
    if (!program)
        return program.error();
    std::unique_ptr<GlDebugDraw> d(new GlDebugDraw());
    d->m_program = *program;
    d->m_viewProjLocation = glGetUniformLocation(d->m_program, "uViewProj");
    glGenVertexArrays(1, &d->m_vao);
    glGenBuffers(1, &d->m_vbo);
    glBindVertexArray(d->m_vao);
    glBindBuffer(GL_ARRAY_BUFFER, d->m_vbo);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                          reinterpret_cast<void*>(offsetof(Vertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                          reinterpret_cast<void*>(offsetof(Vertex, color)));
    glBindVertexArray(0);
    return d;
}

GlDebugDraw::~GlDebugDraw() {
    glDeleteBuffers(1, &m_vbo);
    glDeleteVertexArrays(1, &m_vao);
    glDeleteProgram(m_program);
}

void GlDebugDraw::line(const glm::vec3& a, const glm::vec3& b, const debugdraw::Style& style) {
    auto& list = m_lists[style.depthTest ? 1 : 0][0];
    list.push_back({a, style.color});
    list.push_back({b, style.color});
}

void GlDebugDraw::polygon(std::span<const glm::vec3> points, const debugdraw::Style& style) {
    if (points.size() < 3)
        return;
    auto& list = m_lists[style.depthTest ? 1 : 0][1];
    for (size_t i = 1; i + 1 < points.size(); ++i) {
        list.push_back({points[0], style.color});
        list.push_back({points[i], style.color});
        list.push_back({points[i + 1], style.color});
    }
}

void GlDebugDraw::drawList(std::vector<Vertex>& list, GLenum mode) {
    if (list.empty())
        return;
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(list.size() * sizeof(Vertex)), list.data(),
                 GL_STREAM_DRAW);
    glDrawArrays(mode, 0, static_cast<GLsizei>(list.size()));
    list.clear();
}

void GlDebugDraw::flush(const glm::mat4& viewProjection) {
    glUseProgram(m_program);
    glUniformMatrix4fv(m_viewProjLocation, 1, GL_FALSE, glm::value_ptr(viewProjection));
    glBindVertexArray(m_vao);
    glBindBuffer(GL_ARRAY_BUFFER, m_vbo);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    for (int depth = 1; depth >= 0; --depth) {
        if (depth)
            glEnable(GL_DEPTH_TEST);
        else
            glDisable(GL_DEPTH_TEST);
        // Filled shapes are translucent overlays: they must not hide what is drawn after them.
        glDepthMask(GL_FALSE);
        drawList(m_lists[depth][1], GL_TRIANGLES);
        glDepthMask(GL_TRUE);
        drawList(m_lists[depth][0], GL_LINES);
    }
    glEnable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glBindVertexArray(0);
}

} // namespace cliplab::render
