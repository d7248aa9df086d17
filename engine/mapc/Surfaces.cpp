// Face and patch output. Texture projection follows the two .map conventions: Quake 3's classic
// one (texture axes of the closest of six axial planes, then rotation, scale and shift) and
// Radiant's brush primitives (a 2x3 matrix over an axis base built from the face normal).

#include "mapc/Surfaces.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace cliplab::mapc {

glm::dvec3 sunDirection() {
    return glm::normalize(glm::dvec3(0.45, 0.3, 0.84));
}

std::array<uint8_t, 4> vertexLight(const glm::dvec3& normal) {
    const double wrap = 0.5 + 0.5 * glm::dot(normal, sunDirection());
    const double light = 0.3 + 0.7 * wrap;
    // Stored as map compilers store light: the game multiplies a map's vertex colours and
    // lightmaps by 4 (r_mapOverBrightBits 2), so a quarter of the brightness meant on screen.
    constexpr double kMapOverbright = 4.0;
    const auto c = static_cast<uint8_t>(std::lround(std::clamp(light, 0.0, 1.0) * 255.0 / kMapOverbright));
    return {c, c, c, 255};
}

namespace {

/// The six texture planes of the classic projection: normal, s axis, t axis.
struct AxisPlane {
    glm::dvec3 normal, s, t;
};
constexpr AxisPlane kAxisPlanes[6] = {
    {{0, 0, 1}, {1, 0, 0}, {0, -1, 0}},  // floor
    {{0, 0, -1}, {1, 0, 0}, {0, -1, 0}}, // ceiling
    {{1, 0, 0}, {0, 1, 0}, {0, 0, -1}},  // west wall
    {{-1, 0, 0}, {0, 1, 0}, {0, 0, -1}}, // east wall
    {{0, 1, 0}, {1, 0, 0}, {0, 0, -1}},  // south wall
    {{0, -1, 0}, {1, 0, 0}, {0, 0, -1}}, // north wall
};

glm::dvec2 classicCoords(const MapSide& side, const glm::dvec3& normal, const glm::dvec3& p) {
    size_t best = 0;
    double bestDot = 0.0;
    for (size_t i = 0; i < 6; ++i) {
        const double d = glm::dot(normal, kAxisPlanes[i].normal);
        if (d > bestDot) { // strictly greater: ties go to the earlier plane, as in the game's tools
            bestDot = d;
            best = i;
        }
    }
    glm::dvec3 axes[2] = {kAxisPlanes[best].s, kAxisPlanes[best].t};
    // Exact values for the right angles keep textures aligned to the texel.
    double sinv, cosv;
    const double rot = side.rotation;
    if (rot == 0.0) {
        sinv = 0.0;
        cosv = 1.0;
    } else if (rot == 90.0) {
        sinv = 1.0;
        cosv = 0.0;
    } else if (rot == 180.0) {
        sinv = 0.0;
        cosv = -1.0;
    } else if (rot == 270.0) {
        sinv = -1.0;
        cosv = 0.0;
    } else {
        const double a = rot * std::numbers::pi / 180.0;
        sinv = std::sin(a);
        cosv = std::cos(a);
    }
    const int sv = axes[0].x != 0.0 ? 0 : (axes[0].y != 0.0 ? 1 : 2);
    const int tv = axes[1].x != 0.0 ? 0 : (axes[1].y != 0.0 ? 1 : 2);
    glm::dvec2 st;
    for (int i = 0; i < 2; ++i) {
        glm::dvec3 v = axes[i];
        const double ns = cosv * v[sv] - sinv * v[tv];
        const double nt = sinv * v[sv] + cosv * v[tv];
        v[sv] = ns;
        v[tv] = nt;
        const double scale = side.scale[i] == 0.0 ? 1.0 : side.scale[i];
        st[i] = (glm::dot(p, v) / scale + side.shift[i]) / kAssumedTextureSize;
    }
    return st;
}

/// Radiant's texture axis base for a face normal.
void axisBase(glm::dvec3 n, glm::dvec3& texS, glm::dvec3& texT) {
    for (int i = 0; i < 3; ++i)
        if (std::abs(n[i]) < 1e-6)
            n[i] = 0.0;
    const double rotY = -std::atan2(n.z, std::sqrt(n.y * n.y + n.x * n.x));
    const double rotZ = std::atan2(n.y, n.x);
    texS = {-std::sin(rotZ), std::cos(rotZ), 0.0};
    texT = {-std::sin(rotY) * std::cos(rotZ), -std::sin(rotY) * std::sin(rotZ), -std::cos(rotY)};
    // cos(pi/2) is 6e-17, not 0: clean such residue so axial faces get exact coordinates.
    for (int i = 0; i < 3; ++i) {
        if (std::abs(texS[i]) < 1e-12)
            texS[i] = 0.0;
        if (std::abs(texT[i]) < 1e-12)
            texT[i] = 0.0;
    }
}

} // namespace

