#include "mapc/MapTestUtil.h"

#include "core/Format.h"
#include "mapc/Compiler.h"

#include <gtest/gtest.h>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <random>

namespace cliplab::test {

namespace {
std::string num(double v) {
    std::string s = core::format("%.6f", v);
    while (!s.empty() && s.back() == '0')
        s.pop_back();
    if (!s.empty() && s.back() == '.')
        s.pop_back();
    return s == "-0" ? "0" : s;
}
std::string point(const glm::dvec3& p) {
    return "( " + num(p.x) + " " + num(p.y) + " " + num(p.z) + " )";
}
} // namespace

std::string planesBrush(const std::vector<std::pair<glm::dvec3, double>>& planes,
                        const std::string& texture) {
    std::string out = "{\n";
    for (const auto& [normal, dist] : planes) {
        const glm::dvec3 n = glm::normalize(normal);
        const glm::dvec3 a = std::abs(n.z) < 0.9 ? glm::dvec3(0, 0, 1) : glm::dvec3(1, 0, 0);
        const glm::dvec3 u = glm::normalize(glm::cross(n, a)) * 64.0;
        const glm::dvec3 v = glm::cross(u, n); // so (p2-p0) x (p1-p0) = v x u points along n
        const glm::dvec3 p0 = n * dist;
        out +=
            point(p0) + " " + point(p0 + u) + " " + point(p0 + v) + " " + texture + " 0 0 0 0.5 0.5 0 0 0\n";
    }
    return out + "}\n";
}

std::string boxBrush(const glm::dvec3& mins, const glm::dvec3& maxs, const std::string& texture) {
    return planesBrush({{{-1, 0, 0}, -mins.x},
                        {{1, 0, 0}, maxs.x},
                        {{0, -1, 0}, -mins.y},
                        {{0, 1, 0}, maxs.y},
                        {{0, 0, -1}, -mins.z},
                        {{0, 0, 1}, maxs.z}},
                       texture);
}

std::string mapText(const std::string& worldBrushes, const std::string& moreEntities) {
    return "{\n\"classname\" \"worldspawn\"\n" + worldBrushes + "}\n" + moreEntities;
}

int32_t leafAt(const bsp::BspData& d, const glm::vec3& p) {
    int32_t n = 0;
    while (n >= 0) {
        const bsp::Node& node = d.nodes[static_cast<size_t>(n)];
        const bsp::Plane& pl = d.planes[static_cast<size_t>(node.plane)];
        n = node.children[glm::dot(pl.normal, p) - pl.dist >= 0.0f ? 0 : 1];
    }
    return -(n + 1);
}

bool insideBrush(const bsp::BspData& d, int32_t b, const glm::vec3& p, float margin) {
    const bsp::Brush& brush = d.brushes[static_cast<size_t>(b)];
    for (int32_t s = 0; s < brush.numSides; ++s) {
        const bsp::Plane& pl =
            d.planes[static_cast<size_t>(d.brushSides[static_cast<size_t>(brush.firstSide + s)].plane)];
        if (glm::dot(pl.normal, p) - pl.dist > -margin)
            return false;
    }
    return true;
}

std::string checkLeafBrushes(const bsp::BspData& d, int samples, unsigned seed) {
    std::mt19937 rng(seed);
    const bsp::Model& world = d.models[0];
    for (int32_t b = world.firstBrush; b < world.firstBrush + world.numBrushes; ++b) {
        // The brush's bounds from its corners: every intersection of three side planes that lies
        // on or behind all the others.
        const bsp::Brush& brush = d.brushes[static_cast<size_t>(b)];
        std::vector<bsp::Plane> planes;
        for (int32_t s = 0; s < brush.numSides; ++s)
            planes.push_back(
                d.planes[static_cast<size_t>(d.brushSides[static_cast<size_t>(brush.firstSide + s)].plane)]);
        glm::dvec3 lo(1e30), hi(-1e30);
        for (size_t i = 0; i < planes.size(); ++i)
            for (size_t j = i + 1; j < planes.size(); ++j)
                for (size_t k = j + 1; k < planes.size(); ++k) {
                    const glm::dvec3 a(planes[i].normal), bb(planes[j].normal), c(planes[k].normal);
                    const double det = glm::dot(a, glm::cross(bb, c));
                    if (std::abs(det) < 1e-9)
                        continue;
                    const glm::dvec3 p = (glm::cross(bb, c) * double(planes[i].dist) +
                                          glm::cross(c, a) * double(planes[j].dist) +
                                          glm::cross(a, bb) * double(planes[k].dist)) /
                                         det;
                    bool corner = true;
                    for (const auto& q : planes)
                        corner = corner && glm::dot(glm::dvec3(q.normal), p) - q.dist <= 0.01;
                    if (corner) {
                        lo = glm::min(lo, p);
                        hi = glm::max(hi, p);
                    }
                }
        int found = 0;
        for (int attempt = 0; attempt < 100000 && found < samples && lo.x <= hi.x; ++attempt) {
            glm::vec3 p;
            for (int k = 0; k < 3; ++k)
                p[k] = static_cast<float>(std::uniform_real_distribution<double>(lo[k], hi[k])(rng));
            if (!insideBrush(d, b, p, 0.01f))
                continue;
            ++found;
            const bsp::Leaf& leaf = d.leafs[static_cast<size_t>(leafAt(d, p))];
            const auto first = d.leafBrushes.begin() + leaf.firstLeafBrush;
            if (std::find(first, first + leaf.numLeafBrushes, b) == first + leaf.numLeafBrushes)
                return core::format("brush %d: point (%g %g %g) is inside it, but leaf %d does not list it",
                                    b, p.x, p.y, p.z, leafAt(d, p));
        }
        if (found == 0)
            return core::format("brush %d: no sample point found inside it", b);
    }
    return "";
}

int treeDepth(const bsp::BspData& d) {
    int deepest = 0;
    std::vector<std::pair<int32_t, int>> stack{{0, 1}};
    while (!stack.empty()) {
        auto [n, depth] = stack.back();
        stack.pop_back();
        deepest = std::max(deepest, depth);
        for (int32_t c : d.nodes[static_cast<size_t>(n)].children)
            if (c >= 0)
                stack.push_back({c, depth + 1});
    }
    return deepest + 1;
}

const shader::ShaderLibrary& testScripts() {
    // Liquids as the games' scripts make them (non-solid, translucent), and a few surfaceparms
    // (slick, nodamage, monsterclip, sky); built once, then only read.
    static const shader::ShaderLibrary library = [] {
        shader::ShaderLibrary lib;
        const core::Status s = shader::parseShaderScript(
            "textures/liquids/water\n{\n surfaceparm trans\n surfaceparm nonsolid\n surfaceparm water\n"
            " surfaceparm nolightmap\n}\n"
            "textures/liquids/slime\n{\n surfaceparm trans\n surfaceparm nonsolid\n surfaceparm slime\n"
            " surfaceparm nolightmap\n}\n"
            "textures/liquids/lava\n{\n surfaceparm trans\n surfaceparm nonsolid\n surfaceparm lava\n"
            " surfaceparm nolightmap\n surfaceparm noimpact\n}\n"
            "textures/base/ice\n{\n surfaceparm slick\n}\n"
            "textures/base/pad\n{\n surfaceparm nodamage\n surfaceparm nosteps\n}\n"
            "textures/base/monster\n{\n surfaceparm monsterclip\n}\n"
            "textures/base/sky\n{\n surfaceparm sky\n surfaceparm noimpact\n surfaceparm nolightmap\n}\n",
            "test-liquids.shader", lib);
        EXPECT_TRUE(s.ok());
        return lib;
    }();
    return library;
}

bsp::BspData compileOk(const std::string& text, bool bevels, const std::string& name) {
    mapc::CompileOptions o;
    o.bevels = bevels;
    o.scripts = &testScripts();
    auto r = mapc::compileMap(text, name, o);
    EXPECT_TRUE(r.ok()) << r.error().message;
    return r.ok() ? std::move(r.value()) : bsp::BspData{};
}

} // namespace cliplab::test
