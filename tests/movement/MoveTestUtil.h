#pragma once
/// \file MoveTestUtil.h
/// Running the controller for a while in a test world.

#include "collision/Model.h"
#include "mapc/Compiler.h"
#include "movement/AnalyticWorld.h"
#include "movement/Movement.h"

#include <gtest/gtest.h>

#include <functional>
#include <memory>

namespace cliplab::test {

/// A test world: the analytic tracer over the builder's brushes, or the same brushes compiled by
/// mapc into a real map and traced by collision::Model (the compiled fixture maps).
class World {
public:
    World(const AnalyticWorld& brushes, bool compiled) : m_analytic(brushes) {
        if (!compiled)
            return;
        auto data = mapc::compileMap(brushes.mapText(), "fixture.map");
        EXPECT_TRUE(data.ok()) << (data.ok() ? "" : data.error().message);
        if (!data.ok())
            return;
        m_data = std::make_shared<bsp::BspData>(std::move(data.value()));
        m_model = std::make_shared<collision::Model>(*m_data);
    }
    collision::TraceFunction function() const {
        return m_model ? m_model->traceFunction() : m_analytic.function();
    }
    bool inSolid(const collision::Shape& shape, const glm::vec3& origin) const {
        if (m_model)
            return m_model->trace(shape, origin, origin, bsp::contents::MaskPlayerSolid).startSolid;
        return m_analytic.inSolid(shape, origin);
    }
    bool compiled() const { return m_model != nullptr; }

private:
    AnalyticWorld m_analytic;
    std::shared_ptr<bsp::BspData> m_data;
    std::shared_ptr<collision::Model> m_model;
};

/// Runs `seconds` of ticks at `rate` Hz; `onTick(state, tickIndex)` after every tick may return
/// false to stop early. Returns the last state.
inline movement::PlayerState
runFor(const World& world, const movement::Settings& settings, movement::PlayerState state,
       const movement::Input& input, double seconds, double rate,
       const std::function<bool(const movement::PlayerState&, int)>& onTick = {}) {
    const auto trace = world.function();
    const int ticks = static_cast<int>(seconds * rate + 0.5);
    for (int i = 0; i < ticks; ++i) {
        state = movement::move(state, input, 1.0 / rate, settings, trace);
        if (onTick && !onTick(state, i))
            break;
    }
    return state;
}

/// A player standing on a floor whose top is at `floorZ`, at rest (the trace keeps 0.125 away).
inline movement::PlayerState standingAt(float x, float y, float floorZ) {
    movement::PlayerState s;
    s.origin = {x, y, floorZ + 24.125f};
    return s;
}

inline movement::Input forwardInput(float yaw) {
    movement::Input in;
    in.forward = 1.0f;
    in.yaw = yaw;
    return in;
}

} // namespace cliplab::test
