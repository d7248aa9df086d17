// The trace's per-side plane shifts (TraceWork.h) against the geometry module's support distances:
// the game's box form is the module's box support to the bit for a symmetric box, the capsule's
// nearest-centre form agrees with the module's capsule support up to rounding, and cylinders use
// the module's formula itself.

#include "collision/TraceWork.h"
#include "geometry/Support.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <random>

namespace cliplab::collision::detail {
namespace {

struct Side {
    glm::vec3 normal;
    float dist;
    int32_t signBits;
};

std::vector<Side> randomSides(int count, unsigned seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> g(0.0f, 1.0f);
    std::uniform_real_distribution<float> u(-4096.0f, 4096.0f);
    std::vector<Side> out;
    while (int(out.size()) < count) {
        glm::vec3 n{g(rng), g(rng), g(rng)};
        if (out.size() % 7 == 0)
            n[static_cast<int>(out.size() % 3)] = 0.0f; // some normals in a coordinate plane
        if (geometry::normalizeInPlace(n) < 1e-3f)
            continue;
        int32_t bits = 0;
        for (int i = 0; i < 3; ++i)
            if (n[i] < 0.0f)
                bits |= 1 << i;
        out.push_back({n, u(rng), bits});
    }
    return out;
}

TraceWork symmetricBox(const glm::vec3& half) {
    TraceWork tw;
    tw.size[0] = -half;
    tw.size[1] = half;
    setBoxOffsets(tw);
    return tw;
}

TEST(TraceSupport, BoxShiftIsTheModuleBoxSupportBitForBit) {
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> size(0.0f, 300.0f);
    std::uniform_real_distribution<float> coord(-8192.0f, 8192.0f);
    const auto sides = randomSides(2000, 6);
    for (int b = 0; b < 200; ++b) {
        const glm::vec3 half =
            b == 0 ? glm::vec3(15.0f, 15.0f, 28.0f) : glm::vec3{size(rng), size(rng), size(rng)};
        TraceWork tw = symmetricBox(half);
        const glm::vec3 p{coord(rng), coord(rng), coord(rng)};
        for (const Side& s : sides) {
            const float game = dot3(p, s.normal) - shiftedPlaneDist<kBox>(tw, s.normal, s.dist, s.signBits);
            const float module = dot3(p, s.normal) - (s.dist + geometry::boxSupport(s.normal, half));
            ASSERT_EQ(std::bit_cast<uint32_t>(game), std::bit_cast<uint32_t>(module))
                << "half " << half.x << " " << half.y << " " << half.z << " normal " << s.normal.x << " "
                << s.normal.y << " " << s.normal.z;
        }
    }
}

TEST(TraceSupport, CapsuleShiftAgreesWithTheModuleCapsuleSupport) {
    // The game measures from the sphere centre nearer the plane instead of moving the plane by
    // r + h |n.z|: the same number up to float rounding of the products.
    std::mt19937 rng(8);
    std::uniform_real_distribution<float> coord(-8192.0f, 8192.0f);
    const auto sides = randomSides(2000, 9);
    TraceWork tw;
    tw.sphere = true;
    tw.radius = 15.0f;
    tw.sphereOffset = glm::vec3(0.0f, 0.0f, 13.0f);
    int exact = 0;
    for (const Side& s : sides) {
        const glm::vec3 p{coord(rng), coord(rng), coord(rng)};
        const float game = dot3(spherePoint(tw, s.normal, p), s.normal) -
                           shiftedPlaneDist<kSphere>(tw, s.normal, s.dist, s.signBits);
        const float module = dot3(p, s.normal) - (s.dist + geometry::capsuleSupport(s.normal, 15.0f, 13.0f));
        // Rounding of a dot product grows with its terms' magnitudes, not with its value (which
        // cancels): the bound is a few units in the last place of the largest sum formed.
        const float scale = std::fabs(p.x * s.normal.x) + std::fabs(p.y * s.normal.y) +
                            std::fabs(p.z * s.normal.z) + std::fabs(s.dist) + 28.0f;
        EXPECT_NEAR(game, module, 4.0f * scale * 1.2e-7f);
        exact += game == module;
    }
    EXPECT_LT(exact, int(sides.size())); // not the same operations: some differ in the last bits
}

TEST(TraceSupport, CylinderShiftUsesTheModuleFormula) {
    std::mt19937 rng(10);
    std::uniform_real_distribution<float> coord(-8192.0f, 8192.0f);
    TraceWork tw;
    tw.cylinder = true;
    tw.radius = 15.0f;
    tw.size[1] = glm::vec3(15.0f, 15.0f, 28.0f);
    for (const Side& s : randomSides(2000, 11)) {
        const glm::vec3 p{coord(rng), coord(rng), coord(rng)};
        const float trace = dot3(p, s.normal) - shiftedPlaneDist<kCylinder>(tw, s.normal, s.dist, s.signBits);
        const float module = dot3(p, s.normal) - (s.dist + geometry::cylinderSupport(s.normal, 15.0f, 28.0f));
        EXPECT_EQ(std::bit_cast<uint32_t>(trace), std::bit_cast<uint32_t>(module));
    }
}

} // namespace
} // namespace cliplab::collision::detail
