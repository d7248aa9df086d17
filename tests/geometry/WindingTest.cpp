// Windings: the base square, splitting and chopping by planes, bounds and area, in float and double,
// and with Quake3e's arithmetic (float points, double steps).

#include "geometry/Winding.h"

#include <glm/geometric.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

namespace cliplab::geometry {
namespace {

/// (b - a) x (c - a) . n over the winding's first three points: > 0 counter-clockwise seen from
/// the front of a plane with normal n.
template <class T> T turn(const BasicWinding<T>& w, const Vec3<T>& n) {
    return dot3(cross3(w[1] - w[0], w[2] - w[0]), n);
}

template <class T> T signedDistance(const BasicPlane<T>& p, const Vec3<T>& q) {
    // Independent of BasicPlane::distance: summed in double.
    return T(double(p.normal.x) * q.x + double(p.normal.y) * q.y + double(p.normal.z) * q.z - double(p.dist));
}

TEST(Winding, BaseSquareOnAnAxialPlaneHasTheGameCorners) {
    // Normal +z: "up" is x, right = up x n = -y; the game's order from (-right + up).
    const Winding w = baseWinding(Plane{{0.0f, 0.0f, 1.0f}, 10.0f}, 100.0f);
    ASSERT_EQ(w.size(), 4u);
    EXPECT_EQ(w[0], glm::vec3(100.0f, 100.0f, 10.0f));
    EXPECT_EQ(w[1], glm::vec3(100.0f, -100.0f, 10.0f));
    EXPECT_EQ(w[2], glm::vec3(-100.0f, -100.0f, 10.0f));
    EXPECT_EQ(w[3], glm::vec3(-100.0f, 100.0f, 10.0f));
    const Winding ccw = baseWinding(Plane{{0.0f, 0.0f, 1.0f}, 10.0f}, 100.0f, Facing::CounterClockwise);
    ASSERT_EQ(ccw.size(), 4u);
    EXPECT_EQ(ccw[0], w[0]); // same start, the other way round
    EXPECT_EQ(ccw[1], w[3]);
    EXPECT_EQ(ccw[2], w[2]);
    EXPECT_EQ(ccw[3], w[1]);
}

TEST(Winding, BaseSquareLiesOnItsPlaneWithTheAskedSizeAndTurn) {
    std::mt19937 rng(7);
    std::normal_distribution<double> g(0.0, 1.0);
    for (int k = 0; k < 200; ++k) {
        glm::dvec3 n{g(rng), g(rng), g(rng)};
        n /= std::sqrt(n.x * n.x + n.y * n.y + n.z * n.z);
        const DPlane p{n, g(rng) * 500.0};
        for (Facing f : {Facing::Clockwise, Facing::CounterClockwise}) {
            const DWinding w = baseWinding(p, 1000.0, f);
            ASSERT_EQ(w.size(), 4u);
            for (const auto& q : w)
                EXPECT_NEAR(signedDistance(p, q), 0.0, 1e-9);
            for (size_t i = 0; i < 4; ++i) {
                const glm::dvec3 e = w[(i + 1) % 4] - w[i];
                EXPECT_NEAR(std::sqrt(dot3(e, e)), 2000.0, 1e-9); // side 2 * halfSize
            }
            const glm::dvec3 centre = (w[0] + w[1] + w[2] + w[3]) * 0.25;
            EXPECT_NEAR(centre.x, n.x * p.dist, 1e-9);
            EXPECT_NEAR(centre.y, n.y * p.dist, 1e-9);
            EXPECT_NEAR(centre.z, n.z * p.dist, 1e-9);
            EXPECT_EQ(turn(w, n) > 0.0, f == Facing::CounterClockwise);
        }
    }
}

TEST(Winding, BaseSquareTiesGoToTheFirstAxis) {
    // |x| == |z|: the game takes x as the dominant axis, so "up" is +z projected on the plane,
    // (-s, 0, s), rather than +x projected, (s, 0, -s).
    const double s = std::sqrt(0.5);
    const DWinding w = baseWinding(DPlane{{s, 0.0, s}, 0.0}, 10.0);
    ASSERT_EQ(w.size(), 4u);
    const glm::dvec3 up2 = w[0] - w[3]; // (o - r + u) - (o - r - u)
    EXPECT_NEAR(up2.x, -20.0 * s, 1e-12);
    EXPECT_EQ(up2.y, 0.0);
    EXPECT_NEAR(up2.z, 20.0 * s, 1e-12);
}

TEST(Winding, NanNormalGivesNothing) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(baseWinding(Plane{{nan, nan, nan}, 0.0f}, 10.0f).empty());
}

TEST(Winding, SplitByAnAxialPlaneCutsExactly) {
    const Winding square = baseWinding(Plane{{0.0f, 0.0f, 1.0f}, 0.0f}, 1.0f);
    // x = 0.1f: the crossing points take the plane's distance itself, not an interpolation.
    Winding front, back;
    splitWinding(square, Plane{{1.0f, 0.0f, 0.0f}, 0.1f}, 0.0f, front, back);
    ASSERT_EQ(front.size(), 4u);
    ASSERT_EQ(back.size(), 4u);
    int onPlane = 0;
    for (const auto& p : front) {
        EXPECT_GE(p.x, 0.1f);
        onPlane += p.x == 0.1f;
    }
    EXPECT_EQ(onPlane, 2);
    onPlane = 0;
    for (const auto& p : back) {
        EXPECT_LE(p.x, 0.1f);
        onPlane += p.x == 0.1f;
    }
    EXPECT_EQ(onPlane, 2);
    EXPECT_FLOAT_EQ(windingArea(front), 2.0f * 0.9f);
    EXPECT_FLOAT_EQ(windingArea(back), 2.0f * 1.1f);
}

TEST(Winding, WidthTellsASliverFromAFaceWhateverItsLength) {
    // A bevel along a 128-unit sloped edge, 1e-4 wide from float planes: its area passes 0.01,
    // its width does not.
    const DWinding sliver{{0, 0, 0}, {0, 128, 0}, {1e-4, 128, 0}, {1e-4, 0, 0}};
    EXPECT_GT(windingArea(sliver), 0.0127);
    EXPECT_NEAR(windingWidth(sliver), 1e-4, 1e-7);
    const DWinding square{{0, 0, 0}, {2, 0, 0}, {2, 2, 0}, {0, 2, 0}};
    EXPECT_DOUBLE_EQ(windingWidth(square), 1.0);
    EXPECT_EQ(windingWidth(DWinding{{0, 0, 0}, {1, 0, 0}}), 0.0);
}

TEST(Winding, SplitKeepsAreaAndSides) {
    std::mt19937 rng(11);
    std::normal_distribution<double> g(0.0, 1.0);
    const DWinding square = baseWinding(DPlane{{0.0, 0.0, 1.0}, 3.0}, 50.0);
    for (int k = 0; k < 300; ++k) {
        glm::dvec3 n{g(rng), g(rng), g(rng)};
        n /= std::sqrt(dot3(n, n));
        const DPlane cut{n, g(rng) * 20.0};
        DWinding front, back;
        splitWinding(square, cut, 1e-6, front, back);
        double area = 0.0;
        for (const auto& q : front)
            EXPECT_GE(signedDistance(cut, q), -1e-6);
        for (const auto& q : back)
            EXPECT_LE(signedDistance(cut, q), 1e-6);
        if (!front.empty())
            area += windingArea(front);
        if (!back.empty())
            area += windingArea(back);
        EXPECT_NEAR(area, windingArea(square), 1e-6); // 100 x 100
        // The one-sided forms are the two halves.
        EXPECT_EQ(clipBehind(square, cut, 1e-6), back);
        DWinding chopped = square;
        chopInPlace(chopped, cut, 1e-6);
        EXPECT_EQ(chopped, front);
    }
}

TEST(Winding, PointsWithinTheBandGoToBothSides) {
    // A square whose right edge lies 0.05 in front of x = 1: within a 0.1 band it is on the plane.
    const DWinding w{{-1.0, -1.0, 0.0}, {1.05, -1.0, 0.0}, {1.05, 1.0, 0.0}, {-1.0, 1.0, 0.0}};
    const DPlane plane{{1.0, 0.0, 0.0}, 1.0};
    DWinding front, back;
    splitWinding(w, plane, 0.1, front, back);
    EXPECT_TRUE(front.empty()); // nothing strictly in front
    EXPECT_EQ(back, w);
    // A narrower band sees the edge in front: a sliver of width 0.05 goes to the front.
    splitWinding(w, plane, 0.01, front, back);
    ASSERT_EQ(front.size(), 4u);
    EXPECT_NEAR(windingArea(front), 0.1, 1e-12);
}

TEST(Winding, AWindingOnThePlaneGoesBehindButNotInFront) {
    const Winding w = baseWinding(Plane{{0.0f, 1.0f, 0.0f}, 5.0f}, 8.0f);
    const Plane same{{0.0f, 1.0f, 0.0f}, 5.0f};
    Winding front, back;
    splitWinding(w, same, 0.01f, front, back);
    EXPECT_TRUE(front.empty());
    EXPECT_EQ(back, w);
    EXPECT_EQ(clipBehind(w, same, 0.01f), w);
    Winding chopped = w;
    chopInPlace(chopped, same, 0.01f); // the game's chop drops it
    EXPECT_TRUE(chopped.empty());
    chopped = w;
    chopInPlace(chopped, same.flipped(), 0.01f);
    EXPECT_TRUE(chopped.empty());
}

TEST(Winding, FloatWindingsAreCutInFloat) {
    // The crossing point of a non-axial cut, as the game computes it: t and the point in float.
    const Winding w{{0.0f, 0.0f, 0.0f}, {3.0f, 0.0f, 0.0f}, {3.0f, 7.0f, 0.0f}, {0.0f, 7.0f, 0.0f}};
    const float c = 0.6f, s = 0.8f;
    const Plane cut{{c, s, 0.0f}, 2.3f};
    Winding front, back;
    splitWinding(w, cut, 0.0f, front, back);
    // Edge (3,0)-(3,7) crosses it: d1 = 3 * 0.6 - 2.3 < 0, d2 = 3 * 0.6 + 7 * 0.8 - 2.3 > 0.
    const float d1 = 3.0f * c + 0.0f * s + 0.0f * 0.0f - 2.3f;
    const float d2 = 3.0f * c + 7.0f * s + 0.0f * 0.0f - 2.3f;
    const float t = d1 / (d1 - d2);
    const float y = 0.0f + t * (7.0f - 0.0f);
    bool inFront = false, inBack = false;
    for (const auto& p : front)
        inFront = inFront || (p.x == 3.0f && p.y == y);
    for (const auto& p : back)
        inBack = inBack || (p.x == 3.0f && p.y == y);
    EXPECT_TRUE(inFront);
    EXPECT_TRUE(inBack);
    // The same point in double rounds to another float here: the float path is its own.
    const double dd1 = 3.0 * 0.6 - 2.3, dd2 = 3.0 * 0.6 + 7.0 * 0.8 - 2.3;
    EXPECT_NE(y, float(dd1 / (dd1 - dd2) * 7.0));
}

TEST(Winding, BoundsGrowFromTheCallersStart) {
    const Winding w{{-1.0f, 2.0f, 70000.0f}, {4.0f, -5.0f, 0.0f}, {0.0f, 0.0f, 1.0f}};
    glm::vec3 mins(65535.0f), maxs(-65535.0f);
    addToBounds(w, mins, maxs);
    EXPECT_EQ(mins, glm::vec3(-1.0f, -5.0f, 0.0f));
    EXPECT_EQ(maxs, glm::vec3(4.0f, 2.0f, 70000.0f));
    glm::vec3 lo(-10.0f), hi(10.0f); // already wider: unchanged but for z
    addToBounds(w, lo, hi);
    EXPECT_EQ(lo, glm::vec3(-10.0f));
    EXPECT_EQ(hi, glm::vec3(10.0f, 10.0f, 70000.0f));
}

TEST(Winding, AreaOfKnownShapes) {
    EXPECT_DOUBLE_EQ(windingArea(DWinding{{0, 0, 0}, {4, 0, 0}, {0, 3, 0}}), 6.0);
    EXPECT_DOUBLE_EQ(windingArea(DWinding{{0, 0, 0}, {0, 2, 0}, {0, 2, 5}, {0, 0, 5}}), 10.0);
    EXPECT_DOUBLE_EQ(windingArea(DWinding{}), 0.0);
}

TEST(Winding, FewerThanThreePointsIsNothing) {
    const DWinding segment{{0, 0, 0}, {1, 0, 0}};
    DWinding front, back;
    splitWinding(segment, DPlane{{0.0, 1.0, 0.0}, -1.0}, 0.001, front, back);
    EXPECT_TRUE(front.empty());
    EXPECT_TRUE(back.empty());
}

} // namespace
} // namespace cliplab::geometry

