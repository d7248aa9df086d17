// movement::runSoak: random walkers on the playground and on oa_dm1 never end a tick in solid
// and never leave the world (both presets, curves on); the counters do count (synthetic worlds
// that put the player in solid, out of the world, or hold it still); one walker replays alone.

#include "movement/Soak.h"
#include "collision/Model.h"
#include "fs/FileSystem.h"
#include "stepcorrect/StepCorrect.h"
#include "support/ReferenceTraces.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <optional>

namespace cliplab::test {
namespace {

#ifdef CLIPLAB_SANITIZE_BUILD
constexpr int64_t kSoakTicks = 5000;
#else
constexpr int64_t kSoakTicks = 50000;
#endif

bsp::BspData playground() {
    auto data = loadPlayground();
    EXPECT_TRUE(data.ok()) << (data.ok() ? "" : data.error().message);
    return data.ok() ? std::move(data.value()) : bsp::BspData{};
}

std::string describe(const movement::SoakReport& r) {
    std::string out;
    for (const auto& f : r.failures)
        out += std::string(movement::soakFailureName(f.kind)) + " walker " + std::to_string(f.walker) +
               " tick " + std::to_string(f.tick) + " at " + std::to_string(f.after.origin.x) + " " +
               std::to_string(f.after.origin.y) + " " + std::to_string(f.after.origin.z) + "\n";
    return out;
}

void soakBothPresets(const bsp::BspData& data) {
    const collision::Model model(data);
    const BruteForceJudge judge(data);
    const auto trace = model.traceFunction(robustWithCurves());
    for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
        movement::SoakConfig config;
        ASSERT_TRUE(movement::soakSetupFromMap(data, config).ok());
        config.settings.preset = preset;
        config.ticks = kSoakTicks;
        config.seed = 7;
        config.inSolidJudge = judge.function();
        const auto report = movement::runSoak(config, trace);
        const std::string what = data.name + ", " + movement::presetName(preset);
        EXPECT_EQ(report.ticks, kSoakTicks) << what;
        EXPECT_EQ(report.inSolid, 0) << what << "\n" << describe(report);
        EXPECT_EQ(report.outOfWorld, 0) << what << "\n" << describe(report);
        EXPECT_GT(report.tracesPerTickMean(), 1.0) << what; // the controller does trace
    }
}

TEST(Soak, PlaygroundNeverInSolidNorOutOfTheWorld) {
    const auto data = playground();
    ASSERT_FALSE(data.models.empty());
    soakBothPresets(data);
}

TEST(Soak, OaDm1NeverInSolidNorOutOfTheWorld) {
    ASSERT_FALSE(openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    auto data = loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(data.ok()) << data.error().message;
    soakBothPresets(data.value());
}

TEST(Soak, StepAndCorrectWalkersStayOutOfSolidOnBothMaps) {
    // The discrete method too: at walking speed its steps are far shorter than any wall is thick.
    auto oaDm1 = loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(oaDm1.ok()) << oaDm1.error().message;
    for (const bsp::BspData* data : std::initializer_list<const bsp::BspData*>{&oaDm1.value(), nullptr}) {
        const bsp::BspData map = data ? *data : playground();
        const collision::Model model(map);
        const auto trace = model.traceFunction();
        const collision::CorrectFunction correct = collision::correctFunction(model);
        for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
            movement::SoakConfig config;
            ASSERT_TRUE(movement::soakSetupFromMap(map, config).ok());
            config.settings.preset = preset;
            config.settings.method = movement::Method::StepCorrect;
            config.ticks = kSoakTicks / 2;
            config.seed = 11;
            const std::string what = map.name + ", " + movement::presetName(preset) + ", step-correct";
            EXPECT_EQ(movement::runSoak(config, trace).ticks, 0) << what << ": refused without a correction";
            const auto report = movement::runSoak(config, trace, {}, nullptr, &correct);
            EXPECT_EQ(report.ticks, kSoakTicks / 2) << what;
            EXPECT_EQ(report.inSolid, 0) << what << "\n" << describe(report);
            EXPECT_EQ(report.outOfWorld, 0) << what << "\n" << describe(report);
        }
    }
}

/// Replays walker `walker` of a 16-walker soak with seed 2 (the wide sweep that found the bugs
/// below) on `data` for `ticks` ticks, curves on; the report of that walker alone. The walker must
/// still pass where it failed before the fix: at its tick `failTick` its origin is `failedAt`
/// (within 1 unit), so a change of the soak's inputs cannot quietly turn the replay into a walk
/// elsewhere.
movement::SoakReport replaySeed2(const bsp::BspData& data, movement::Preset preset, int walker, int64_t ticks,
                                 int64_t failTick, const glm::vec3& failedAt) {
    const collision::Model model(data);
    const BruteForceJudge judge(data);
    const collision::TraceOptions options = robustWithCurves();
    movement::SoakConfig config;
    EXPECT_TRUE(movement::soakSetupFromMap(data, config).ok());
    config.inSolidJudge = judge.function();
    config.settings.preset = preset;
    config.seed = 2;
    config.walkers = 16;
    config.onlyWalker = walker;
    config.ticks = ticks;
    std::optional<glm::vec3> origin;
    const auto report =
        movement::runSoak(config, model.traceFunction(options),
                          [&](int, int64_t tick, double, const movement::Input&, const movement::PlayerState&,
                              const movement::PlayerState& state) {
                              if (tick == failTick)
                                  origin = state.origin;
                          });
    EXPECT_EQ(report.ticks, ticks);
    EXPECT_TRUE(origin && glm::distance(*origin, failedAt) < 1.0f)
        << "the replay no longer passes the failure spot: at tick " << failTick << " it is at "
        << (origin ? origin->x : NAN) << " " << (origin ? origin->y : NAN) << " "
        << (origin ? origin->z : NAN);
    return report;
}

TEST(Soak, Czest3ctfWalkerThatWentThroughACornerStaysOut) {
    // The first in-solid tick the soak found (1M ticks on each OpenArena map): walker 5 of seed 2
    // ran through the corner of a wall at its tick 12525, a tree-walk miss in the trace (see
    // TraceReference.NearHalfOfASplitReachesEpsilonBeyond). The same walker, replayed alone.
    ASSERT_FALSE(openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    auto data = loadOpenArenaMap("czest3ctf");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const auto report =
        replaySeed2(data.value(), movement::Preset::Quake3, 5, 12600, 12525, {-112.875f, -273.002f, 24.125f});
    EXPECT_EQ(report.inSolid, 0) << describe(report);
    EXPECT_EQ(report.outOfWorld, 0) << describe(report);
}

TEST(Soak, OaDm6WalkerOnAThinClipBrushStaysOut) {
    // Walker 6 of seed 2 walked onto a 0.125-thick clip brush that q3map lists in one leaf only
    // and ended its tick 8724 touching it (TraceReference.ThinBrushIsInEveryLeafItsBoundsReach).
    ASSERT_FALSE(openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    auto data = loadOpenArenaMap("oa_dm6");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const auto report =
        replaySeed2(data.value(), movement::Preset::Melax, 6, 8800, 8724, {1387.922f, -499.562f, 152.25f});
    EXPECT_EQ(report.inSolid, 0) << describe(report);
}

TEST(Soak, OaMiniaWalkersSlidingAlongACurveStayOut) {
    // OpenArena 0.8.5's oa_minia: walkers slid into a curved wall's collision chord where the
    // leafs they reached did not list the patch (TraceReference.PatchIsInEveryLeafItsCollision-
    // GridReaches). Walker 13 of seed 2 did at its tick 9651 (quake3 preset).
    const std::string base = openArenaBaseDir();
    ASSERT_FALSE(base.empty() || openArenaMapsPk3().empty())
        << "install openarena-data (scripts/test.sh does)";
    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok()) << vfs.error().message;
    ASSERT_TRUE(vfs.value()->mountArchive(openArenaMapsPk3()).ok());
    ASSERT_TRUE(vfs.value()->mountArchive(base + "/pak6-patch085.pk3").ok());
    auto data = world::loadMap("oa_minia", vfs.value().get());
    ASSERT_TRUE(data.ok()) << data.error().message;
    const auto report =
        replaySeed2(data.value(), movement::Preset::Quake3, 13, 9700, 9651, {535.809f, 1003.82f, 24.125f});
    EXPECT_EQ(report.inSolid, 0) << describe(report);
}

/// A config over a synthetic world: one spawn at the origin, bounds +/-1000.
movement::SoakConfig syntheticConfig() {
    movement::SoakConfig config;
    config.spawns = {{glm::vec3(0.0f), 0.0f}};
    config.worldMins = glm::vec3(-1000.0f);
    config.worldMaxs = glm::vec3(1000.0f);
    config.walkers = 3;
    config.ticks = 3000;
    return config;
}

TEST(Soak, CountsTicksInSolid) {
    // Every position test reports solid, sweeps are free: every tick ends in solid.
    const collision::TraceFunction solid = [](const collision::Shape&, const glm::vec3& a, const glm::vec3& b,
                                              int32_t) {
        collision::TraceResult r;
        r.endpos = b;
        r.startSolid = a == b;
        return r;
    };
    auto config = syntheticConfig();
    config.settings.preset = movement::Preset::Quake3; // no push-out of solids in Quake 3's Pmove
    const auto report = movement::runSoak(config, solid);
    EXPECT_EQ(report.inSolid, 3000);
    ASSERT_EQ(report.failures.size(), config.maxReported);
    EXPECT_EQ(report.failures[0].kind, movement::SoakFailureKind::InSolid);
    EXPECT_EQ(report.failures[0].walker, 0);
    EXPECT_EQ(report.failures[1].walker, 1);
}

TEST(Soak, CountsWalkersFallingOutOfTheWorld) {
    // Nothing to stand on: walkers fall until they leave the bounds and are respawned.
    const collision::TraceFunction empty = [](const collision::Shape&, const glm::vec3&, const glm::vec3& b,
                                              int32_t) {
        collision::TraceResult r;
        r.endpos = b;
        return r;
    };
    auto config = syntheticConfig();
    config.worldMins = glm::vec3(-100.0f);
    config.worldMaxs = glm::vec3(100.0f);
    config.worldMargin = 0.0f;
    const auto report = movement::runSoak(config, empty);
    EXPECT_GT(report.outOfWorld, 0);
    EXPECT_EQ(report.inSolid, 0);
    for (const auto& f : report.failures) {
        EXPECT_EQ(f.kind, movement::SoakFailureKind::OutOfWorld);
        EXPECT_LT(f.after.origin.z, -100.0f);
    }
}

TEST(Soak, CountsWalkersThatCannotMove) {
    // Every sweep is blocked at its start by a floor-like plane and position tests are free: the
    // player stands still whatever it asks for, and is stuck after 5 s of pushing.
    const collision::TraceFunction blocked = [](const collision::Shape&, const glm::vec3& a, const glm::vec3&,
                                                int32_t) {
        collision::TraceResult r;
        r.fraction = 0.0f;
        r.endpos = a;
        r.plane.normal = glm::vec3(0.0f, 0.0f, 1.0f);
        r.plane.dist = a.z;
        return r;
    };
    auto config = syntheticConfig();
    config.ticks = 60000;
    const auto report = movement::runSoak(config, blocked);
    EXPECT_GT(report.stuck, 0);
    EXPECT_EQ(report.inSolid, 0);
    EXPECT_EQ(report.outOfWorld, 0);
}

TEST(Soak, OneWalkerReplaysAloneExactlyAsInTheFullRun) {
    const auto data = playground();
    ASSERT_FALSE(data.models.empty());
    const collision::Model model(data);
    const auto trace = model.traceFunction();
    movement::SoakConfig config;
    ASSERT_TRUE(movement::soakSetupFromMap(data, config).ok());
    config.walkers = 4;
    config.ticks = 4000;
    config.seed = 12345;
    std::vector<glm::vec3> full, alone;
    movement::runSoak(config, trace,
                      [&](int walker, int64_t tick, double, const movement::Input&,
                          const movement::PlayerState&, const movement::PlayerState& s) {
                          if (walker == 2) {
                              EXPECT_EQ(tick, static_cast<int64_t>(full.size()));
                              full.push_back(s.origin);
                          }
                      });
    config.onlyWalker = 2;
    config.ticks = 1000;
    movement::runSoak(config, trace,
                      [&](int walker, int64_t, double, const movement::Input&, const movement::PlayerState&,
                          const movement::PlayerState& s) {
                          EXPECT_EQ(walker, 2);
                          alone.push_back(s.origin);
                      });
    ASSERT_EQ(full.size(), 1000u);
    EXPECT_EQ(full, alone);
    // Another seed walks elsewhere.
    config.seed = 12346;
    std::vector<glm::vec3> other;
    movement::runSoak(config, trace,
                      [&](int, int64_t, double, const movement::Input&, const movement::PlayerState&,
                          const movement::PlayerState& s) { other.push_back(s.origin); });
    EXPECT_NE(other, alone);
}

TEST(Soak, RejectsBadConfigs) {
    auto config = syntheticConfig();
    EXPECT_FALSE(movement::validateSoakConfig(config));
    auto bad = config;
    bad.walkers = 0;
    EXPECT_TRUE(movement::validateSoakConfig(bad));
    bad = config;
    bad.onlyWalker = 3;
    EXPECT_TRUE(movement::validateSoakConfig(bad));
    bad = config;
    bad.maxRate = 400.0;
    EXPECT_TRUE(movement::validateSoakConfig(bad));
    bad = config;
    bad.spawns.clear();
    EXPECT_TRUE(movement::validateSoakConfig(bad));
    bad = config;
    bad.settings.mins.z = 40.0f; // above maxs.z: an inverted box would make false in-solid counts
    EXPECT_TRUE(movement::validateSoakConfig(bad));
    bad = config;
    bad.worldMins.x = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(movement::validateSoakConfig(bad));
    EXPECT_EQ(movement::runSoak(bad, {}).ticks, 0); // refused, not run
}

} // namespace
} // namespace cliplab::test
