// The run editor's model (replay/EditSession.h) on a flat floor compiled by mapc: every change
// simulates again from its first tick only and ends where a replay from the start ends, bit for bit;
// a saved edit replays like any recording; undo and redo restore runs exactly; bookmarks follow
// inserted and removed ticks; the strafe fill aims every tick at the optimal angle and gains speed;
// the landing preview finds the current jump's end, past the recording too.

#include "replay/EditSession.h"

#include "mapc/Compiler.h"
#include "movement/AnalyticWorld.h"
#include "replay/Overrides.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>

using namespace cliplab;

namespace {

/// A 8192-unit floor (top at z = 0) under open sky, compiled once.
const collision::Model& flatModel() {
    static const auto model = [] {
        test::AnalyticWorld w;
        w.addBox({-4096, -4096, -64}, {4096, 4096, 0});
        auto data = mapc::compileMap(w.mapText(), "flat.map");
        EXPECT_TRUE(data) << data.error().message;
        static const bsp::BspData kept = std::move(data.value());
        return std::make_unique<collision::Model>(kept);
    }();
    return *model;
}

/// Bunny hops in the quake3 preset: forward+right held, jump pressed every other tick, the view
/// fixed so the wish direction stays on the velocity (no gain above 320): a run to improve.
replay::Recording hops(size_t ticks) {
    replay::Recording r;
    r.map = "flat.map";
    r.settings.movement.preset = movement::Preset::Quake3;
    r.settings.trace.semantics = collision::Semantics::Quake3;
    r.start.origin = {-1500, -1500, 24.125f};
    r.start.onGround = true;
    r.start.groundNormal = {0, 0, 1};
    r.start.velocity = {320, 0, 0};
    for (size_t i = 0; i < ticks; ++i) {
        movement::Input in;
        in.forward = 1.0f;
        in.right = 1.0f;
        in.jump = i % 2 == 0;
        in.yaw = 45.0f; // the wish direction along +x
        r.ticks.push_back(replay::Tick{in, std::nullopt});
    }
    return r;
}

/// The states and the run of a replay from the start agree in every field, time too.
void expectSameRun(const std::vector<movement::PlayerState>& a, const std::vector<movement::PlayerState>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        ASSERT_TRUE(replay::sameState(a[i], b[i])) << "state " << i;
        ASSERT_EQ(a[i].time, b[i].time) << "state " << i;
    }
}

void expectReplaysFromTheStart(const replay::EditSession& session, replay::World& world) {
    const replay::Run run = replay::replay(session.recording(), session.recording().settings, world);
    expectSameRun(session.states(), run.states);
    EXPECT_FALSE(replay::firstMismatch(session.recording(), run));
}

double speed(const movement::PlayerState& p) {
    return std::hypot(double(p.velocity.x), double(p.velocity.y));
}

} // namespace

TEST(EditSession, EditsSimulateAgainFromTheEditedTickOnly) {
    replay::World world(flatModel());
    replay::EditSession session(hops(300), world);
    EXPECT_EQ(session.lastResimulated(), 300u);
    expectReplaysFromTheStart(session, world);
    const auto before = session.states();

    replay::InputEdit turn;
    turn.turnYaw = 20.0f;
    turn.pitch = 30.0f;
    ASSERT_TRUE(session.editInputs(101, 150, turn));
    EXPECT_EQ(session.lastResimulated(), 200u); // ticks 101..300
    for (size_t i = 0; i <= 100; ++i)
        ASSERT_TRUE(replay::sameState(session.states()[i], before[i])) << i;
    EXPECT_FALSE(replay::sameState(session.states()[150], before[150]));
    EXPECT_EQ(session.recording().ticks[100].input.yaw, 65.0f);
    EXPECT_EQ(session.recording().ticks[149].input.pitch, 30.0f);
    EXPECT_EQ(session.recording().ticks[150].input.yaw, 45.0f);
    expectReplaysFromTheStart(session, world);

    movement::Input stop;
    stop.yaw = 90.0f;
    ASSERT_TRUE(session.setInput(250, stop));
    EXPECT_EQ(session.lastResimulated(), 51u);
    expectReplaysFromTheStart(session, world);
    ASSERT_TRUE(session.insertTicks(200, 10, stop));
    EXPECT_EQ(session.ticks(), 310u);
    ASSERT_TRUE(session.eraseTicks(20, 29));
    EXPECT_EQ(session.ticks(), 300u);
    expectReplaysFromTheStart(session, world);
}

TEST(EditSession, ExactUnderEveryTraceMethod) {
    // Step-and-correct and plane shifting keep state in the world (corrections, lazily built
    // trees), not in the run: simulating again from a kept state is still exact.
    for (const char* overrides :
         {"method=step-correct stepLength=12", "trace=planeshift bevels=off", "preset=melax"}) {
        replay::Recording r = hops(200);
        auto settings = replay::applyOverrides(r.settings, overrides);
        ASSERT_TRUE(settings) << settings.error().message;
        r.settings = settings.value();
        replay::World world(flatModel());
        replay::EditSession session(std::move(r), world);
        replay::InputEdit turn;
        turn.turnYaw = -30.0f;
        ASSERT_TRUE(session.editInputs(80, 120, turn));
        ASSERT_TRUE(session.strafeFill(130, 170, movement::StrafeSide::Right));
        SCOPED_TRACE(overrides);
        expectReplaysFromTheStart(session, world);
    }
}

