#include "support/BrushMap.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <string>

namespace cliplab::test {

std::vector<bsp::Plane> boxPlanes(const glm::vec3& mins, const glm::vec3& maxs) {
    std::vector<bsp::Plane> out;
    for (int axis = 0; axis < 3; ++axis) {
        glm::vec3 n(0.0f);
        n[axis] = -1.0f;
        out.push_back({n, -mins[axis]});
        n[axis] = 1.0f;
        out.push_back({n, maxs[axis]});
    }
    return out;
}

bsp::Plane planeThrough(const glm::vec3& normal, const glm::vec3& point) {
    const glm::vec3 n = glm::normalize(normal);
    return {n, glm::dot(n, point)};
}

bsp::BspData makeBrushMap(const std::vector<TestBrush>& brushes, size_t firstInlineBrush) {
    bsp::BspData d;
    d.name = "brushes.bsp";
    d.entities = "{\n\"classname\" \"worldspawn\"\n}\n";
    firstInlineBrush = std::min(firstInlineBrush, brushes.size());
    // Node plane far below everything: the whole world is in front of it, in leaf 0.
    d.planes.push_back({{1.0f, 0.0f, 0.0f}, -60000.0f});
    d.planes.push_back({{-1.0f, 0.0f, 0.0f}, 60000.0f});
    d.nodes.push_back({0, {-1, -2}, glm::ivec3(-65536), glm::ivec3(65536)});
    glm::vec3 lo(1e9f), hi(-1e9f);
    for (size_t b = 0; b < brushes.size(); ++b) {
        const TestBrush& tb = brushes[b];
        d.shaders.push_back({"textures/test/brush" + std::to_string(b), tb.surfaceFlags, tb.contents});
        bsp::Brush brush;
        brush.firstSide = static_cast<int32_t>(d.brushSides.size());
        brush.numSides = static_cast<int32_t>(tb.planes.size());
        brush.shader = static_cast<int32_t>(b);
        for (const auto& p : tb.planes) {
            d.brushSides.push_back({static_cast<int32_t>(d.planes.size()), static_cast<int32_t>(b)});
            d.planes.push_back(p);
            d.planes.push_back({-p.normal, -p.dist}); // q3map stores planes in opposite pairs
        }
        d.brushes.push_back(brush);
        for (const auto& p : tb.planes)
            for (int axis = 0; axis < 3; ++axis)
                if (std::abs(p.normal[axis]) == 1.0f) {
                    const float v = p.normal[axis] * p.dist;
                    lo[axis] = std::min(lo[axis], v);
                    hi[axis] = std::max(hi[axis], v);
                }
    }
    bsp::Leaf world;
    world.cluster = 0;
    world.mins = glm::ivec3(-65536);
    world.maxs = glm::ivec3(65536);
    world.numLeafBrushes = static_cast<int32_t>(firstInlineBrush);
    for (size_t b = 0; b < firstInlineBrush; ++b)
        d.leafBrushes.push_back(static_cast<int32_t>(b));
    bsp::Leaf empty = world;
    empty.cluster = -1;
    empty.firstLeafBrush = empty.numLeafBrushes = 0;
    d.leafs = {world, empty};
    bsp::Model m0;
    m0.mins = lo;
    m0.maxs = hi;
    m0.numBrushes = static_cast<int32_t>(firstInlineBrush);
    d.models.push_back(m0);
    if (firstInlineBrush < brushes.size()) {
        bsp::Model m1 = m0;
        m1.firstBrush = static_cast<int32_t>(firstInlineBrush);
        m1.numBrushes = static_cast<int32_t>(brushes.size() - firstInlineBrush);
        d.models.push_back(m1);
    }
    return d;
}

int32_t addPatch(bsp::BspData& d, int32_t width, int32_t height, const std::vector<glm::vec3>& points,
                 int32_t contents, int32_t model) {
    bsp::Surface s;
    s.shader = static_cast<int32_t>(d.shaders.size());
    d.shaders.push_back({"textures/test/patch" + std::to_string(d.surfaces.size()), 0, contents});
    s.type = bsp::SurfaceType::Patch;
    s.firstVert = static_cast<int32_t>(d.drawVerts.size());
    s.numVerts = static_cast<int32_t>(points.size());
    s.patchWidth = width;
    s.patchHeight = height;
    for (const glm::vec3& p : points) {
        bsp::DrawVert v;
        v.xyz = p;
        d.drawVerts.push_back(v);
    }
    const int32_t index = static_cast<int32_t>(d.surfaces.size());
    d.surfaces.push_back(s);
    if (model == 0) {
        // The world leaf's surfaces are the whole list (the other leaf has none).
        d.leafSurfaces.push_back(index);
        d.leafs[0].firstLeafSurface = 0;
        d.leafs[0].numLeafSurfaces = static_cast<int32_t>(d.leafSurfaces.size());
        d.leafs[1].firstLeafSurface = 0;
    } else {
        d.models[static_cast<size_t>(model)].firstSurface = index;
        d.models[static_cast<size_t>(model)].numSurfaces = 1;
    }
    return index;
}

} // namespace cliplab::test
