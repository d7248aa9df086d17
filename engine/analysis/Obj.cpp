// Writing expanded brushes as OBJ. Corners that faces of one polyhedron share come out of the
// clipping a hair apart (each face clips its own winding); they are merged so every object is a
// closed mesh whose edges join.

#include "analysis/Obj.h"

#include <glm/geometric.hpp>

#include <cstdio>

namespace cliplab::analysis {

namespace {

/// Corners of one polyhedron closer than this are one vertex (units).
constexpr double kWeld = 1e-4;

void appendf(std::string& out, const char* format, double a, double b, double c) {
    char buffer[128];
    std::snprintf(buffer, sizeof buffer, format, a, b, c);
    out += buffer;
}

/// Writes one object; `firstVertex` is the 1-based index of its first vertex in the file.
/// With `backGroup`, the faces of side -2 (a patch facet's back plane) go last, in group "back",
/// after the others in group "sides".
void writeObject(std::string& out, const std::string& name, const std::vector<HullFace>& faces,
                 size_t& firstVertex, bool backGroup) {
    std::vector<glm::dvec3> vertices;
    std::vector<std::vector<size_t>> polygons;
    std::vector<bool> back;
    for (const HullFace& f : faces) {
        std::vector<size_t> poly;
        for (const glm::dvec3& p : f.points) {
            size_t at = 0;
            while (at < vertices.size() && glm::distance(vertices[at], p) > kWeld)
                ++at;
            if (at == vertices.size())
                vertices.push_back(p);
            if (poly.empty() || poly.back() != at)
                poly.push_back(at);
        }
        while (poly.size() > 1 && poly.front() == poly.back())
            poly.pop_back();
        if (poly.size() >= 3) {
            polygons.push_back(std::move(poly));
            back.push_back(backGroup && f.side == -2);
        }
    }
    out += "o " + name + "\n";
    for (const glm::dvec3& v : vertices)
        appendf(out, "v %.9g %.9g %.9g\n", v.x, v.y, v.z);
    for (int pass = 0; pass < (backGroup ? 2 : 1); ++pass) {
        if (backGroup)
            out += pass == 0 ? "g sides\n" : "g back\n";
        for (size_t k = 0; k < polygons.size(); ++k) {
            if (back[k] != (pass == 1))
                continue;
            const auto& poly = polygons[k];
            for (size_t i = 2; i < poly.size(); ++i)
                out += "f " + std::to_string(firstVertex + poly[0]) + " " +
                       std::to_string(firstVertex + poly[i - 1]) + " " +
                       std::to_string(firstVertex + poly[i]) + "\n";
        }
    }
    firstVertex += vertices.size();
}

} // namespace

std::string hullObj(const std::vector<HullBrush>& brushes, const std::vector<HullFacet>& facets,
                    const std::string& header) {
    std::string out;
    if (!header.empty())
        out += "# " + header + "\n";
    size_t firstVertex = 1;
    for (const HullBrush& b : brushes)
        writeObject(out, "brush_" + std::to_string(b.brush), b.faces, firstVertex, false);
    for (const HullFacet& f : facets)
        writeObject(out, "patch_" + std::to_string(f.surface) + "_" + std::to_string(f.facet), f.faces,
                    firstVertex, true);
    return out;
}

} // namespace cliplab::analysis
