// Step-and-correct as a movement method on the compiled playground (assets/maps/playground.map):
// the thin-wall station shows its known failure, the half-thickness rule. For the player box
// (30 wide, 56 tall) the correction pushes out along the least penetrated side, so a step that
// carries the box more than half-way through the wall grown by the box (thickness t + 30 across a
// wall, t + 56 across a floor) comes out on the far side: a single step of length s passes a wall
// when t + 30 < 2 * (s - margin), i.e. with s = 16 walls thinner than 1.75 units. Swept traces
// never pass any wall.

#include "bsp/Entities.h"
#include "collision/Model.h"
#include "movement/Movement.h"
#include "stepcorrect/StepCorrect.h"
#include "support/RandomInput.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <map>

namespace cliplab::test {
namespace {

constexpr double kRate = 125.0;

class StepCorrectPlayground : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        auto data = loadPlayground();
        ASSERT_TRUE(data.ok()) << data.error().message;
        s_data = new bsp::BspData(std::move(data.value()));
        s_model = new collision::Model(*s_data);
    }
    static void TearDownTestSuite() {
        delete s_model;
        delete s_data;
        s_model = nullptr;
        s_data = nullptr;
    }

    /// Origin of the station named `name` (its target_position).
    static glm::vec3 station(const std::string& name) {
        auto entities = bsp::parseEntities(s_data->entities, "playground");
        EXPECT_TRUE(entities.ok());
        for (const auto& e : entities.value())
            if (e.classname() == "target_position" && e.get("message") && *e.get("message") == name)
                return e.vec3("origin").value_or(glm::vec3(0.0f));
        ADD_FAILURE() << "no station '" << name << "'";
        return glm::vec3(0.0f);
    }

    /// Where a ray from `from` along `dir` (unit) meets the first solid surface: on the hit plane,
    /// not where the trace stopped (its epsilon short). Fails when it hits nothing.
    static glm::vec3 hit(const glm::vec3& from, const glm::vec3& dir) {
        const auto r = s_model->trace(collision::Shape::ray(), from, from + 512.0f * dir,
                                      bsp::contents::Solid, {}, nullptr);
        EXPECT_LT(r.fraction, 1.0f);
        const float along = (r.plane.dist - glm::dot(r.plane.normal, from)) / glm::dot(r.plane.normal, dir);
        return from + along * dir;
    }

    /// Runs `ticks` ticks without input from `start`.
    static movement::PlayerState coast(movement::PlayerState p, const movement::Settings& s, int ticks) {
        const auto trace = s_model->traceFunction();
        const auto correct = collision::correctFunction(*s_model);
        for (int i = 0; i < ticks; ++i)
            p = movement::move(p, movement::Input{}, 1.0 / kRate, s, trace, nullptr, &correct);
        return p;
    }

    static inline bsp::BspData* s_data = nullptr;
    static inline collision::Model* s_model = nullptr;
};

/// A shove: no friction or control, so each tick moves exactly velocity / rate.
movement::Settings shoved(movement::Method method, float stepLength) {
    movement::Settings s;
    s.method = method;
    s.stepLength = stepLength;
    s.friction = 0.0f;
    s.accelerate = 0.0f;
    return s;
}

TEST_F(StepCorrectPlayground, ThinWallsArePassedWithLongStepsOnly) {
    // The player stands touching each thin wall (as far as a correction leaves it, the margin)
    // and is shoved into it at 16 units per tick: one 16-unit step per tick with stepLength 16.
    const float margin = collision::StepCorrectOptions{}.margin;
    for (int t : {1, 2, 4}) {
        const glm::vec3 at = station("thin wall: " + std::to_string(t) + " thick");
        const glm::vec3 front = hit(at + glm::vec3(0, 0, 40), {0, 1, 0});
        const float wallFar = front.y + float(t);
        ASSERT_FALSE(s_model
                         ->trace(collision::Shape::ray(), {at.x, wallFar + 0.5f, 40.0f},
                                 {at.x, wallFar + 0.5f, 40.0f}, bsp::contents::Solid)
                         .startSolid)
            << "the wall is " << t << " thick";
        movement::PlayerState start;
        start.origin = glm::vec3(at.x, front.y - 15.0f - margin, 24.0f + margin);
        start.velocity = glm::vec3(0.0f, 16.0f * float(kRate), 0.0f);
        for (auto [method, length] :
             {std::pair{movement::Method::StepCorrect, 16.0f}, std::pair{movement::Method::StepCorrect, 1.0f},
              std::pair{movement::Method::Swept, 16.0f}}) {
            for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
                movement::Settings s = shoved(method, length);
                s.preset = preset;
                const auto end = coast(start, s, 20);
                const bool through = end.origin.y - 15.0f > wallFar;
                const bool expected = method == movement::Method::StepCorrect && length == 16.0f &&
                                      float(t) + 30.0f < 2.0f * (length - margin);
                EXPECT_EQ(through, expected)
                    << t << " thick, " << movement::methodName(method) << " step " << length << ", "
                    << movement::presetName(preset) << ": ended at y " << end.origin.y;
                if (!through) {
                    EXPECT_LE(end.origin.y + 15.0f, front.y); // stopped in front of it
                }
            }
        }
    }
}