TEST(EditSession, BadEditsChangeNothing) {
    replay::World world(flatModel());
    replay::EditSession session(hops(50), world);
    const auto before = session.states();
    replay::InputEdit bad;
    bad.forward = 2.0f;
    EXPECT_FALSE(session.editInputs(1, 5, bad));
    replay::InputEdit nan;
    nan.yaw = std::nanf("");
    EXPECT_FALSE(session.editInputs(1, 5, nan));
    const auto range = session.editInputs(10, 51, replay::InputEdit{});
    ASSERT_FALSE(range);
    EXPECT_NE(range.error().message.find("1..50"), std::string::npos) << range.error().message;
    EXPECT_FALSE(session.editInputs(0, 3, replay::InputEdit{}));
    EXPECT_FALSE(session.editInputs(5, 4, replay::InputEdit{}));
    EXPECT_FALSE(session.insertTicks(52, 1, movement::Input{}));
    EXPECT_FALSE(session.insertTicks(1, 0, movement::Input{}));
    EXPECT_FALSE(session.eraseTicks(1, 50)); // would leave none
    EXPECT_FALSE(session.strafeFill(40, 60, movement::StrafeSide::Auto));
    EXPECT_FALSE(session.setBookmark(51, "past the end"));
    EXPECT_FALSE(session.canUndo());
    expectSameRun(session.states(), before);
}

TEST(EditSession, UndoAndRedoRestoreRunsExactly) {
    replay::World world(flatModel());
    replay::EditSession session(hops(200), world);
    const auto original = session.states();
    replay::InputEdit left;
    left.right = -1.0f;
    ASSERT_TRUE(session.editInputs(30, 60, left));
    const auto edited = session.states();
    ASSERT_TRUE(session.insertTicks(100, 5, movement::Input{}));
    ASSERT_TRUE(session.strafeFill(120, 180, movement::StrafeSide::Right));
    const auto last = session.states();
    EXPECT_TRUE(session.undo());
    EXPECT_TRUE(session.undo());
    expectSameRun(session.states(), edited);
    EXPECT_TRUE(session.undo());
    expectSameRun(session.states(), original);
    EXPECT_FALSE(session.undo());
    EXPECT_TRUE(session.redo());
    EXPECT_TRUE(session.redo());
    EXPECT_TRUE(session.redo());
    EXPECT_FALSE(session.redo());
    expectSameRun(session.states(), last);
    // A new change after an undo drops what could be redone.
    EXPECT_TRUE(session.undo());
    ASSERT_TRUE(session.setInput(10, movement::Input{}));
    EXPECT_FALSE(session.canRedo());
}

TEST(EditSession, BookmarksFollowTheirTicks) {
    replay::World world(flatModel());
    replay::EditSession session(hops(100), world);
    ASSERT_TRUE(session.setBookmark(50, "gap"));
    ASSERT_TRUE(session.setBookmark(10, "start"));
    ASSERT_TRUE(session.setBookmark(80, "end"));
    ASSERT_TRUE(session.setBookmark(50, "the gap"));
    ASSERT_EQ(session.bookmarks().size(), 3u);
    EXPECT_EQ(session.bookmarks()[1].name, "the gap");
    ASSERT_TRUE(session.insertTicks(20, 4, movement::Input{}));
    EXPECT_EQ(session.bookmarks()[0].tick, 10u);
    EXPECT_EQ(session.bookmarks()[1].tick, 54u);
    ASSERT_TRUE(session.eraseTicks(50, 60)); // takes the gap's tick with it
    ASSERT_EQ(session.bookmarks().size(), 2u);
    EXPECT_EQ(session.bookmarks()[1].tick, 73u);
    EXPECT_EQ(session.bookmarks()[1].name, "end");
    session.undo();
    EXPECT_EQ(session.bookmarks().size(), 3u);
    EXPECT_TRUE(session.removeBookmark(10));
    EXPECT_FALSE(session.removeBookmark(10));
}

TEST(EditSession, StrafeFillAimsEveryTickAtTheOptimumAndGains) {
    replay::World world(flatModel());
    replay::EditSession session(hops(375), world); // 3 s
    const double before = speed(session.states().back());
    const auto fill = session.strafeFill(1, 375, movement::StrafeSide::Left);
    ASSERT_TRUE(fill) << fill.error().message;
    EXPECT_EQ(fill->filled, 375u);
    EXPECT_EQ(fill->skipped, 0u);
    const double after = speed(session.states().back());
    EXPECT_GT(after, before + 150.0) << before << " -> " << after;
    expectReplaysFromTheStart(session, world);
    // Every tick's wish direction is at its optimal angle on the left, or at most one 16-bit
    // angle step beyond it.
    const auto meters = session.meters();
    for (size_t i = 0; i < meters.size(); ++i) {
        ASSERT_TRUE(meters[i].wishAngle && meters[i].optAngle) << i;
        EXPECT_GE(*meters[i].wishAngle, *meters[i].optAngle - 1e-6) << "tick " << i + 1;
        EXPECT_LE(*meters[i].wishAngle, *meters[i].optAngle + 360.0 / 65536 + 1e-6) << "tick " << i + 1;
    }
    // The other side turns the other way, as fast up to the rounding.
    session.undo();
    ASSERT_TRUE(session.strafeFill(1, 375, movement::StrafeSide::Right));
    const auto right = session.meters();
    for (size_t i = 0; i < right.size(); ++i)
        ASSERT_LT(*right[i].wishAngle, 0.0) << "tick " << i + 1;
    EXPECT_NEAR(speed(session.states().back()), after, 0.02 * after);
}