glm::dvec2 textureCoords(const MapSide& side, const glm::dvec3& normal, const glm::dvec3& p) {
    if (side.mode == TexMode::Classic)
        return classicCoords(side, normal, p);
    glm::dvec3 texS, texT;
    axisBase(normal, texS, texT);
    const double x = glm::dot(p, texS), y = glm::dot(p, texT);
    return {side.matrix[0].x * x + side.matrix[0].y * y + side.matrix[0].z,
            side.matrix[1].x * x + side.matrix[1].y * y + side.matrix[1].z};
}

int32_t emitBrushFaces(const BuiltBrush& brush, const PlaneSet& planes, const ShaderTable& shaders,
                       bsp::BspData& out, const std::function<bool(const Winding&)>& seen) {
    int32_t added = 0;
    for (const BuiltSide& side : brush.sides) {
        // Tool faces (nodraw: caulk, clip, trigger...; hints; skips) make no surface, as in q3map2.
        constexpr uint32_t kNoFace = cflags::NoDraw | cflags::Hint | cflags::Skip;
        if (side.bevel || side.winding.size() < 3 || !side.source ||
            (shaders.info(side.shader).compileFlags & kNoFace))
            continue;
        if (seen && !seen(side.winding))
            continue;
        const glm::dvec3 normal = planes[side.plane].normal;
        bsp::Surface s;
        s.shader = side.shader;
        s.fog = -1;
        s.type = bsp::SurfaceType::Planar;
        s.firstVert = static_cast<int32_t>(out.drawVerts.size());
        s.numVerts = static_cast<int32_t>(side.winding.size());
        s.firstIndex = static_cast<int32_t>(out.drawIndexes.size());
        s.lightmapNum = bsp::kLightmapByVertex;
        s.lightmapVecs[2] = glm::vec3(normal);
        const auto color = vertexLight(normal);
        // Face windings run clockwise seen from the front, as Quake 3 faces do.
        for (const glm::dvec3& p : side.winding) {
            bsp::DrawVert v;
            v.xyz = glm::vec3(p);
            v.st = glm::vec2(textureCoords(*side.source, normal, p));
            v.normal = glm::vec3(normal);
            v.color = color;
            out.drawVerts.push_back(v);
        }
        for (int32_t i = 1; i + 1 < s.numVerts; ++i) {
            out.drawIndexes.push_back(0);
            out.drawIndexes.push_back(i);
            out.drawIndexes.push_back(i + 1);
        }
        s.numIndexes = static_cast<int32_t>(out.drawIndexes.size()) - s.firstIndex;
        out.surfaces.push_back(s);
        ++added;
    }
    return added;
}

void emitPatch(const MapPatch& patch, const glm::dvec3& offset, int32_t shader, bsp::BspData& out) {
    bsp::Surface s;
    s.shader = shader;
    s.fog = -1;
    s.type = bsp::SurfaceType::Patch;
    s.firstVert = static_cast<int32_t>(out.drawVerts.size());
    s.numVerts = patch.width * patch.height;
    s.firstIndex = static_cast<int32_t>(out.drawIndexes.size());
    s.numIndexes = 0; // the game tessellates patches itself
    s.lightmapNum = bsp::kLightmapByVertex;
    s.patchWidth = patch.width;
    s.patchHeight = patch.height;
    glm::dvec3 mins(1e30), maxs(-1e30);
    auto at = [&](int i, int j) {
        return patch.points[static_cast<size_t>(i * patch.width + j)].xyz - offset;
    };
    for (int i = 0; i < patch.height; ++i) {
        for (int j = 0; j < patch.width; ++j) {
            const glm::dvec3 p = at(i, j);
            mins = glm::min(mins, p);
            maxs = glm::max(maxs, p);
            // Normal from the control grid's tangents (one-sided at the borders).
            const glm::dvec3 du = at(i, std::min(j + 1, patch.width - 1)) - at(i, std::max(j - 1, 0));
            const glm::dvec3 dv = at(std::min(i + 1, patch.height - 1), j) - at(std::max(i - 1, 0), j);
            glm::dvec3 n = glm::cross(dv, du);
            const double len = glm::length(n);
            n = len > 1e-9 ? n / len : glm::dvec3(0.0, 0.0, 1.0);
            bsp::DrawVert v;
            v.xyz = glm::vec3(p);
            v.st = glm::vec2(patch.points[static_cast<size_t>(i * patch.width + j)].st);
            v.normal = glm::vec3(n);
            v.color = vertexLight(n);
            out.drawVerts.push_back(v);
        }
    }
    // The game reads the patch bounds from here to pick the level of detail.
    s.lightmapVecs[0] = glm::vec3(mins);
    s.lightmapVecs[1] = glm::vec3(maxs);
    out.surfaces.push_back(s);
}

void surfaceBounds(const bsp::BspData& d, const bsp::Surface& s, glm::dvec3& mins, glm::dvec3& maxs) {
    mins = glm::dvec3(1e30);
    maxs = glm::dvec3(-1e30);
    for (int32_t i = 0; i < s.numVerts; ++i) {
        const glm::dvec3 p(d.drawVerts[static_cast<size_t>(s.firstVert + i)].xyz);
        mins = glm::min(mins, p);
        maxs = glm::max(maxs, p);
    }
}

} // namespace cliplab::mapc
