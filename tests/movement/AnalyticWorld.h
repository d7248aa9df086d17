#pragma once
/// \file AnalyticWorld.h
/// Test-only stand-in for collision::Model: a handful of convex brushes given by planes, traced
/// with ioquake3's brush test (box support shift, 0.125 epsilon). Lets movement tests run without
/// a compiled map. Brushes must include their axial bounding planes (q3map's bevels).

#include "collision/Trace.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace cliplab::test {

struct TestPlane {
    glm::vec3 normal; ///< Unit, pointing out of the brush.
    float dist;       ///< normal . x = dist on the plane.
};

class AnalyticWorld {
public:
    /// An axis-aligned box brush.
    void addBox(const glm::vec3& mins, const glm::vec3& maxs);
    /// A convex brush from its planes; the first `faces` are its faces, the rest bevels (the whole
    /// list is traced; only the faces go into mapText(), the compiler adds its own bevels).
    void addBrush(std::vector<TestPlane> planes, size_t faces = SIZE_MAX);
    /// A ramp rising along +x at `degrees` from x0 to x1 (height (x1-x0)*tan), y in [y0, y1], base at z0.
    void addRamp(float degrees, float x0, float x1, float y0, float y1, float z0);
    /// A vertical wall slab: inner face through `p` with horizontal inward-facing... normal `n`
    /// (pointing to the free side), running `length` along `u` (horizontal, perpendicular to n), `thickness`
    /// deep, from z0 to z1.
    void addWall(const glm::vec3& p, const glm::vec3& n, const glm::vec3& u, float length, float thickness,
                 float z0, float z1);

    /// The brushes as a .map source (classic brush format, one worldspawn), for mapc.
    std::string mapText() const;

    collision::TraceResult trace(const collision::Shape& shape, const glm::vec3& start, const glm::vec3& end,
                                 int mask) const;
    /// True when the box at `origin` overlaps a brush (ioquake3's position test).
    bool inSolid(const collision::Shape& shape, const glm::vec3& origin) const;

    collision::TraceFunction function() const {
        return [this](const collision::Shape& s, const glm::vec3& a, const glm::vec3& b, int32_t m) {
            return trace(s, a, b, m);
        };
    }

private:
    std::vector<std::vector<TestPlane>> m_brushes;
    std::vector<size_t> m_faces; ///< How many leading planes of each brush are faces.
};

} // namespace cliplab::test