TEST(EditSession, SnapAimGainsMoreThanTheClosedFormsOptimum) {
    // Aiming into the snap zone that gains most beats the closed form's angle once the velocity is
    // rounded every tick, and the run still replays exactly.
    replay::World world(flatModel());
    replay::EditSession session(hops(375), world);
    ASSERT_TRUE(session.strafeFill(1, 375, movement::StrafeSide::Left, replay::FillAim::Optimal));
    const double optimal = speed(session.states().back());
    session.undo();
    ASSERT_TRUE(session.strafeFill(1, 375, movement::StrafeSide::Left, replay::FillAim::Snap));
    const double snapped = speed(session.states().back());
    EXPECT_GT(snapped, optimal + 5.0) << optimal << " vs " << snapped;
    expectReplaysFromTheStart(session, world);
}

TEST(EditSession, AutoFillKeepsTheSideOfEachTick) {
    // A run that strafes left for a second, then right: the wish 20 degrees off the view's line.
    replay::Recording r = hops(250);
    for (size_t i = 0; i < r.ticks.size(); ++i)
        r.ticks[i].input.yaw = i < 125 ? 65.0f : 25.0f;
    replay::World world(flatModel());
    replay::EditSession session(std::move(r), world);
    const auto before = session.meters();
    const auto fill = session.strafeFill(1, 250, movement::StrafeSide::Auto);
    ASSERT_TRUE(fill);
    EXPECT_EQ(fill->skipped, 0u);
    const auto after = session.meters();
    size_t left = 0;
    for (size_t i = 0; i < after.size(); ++i) {
        ASSERT_TRUE(before[i].wishAngle && after[i].wishAngle) << i;
        EXPECT_EQ(*after[i].wishAngle >= 0.0, *before[i].wishAngle >= 0.0) << "tick " << i + 1;
        left += *after[i].wishAngle >= 0.0;
    }
    EXPECT_GT(left, 100u);
    EXPECT_LT(left, 150u);
}

TEST(EditSession, SavedEditsReplayBitForBit) {
    replay::World world(flatModel());
    replay::EditSession session(hops(250), world);
    ASSERT_TRUE(session.strafeFill(20, 200, movement::StrafeSide::Left));
    const std::string dir = test::makeTempDir("editsession");
    const std::string path = dir + "/filled.cliprec";
    ASSERT_TRUE(session.save(path));
    auto loaded = replay::loadRecording(path);
    std::remove(path.c_str());
    std::remove(dir.c_str());
    ASSERT_TRUE(loaded) << loaded.error().message;
    ASSERT_TRUE(loaded->hasOrigins());
    const replay::Run run = replay::replay(loaded.value(), loaded->settings, world);
    EXPECT_FALSE(replay::firstMismatch(loaded.value(), run));
    expectSameRun(run.states, session.states());
}

TEST(EditSession, LandingOfTheCurrentJump) {
    replay::World world(flatModel());
    replay::EditSession session(hops(120), world);
    const auto& states = session.states();
    // In the air: the first state on the ground after it.
    size_t air = 1;
    while (states[air].onGround)
        ++air;
    const auto landing = session.landing(air);
    ASSERT_TRUE(landing);
    EXPECT_FALSE(landing->extrapolated);
    EXPECT_TRUE(states[landing->tick].onGround);
    for (size_t i = air; i < landing->tick; ++i)
        EXPECT_FALSE(states[i].onGround) << i;
    // Standing: the next jump's landing.
    const auto next = session.landing(0);
    ASSERT_TRUE(next);
    EXPECT_EQ(next->tick, landing->tick);
    // The last jump leaves the recording in the air: its landing comes from simulating on.
    replay::EditSession cut(hops(120), world);
    size_t k = cut.ticks();
    while (cut.states()[k].onGround)
        --k;
    if (k < cut.ticks()) {
        ASSERT_TRUE(cut.eraseTicks(k + 1, cut.ticks())); // ends in the air now
    }
    ASSERT_FALSE(cut.states().back().onGround);
    const auto late = cut.landing(cut.ticks());
    ASSERT_TRUE(late);
    EXPECT_TRUE(late->extrapolated);
    EXPECT_GT(late->tick, cut.ticks());
    EXPECT_NEAR(late->origin.z, 24.125f, 0.01f);
}
