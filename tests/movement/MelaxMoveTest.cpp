// The melax preset (and, where the behaviour is shared, quake3) in analytic test worlds at the
// frame rates the issue names. These worlds stand in for compiled fixture maps.

#include "movement/MoveTestUtil.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>
#include <gtest/gtest.h>

#include <cmath>

namespace cliplab::test {
namespace {

using movement::Input;
using movement::PlayerState;
using movement::Settings;

/// Parameters: ticks per second, and whether the world is compiled by mapc (else analytic).
class RateTest : public ::testing::TestWithParam<std::tuple<double, bool>> {
protected:
    double rate() const { return std::get<0>(GetParam()); }
    World make(const AnalyticWorld& brushes) const { return World(brushes, std::get<1>(GetParam())); }
};

AnalyticWorld floorWorld() {
    AnalyticWorld w;
    w.addBox({-2000, -2000, -64}, {2000, 2000, 0});
    return w;
}

/// Stairs rising along +x from x = 64, `count` steps of `rise` and `tread`, then a long landing.
AnalyticWorld stairsWorld(float rise, float tread, int count) {
    AnalyticWorld w = floorWorld();
    for (int i = 0; i < count; ++i)
        w.addBox({64 + tread * static_cast<float>(i), -256, 0},
                 {2000, 256, rise * static_cast<float>(i + 1)});
    return w;
}

TEST_P(RateTest, ClimbsStairsGroundedAndInTime) {
    const double rate = this->rate();
    for (float rise : {8.0f, 16.0f, 18.0f}) {
        const int count = 8;
        const float tread = 24.0f;
        const World world = make(stairsWorld(rise, tread, count));
        const float goalX = 64 + tread * count + 32;
        Settings s;
        double reached = -1.0;
        bool alwaysGrounded = true;
        runFor(world, s, standingAt(0, 0, 0), forwardInput(0), 3.0, rate, [&](const PlayerState& ps, int i) {
            alwaysGrounded = alwaysGrounded && ps.onGround;
            if (ps.origin.x >= goalX) {
                reached = (i + 1) / rate;
                return false;
            }
            return true;
        });
        const double ideal = goalX / s.maxSpeed;
        EXPECT_TRUE(alwaysGrounded) << "rise " << rise << " at " << rate << " Hz";
        ASSERT_GT(reached, 0.0) << "never reached the top, rise " << rise << " at " << rate << " Hz";
        EXPECT_LE(reached, 1.5 * ideal) << "rise " << rise << " at " << rate << " Hz";
    }
}

TEST_P(RateTest, BlockedByStepHigherThanStepHeight) {
    const double rate = this->rate();
    Settings s;
    const World world = make(stairsWorld(s.stepHeight + 1.0f, 24.0f, 1));
    const PlayerState end = runFor(world, s, standingAt(0, 0, 0), forwardInput(0), 2.0, rate);
    EXPECT_LT(end.origin.x, 64.0f - 15.0f);
    EXPECT_NEAR(end.origin.z, 24.125f, 0.01f);
    EXPECT_TRUE(end.onGround);
}

TEST_P(RateTest, WalksDownStairsStayingGrounded) {
    const double rate = this->rate();
    for (float rise : {8.0f, 16.0f, 18.0f}) {
        const int count = 8;
        const float tread = 24.0f;
        // Stairs going down along +x: step i's top is at (count - i) * rise.
        AnalyticWorld w = floorWorld();
        w.addBox({-400, -256, 0}, {64, 256, rise * count});
        for (int i = 1; i < count; ++i)
            w.addBox({64 + tread * static_cast<float>(i - 1), -256, 0},
                     {64 + tread * static_cast<float>(i), 256, rise * static_cast<float>(count - i)});
        const World world = make(w);
        Settings s;
        bool alwaysGrounded = true;
        const PlayerState end = runFor(world, s, standingAt(0, 0, rise * count), forwardInput(0), 1.5, rate,
                                       [&](const PlayerState& ps, int) {
                                           alwaysGrounded = alwaysGrounded && ps.onGround;
                                           return true;
                                       });
        EXPECT_TRUE(alwaysGrounded) << "rise " << rise << " at " << rate << " Hz";
        EXPECT_GT(end.origin.x, 64 + tread * count);
        EXPECT_NEAR(end.origin.z, 24.125f, 0.01f);
    }
}

TEST_P(RateTest, SlidesAlongWallWithoutGainingSpeedOrSticking) {
    const double rate = this->rate();
    for (float angle : {30.0f, 60.0f}) {
        AnalyticWorld w = floorWorld();
        w.addBox({-2000, 100, 0}, {2000, 132, 200}); // wall face at y = 100, facing -y
        const World world = make(w);
        Settings s;
        float maxSpeed = 0.0f;
        bool touched = false;
        const PlayerState end = runFor(world, s, standingAt(0, -150, 0), forwardInput(angle), 2.5, rate,
                                       [&](const PlayerState& ps, int) {
                                           const float speed =
                                               glm::length(glm::vec2(ps.velocity.x, ps.velocity.y));
                                           maxSpeed = std::max(maxSpeed, speed);
                                           touched = touched || ps.origin.y > 100 - 15 - 0.2f;
                                           EXPECT_LE(ps.origin.y, 100 - 15 - 0.1f);
                                           return true;
                                       });
        EXPECT_TRUE(touched);
        EXPECT_LE(maxSpeed, s.maxSpeed + 0.01f) << angle << " deg at " << rate << " Hz";
        // Still sliding along the wall: not stuck to it.
        const float along = s.maxSpeed * std::cos(glm::radians(angle));
        EXPECT_GT(end.velocity.x, 0.5f * along) << angle << " deg at " << rate << " Hz";
        EXPECT_GT(end.origin.x, 300.0f);
    }
}

/// Two walls meeting at (200, 0) with `opening` degrees between them, open toward -x.
AnalyticWorld creaseWorld(float opening) {
    AnalyticWorld w = floorWorld();
    const float h = glm::radians(opening * 0.5f);
    const glm::vec3 c(200, 0, 0);
    const glm::vec3 uA(-std::cos(h), std::sin(h), 0), nA(-std::sin(h), -std::cos(h), 0);
    const glm::vec3 uB(-std::cos(h), -std::sin(h), 0), nB(-std::sin(h), std::cos(h), 0);
    w.addWall(c - uA * 40.0f, nA, uA, 400, 32, 0, 300);
    w.addWall(c - uB * 40.0f, nB, uB, 400, 32, 0, 300);
    return w;
}

/// Largest distance of the positions in [from, end) from the last one.
float spread(const std::vector<glm::vec3>& positions, size_t from) {
    float worst = 0.0f;
    for (size_t i = from; i < positions.size(); ++i)
        worst = std::max(worst, glm::length(positions[i] - positions.back()));
    return worst;
}

TEST_P(RateTest, ComesToRestInVCreases) {
    const double rate = this->rate();
    for (float opening : {60.0f, 90.0f, 120.0f}) {
        const World world = make(creaseWorld(opening));
        for (float yaw : {0.0f, 10.0f, -10.0f}) {
            Settings s;
            std::vector<glm::vec3> positions;
            runFor(world, s, standingAt(0, 0, 0), forwardInput(yaw), 3.0, rate,
                   [&](const PlayerState& ps, int) {
                       positions.push_back(ps.origin);
                       EXPECT_FALSE(world.inSolid(movement::playerShape(s, false), ps.origin));
                       return true;
                   });
            const auto lastSecond = positions.size() - static_cast<size_t>(rate);
            EXPECT_LT(spread(positions, lastSecond), 0.01f)
                << opening << " deg, yaw " << yaw << ", " << rate << " Hz";
            EXPECT_GT(positions.back().x, 100.0f); // it did get into the crease
        }
    }
}

TEST_P(RateTest, ComesToRestInThreePlaneCorner) {
    const double rate = this->rate();
    // Two non-axial walls at 90 degrees and a sloped ceiling; the player flies up into the corner.
    AnalyticWorld w = floorWorld();
    const float r = glm::radians(20.0f);
    const glm::vec3 c(200, 0, 0);
    const glm::vec3 u1(-std::cos(r), -std::sin(r), 0), n1(std::sin(r), -std::cos(r), 0);
    const glm::vec3 u2(std::sin(r), -std::cos(r), 0), n2(-std::cos(r), -std::sin(r), 0);
    w.addWall(c - u1 * 40.0f, n1, u1, 500, 32, 0, 400);
    w.addWall(c - u2 * 40.0f, n2, u2, 500, 32, 0, 400);
    const glm::vec3 nc = glm::normalize(glm::vec3(-0.3f, 0.2f, -1.0f));
    w.addBrush({{nc, glm::dot(nc, glm::vec3(200, 0, 200))},
                {{-1, 0, 0}, 200},
                {{1, 0, 0}, 800},
                {{0, -1, 0}, 800},
                {{0, 1, 0}, 800},
                {{0, 0, -1}, -100},
                {{0, 0, 1}, 600}});
    const World world = make(w);
    Settings s;
    PlayerState start = standingAt(0, -100, 0);
    start.origin.z = 100;
    start.mode = movement::Mode::Fly;
    Input in = forwardInput(30.0f);
    in.pitch = -25.0f;
    std::vector<glm::vec3> positions;
    runFor(world, s, start, in, 4.0, rate, [&](const PlayerState& ps, int) {
        positions.push_back(ps.origin);
        EXPECT_FALSE(world.inSolid(movement::playerShape(s, false), ps.origin));
        return true;
    });
    EXPECT_LT(spread(positions, positions.size() - static_cast<size_t>(rate)), 0.01f) << rate << " Hz";
    EXPECT_GT(positions.back().z, 120.0f);
}

TEST_P(RateTest, WalksUpFortyDegreeRampNotFifty) {
    const double rate = this->rate();
    Settings s;
    {
        AnalyticWorld w = floorWorld();
        w.addRamp(40, 100, 600, -300, 300, 0);
        const World world = make(w);
        const PlayerState end = runFor(world, s, standingAt(0, 0, 0), forwardInput(0), 2.5, rate);
        EXPECT_GT(end.origin.z, 200.0f) << rate << " Hz";
    }
    {
        AnalyticWorld w = floorWorld();
        w.addRamp(50, 100, 600, -300, 300, 0);
        const World world = make(w);
        float highest = 0.0f;
        runFor(world, s, standingAt(0, 0, 0), forwardInput(0), 2.5, rate, [&](const PlayerState& ps, int) {
            highest = std::max(highest, ps.origin.z);
            return true;
        });
        EXPECT_LT(highest, 24.125f + s.stepHeight) << rate << " Hz";
        // Put on the slope, the player slides back down, even while pushing up it.
        PlayerState on;
        on.origin = {300, 0, 200 * std::tan(glm::radians(50.0f)) + 40};
        const PlayerState end = runFor(world, s, on, forwardInput(0), 2.0, rate);
        EXPECT_LT(end.origin.z, on.origin.z - 100.0f) << rate << " Hz";
        EXPECT_LT(end.origin.x, on.origin.x) << rate << " Hz";
    }
}

TEST_P(RateTest, FastFallNeverPassesThinFloorOrWall) {
    const double rate = this->rate();
    for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
        Settings s;
        s.preset = preset;
        AnalyticWorld w;
        w.addBox({-500, -500, 0}, {500, 500, 1});
        const World world = make(w);
        PlayerState p;
        p.origin = {0, 0, 400};
        p.velocity = {0, 0, -2000};
        const PlayerState end = runFor(world, s, p, Input{}, 1.0, rate, [&](const PlayerState& ps, int) {
            EXPECT_GE(ps.origin.z, 25.0f);
            return true;
        });
        EXPECT_NEAR(end.origin.z, 25.125f, 0.01f);
        EXPECT_TRUE(end.onGround);

        AnalyticWorld wall;
        wall.addBox({0, -500, -5000}, {1, 500, 5000});
        PlayerState q;
        q.origin = {-300, 0, 0};
        q.velocity = {2000, 0, 0};
        runFor(make(wall), s, q, Input{}, 1.0, rate, [&](const PlayerState& ps, int) {
            EXPECT_LE(ps.origin.x, -15.0f);
            return true;
        });
    }
}

TEST_P(RateTest, CorridorWidthAndCrouchHeight) {
    const double rate = this->rate();
    Settings s;
    for (float width : {31.0f, 29.0f}) {
        AnalyticWorld w = floorWorld();
        w.addBox({100, -200, 0}, {600, -width / 2, 100});
        w.addBox({100, width / 2, 0}, {600, 200, 100});
        const World world = make(w);
        const PlayerState end = runFor(world, s, standingAt(0, 0, 0), forwardInput(0), 2.0, rate);
        if (width > 30.0f)
            EXPECT_GT(end.origin.x, 300.0f) << rate << " Hz";
        else
            EXPECT_LT(end.origin.x, 100.0f - 15.0f) << rate << " Hz";
    }
    // A ceiling 41 units above the floor: the crouched box (40 tall) passes, the standing one not.
    AnalyticWorld w = floorWorld();
    w.addBox({100, -200, 41}, {600, 200, 200});
    const World world = make(w);
    PlayerState standing = runFor(world, s, standingAt(0, 0, 0), forwardInput(0), 2.0, rate);
    EXPECT_LT(standing.origin.x, 100.0f - 15.0f) << rate << " Hz";
    Input crouch = forwardInput(0);
    crouch.crouch = true;
    const PlayerState crouched = runFor(world, s, standingAt(0, 0, 0), crouch, 3.0, rate);
    EXPECT_GT(crouched.origin.x, 150.0f) << rate << " Hz";
    EXPECT_TRUE(crouched.crouched);
    // Releasing crouch under the ceiling keeps the player crouched.
    const PlayerState released = runFor(world, s, crouched, Input{}, 0.5, rate);
    EXPECT_TRUE(released.crouched);
}

INSTANTIATE_TEST_SUITE_P(Rates, RateTest,
                         ::testing::Combine(::testing::Values(30.0, 60.0, 125.0, 250.0), ::testing::Bool()),
                         [](const auto& p) {
                             return std::to_string(static_cast<int>(std::get<0>(p.param))) + "Hz" +
                                    (std::get<1>(p.param) ? "_compiled" : "_analytic");
                         });

} // namespace
} // namespace cliplab::test
