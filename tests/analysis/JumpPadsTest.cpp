// Jump pads: the game's aim (apex height, time, velocity) in numbers, and flights simulated with
// the movement code on a compiled map: a pad whose arc lands where free fall says, one whose arc
// hits a wall, pads the game would drop, and an airborne player's predicted landing.

#include "analysis/JumpPads.h"
#include "bsp/Entities.h"
#include "collision/Model.h"
#include "mapc/MapTestUtil.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

using namespace cliplab;

namespace {

std::string entity(const std::string& classname, const std::string& body) {
    return "{\n\"classname\" \"" + classname + "\"\n" + body + "}\n";
}

/// A floor (top at z = 0) with four trigger_push pads: A at the origin aimed 512 units along +x
/// with an apex 256 units above its centre; B the same 256 units along +y with a wall in its
/// way; C without a target; D aimed at a target below it.
std::string padMap() {
    std::string world = test::boxBrush({-512, -512, -64}, {2048, 1024, 0});
    world += test::boxBrush({200, 200, 0}, {216, 320, 400}); // the wall in B's way
    std::string ents;
    ents += entity("trigger_push",
                   "\"target\" \"apexA\"\n" + test::boxBrush({-32, -32, 0}, {32, 32, 16}, "common/trigger"));
    ents += entity("target_position", "\"targetname\" \"apexA\"\n\"origin\" \"512 0 264\"\n");
    ents += entity("trigger_push",
                   "\"target\" \"apexB\"\n" + test::boxBrush({-32, 224, 0}, {32, 288, 16}, "common/trigger"));
    ents += entity("target_position", "\"targetname\" \"apexB\"\n\"origin\" \"512 256 264\"\n");
    ents += entity("trigger_push", test::boxBrush({-32, 600, 0}, {32, 664, 16}, "common/trigger"));
    ents += entity("trigger_push",
                   "\"target\" \"low\"\n" + test::boxBrush({-32, 800, 0}, {32, 864, 16}, "common/trigger"));
    ents += entity("target_position", "\"targetname\" \"low\"\n\"origin\" \"0 832 -100\"\n");
    return test::mapText(world, ents);
}

struct PadWorld {
    bsp::BspData data;
    std::unique_ptr<collision::Model> model;
    std::vector<analysis::JumpPad> pads;
};

PadWorld loadPads(float gravity = 800.0f) {
    PadWorld w;
    w.data = test::compileOk(padMap());
    auto entities = bsp::parseEntities(w.data.entities, "pads");
    EXPECT_TRUE(entities.ok());
    w.model = std::make_unique<collision::Model>(w.data);
    w.pads = analysis::findJumpPads(w.data, entities.value(), gravity);
    return w;
}

} // namespace

TEST(JumpPads, AimAtTargetIsTheGamesLaunch) {
    const auto l = analysis::aimAtTarget({0, 0, 8}, {512, 0, 264}, 800.0f);
    ASSERT_TRUE(l);
    EXPECT_FLOAT_EQ(l->apexHeight, 256.0f);
    EXPECT_FLOAT_EQ(l->apexTime, 0.8f); // sqrt(256 / 400)
    EXPECT_FLOAT_EQ(l->velocity.x, 640.0f);
    EXPECT_FLOAT_EQ(l->velocity.y, 0.0f);
    EXPECT_FLOAT_EQ(l->velocity.z, 640.0f);
    // Straight up: no horizontal part.
    const auto up = analysis::aimAtTarget({10, 20, 0}, {10, 20, 400}, 800.0f);
    ASSERT_TRUE(up);
    EXPECT_EQ(glm::vec2(up->velocity), glm::vec2(0.0f));
    EXPECT_FLOAT_EQ(up->velocity.z, 800.0f);
    // Lower gravity: a longer, slower arc to the same apex.
    const auto moon = analysis::aimAtTarget({0, 0, 8}, {512, 0, 264}, 200.0f);
    ASSERT_TRUE(moon);
    EXPECT_FLOAT_EQ(moon->apexTime, 1.6f);
    EXPECT_FLOAT_EQ(moon->velocity.x, 320.0f);
    EXPECT_FLOAT_EQ(moon->velocity.z, 320.0f);
    // The game drops pads aimed at or below their centre, and zero gravity.
    EXPECT_FALSE(analysis::aimAtTarget({0, 0, 8}, {512, 0, 8}, 800.0f));
    EXPECT_FALSE(analysis::aimAtTarget({0, 0, 8}, {512, 0, -50}, 800.0f));
    EXPECT_FALSE(analysis::aimAtTarget({0, 0, 8}, {512, 0, 264}, 0.0f));
}

TEST(JumpPads, FoundWithTheirTargetsAndProblems) {
    const PadWorld w = loadPads();
    ASSERT_EQ(w.pads.size(), 4u);
    EXPECT_EQ(w.pads[0].centre, glm::vec3(0, 0, 8));
    ASSERT_TRUE(w.pads[0].targetOrigin);
    EXPECT_EQ(*w.pads[0].targetOrigin, glm::vec3(512, 0, 264));
    ASSERT_TRUE(w.pads[0].launch);
    EXPECT_FLOAT_EQ(w.pads[0].launch->apexHeight, 256.0f);
    EXPECT_TRUE(w.pads[1].launch);
    EXPECT_FALSE(w.pads[2].launch);
    EXPECT_EQ(w.pads[2].problem, "no target key");
    EXPECT_FALSE(w.pads[3].launch);
    EXPECT_EQ(w.pads[3].problem, "target 'low' is not above the pad");
}

