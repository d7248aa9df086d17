// The measuring tape on compiled maps: its distance and parts, the player's boxes through a gap
// (a crawl space fits crouched only), and running jumps that reach across a gap and onto a low
// ledge but not across a wide gap or onto a high one.

#include "analysis/Tape.h"
#include "collision/Model.h"
#include "mapc/MapTestUtil.h"

#include <gtest/gtest.h>

#include <memory>

using namespace cliplab;

namespace {

struct TapeWorld {
    bsp::BspData data;
    std::unique_ptr<collision::Model> model;
    collision::TraceFunction trace;
};

TapeWorld compileWorld(const std::string& brushes) {
    TapeWorld w;
    w.data = test::compileOk(test::mapText(brushes));
    w.model = std::make_unique<collision::Model>(w.data);
    collision::TraceOptions options;
    options.semantics = collision::Semantics::Quake3;
    w.trace = w.model->traceFunction(options);
    return w;
}

analysis::TapeSettings quake3() {
    analysis::TapeSettings s;
    s.movement.preset = movement::Preset::Quake3;
    return s;
}

analysis::TapePoint floorAt(float x, float y, float z) {
    return {glm::vec3(x, y, z), glm::vec3(0.0f, 0.0f, 1.0f)};
}

} // namespace

TEST(Tape, DistanceAndPartsAndWhereTheBoxStands) {
    const TapeWorld w = compileWorld(test::boxBrush({-512, -256, -64}, {512, 256, 0}));
    const auto r =
        analysis::measureTape({glm::vec3(10, 20, 0), std::nullopt}, floorAt(13, 24, 12), quake3(), w.trace);
    EXPECT_EQ(r.delta, glm::vec3(3, 4, 12));
    EXPECT_FLOAT_EQ(r.distance, 13.0f);
    EXPECT_FLOAT_EQ(r.horizontal, 5.0f);
    // Without a normal the point is a floor: the box stands on it, 0.25 units up.
    EXPECT_EQ(r.standA, glm::vec3(10, 20, 24.25f));
    // On a wall facing -x the box stands out of it by its half width.
    const glm::vec3 wall = analysis::standPoint({glm::vec3(0, 0, 10), glm::vec3(-1, 0, 0)},
                                                glm::vec3(-15, -15, -24), glm::vec3(15, 15, 32));
    EXPECT_EQ(wall, glm::vec3(-15.25f, 0, 10));
}

TEST(Tape, ACrawlSpaceFitsTheCrouchedBoxOnly) {
    // A floor with a slab 48 units above it from x = 0 on: room for the crouched box (40 units
    // tall), not the standing one (56).
    const TapeWorld w = compileWorld(test::boxBrush({-512, -256, -64}, {512, 256, 0}) +
                                     test::boxBrush({0, -256, 48}, {512, 256, 64}));
    const auto r = analysis::measureTape(floorAt(-100, 0, 0), floorAt(100, 0, 0), quake3(), w.trace);
    EXPECT_TRUE(r.standing.roomAtStart);
    EXPECT_FALSE(r.standing.roomAtEnd);
    EXPECT_FALSE(r.standing.passes);
    EXPECT_LT(r.standing.fraction, 0.5f) << "the standing box stops at the slab's edge";
    EXPECT_TRUE(r.crouched.roomAtStart);
    EXPECT_TRUE(r.crouched.roomAtEnd);
    EXPECT_TRUE(r.crouched.passes);
    EXPECT_EQ(r.crouched.fraction, 1.0f);
}

TEST(Tape, RunningJumpsAcrossGaps) {
    // Two floors with a 128-unit gap between x = 0 and x = 128.
    const TapeWorld w = compileWorld(test::boxBrush({-512, -256, -64}, {0, 256, 0}) +
                                     test::boxBrush({128, -256, -64}, {768, 256, 0}));
    const auto across = analysis::measureTape(floorAt(-8, 0, 0), floorAt(136, 0, 0), quake3(), w.trace);
    ASSERT_TRUE(across.jump.simulated);
    ASSERT_TRUE(across.jump.landing);
    EXPECT_TRUE(across.jump.reaches) << "lands " << across.jump.along << " units along";
    // 270 units/s up under 800 units/s^2: about 0.675 s in the air at 320 units/s, ~216 units;
    // the game's velocity snapping at 125 Hz lifts the apex to about 48 units (the 125 fps jump).
    EXPECT_NEAR(across.jump.along, 224.0f, 16.0f);
    EXPECT_NEAR(across.jump.apex, 47.0f, 2.0f);
    EXPECT_NEAR(across.jump.airtime, 0.7f, 0.03f);
    // The same jump falls short of a point 400 units on.
    const auto far = analysis::measureTape(floorAt(-8, 0, 0), floorAt(400, 0, 0), quake3(), w.trace);
    EXPECT_FALSE(far.jump.reaches);
    // Slower runs reach less far: the Movement panel's settings count.
    analysis::TapeSettings slow = quake3();
    slow.movement.maxSpeed = 100.0f;
    const auto slowJump = analysis::measureTape(floorAt(-8, 0, 0), floorAt(136, 0, 0), slow, w.trace);
    EXPECT_FALSE(slowJump.jump.reaches) << "lands " << slowJump.jump.along << " units along";
}

TEST(Tape, RunningJumpsOntoLedges) {
    // A floor with a 32-unit ledge from x = 64 and a 96-unit one from x = 512 (y > 0 only).
    const TapeWorld w = compileWorld(test::boxBrush({-512, -256, -64}, {1024, 256, 0}) +
                                     test::boxBrush({64, -256, 0}, {256, 0, 32}) +
                                     test::boxBrush({64, 0, 0}, {256, 256, 96}));
    const auto low = analysis::measureTape(floorAt(-64, -128, 0), floorAt(96, -128, 32), quake3(), w.trace);
    EXPECT_TRUE(low.jump.reaches);
    EXPECT_TRUE(low.standing.roomAtEnd);
    const auto high = analysis::measureTape(floorAt(-64, 128, 0), floorAt(96, 128, 96), quake3(), w.trace);
    EXPECT_FALSE(high.jump.reaches) << "a jump rises about 45 units, not 96";
    EXPECT_FALSE(high.standing.passes) << "the straight sweep runs into the ledge";
    EXPECT_TRUE(high.standing.roomAtEnd);
}
