// Snags: a player running past a wall's corner within the trace's epsilon (0.125 units) while
// drifting towards it stops dead with nothing in its way: the detector lists it; with no drift,
// with half a unit to spare, or running into the wall head on, nothing is listed. Cells gather
// events; the soak's failures become events.

#include "analysis/Snags.h"
#include "collision/Model.h"
#include "mapc/MapTestUtil.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <cmath>

using namespace cliplab;

namespace {

/// A floor and a tall block whose corner is at (128, 1024): the path at x ~113 passes it with
/// the box's side 0.07 units from the block's -x face.
std::string cornerMap() {
    return test::mapText(test::boxBrush({-256, -256, -64}, {512, 2304, 0}) +
                         test::boxBrush({128, 1024, 0}, {512, 2304, 256}));
}

struct PastRun {
    std::vector<analysis::SnagEvent> events;
    float slowest = 1e9f; ///< Lowest horizontal speed after the first half second.
};

/// Runs forward at `yaw` from `start` for a second at 125 Hz, every tick checked.
PastRun runPast(const collision::Model& model, movement::Preset preset, const glm::vec3& start, float yaw) {
    movement::Settings s;
    s.preset = preset;
    collision::TraceOptions o;
    o.semantics = collision::Semantics::Robust;
    const analysis::SnagDetector detector(model, o, s);
    const auto trace = model.traceFunction(o);
    movement::PlayerState p;
    p.origin = start;
    movement::Input in;
    in.forward = 1.0f;
    in.yaw = yaw;
    PastRun run;
    const double dt = 1.0 / 125.0;
    for (int t = 0; t < 125; ++t) {
        const movement::PlayerState before = p;
        p = movement::move(p, in, dt, s, trace);
        if (auto e = detector.check(0, t, 125.0, in, before, p))
            run.events.push_back(*e);
        if (t > 60)
            run.slowest = std::min(run.slowest, glm::length(glm::vec2(p.velocity)));
    }
    return run;
}

} // namespace

TEST(Snags, ACornerPassedWithinEpsilonCatchesThePlayer) {
    const bsp::BspData d = test::compileOk(cornerMap());
    const collision::Model model(d);
    for (movement::Preset preset : {movement::Preset::Quake3, movement::Preset::Melax}) {
        SCOPED_TRACE(movement::presetName(preset));
        // Drifting 0.01 degrees towards the corner: stopped at its -y face (y 1024 - 15).
        const PastRun caught = runPast(model, preset, {112.93f, 900.0f, 24.125f}, 89.99f);
        ASSERT_EQ(caught.events.size(), 1u);
        const analysis::SnagEvent& e = caught.events[0];
        EXPECT_NEAR(e.position.y, 1024.0f - 15.0f - 0.125f, 0.05f);
        EXPECT_NEAR(e.position.x, 112.93f, 0.25f);
        EXPECT_GT(e.speedBefore, 300.0f);
        EXPECT_LT(e.speedAfter, 1.0f);
        EXPECT_EQ(e.kind, analysis::SnagKind::Snag);
        // The controls: no drift, or half a unit to spare, and the player runs on.
        for (const auto& [x, yaw] : {std::pair{112.93f, 90.0f}, std::pair{112.5f, 89.99f}}) {
            const PastRun free = runPast(model, preset, {x, 900.0f, 24.125f}, yaw);
            EXPECT_TRUE(free.events.empty()) << x << " " << yaw;
            EXPECT_GT(free.slowest, 300.0f) << x << " " << yaw;
        }
        // Head on into the block's face: it stops too, but a wall explains it.
        const PastRun wall = runPast(model, preset, {200.0f, 900.0f, 24.125f}, 90.0f);
        EXPECT_TRUE(wall.events.empty());
        EXPECT_LT(wall.slowest, 1.0f);
    }
}

TEST(Snags, TheControllersOwnLossIsNotASnag) {
    const bsp::BspData d = test::compileOk(cornerMap());
    const collision::Model model(d);
    movement::Settings s;
    const analysis::SnagDetector detector(model, {}, s);
    // Friction (6/s) and accelerating backwards (10 x 320) at 30 Hz take 64 + 107 units/s.
    EXPECT_NEAR(detector.explainedLoss(320.0f, 1.0 / 30.0, false), 320.0f * 6.0f / 30.0f + 3200.0f / 30.0f,
                1e-3f);
    movement::PlayerState before, after;
    before.onGround = after.onGround = true;
    before.origin = after.origin = {0, 500, 24.125f};
    before.velocity = {0, 320, 0};
    after.velocity = {0, 320 - 171 - 0.19f * 320, 0}; // within the explained loss plus 20%
    EXPECT_FALSE(detector.check(0, 0, 30.0, {}, before, after));
    after.velocity = {0, 320 - 171 - 0.21f * 320, 0};
    EXPECT_TRUE(detector.check(0, 0, 30.0, {}, before, after));
    // Jumping, in the air, or too slow: never a snag.
    movement::Input jump;
    jump.jump = true;
    EXPECT_FALSE(detector.check(0, 0, 30.0, jump, before, after));
    movement::PlayerState air = after;
    air.onGround = false;
    EXPECT_FALSE(detector.check(0, 0, 30.0, {}, before, air));
    movement::PlayerState slow = before;
    slow.velocity = {0, 140, 0};
    movement::PlayerState stopped = after;
    stopped.velocity = {0, 0, 0};
    EXPECT_FALSE(detector.check(0, 0, 125.0, {}, slow, stopped));
}

TEST(Snags, EventsGatherIntoCells) {
    std::vector<analysis::SnagEvent> events(4);
    events[0].position = {10, 10, 10};
    events[0].speedBefore = 300;
    events[0].speedAfter = 150; // loss 0.5
    events[1].position = {20, 30, 40};
    events[1].speedBefore = 300;
    events[1].speedAfter = 30; // loss 0.9, the worst: the cell's example
    events[1].walker = 3;
    events[2].kind = analysis::SnagKind::InSolid;
    events[2].position = {50, 50, 50};
    events[3].kind = analysis::SnagKind::Stuck;
    events[3].position = {-10, 0, 0};
    const auto cells = analysis::gatherSnags(events, 64.0f);
    ASSERT_EQ(cells.size(), 2u);
    EXPECT_EQ(cells[0].cell, glm::ivec3(0, 0, 0));
    EXPECT_EQ(cells[0].snags, 2);
    EXPECT_EQ(cells[0].inSolid, 1);
    EXPECT_NEAR(cells[0].worstLoss, 0.9f, 1e-6f);
    EXPECT_EQ(cells[0].example.walker, 3);
    EXPECT_EQ(cells[0].centre, glm::vec3(80.0f / 3.0f, 30.0f, 100.0f / 3.0f));
    EXPECT_EQ(cells[1].cell, glm::ivec3(-1, 0, 0));
    EXPECT_EQ(cells[1].stuck, 1);

    movement::SoakReport report;
    report.failures.push_back({movement::SoakFailureKind::InSolid, 2, 77, 125.0, {}, {}, {}});
    report.failures.push_back({movement::SoakFailureKind::OutOfWorld, 2, 78, 125.0, {}, {}, {}});
    const auto fromSoak = analysis::failureEvents(report);
    ASSERT_EQ(fromSoak.size(), 1u);
    EXPECT_EQ(fromSoak[0].kind, analysis::SnagKind::InSolid);
    EXPECT_EQ(fromSoak[0].tick, 77);
}
