#include "scene/Deform.h"

#include <glm/geometric.hpp>

#include <cmath>
#include <cstdint>

namespace cliplab::scene {

namespace {

void deformWave(const shader::Deform& d, double seconds, std::span<MeshVertex> v) {
    for (MeshVertex& m : v) {
        // The game evaluates the wave once for the whole surface when its frequency is 0.
        const float phaseShift =
            d.wave.frequency == 0.0f ? 0.0f : (m.position.x + m.position.y + m.position.z) / d.spread;
        shader::Wave w = d.wave;
        w.phase += phaseShift;
        m.position += m.normal * w.evaluate(seconds);
    }
}

void deformNormals(const shader::Deform& d, double seconds, std::span<MeshVertex> v) {
    const float t = static_cast<float>(seconds) * d.wave.frequency;
    for (MeshVertex& m : v) {
        const glm::vec3 p = m.position * 0.98f;
        glm::vec3 n = m.normal;
        n.x += d.wave.amplitude * shader::smoothNoise(p.x, p.y, p.z, t);
        n.y += d.wave.amplitude * shader::smoothNoise(100.0f + p.x, p.y, p.z, t);
        n.z += d.wave.amplitude * shader::smoothNoise(200.0f + p.x, p.y, p.z, t);
        const float len = glm::length(n);
        m.normal = len > 0.0f ? n / len : m.normal;
    }
}

void deformBulge(const shader::Deform& d, double seconds, std::span<MeshVertex> v) {
    const double now = seconds * static_cast<double>(d.bulgeSpeed);
    for (MeshVertex& m : v) {
        const auto scale = static_cast<float>(std::sin(
                               static_cast<double>(m.st.x) * static_cast<double>(d.bulgeWidth) + now)) *
                           d.bulgeHeight;
        m.position += m.normal * scale;
    }
}

void deformMove(const shader::Deform& d, double seconds, std::span<MeshVertex> v) {
    const glm::vec3 offset =
        glm::vec3(d.moveVector[0], d.moveVector[1], d.moveVector[2]) * d.wave.evaluate(seconds);
    for (MeshVertex& m : v)
        m.position += offset;
}

bool isQuads(size_t vertexCount, size_t indexCount) {
    return vertexCount > 0 && vertexCount % 4 == 0 && indexCount == vertexCount / 4 * 6;
}

void autosprite(const DeformView& view, std::vector<MeshVertex>& vertices, size_t firstVertex,
                std::vector<uint32_t>& indices, size_t firstIndex) {
    const size_t count = vertices.size() - firstVertex;
    if (!isQuads(count, indices.size() - firstIndex))
        return;
    for (size_t q = 0; q < count / 4; ++q) {
        MeshVertex* quad = &vertices[firstVertex + q * 4];
        const glm::vec3 mid =
            (quad[0].position + quad[1].position + quad[2].position + quad[3].position) * 0.25f;
        const float radius = glm::length(quad[0].position - mid) * 0.707f; // half the side of the square
        const glm::vec3 left = view.left * radius, up = view.up * radius;
        const MeshVertex first = quad[0];
        const glm::vec3 corners[4] = {mid + left + up, mid - left + up, mid - left - up, mid + left - up};
        const glm::vec2 st[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
        for (int k = 0; k < 4; ++k) {
            MeshVertex& m = quad[k];
            m = first;
            m.position = corners[k];
            m.st = st[k];
            m.lightmapSt = st[k];
            m.normal = -view.forward;
        }
        const auto base = static_cast<uint32_t>(firstVertex + q * 4);
        const uint32_t order[6] = {0, 1, 3, 3, 1, 2};
        for (size_t k = 0; k < 6; ++k)
            indices[firstIndex + q * 6 + k] = base + order[k];
    }
}

void autosprite2(const DeformView& view, std::vector<MeshVertex>& vertices, size_t firstVertex,
                 const std::vector<uint32_t>& indices, size_t firstIndex) {
    static const int kEdges[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
    const size_t count = vertices.size() - firstVertex;
    if (!isQuads(count, indices.size() - firstIndex))
        return;
    for (size_t q = 0; q < count / 4; ++q) {
        MeshVertex* quad = &vertices[firstVertex + q * 4];
        // The two shortest edges are the ends of the long quad; their middles span its long axis.
        int nums[2] = {0, 0};
        float lengths[2] = {1e30f, 1e30f};
        for (int j = 0; j < 6; ++j) {
            const glm::vec3 e = quad[kEdges[j][0]].position - quad[kEdges[j][1]].position;
            const float l = glm::dot(e, e);
            if (l < lengths[0]) {
                nums[1] = nums[0];
                lengths[1] = lengths[0];
                nums[0] = j;
                lengths[0] = l;
            } else if (l < lengths[1]) {
                nums[1] = j;
                lengths[1] = l;
            }
        }
        glm::vec3 mid[2];
        for (int j = 0; j < 2; ++j)
            mid[j] = 0.5f * (quad[kEdges[nums[j]][0]].position + quad[kEdges[nums[j]][1]].position);
        const glm::vec3 major = mid[1] - mid[0];
        glm::vec3 minor = glm::cross(major, view.forward);
        const float minorLength = glm::length(minor);
        if (minorLength <= 0.0f)
            continue; // looking along the axis: nothing to turn
        minor /= minorLength;
        const uint32_t base = static_cast<uint32_t>(firstVertex + q * 4);
        for (int j = 0; j < 2; ++j) {
            const int a = kEdges[nums[j]][0], b = kEdges[nums[j]][1];
            const float l = 0.5f * std::sqrt(lengths[j]);
            // Keep the winding: find whether the triangles use this edge as a -> b.
            bool forward = false;
            for (size_t k = 0; k < 5; ++k)
                if (indices[firstIndex + q * 6 + k] == base + static_cast<uint32_t>(a) &&
                    indices[firstIndex + q * 6 + k + 1] == base + static_cast<uint32_t>(b))
                    forward = true;
            const float sign = forward ? -1.0f : 1.0f;
            quad[a].position = mid[j] + sign * l * minor;
            quad[b].position = mid[j] - sign * l * minor;
        }
    }
}

} // namespace

void applyDeforms(std::span<const shader::Deform> deforms, double seconds, const DeformView& view,
                  std::vector<MeshVertex>& vertices, size_t firstVertex, std::vector<uint32_t>& indices,
                  size_t firstIndex) {
    for (const shader::Deform& d : deforms) {
        const std::span<MeshVertex> range(vertices.data() + firstVertex, vertices.size() - firstVertex);
        switch (d.kind) {
        case shader::DeformKind::Wave:
            deformWave(d, seconds, range);
            break;
        case shader::DeformKind::Normal:
            deformNormals(d, seconds, range);
            break;
        case shader::DeformKind::Bulge:
            deformBulge(d, seconds, range);
            break;
        case shader::DeformKind::Move:
            deformMove(d, seconds, range);
            break;
        case shader::DeformKind::Autosprite:
            autosprite(view, vertices, firstVertex, indices, firstIndex);
            break;
        case shader::DeformKind::Autosprite2:
            autosprite2(view, vertices, firstVertex, indices, firstIndex);
            break;
        }
    }
}

} // namespace cliplab::scene
