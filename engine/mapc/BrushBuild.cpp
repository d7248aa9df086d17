// Brush compilation as q3map2 does it. A brush's contents come from its first side's shader and its
// compile flags from all sides together (one detail side makes the brush detail). Faces are cut
// q3map2's way (FaceWinding.h); a side whose face vanishes stays a side (the game tests its plane),
// but a brush with fewer than four faces, faces reaching the edge of the world or no volume is an
// error. Bevels follow q3map2: axial sides first, then edge bevels from the non-axial faces' edges.

#include "mapc/BrushBuild.h"

#include "core/Format.h"
#include "mapc/FaceWinding.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <array>
#include <cmath>

namespace cliplab::mapc {

using core::Error;
using core::format;

namespace {

/// Smallest volume a brush may have (cubic units); thinner is a degenerate brush.
constexpr double kMinVolume = 0.01;
/// Faces smaller than this (square units) only touch the brush at an edge or corner.
constexpr double kMinFaceArea = 1e-4;
/// Edge bevels: brush points may lie this far in front of a candidate bevel plane (units), and a
/// face this close to it everywhere lies on it.
constexpr double kBevelTolerance = 0.1;
/// The contents bit a .map line uses to mark a detail brush (q3map2 reads it as a compile flag).
constexpr int32_t kLineDetailBit = 0x8000000;

core::Error where(const BrushOrigin& w, SourcePos pos, const std::string& what) {
    return sourceError(*w.file, pos, format("brush %d of entity %d: %s", w.brush, w.entity, what.c_str()));
}

/// Cuts every face by the brush's other non-bevel sides twice: q3map2's way (welded once all cuts
/// are made, then floats: `winding`) and exactly (never welded: `exact`).
void cutFaces(BuiltBrush& b, const PlaneSet& planes) {
    for (size_t i = 0; i < b.sides.size(); ++i) {
        Winding w = faceBaseWinding(planes[b.sides[i].plane]);
        Winding exact = baseWinding(planes[b.sides[i].plane]);
        for (size_t j = 0; j < b.sides.size(); ++j) {
            const BuiltSide& other = b.sides[j];
            if (j == i || other.bevel || other.plane == (b.sides[i].plane ^ 1))
                continue;
            if (!w.empty())
                w = chopBehind(w, planes[other.plane]);
            if (!exact.empty())
                exact = clipBehind(exact, planes[other.plane]);
        }
        if (!w.empty()) {
            weldWinding(w);
            for (glm::dvec3& p : w)
                p = toFloat(p);
        }
        b.sides[i].winding = w.size() >= 3 ? std::move(w) : Winding{};
        b.sides[i].exact = exact.size() >= 3 ? std::move(exact) : Winding{};
    }
    b.mins = glm::dvec3(kWorldExtent * 8);
    b.maxs = glm::dvec3(-kWorldExtent * 8);
    for (const BuiltSide& s : b.sides)
        for (const glm::dvec3& p : s.winding) {
            b.mins = glm::min(b.mins, p);
            b.maxs = glm::max(b.maxs, p);
        }
}

/// The brush's flags from its first side, as the q3map2 of the OACMP maps set them (later
/// versions combine all sides; docs/compiler.md).
void setContents(BuiltBrush& b) {
    b.shader = b.sides.front().shader;
    b.compileFlags = b.sides.front().compileFlags;
    if ((b.compileFlags & cflags::Detail) && (b.compileFlags & cflags::Structural))
        b.compileFlags &= ~cflags::Detail; // structural wins
    // What light passes through never seals the map, so it is detail unless said structural.
    if ((b.compileFlags & cflags::Translucent) && !(b.compileFlags & cflags::Structural))
        b.compileFlags |= cflags::Detail;
    b.detail = (b.compileFlags & cflags::Detail) != 0;
    b.opaque = (b.compileFlags & cflags::Translucent) == 0;
}

void addAxialBevels(BuiltBrush& b, PlaneSet& planes, int32_t bevelShader) {
    size_t order = 0;
    for (int axis = 0; axis < 3; ++axis) {
        for (int dir = -1; dir <= 1; dir += 2, ++order) {
            size_t found = b.sides.size();
            for (size_t i = 0; i < b.sides.size(); ++i)
                if (planes[b.sides[i].plane].normal[axis] == static_cast<double>(dir)) {
                    found = i;
                    break;
                }
            if (found == b.sides.size()) {
                BuiltSide bevel;
                glm::dvec3 n(0.0);
                n[axis] = dir;
                bevel.plane = planes.add(DPlane{n, dir > 0 ? b.maxs[axis] : -b.mins[axis]});
                bevel.shader = bevelShader;
                bevel.bevel = true;
                b.sides.push_back(std::move(bevel));
            }
            if (found != order)
                std::swap(b.sides[order], b.sides[found]);
        }
    }
}

/// True when `n` (an edge direction, snapped) runs along an axis.
bool axialEdge(const glm::dvec3& n) {
    for (int k = 0; k < 3; ++k)
        if (std::abs(n[k]) == 1.0 || (n[k] == 0.0 && n[(k + 1) % 3] == 0.0))
            return true;
    return false;
}

/// True when the plane (n, d) is not yet a side and every face lies behind it without lying on it.
bool isEdgeBevel(const BuiltBrush& b, const PlaneSet& planes, const glm::dvec3& n, double d) {
    for (const BuiltSide& s : b.sides) {
        const DPlane& p = planes[s.plane];
        if (std::abs(p.dist - d) <= kDistEpsilon && std::abs(p.normal.x - n.x) <= kNormalEpsilon &&
            std::abs(p.normal.y - n.y) <= kNormalEpsilon && std::abs(p.normal.z - n.z) <= kNormalEpsilon)
            return false; // already a side
        if (s.winding.empty())
            continue;
        double minBack = 0.0;
        for (const glm::dvec3& q : s.winding) {
            const double dist = glm::dot(q, n) - d;
            if (dist > kBevelTolerance)
                return false; // a point in front: not on the hull
            minBack = std::min(minBack, dist);
        }
        if (minBack > -kBevelTolerance)
            return false; // the whole face lies on the plane
    }
    return true;
}

void addEdgeBevels(BuiltBrush& b, PlaneSet& planes, int32_t bevelShader) {
    if (b.sides.size() == 6)
        return; // a box: the axial sides are all it needs
    // Sides appended below have no face, so the loop meets them without effect.
    for (size_t i = 6; i < b.sides.size(); ++i) {
        const Winding w = b.sides[i].winding; // copy: b.sides grows below
        for (size_t j = 0; j < w.size(); ++j) {
            glm::dvec3 edge = w[j] - w[(j + 1) % w.size()];
            const double length = glm::length(edge);
            if (length < 0.5)
                continue;
            edge = toFloat(edge / length);
            snapNormal(edge);
            if (axialEdge(edge))
                continue; // covered by the axial sides
            for (int axis = 0; axis < 3; ++axis) {
                for (int dir = -1; dir <= 1; dir += 2) {
                    glm::dvec3 a(0.0);
                    a[axis] = dir;
                    glm::dvec3 n = glm::cross(edge, a);
                    const double len = glm::length(n);
                    if (len < 0.5)
                        continue;
                    n = toFloat(n / len);
                    const double d = toFloat(glm::dot(w[j], n));
                    if (!isEdgeBevel(b, planes, n, d))
                        continue;
                    BuiltSide bevel;
                    bevel.plane = planes.add(DPlane{n, d}, std::span<const glm::dvec3>(&w[j], 1));
                    bevel.shader = bevelShader;
                    bevel.bevel = true;
                    b.sides.push_back(std::move(bevel));
                }
            }
        }
    }
}

} // namespace

double polyhedronVolume(const std::vector<const Winding*>& faces) {
    glm::dvec3 center(0.0);
    size_t count = 0;
    for (const Winding* w : faces)
        for (const auto& p : *w) {
            center += p;
            ++count;
        }
    if (count == 0)
        return 0.0;
    center /= static_cast<double>(count);
    double volume = 0.0;
    for (const Winding* w : faces) {
        if (w->size() < 3)
            continue;
        for (size_t i = 2; i < w->size(); ++i)
            volume +=
                std::abs(glm::dot((*w)[0] - center, glm::cross((*w)[i - 1] - center, (*w)[i] - center))) /
                6.0;
    }
    return volume;
}

namespace {

core::Result<BuiltSide> buildSide(const MapSide& ms, PlaneSet& planes, ShaderTable& shaders,
                                  const BrushOrigin& origin) {
    for (const glm::dvec3& p : ms.points)
        for (int k = 0; k < 3; ++k)
            if (!(std::abs(p[k]) <= kMaxCoordinate))
                return where(origin, ms.pos,
                             format("plane point coordinate %g is out of range (at most %g from the origin)",
                                    p[k], kMaxCoordinate));
    // The points are floats to q3map2 (and to the editor that wrote them).
    const std::array<glm::dvec3, 3> points{toFloat(ms.points[0]), toFloat(ms.points[1]),
                                           toFloat(ms.points[2])};
    auto plane = planeFromPoints(points[0], points[1], points[2]);
    if (!plane)
        return where(origin, ms.pos, "degenerate plane: its three points are in a line");
    if (ms.texture.size() + (ms.texture.rfind("textures/", 0) == 0 ? 0 : 9) > 63)
        return where(origin, ms.pos,
                     format("texture name '%s' is longer than 63 characters", ms.texture.c_str()));
    BuiltSide s;
    s.plane = planes.add(*plane, points);
    s.shader = shaders.add(ms.texture);
    s.compileFlags = shaders.info(s.shader).compileFlags;
    if (ms.hasFlags && (ms.contents & kLineDetailBit))
        s.compileFlags |= cflags::Detail; // the line's only bit q3map2 reads
    s.source = &ms;
    return s;
}

} // namespace

core::Result<BuiltBrush> buildBrush(const MapBrush& brush, PlaneSet& planes, ShaderTable& shaders,
                                    bool bevels, const BrushOrigin& origin) {
    BuiltBrush b;
    b.pos = brush.pos;
    b.entity = origin.entity;
    b.index = origin.brush;
    for (const MapSide& ms : brush.sides) {
        auto side = buildSide(ms, planes, shaders, origin);
        if (!side)
            return side.error();
        bool duplicate = false, mirrored = false;
        for (const BuiltSide& other : b.sides) {
            duplicate = duplicate || other.plane == side->plane;
            mirrored = mirrored || other.plane == (side->plane ^ 1);
        }
        if (mirrored)
            return where(origin, ms.pos, "degenerate brush: this plane is the opposite of an earlier one");
        if (!duplicate) // a repeated plane adds nothing; q3map2 drops it too
            b.sides.push_back(std::move(side.value()));
    }
    if (b.sides.empty())
        return where(origin, brush.pos, "empty brush: it has no planes");
    setContents(b);
    cutFaces(b, planes);
    std::vector<const Winding*> faces;
    for (const BuiltSide& s : b.sides)
        if (!s.exact.empty() && windingArea(s.exact) >= kMinFaceArea)
            faces.push_back(&s.exact);
    if (faces.size() < 4)
        return where(
            origin, brush.pos,
            format("degenerate brush: its planes do not enclose a volume (%zu of %zu planes form faces)",
                   faces.size(), brush.sides.size()));
    if (b.mins.x > b.maxs.x)
        return where(origin, brush.pos, "degenerate brush: thinner than 0.1 units everywhere");
    for (int k = 0; k < 3; ++k)
        if (b.mins[k] <= -kWorldExtent * 2 || b.maxs[k] >= kWorldExtent * 2)
            return where(origin, brush.pos,
                         "open brush: its planes do not enclose a volume (it extends without bound)");
    const double volume = polyhedronVolume(faces);
    if (!(volume >= kMinVolume))
        return where(origin, brush.pos, format("degenerate brush: volume %g is too small", volume));
    if (bevels) {
        const int32_t bevelShader = shaders.add(kNoShader);
        addAxialBevels(b, planes, bevelShader);
        addEdgeBevels(b, planes, bevelShader);
    }
    return b;
}

void moveBrush(BuiltBrush& brush, const glm::dvec3& offset, PlaneSet& planes) {
    for (BuiltSide& s : brush.sides) {
        const DPlane p = planes[s.plane];
        s.plane = planes.add(DPlane{p.normal, toFloat(p.dist - glm::dot(p.normal, offset))});
    }
    cutFaces(brush, planes);
}

} // namespace cliplab::mapc