TEST_F(StepCorrectPlayground, TheThinFloorIsFallenThroughWithLongStepsOnly) {
    // The 1-unit floor over the pit: grown by the 56-unit box it is 57 thick, so one step longer
    // than 28.5 + margin passes it. Falling at about 31.9 units per tick from half a unit above it:
    // stepLength 32 takes it in one step (through), stepLength 1 in 32 (lands).
    const glm::vec3 at = station("thin floor over a pit: 1 thick");
    const glm::vec3 above(at.x, at.y + 96.0f, 64.0f);
    const glm::vec3 top = hit(above, {0, 0, -1});
    ASSERT_NEAR(top.z, 0.0f, 1e-3f);
    const glm::vec3 below = hit(top - glm::vec3(0, 0, 2), {0, 0, -1});
    ASSERT_LT(below.z, -100.0f) << "the pit under the thin floor";
    movement::PlayerState start;
    start.origin = glm::vec3(above.x, above.y, top.z + 24.0f + 0.5f); // above the ground probe
    start.velocity = glm::vec3(0.0f, 0.0f, -3990.0f);
    for (auto [method, length] :
         {std::pair{movement::Method::StepCorrect, 32.0f}, std::pair{movement::Method::StepCorrect, 1.0f},
          std::pair{movement::Method::Swept, 32.0f}}) {
        const auto end = coast(start, shoved(method, length), 30);
        const bool through = end.origin.z + 32.0f < top.z - 1.0f;
        EXPECT_EQ(through, method == movement::Method::StepCorrect && length == 32.0f)
            << movement::methodName(method) << " step " << length << ": ended at z " << end.origin.z;
        if (!through) {
            EXPECT_NEAR(end.origin.z - 24.0f, top.z, 0.5f);
            EXPECT_TRUE(end.onGround);
        }
    }
}

TEST_F(StepCorrectPlayground, ClimbsStairsWalksAndNeverEndsATickInSolid) {
#ifdef CLIPLAB_SANITIZE_BUILD
    const int kTicks = 1500;
#else
    const int kTicks = 6000;
#endif
    const auto starts = spawnStarts(*s_data);
    ASSERT_FALSE(starts.empty());
    const auto trace = s_model->traceFunction();
    const auto correct = collision::correctFunction(*s_model);
    const auto inSolid = [&](const collision::Shape& shape, const glm::vec3& at) {
        return s_model->trace(shape, at, at, bsp::contents::MaskPlayerSolid).startSolid;
    };
    RandomWalkPlan plan;
    plan.ticks = kTicks;
    plan.restartEvery = 1500;
    plan.seed = 7;
    plan.rate = kRate;
    for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
        movement::Settings s;
        s.preset = preset;
        s.method = movement::Method::StepCorrect;
        const auto c = randomWalk(starts, s, trace, inSolid, plan, &correct);
        EXPECT_EQ(c.solid, 0) << movement::presetName(preset);
        EXPECT_EQ(c.stuck, 0) << movement::presetName(preset);
        EXPECT_GT(c.grounded, kTicks / 2) << movement::presetName(preset);
    }
    // Stairs: walking up the rise-16 stairs from their station climbs them.
    for (auto preset : {movement::Preset::Melax, movement::Preset::Quake3}) {
        movement::Settings s;
        s.preset = preset;
        s.method = movement::Method::StepCorrect;
        movement::PlayerState p;
        const glm::vec3 at = station("stairs: rise 16");
        p.origin = at + glm::vec3(0.0f, 0.0f, 9.0f);
        movement::Input forward;
        forward.forward = 1.0f;
        forward.yaw = 90.0f; // +Y, into the row
        float highest = p.origin.z;
        for (int i = 0; i < 150; ++i) {
            p = movement::move(p, forward, 1.0 / kRate, s, trace, nullptr, &correct);
            highest = std::max(highest, p.origin.z);
        }
        EXPECT_GT(highest, at.z + 9.0f + 40.0f) << movement::presetName(preset) << " did not climb: at "
                                                << p.origin.x << " " << p.origin.y << " " << p.origin.z;
    }
}

} // namespace
} // namespace cliplab::test

namespace cliplab {
namespace {

// The step length has one default and one range (stepcorrect/Correction.h): the controller's
// settings and step-and-correct's own options agree on both, NaN included.
TEST(StepLength, ControllerAndStepCorrectShareDefaultAndRange) {
    EXPECT_EQ(movement::Settings{}.stepLength, collision::kDefaultStepLength);
    EXPECT_EQ(collision::StepCorrectOptions{}.stepLength, collision::kDefaultStepLength);
    for (float asked : {-5.0f, 0.0f, 1e-6f, 0.5f, 8.0f, 123.25f, 5e4f, 1e30f, std::nanf("")}) {
        movement::Settings s;
        s.stepLength = asked;
        collision::StepCorrectOptions o;
        o.stepLength = asked;
        const float controller = movement::sanitize(s).stepLength;
        const float stepper = collision::clampStepCorrectOptions(o).stepLength;
        EXPECT_EQ(controller, stepper) << "asked " << asked;
        EXPECT_GE(controller, collision::kMinStepLength);
        EXPECT_LE(controller, collision::kMaxStepLength);
    }
}

} // namespace
} // namespace cliplab
