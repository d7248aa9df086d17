// Writing expanded brushes as OBJ. Each face clips its own winding, so a corner that faces of one
// polyhedron share comes out once per face: the copies agree to rounding where the corner is well
// defined, and lie up to some 1e-6 units apart where three of its planes nearly meet in a line.
// They are merged so every object is a mesh whose edges join.

#include "analysis/Obj.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>

namespace cliplab::analysis {

namespace {

/// Corners of one polyhedron closer than this are one vertex (units): the copies of one corner,
/// and corners of a feature smaller than this (a vertex then lies up to this far off a plane).
constexpr double kWeld = 1e-5;

void appendf(std::string& out, const char* format, double a, double b, double c) {
    char buffer[128];
    std::snprintf(buffer, sizeof buffer, format, a, b, c);
    out += buffer;
}

/// The faces' corners as vertices: corners closer than kWeld are one vertex, joined transitively
/// (so every face meeting at a corner names the same vertex however its copies chain). A vertex
/// sits at its first corner. `polygons` gets each face's vertex indices with repeats dropped.
std::vector<glm::dvec3> weldCorners(const std::vector<HullFace>& faces,
                                    std::vector<std::vector<size_t>>& polygons) {
    std::vector<glm::dvec3> corners;
    for (const HullFace& f : faces)
        corners.insert(corners.end(), f.points.begin(), f.points.end());
    std::vector<size_t> parent(corners.size());
    for (size_t i = 0; i < parent.size(); ++i)
        parent[i] = i;
    auto root = [&](size_t i) {
        while (parent[i] != i)
            i = parent[i] = parent[parent[i]];
        return i;
    };
    for (size_t i = 0; i < corners.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (glm::distance(corners[i], corners[j]) <= kWeld) {
                const size_t a = root(i), b = root(j);
                parent[std::max(a, b)] = std::min(a, b); // the first corner stays the root
            }
    std::vector<glm::dvec3> vertices;
    std::vector<size_t> vertexOf(corners.size(), SIZE_MAX);
    size_t k = 0;
    polygons.clear();
    for (const HullFace& f : faces) {
        std::vector<size_t> poly;
        for (size_t n = 0; n < f.points.size(); ++n, ++k) {
            const size_t r = root(k);
            if (vertexOf[r] == SIZE_MAX) {
                vertexOf[r] = vertices.size();
                vertices.push_back(corners[r]);
            }
            if (poly.empty() || poly.back() != vertexOf[r])
                poly.push_back(vertexOf[r]);
        }
        while (poly.size() > 1 && poly.front() == poly.back())
            poly.pop_back();
        polygons.push_back(std::move(poly));
    }
    return vertices;
}

/// Writes one object; `firstVertex` is the 1-based index of its first vertex in the file.
/// With `backGroup`, the faces of side -2 (a patch facet's back plane) go last, in group "back",
/// after the others in group "sides". Faces left with fewer than three vertices are dropped.
void writeObject(std::string& out, const std::string& name, const std::vector<HullFace>& faces,
                 size_t& firstVertex, bool backGroup) {
    std::vector<std::vector<size_t>> welded;
    const std::vector<glm::dvec3> vertices = weldCorners(faces, welded);
    std::vector<std::vector<size_t>> polygons;
    std::vector<bool> back;
    for (size_t i = 0; i < faces.size(); ++i) {
        if (welded[i].size() >= 3) {
            polygons.push_back(std::move(welded[i]));
            back.push_back(backGroup && faces[i].side == -2);
        }
    }
    out += "o " + name + "\n";
    for (const glm::dvec3& v : vertices)
        appendf(out, "v %.12g %.12g %.12g\n", v.x, v.y, v.z);
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