TEST(JumpPads, ArcLandsWhereFreeFallSays) {
    // Free fall is exact in both presets when velocities are not rounded to whole units (the
    // quake3 preset rounds them as the game does; see the next test).
    const PadWorld w = loadPads();
    for (movement::Preset preset : {movement::Preset::Quake3, movement::Preset::Melax})
        for (double rate : {60.0, 125.0, 250.0}) {
            SCOPED_TRACE(std::string(movement::presetName(preset)) + " " + std::to_string(rate));
            analysis::FlightSettings fs;
            fs.movement.preset = preset;
            fs.movement.snapVelocity = false;
            fs.rate = rate;
            const analysis::Flight f = analysis::simulatePad(*w.model, w.pads[0], w.pads, fs);
            EXPECT_FALSE(f.blocked);
            ASSERT_TRUE(f.landing);
            EXPECT_EQ(f.padsTouched, std::vector<int32_t>{0});
            // Pushed while the box touches the trigger (its bottom up to 1 unit above the top).
            EXPECT_GT(f.launch.z, 24.0f);
            EXPECT_LE(f.launch.z - 24.0f, 17.0f + 640.0f / float(rate));
            EXPECT_NEAR(f.launchVelocity.x, 640.0f, 1.0f);
            EXPECT_NEAR(f.launchVelocity.z, 640.0f, 1.0f);
            // Free fall from the last push back to standing height (origin z 24 on the floor).
            const float vz = f.launchVelocity.z, h = f.launch.z - 24.0f;
            const float t = (vz + std::sqrt(vz * vz + 2.0f * 800.0f * h)) / 800.0f;
            const float x = f.launch.x + f.launchVelocity.x * t;
            EXPECT_NEAR(f.landing->x, x, 640.0f / float(rate) + 1.0f); // within a tick's travel
            EXPECT_NEAR(f.landing->y, 0.0f, 0.01f);
            EXPECT_NEAR(f.landing->z, 24.0f, 0.2f);
            EXPECT_NEAR(f.airtime, t, 1.5 / rate);
            // The highest point: 256 units (the apex height) above the last push's height.
            float top = -1e9f;
            for (const glm::vec3& p : f.path)
                top = std::max(top, p.z);
            EXPECT_NEAR(top, f.launch.z + vz * vz / 1600.0f, 2.0f);
        }
}

TEST(JumpPads, RoundedVelocitiesFlyHigherAt125Hz) {
    // The game rounds velocities to whole units every command: at 125 Hz, 640 - 6.4 = 633.6
    // becomes 634, so the player loses 6 units/s a tick instead of 6.4 and flies as under a
    // gravity of 750, higher and longer than the pad aims (Quake 3's "125 fps" jumps).
    const PadWorld w = loadPads();
    analysis::FlightSettings fs;
    fs.movement.preset = movement::Preset::Quake3;
    const analysis::Flight f = analysis::simulatePad(*w.model, w.pads[0], w.pads, fs);
    ASSERT_TRUE(f.landing);
    EXPECT_FALSE(f.blocked);
    float top = -1e9f;
    for (const glm::vec3& p : f.path)
        top = std::max(top, p.z);
    EXPECT_NEAR(top, f.launch.z + 640.0f * 640.0f / 1500.0f, 2.0f);
    EXPECT_GT(f.landing->x, 1100.0f); // exact free fall lands near 1055
}

TEST(JumpPads, AWallInTheArcBlocksIt) {
    const PadWorld w = loadPads();
    analysis::FlightSettings fs;
    fs.movement.preset = movement::Preset::Quake3;
    const analysis::Flight f = analysis::simulatePad(*w.model, w.pads[1], w.pads, fs);
    EXPECT_TRUE(f.blocked);
    ASSERT_TRUE(f.blockedAt);
    // Stopped by the wall's face at x = 200: the box's front (origin + 15) within a tick of it.
    EXPECT_NEAR(f.blockedAt->x, 185.0f, 6.0f);
    ASSERT_TRUE(f.landing);
    EXPECT_LT(f.landing->x, 200.0f);
}

TEST(JumpPads, AnAirbornePlayersLandingIsPredicted) {
    const PadWorld w = loadPads();
    analysis::FlightSettings fs;
    movement::PlayerState s;
    s.origin = {1500, -256, 200};
    s.velocity = {100, 0, 0};
    const analysis::Flight f = analysis::simulateFlight(*w.model, s, w.pads, fs);
    ASSERT_TRUE(f.landing);
    const float t = std::sqrt(2.0f * 176.0f / 800.0f);
    EXPECT_NEAR(f.landing->x, 1500.0f + 100.0f * t, 2.0f);
    EXPECT_NEAR(f.landing->z, 24.0f, 0.2f);
    EXPECT_TRUE(f.padsTouched.empty());
    EXPECT_FALSE(f.blocked); // no apex to reach: nothing is called blocked
    // Falling onto pad A: it pushes, and the flight goes on to A's landing.
    s.origin = {0, 0, 120};
    s.velocity = {0, 0, 0};
    const analysis::Flight g = analysis::simulateFlight(*w.model, s, w.pads, fs);
    EXPECT_EQ(g.padsTouched, std::vector<int32_t>{0});
    ASSERT_TRUE(g.landing);
    EXPECT_GT(g.landing->x, 900.0f);
}
