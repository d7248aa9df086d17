// Brush compilation. Face windings come from clipping a huge square on each plane by every other
// plane; a brush whose faces reach the edge of that square is open, one with too few faces or no
// volume is degenerate. Bevels follow q3map: axial sides first, then edge bevels.

#include "mapc/BrushBuild.h"

#include "core/Format.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <cmath>

namespace cliplab::mapc {

using core::Error;
using core::format;

namespace {

/// Smallest volume a brush may have (cubic units); thinner is a degenerate brush.
constexpr double kMinVolume = 0.01;
/// Faces smaller than this (square units) are planes that only touch the brush at an edge or corner.
constexpr double kMinFaceArea = 1e-4;
/// Edge bevels: brush points may lie this far in front of a candidate bevel plane (units).
constexpr double kBevelTolerance = 0.1;

double snapCoord(double v) {
    const double r = std::round(v);
    return std::abs(v - r) < 1e-6 ? r : v;
}

std::string where(const BrushOrigin& w, SourcePos pos, const std::string& what) {
    return sourceError(*w.file, pos, format("brush %d of entity %d: %s", w.brush, w.entity, what.c_str()));
}

void addEdgeBevels(BuiltBrush& b, PlaneSet& planes) {
    const size_t originalCount = b.sides.size();
    for (size_t i = 0; i < originalCount; ++i) {
        if (b.sides[i].bevel)
            continue;
        const Winding w = b.sides[i].winding; // copy: b.sides grows below
        const int32_t shader = b.sides[i].shader;
        for (size_t j = 0; j < w.size(); ++j) {
            glm::dvec3 edge = w[(j + 1) % w.size()] - w[j];
            if (glm::length(edge) < 0.5)
                continue;
            edge = snapNormal(glm::normalize(edge));
            if (isAxial(edge))
                continue; // axial edges are covered by the axial bevels
            for (int axis = 0; axis < 3; ++axis) {
                for (int dir = -1; dir <= 1; dir += 2) {
                    glm::dvec3 a(0.0);
                    a[axis] = dir;
                    glm::dvec3 n = glm::cross(edge, a);
                    if (glm::length(n) < 0.5)
                        continue;
                    n = glm::normalize(n);
                    const DPlane candidate = snapPlane(DPlane{n, glm::dot(w[j], n)});
                    // Already a side of this brush?
                    const int32_t existing = planes.find(candidate);
                    bool present = false;
                    if (existing >= 0)
                        for (const BuiltSide& s : b.sides)
                            present = present || s.plane == existing;
                    if (present)
                        continue;
                    // A bevel only where the whole brush is behind the plane.
                    bool outer = true;
                    for (size_t k = 0; k < originalCount && outer; ++k)
                        for (const glm::dvec3& p : b.sides[k].winding)
                            if (candidate.distance(p) > kBevelTolerance) {
                                outer = false;
                                break;
                            }
                    if (!outer)
                        continue;
                    BuiltSide bevel;
                    bevel.plane = planes.add(candidate);
                    bevel.shader = shader;
                    bevel.bevel = true;
                    b.sides.push_back(std::move(bevel));
                }
            }
        }
    }
}

void addAxialBevels(BuiltBrush& b, PlaneSet& planes) {
    for (int axis = 0; axis < 3; ++axis) {
        for (int dir = -1; dir <= 1; dir += 2) {
            const size_t order = static_cast<size_t>(axis * 2 + (dir > 0 ? 1 : 0));
            size_t found = b.sides.size();
            for (size_t i = order; i < b.sides.size(); ++i)
                if (planes[b.sides[i].plane].normal[axis] == static_cast<double>(dir)) {
                    found = i;
                    break;
                }
            if (found == b.sides.size()) {
                BuiltSide bevel;
                glm::dvec3 n(0.0);
                n[axis] = dir;
                const double dist = dir > 0 ? b.maxs[axis] : -b.mins[axis];
                bevel.plane = planes.add(DPlane{n, dist});
                bevel.shader = b.sides.front().shader;
                bevel.bevel = true;
                b.sides.push_back(std::move(bevel));
            }
            std::swap(b.sides[order], b.sides[found]);
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

core::Result<BuiltBrush> buildBrush(const MapBrush& brush, const glm::dvec3& offset, PlaneSet& planes,
                                    ShaderTable& shaders, bool bevels, const BrushOrigin& origin) {
    BuiltBrush b;
    b.pos = brush.pos;
    // Planes first, so every side uses the shared, snapped plane.
    std::vector<BuiltSide> sides;
    for (const MapSide& ms : brush.sides) {
        for (const glm::dvec3& p : ms.points)
            for (int k = 0; k < 3; ++k)
                if (!(std::abs(p[k] - offset[k]) <= kMaxCoordinate))
                    return Error{where(origin, ms.pos,
                                       format("plane point coordinate %g is out of range (at most "
                                              "%g from the origin)",
                                              p[k] - offset[k], kMaxCoordinate))};
        auto plane = planeFromPoints(ms.points[0] - offset, ms.points[1] - offset, ms.points[2] - offset);
        if (!plane)
            return Error{where(origin, ms.pos, "degenerate plane: its three points are in a line")};
        if (ms.texture.size() + (ms.texture.rfind("textures/", 0) == 0 ? 0 : 9) > 63)
            return Error{where(origin, ms.pos,
                               format("texture name '%s' is longer than 63 characters", ms.texture.c_str()))};
        BuiltSide s;
        s.plane = planes.add(*plane);
        s.shader = shaders.add(ms.texture, ms.hasFlags ? ms.contents : 0, ms.hasFlags ? ms.surfaceFlags : 0);
        s.source = &ms;
        bool duplicate = false;
        for (const BuiltSide& other : sides)
            duplicate = duplicate || other.plane == s.plane;
        if (!duplicate) // a repeated plane adds nothing; q3map drops it too
            sides.push_back(std::move(s));
    }
    // Face windings; sides whose face vanishes do not bound the brush and are dropped.
    for (size_t i = 0; i < sides.size(); ++i) {
        Winding w = baseWinding(planes[sides[i].plane]);
        for (size_t j = 0; j < sides.size() && !w.empty(); ++j)
            if (j != i)
                w = clipBehind(w, planes[sides[j].plane]);
        if (w.size() >= 3 && windingArea(w) >= kMinFaceArea) {
            for (auto& p : w)
                p = {snapCoord(p.x), snapCoord(p.y), snapCoord(p.z)};
            sides[i].winding = std::move(w);
            b.sides.push_back(std::move(sides[i]));
        }
    }
    if (b.sides.size() < 4)
        return Error{where(
            origin, brush.pos,
            format("degenerate brush: its planes do not enclose a volume (%zu of %zu planes form faces)",
                   b.sides.size(), brush.sides.size()))};
    b.mins = glm::dvec3(kWorldExtent * 2);
    b.maxs = glm::dvec3(-kWorldExtent * 2);
    std::vector<const Winding*> faces;
    for (const BuiltSide& s : b.sides) {
        faces.push_back(&s.winding);
        for (const auto& p : s.winding) {
            b.mins = glm::min(b.mins, p);
            b.maxs = glm::max(b.maxs, p);
        }
    }
    for (int k = 0; k < 3; ++k)
        if (b.mins[k] <= -kWorldExtent * 0.5 || b.maxs[k] >= kWorldExtent * 0.5)
            return Error{where(origin, brush.pos,
                               "open brush: its planes do not enclose a volume (it extends without bound)")};
    const double volume = polyhedronVolume(faces);
    if (!(volume >= kMinVolume))
        return Error{where(origin, brush.pos, format("degenerate brush: volume %g is too small", volume))};
    b.shader = b.sides.front().shader;
    if (bevels) {
        addAxialBevels(b, planes);
        addEdgeBevels(b, planes);
    }
    return b;
}

} // namespace cliplab::mapc
