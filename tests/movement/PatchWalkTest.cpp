// Patches in a map compiled by mapc from .map text (patchDef2): a ramp up to a platform and an
// arch over the floor. The box rests on them at the heights the facets give, the player walks up
// the ramp at 30-250 Hz with curves on (and cannot with curves off), and long random walks with
// curves on (this fixture, and the playground map with its two patches) never end a tick inside
// solid.

#include "bsp/Entities.h"
#include "collision/Model.h"
#include "mapc/Compiler.h"
#include "mapc/MapTestUtil.h"
#include "movement/Movement.h"

#include "support/RandomInput.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <random>
#include <string>

namespace cliplab::test {
namespace {

constexpr float kRampRise = 96.0f; // the ramp climbs from z 0 at x 0 to z 96 at x 256
constexpr float kRampRun = 256.0f;
constexpr float kSlope = kRampRise / kRampRun;

/// A patchDef2 block of a 3x3 control grid; `at(i, j)` gives point i of line j as written.
template <typename At> std::string patch3(At at) {
    std::string out = "{\npatchDef2\n{\nbase/curve\n( 3 3 0 0 0 )\n(\n";
    for (int j = 0; j < 3; ++j) {
        out += "( ";
        for (int i = 0; i < 3; ++i) {
            const glm::vec3 p = at(i, j);
            out += "( " + std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.z) +
                   " 0 0 ) ";
        }
        out += ")\n";
    }
    return out + ")\n}\n}\n";
}

/// The fixture: a walled floor, the ramp (x 0..256, y -128..128) onto a platform (x 256..1024), a
/// solid wedge 40 units under the ramp (too low a gap for the player, even crouched; without the
/// patch the ramp is a slope ending 40 units short of the platform's top), and an arch (x -512..-256, apex 64
/// at x -384) whose open ends are closed by walls so nobody gets underneath.
std::string fixtureMap() {
    std::string brushes;
    brushes += boxBrush({-1024, -1024, -64}, {1024, 1024, 0});
    brushes += boxBrush({-1088, -1088, -64}, {-1024, 1088, 256});
    brushes += boxBrush({1024, -1088, -64}, {1088, 1088, 256});
    brushes += boxBrush({-1024, -1088, -64}, {1024, -1024, 256});
    brushes += boxBrush({-1024, 1024, -64}, {1024, 1088, 256});
    brushes += boxBrush({256, -128, 0}, {1024, 128, kRampRise});
    const double len = std::sqrt(1.0 + double(kSlope) * kSlope);
    brushes += planesBrush({{{0, 0, -1}, 0.0},
                            {{-1, 0, 0}, 0.0},
                            {{1, 0, 0}, kRampRun},
                            {{0, -1, 0}, 128.0},
                            {{0, 1, 0}, 128.0},
                            {{-kSlope / len, 0, 1 / len}, -40.0 / len}});
    brushes += boxBrush({-512, 128, 0}, {-256, 160, 80});
    brushes += boxBrush({-512, -160, 0}, {-256, -128, 80});
    // Lines of the ramp run along y at x 0, 128, 256; the arch's along y at x -512, -384, -256.
    const std::string ramp = patch3([](int i, int j) {
        return glm::vec3(128.0f * float(j), -128.0f + 128.0f * float(i), kSlope * 128.0f * float(j));
    });
    const std::string arch = patch3([](int i, int j) {
        return glm::vec3(-512.0f + 128.0f * float(j), -128.0f + 128.0f * float(i), j == 1 ? 128.0f : 0.0f);
    });
    return mapText(brushes + ramp + arch);
}

struct Fixture {
    std::shared_ptr<bsp::BspData> data;
    std::shared_ptr<collision::Model> model;
};

Fixture compiled() {
    Fixture f;
    auto data = mapc::compileMap(fixtureMap(), "patches.map");
    EXPECT_TRUE(data.ok()) << (data.ok() ? "" : data.error().message);
    if (!data.ok())
        return f;
    f.data = std::make_shared<bsp::BspData>(std::move(data.value()));
    f.model = std::make_shared<collision::Model>(*f.data);
    return f;
}

collision::TraceOptions curves(bool on) {
    collision::TraceOptions o;
    o.curves = on;
    return o;
}

const collision::Shape kPlayer = collision::Shape::box({-15, -15, -24}, {15, 15, 32});
constexpr int32_t kMask = bsp::contents::MaskPlayerSolid;

/// The compiled fixture, built once for all tests (immutable afterwards).
const Fixture& fixture() {
    static const Fixture f = compiled();
    return f;
}

// Facets collide from their front only, and which side is the front follows the order of the
// control points, as in the game: the patches as written here (lines along y, listed with x
// increasing) face up once compiled by mapc.
TEST(PatchFixture, CompiledPatchesBuildAndFaceUp) {
    const Fixture& f = fixture();
    ASSERT_TRUE(f.model);
    EXPECT_TRUE(f.model->warnings().empty());
    ASSERT_EQ(f.model->patches().size(), 2u);
    const auto r = f.model->trace(collision::Shape::ray(), {128, 0, 300}, {128, 0, -10}, kMask, curves(true));
    ASSERT_GE(r.surface, 0);
    EXPECT_NEAR(r.endpos.z, kSlope * 128.0f + 0.125f / (1.0f / std::sqrt(1.0f + kSlope * kSlope)), 1e-3f);
}

TEST(PatchFixture, BoxRestsOnTheRampAndOnTheArch) {
    const Fixture& f = fixture();
    ASSERT_TRUE(f.model);
    const float nz = 1.0f / std::sqrt(1.0f + kSlope * kSlope);
    for (float x : {40.0f, 128.0f, 200.0f}) {
        const auto r = f.model->trace(kPlayer, {x, 0, 300}, {x, 0, -10}, kMask, curves(true));
        ASSERT_GE(r.surface, 0) << x;
        // The box's bottom edge at x + 15 touches the slope; the epsilon is kept along the normal.
        EXPECT_NEAR(r.endpos.z, kSlope * (x + 15.0f) + 24.0f + 0.125f / nz, 1e-2f) << x;
        // Curves off: the wedge 40 units lower.
        const auto off = f.model->trace(kPlayer, {x, 0, 300}, {x, 0, -10}, kMask, curves(false));
        EXPECT_LT(off.endpos.z, r.endpos.z - 20.0f) << x;
    }
    // The arch's apex is a grid point (subdivision midpoints lie on the curve).
    const auto apex = f.model->trace(kPlayer, {-384, 0, 300}, {-384, 0, -10}, kMask, curves(true));
    ASSERT_GE(apex.surface, 0);
    EXPECT_NEAR(apex.endpos.z, 64.0f + 24.125f, 1e-2f);
    for (float x : {-460.0f, -420.0f, -350.0f, -300.0f}) {
        const auto r = f.model->trace(kPlayer, {x, 0, 300}, {x, 0, -10}, kMask, curves(true));
        float top = 0.0f; // highest curve point under the box footprint
        for (float u = x - 15.0f; u <= x + 15.0f; u += 0.25f) {
            const float t = (u + 512.0f) / 256.0f;
            if (t >= 0.0f && t <= 1.0f)
                top = std::max(top, 256.0f * t * (1.0f - t));
        }
        EXPECT_LE(r.endpos.z - 24.0f, top + 0.125f + 1e-2f) << x;
        EXPECT_GE(r.endpos.z - 24.0f, top - 16.0f) << x; // the subdivision tolerance
    }
}

class PatchRamp : public ::testing::TestWithParam<std::tuple<double, movement::Preset>> {};

TEST_P(PatchRamp, WalksUpTheRampOntoThePlatform) {
    // Not a structured binding: the lambda below captures the rate, which clang 14 does not allow
    // of a binding.
    const double rate = std::get<0>(GetParam());
    const Fixture& f = fixture();
    ASSERT_TRUE(f.model);
    movement::Settings s;
    s.preset = std::get<1>(GetParam());
    movement::Input in;
    in.forward = 1.0f;
    in.yaw = 0.0f;
    auto walk = [&](bool on, bool& everSolid) {
        const auto trace = f.model->traceFunction(curves(on));
        movement::PlayerState p;
        p.origin = {-100, 0, 24.125f};
        everSolid = false;
        const int ticks = static_cast<int>(3.0 * rate + 0.5);
        for (int i = 0; i < ticks; ++i) {
            p = movement::move(p, in, 1.0 / rate, s, trace);
            everSolid =
                everSolid || f.model->trace(kPlayer, p.origin, p.origin, kMask, curves(on)).startSolid;
        }
        return p;
    };
    bool solid = false;
    const auto up = walk(true, solid);
    EXPECT_GT(up.origin.x, kRampRun + 15.0f) << rate << " Hz";
    EXPECT_FALSE(solid);
    // Let go of the keys: the player comes to rest standing on the platform. Standing means on
    // the ground by the ground check (0.25 down), not snapped: the quake3 preset, like the game,
    // keeps whatever height within that band a landing ended at.
    movement::PlayerState rest = up;
    const auto trace = f.model->traceFunction(curves(true));
    for (int i = 0; i < static_cast<int>(rate); ++i)
        rest = movement::move(rest, movement::Input{}, 1.0 / rate, s, trace);
    EXPECT_TRUE(rest.onGround) << rate << " Hz";
    EXPECT_GE(rest.origin.z, kRampRise + 24.125f - 0.01f) << rate << " Hz";
    EXPECT_LE(rest.origin.z, kRampRise + 24.125f + 0.25f) << rate << " Hz";
    // Without curve collision the ramp is the wedge, 40 units short of the platform: blocked.
    const auto blocked = walk(false, solid);
    EXPECT_LT(blocked.origin.x, kRampRun) << rate << " Hz";
}

INSTANTIATE_TEST_SUITE_P(Rates, PatchRamp,
                         ::testing::Combine(::testing::Values(30.0, 60.0, 125.0, 250.0),
                                            ::testing::Values(movement::Preset::Melax,
                                                              movement::Preset::Quake3)),
                         [](const auto& p) {
                             return std::to_string(static_cast<int>(std::get<0>(p.param))) + "Hz_" +
                                    movement::presetName(std::get<1>(p.param));
                         });

TEST(PatchFixture, RandomWalkWithCurvesNeverEndsATickInSolid) {
#ifdef CLIPLAB_SANITIZE_BUILD
    const int kTicks = 5000;
#else
    const int kTicks = 100000;
#endif
    const Fixture& f = fixture();
    ASSERT_TRUE(f.model);
    const auto trace = f.model->traceFunction(curves(true));
    const std::vector<glm::vec3> starts = {
        {-100, 0, 40}, {-384, 0, 120}, {128, 0, 120}, {384, 0, 130}, {600, 600, 40}};
    const auto inSolid = [&](const collision::Shape& shape, const glm::vec3& at) {
        return f.model->trace(shape, at, at, bsp::contents::MaskPlayerSolid, curves(true)).startSolid;
    };
    RandomWalkPlan plan;
    plan.ticks = kTicks;
    plan.restartEvery = 2000;
    plan.seed = 7;
    for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
        movement::Settings s;
        s.preset = preset;
        int onPatch = 0;
        const auto c =
            randomWalk(starts, s, trace, inSolid, plan, nullptr, [&](const movement::PlayerState& p) {
                const auto shape = movement::playerShape(s, p.crouched);
                onPatch += f.model
                               ->trace(shape, p.origin, p.origin - glm::vec3(0, 0, 0.25f), s.contentsMask,
                                       curves(true))
                               .surface >= 0;
            });
        EXPECT_EQ(c.solid, 0) << movement::presetName(preset);
        EXPECT_EQ(c.stuck, 0) << movement::presetName(preset);
        EXPECT_GT(onPatch, kTicks / 50)
            << movement::presetName(preset) << ": the walk really stands on the patches";
    }
}

TEST(PatchPlayground, RandomWalkWithCurvesOnNeverEndsATickInSolid) {
#ifdef CLIPLAB_SANITIZE_BUILD
    const int kTicks = 5000;
#else
    const int kTicks = 100000;
#endif
    auto data = loadPlayground();
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    ASSERT_FALSE(model.patches().empty());
    const auto starts = spawnStarts(data.value());
    ASSERT_FALSE(starts.empty());
    const auto inSolid = [&](const collision::Shape& shape, const glm::vec3& at) {
        return model.trace(shape, at, at, bsp::contents::MaskPlayerSolid, curves(true)).startSolid;
    };
    RandomWalkPlan plan;
    plan.ticks = kTicks;
    plan.seed = 99;
    for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
        movement::Settings s;
        s.preset = preset;
        const auto c = randomWalk(starts, s, model.traceFunction(curves(true)), inSolid, plan);
        EXPECT_EQ(c.solid, 0) << movement::presetName(preset);
        EXPECT_EQ(c.stuck, 0) << movement::presetName(preset);
    }
}

} // namespace
} // namespace cliplab::test
