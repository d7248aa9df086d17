#include "movement/AnalyticWorld.h"

#include "mapc/MapTestUtil.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>

namespace cliplab::test {

namespace {
constexpr float kEpsilon = 0.125f;
}

void AnalyticWorld::addBox(const glm::vec3& mins, const glm::vec3& maxs) {
    addBrush({{{-1, 0, 0}, -mins.x},
              {{1, 0, 0}, maxs.x},
              {{0, -1, 0}, -mins.y},
              {{0, 1, 0}, maxs.y},
              {{0, 0, -1}, -mins.z},
              {{0, 0, 1}, maxs.z}});
}

void AnalyticWorld::addBrush(std::vector<TestPlane> planes, size_t faces) {
    m_faces.push_back(std::min(faces, planes.size()));
    m_brushes.push_back(std::move(planes));
}

std::string AnalyticWorld::mapText() const {
    std::string brushes;
    for (size_t b = 0; b < m_brushes.size(); ++b) {
        std::vector<std::pair<glm::dvec3, double>> planes;
        for (size_t i = 0; i < m_faces[b]; ++i)
            planes.emplace_back(glm::dvec3(m_brushes[b][i].normal), double(m_brushes[b][i].dist));
        brushes += planesBrush(planes);
    }
    return cliplab::test::mapText(brushes);
}

void AnalyticWorld::addRamp(float degrees, float x0, float x1, float y0, float y1, float z0) {
    const float a = glm::radians(degrees);
    const float h = (x1 - x0) * std::tan(a);
    const glm::vec3 n(-std::sin(a), 0.0f, std::cos(a));
    // Slope through (x0, *, z0); axial bounding planes double as q3map's bevels.
    addBrush({{n, glm::dot(n, glm::vec3(x0, 0.0f, z0))},
              {{1, 0, 0}, x1},
              {{0, -1, 0}, -y0},
              {{0, 1, 0}, y1},
              {{0, 0, -1}, -z0},
              {{-1, 0, 0}, -x0},
              {{0, 0, 1}, z0 + h}},
             5);
}

void AnalyticWorld::addWall(const glm::vec3& p, const glm::vec3& n, const glm::vec3& u, float length,
                            float thickness, float z0, float z1) {
    const glm::vec3 corners[4] = {p, p + u * length, p - n * thickness, p + u * length - n * thickness};
    glm::vec3 lo(1e9f), hi(-1e9f);
    for (const auto& c : corners) {
        lo = glm::min(lo, c);
        hi = glm::max(hi, c);
    }
    std::vector<TestPlane> planes = {{n, glm::dot(n, p)},   {-n, glm::dot(-n, p - n * thickness)},
                                     {-u, glm::dot(-u, p)}, {u, glm::dot(u, p + u * length)},
                                     {{0, 0, -1}, -z0},     {{0, 0, 1}, z1}};
    // Axial bevels: the bounding box; harmless duplicates when the wall is axial.
    planes.push_back({{-1, 0, 0}, -lo.x});
    planes.push_back({{1, 0, 0}, hi.x});
    planes.push_back({{0, -1, 0}, -lo.y});
    planes.push_back({{0, 1, 0}, hi.y});
    addBrush(std::move(planes), 6);
}

collision::TraceResult AnalyticWorld::trace(const collision::Shape& shape, const glm::vec3& start,
                                            const glm::vec3& end, int) const {
    collision::TraceResult out;
    const glm::vec3 offset = 0.5f * (shape.mins + shape.maxs);
    const glm::vec3 ext = 0.5f * (shape.maxs - shape.mins);
    const glm::vec3 s = start + offset;
    const glm::vec3 e = end + offset;
    for (const auto& brush : m_brushes) {
        float enter = -1.0f, leave = 1.0f;
        bool startOut = false, getOut = false, missed = false;
        const TestPlane* hit = nullptr;
        for (const auto& p : brush) {
            const float dist = p.dist + ext.x * std::abs(p.normal.x) + ext.y * std::abs(p.normal.y) +
                               ext.z * std::abs(p.normal.z);
            const float d1 = glm::dot(s, p.normal) - dist;
            const float d2 = glm::dot(e, p.normal) - dist;
            if (d2 > 0)
                getOut = true;
            if (d1 > 0)
                startOut = true;
            if (d1 > 0 && (d2 >= kEpsilon || d2 >= d1)) {
                missed = true;
                break;
            }
            if (d1 <= 0 && d2 <= 0)
                continue;
            if (d1 > d2) {
                const float f = std::max(0.0f, (d1 - kEpsilon) / (d1 - d2));
                if (f > enter) {
                    enter = f;
                    hit = &p;
                }
            } else {
                const float f = std::min(1.0f, (d1 + kEpsilon) / (d1 - d2));
                leave = std::min(leave, f);
            }
        }
        if (missed)
            continue;
        if (!startOut) {
            out.startSolid = true;
            if (!getOut) {
                out.allSolid = true;
                out.fraction = 0.0f;
            }
            continue;
        }
        if (enter < leave && enter > -1 && enter < out.fraction && hit) {
            out.fraction = std::max(enter, 0.0f);
            out.plane.normal = hit->normal;
            out.plane.dist = hit->dist;
            out.contents = 1;
        }
    }
    out.endpos = start + out.fraction * (end - start);
    return out;
}

bool AnalyticWorld::inSolid(const collision::Shape& shape, const glm::vec3& origin) const {
    return trace(shape, origin, origin, 1).startSolid;
}

} // namespace cliplab::test
