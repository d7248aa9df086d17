#include "analysis/ObjMesh.h"

#include <glm/geometric.hpp>

#include <array>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace cliplab::test {

std::optional<std::vector<ObjObject>> parseObj(const std::string& text, std::string& error) {
    std::vector<ObjObject> objects;
    std::vector<glm::dvec3> vertices;
    bool back = false;
    std::istringstream lines(text);
    int number = 0;
    for (std::string line; std::getline(lines, line);) {
        ++number;
        std::istringstream words(line);
        std::string kind;
        if (!(words >> kind) || kind[0] == '#')
            continue;
        if (kind == "o") {
            objects.push_back({});
            words >> objects.back().name;
            back = false;
        } else if (kind == "g") {
            std::string group;
            words >> group;
            back = group == "back";
        } else if (kind == "v") {
            glm::dvec3 v;
            if (!(words >> v.x >> v.y >> v.z)) {
                error = "line " + std::to_string(number) + ": bad vertex";
                return std::nullopt;
            }
            vertices.push_back(v);
        } else if (kind == "f") {
            size_t i[3];
            if (!(words >> i[0] >> i[1] >> i[2]) || objects.empty()) {
                error = "line " + std::to_string(number) + ": bad face";
                return std::nullopt;
            }
            for (size_t k : i)
                if (k < 1 || k > vertices.size()) {
                    error = "line " + std::to_string(number) + ": vertex index out of range";
                    return std::nullopt;
                }
            ObjTriangle t{vertices[i[0] - 1], vertices[i[1] - 1], vertices[i[2] - 1]};
            t.normal = glm::normalize(glm::cross(t.b - t.a, t.c - t.a));
            t.dist = glm::dot(t.normal, t.a);
            t.back = back;
            objects.back().triangles.push_back(t);
        } else {
            error = "line " + std::to_string(number) + ": unexpected '" + kind + "'";
            return std::nullopt;
        }
    }
    for (ObjObject& o : objects) {
        for (const ObjTriangle& t : o.triangles) {
            bool known = false;
            for (const ObjPlane& p : o.planes)
                known =
                    known || (glm::dot(p.normal, t.normal) > 1.0 - 1e-6 && std::fabs(p.dist - t.dist) < 1e-3);
            if (!known)
                o.planes.push_back({t.normal, t.dist, t.back});
        }
    }
    return objects;
}

std::optional<ObjEntry> firstEntry(const ObjObject& object, const glm::dvec3& start, const glm::dvec3& end) {
    const glm::dvec3 dir = end - start;
    std::optional<ObjEntry> best;
    for (const ObjTriangle& t : object.triangles) {
        if (glm::dot(t.normal, dir) >= 0.0)
            continue;
        // Moeller-Trumbore.
        const glm::dvec3 e1 = t.b - t.a, e2 = t.c - t.a;
        const glm::dvec3 p = glm::cross(dir, e2);
        const double det = glm::dot(e1, p);
        if (std::fabs(det) < 1e-12)
            continue;
        const glm::dvec3 s = start - t.a;
        const double u = glm::dot(s, p) / det;
        if (u < 0.0 || u > 1.0)
            continue;
        const glm::dvec3 q = glm::cross(s, e1);
        const double v = glm::dot(dir, q) / det;
        if (v < 0.0 || u + v > 1.0)
            continue;
        const double at = glm::dot(e2, q) / det;
        if (at < 0.0 || at > 1.0)
            continue;
        if (!best || at < best->t)
            best = ObjEntry{at, t.back};
    }
    return best;
}

std::optional<double> epsilonRuleStop(const std::vector<ObjPlane>& planes, const glm::dvec3& start,
                                      const glm::dvec3& end, double epsilon, bool facet) {
    double enter = -1.0, leave = 1.0;
    bool leadBack = false, startOut = false;
    for (const ObjPlane& p : planes) {
        const double d1 = glm::dot(p.normal, start) - p.dist, d2 = glm::dot(p.normal, end) - p.dist;
        if (d1 > 0.0)
            startOut = true;
        if (d1 > 0.0 && (d2 >= epsilon || d2 >= d1))
            return std::nullopt;
        if (d1 <= 0.0 && d2 <= 0.0)
            continue;
        if (d1 > d2) {
            const double f = std::max(0.0, (d1 - epsilon) / (d1 - d2));
            if (f > enter) { // ties keep the earlier plane, as the game does
                enter = f;
                leadBack = p.back;
            }
        } else {
            leave = std::min(leave, std::min(1.0, (d1 + epsilon) / (d1 - d2)));
        }
    }
    if (!startOut || (facet && leadBack) || !(enter < leave) || enter < 0.0)
        return std::nullopt;
    return enter;
}

double outsideDistance(const std::vector<ObjPlane>& planes, const glm::dvec3& p) {
    double out = -1e300;
    for (const ObjPlane& plane : planes)
        out = std::max(out, glm::dot(plane.normal, p) - plane.dist);
    return out;
}

double meshOffPlanes(const ObjObject& object, const std::vector<ObjPlane>& planes) {
    double worst = 0.0;
    for (const ObjTriangle& t : object.triangles) {
        double best = 1e300;
        for (const ObjPlane& p : planes) {
            if (t.back && !p.back)
                continue;
            double off = 0.0;
            for (const glm::dvec3& v : {t.a, t.b, t.c})
                off = std::max(off, std::fabs(glm::dot(p.normal, v) - p.dist));
            best = std::min(best, off);
        }
        worst = std::max({worst, best, outsideDistance(planes, t.a), outsideDistance(planes, t.b),
                          outsideDistance(planes, t.c)});
    }
    return worst;
}

size_t unpairedEdges(const ObjObject& object) {
    auto key = [](const glm::dvec3& v) { return std::array<double, 3>{v.x, v.y, v.z}; };
    std::map<std::pair<std::array<double, 3>, std::array<double, 3>>, int> edges;
    for (const ObjTriangle& t : object.triangles) {
        const glm::dvec3* corners[3] = {&t.a, &t.b, &t.c};
        for (int i = 0; i < 3; ++i) {
            const auto from = key(*corners[i]), to = key(*corners[(i + 1) % 3]);
            // +1 for a directed edge, -1 for its reverse: each pair cancels.
            if (from < to)
                ++edges[{from, to}];
            else
                --edges[{to, from}];
        }
    }
    size_t unpaired = 0;
    for (const auto& [edge, count] : edges)
        unpaired += size_t(std::abs(count));
    return unpaired;
}

double objVolume(const ObjObject& object) {
    double v = 0.0;
    for (const ObjTriangle& t : object.triangles)
        v += glm::dot(t.a, glm::cross(t.b, t.c));
    return v / 6.0;
}

} // namespace cliplab::test
