#include "demo/DemoPlayers.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace cliplab::demo {

movement::PlayerState controllerState(const PlayerSample& s) {
    movement::PlayerState state;
    state.origin = s.origin;
    state.velocity = s.velocity;
    state.mode = movement::Mode::Walk;
    state.onGround = s.onGround;
    state.crouched = s.ducked;
    state.time = double(s.stateTime) / 1000.0;
    return state;
}

std::vector<PlayerRun> playerRuns(const Demo& demo, int32_t client) {
    std::vector<PlayerRun> runs;
    const PlayerSample* previous = nullptr;
    for (size_t i = 0; i < demo.snapshots.size(); ++i) {
        const PlayerSample* s = demo.snapshots[i].find(client);
        if (!s || s->type != PlayerType::Normal) {
            previous = nullptr;
            continue;
        }
        if (!previous || previous->teleportBit != s->teleportBit)
            runs.emplace_back();
        runs.back().snapshots.push_back(i);
        runs.back().states.push_back(controllerState(*s));
        previous = s;
    }
    return runs;
}

PlayerSummary summarizePlayer(const Demo& demo, int32_t client) {
    PlayerSummary out;
    out.client = client;
    for (const Snapshot& snap : demo.snapshots) {
        const PlayerSample* s = snap.find(client);
        if (!s)
            continue;
        ++out.samples;
        out.playerStateSamples += s->source == StateSource::PlayerState ? 1 : 0;
        if (s->type != PlayerType::Normal)
            continue;
        ++out.alive;
        out.topSpeed = std::max(out.topSpeed, std::hypot(s->velocity.x, s->velocity.y));
    }
    for (const PlayerRun& run : playerRuns(demo, client)) {
        for (size_t i = 1; i < run.states.size(); ++i)
            out.distance += double(glm::length(run.states[i].origin - run.states[i - 1].origin));
        for (const replay::Jump& j : replay::findJumpsTimed(run.states))
            out.jumps.push_back({j, run.snapshots[j.takeoffTick], run.snapshots[j.landingTick]});
    }
    return out;
}

} // namespace cliplab::demo
