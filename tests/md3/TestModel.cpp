#include "md3/TestModel.h"

#include <cmath>

namespace cliplab::test {

namespace {

md3::XyzNormal vertex(glm::vec3 p, glm::vec3 n) {
    md3::XyzNormal v;
    for (int i = 0; i < 3; ++i)
        v.xyz[static_cast<size_t>(i)] = static_cast<int16_t>(std::lround(p[i] / md3::kXyzScale));
    // Encode the normal as the game's two angle bytes.
    const float lng = std::acos(std::fmax(-1.0f, std::fmin(1.0f, n.z)));
    const float lat = std::atan2(n.y, n.x);
    const auto toByte = [](float a) {
        const long b = std::lround(a * 256.0f / 6.28318530718f);
        return static_cast<uint16_t>(((b % 256) + 256) % 256);
    };
    v.normal = static_cast<uint16_t>(toByte(lat) << 8 | toByte(lng));
    return v;
}

} // namespace

md3::Model makeTestModel() {
    md3::Model m;
    m.name = "models/test/tetra.md3";
    const glm::vec3 corners[4] = {{0, 0, 16}, {16, 0, 0}, {-8, 14, 0}, {-8, -14, 0}};
    for (int f = 0; f < 2; ++f) {
        md3::Frame frame;
        const glm::vec3 up(0, 0, 8.0f * static_cast<float>(f));
        frame.mins = glm::vec3(-8, -14, 0) + up;
        frame.maxs = glm::vec3(16, 14, 16) + up;
        frame.radius = 20.0f;
        frame.name = f == 0 ? "rest" : "raised";
        m.frames.push_back(frame);
        md3::Tag tag;
        tag.name = "tag_top";
        tag.origin = glm::vec3(0, 0, 16) + up;
        m.tags.push_back(tag);
    }
    m.tagCount = 1;

    md3::Surface body;
    body.name = "body";
    body.shaders = {"models/test/body"};
    body.triangles = {{0, 1, 2}, {0, 2, 3}, {0, 3, 1}, {1, 3, 2}};
    body.vertexCount = 4;
    body.st = {{0.5f, 0.0f}, {1.0f, 1.0f}, {0.0f, 1.0f}, {0.5f, 1.0f}};
    for (int f = 0; f < 2; ++f)
        for (const glm::vec3& c : corners) {
            const glm::vec3 centre(0, 0, 4);
            body.vertices.push_back(
                vertex(c + glm::vec3(0, 0, 8.0f * static_cast<float>(f)), glm::normalize(c - centre)));
        }
    m.surfaces.push_back(body);

    md3::Surface fin;
    fin.name = "fin";
    fin.shaders = {"models/test/fin.tga"};
    fin.triangles = {{0, 1, 2}};
    fin.vertexCount = 3;
    fin.st = {{0, 0}, {1, 0}, {0, 1}};
    for (int f = 0; f < 2; ++f)
        for (const glm::vec3& c : {glm::vec3(0, 0, 16), glm::vec3(0, 0, 24), glm::vec3(-8, 0, 20)})
            fin.vertices.push_back(
                vertex(c + glm::vec3(0, 0, 8.0f * static_cast<float>(f)), glm::vec3(0, 1, 0)));
    m.surfaces.push_back(fin);
    return m;
}

} // namespace cliplab::test