namespace cliplab::geometry {
namespace {

TEST(WindingWide, QuakeThreeEArithmeticKeepsAxialCutsExactAndLiesOnThePlane) {
    // Quake3e's windings: float points, double steps. An axial cut still lands exactly on it, and
    // a slanted base square lies on its plane to within float rounding of its 65535-unit corners.
    const Plane floor{{0.0f, 0.0f, 1.0f}, 8.0f};
    Winding w = baseWindingWide(floor, 65535.0f);
    ASSERT_EQ(w.size(), 4u);
    for (const auto& p : w)
        EXPECT_EQ(p.z, 8.0f);
    chopInPlaceWide(w, Plane{{1.0f, 0.0f, 0.0f}, 10.0f}, 0.1f);
    ASSERT_EQ(w.size(), 4u);
    int onCut = 0;
    for (const auto& p : w)
        onCut += p.x == 10.0f;
    EXPECT_EQ(onCut, 2);

    const glm::vec3 n = glm::normalize(glm::vec3(0.3f, -0.5f, 0.8f));
    const Plane slanted{n, 123.5f};
    const Winding s = baseWindingWide(slanted, 65535.0f);
    ASSERT_EQ(s.size(), 4u);
    for (const auto& p : s)
        EXPECT_NEAR(dot3d(p, n) - 123.5, 0.0, 0.05);
    // Nothing in front: chopped away; nothing behind: kept as it is.
    Winding gone = s;
    chopInPlaceWide(gone, Plane{{0.0f, 0.0f, 1.0f}, 1.0e6f}, 0.1f);
    EXPECT_TRUE(gone.empty());
    Winding kept = s;
    chopInPlaceWide(kept, Plane{{0.0f, 0.0f, 1.0f}, -1.0e6f}, 0.1f);
    EXPECT_EQ(kept, s);
}

TEST(WindingWide, DoubleStepsRoundOnceToFloat) {
    // The helpers Quake3e's arithmetic is made of: a cross product in double rounded once, and a
    // normalisation whose scale is taken in double.
    glm::vec3 v(-12962.291f, -12962.291f, 0.0f);
    EXPECT_EQ(normalizeWide(v),
              static_cast<float>(std::sqrt(2.0 * double(-12962.291f) * double(-12962.291f))));
    EXPECT_EQ(v.x, static_cast<float>(-1.0 / std::sqrt(2.0)));
    EXPECT_EQ(v.x, v.y);
    glm::vec3 f(-12962.291f, -12962.291f, 0.0f);
    normalizeInPlace(f); // the float form ends elsewhere
    EXPECT_NE(f.x, v.x);
    const glm::vec3 c = cross3Wide({30.0f, -30.0f, 432.076355f}, {0.0f, 0.0f, 432.076355f});
    EXPECT_EQ(c.x, roundToFloat(-30.0 * double(432.076355f)));
    EXPECT_EQ(c.z, 0.0f);
    EXPECT_EQ(roundToFloat(0.1), 0.1f);
}

} // namespace
} // namespace cliplab::geometry
