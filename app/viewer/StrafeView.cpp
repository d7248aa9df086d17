#include "viewer/StrafeView.h"

#include "replay/Replay.h"
#include "viewer/ViewerState.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace cliplab::viewer {

namespace {

/// The HUD of `input` from `state`; with no horizontal key, that of forward + right (as a player
/// starting a strafe holds them) and the view flagged as assumed.
void fillHud(StrafeView& view, const movement::PlayerState& state, movement::Input input, bool withZones) {
    view.hud = replay::strafeHud(state, input, view.settings, view.rate, withZones);
    if (view.hud.model || view.hud.wishOffset || state.mode != movement::Mode::Walk)
        return;
    input.forward = 1.0f;
    input.right = 1.0f;
    view.hud = replay::strafeHud(state, input, view.settings, view.rate, withZones);
    view.assumedKeys = true;
}

/// Ticks in the "last second" summary.
size_t secondTicks(double rate) {
    return std::max<size_t>(1, static_cast<size_t>(std::lround(std::clamp(rate, 1.0, 1000.0))));
}

void fromRecording(StrafeView& view, const ReplayController& r, bool withZones) {
    const replay::Recording& rec = *r.shownRecording();
    const std::span<const movement::PlayerState> states = r.shownStates();
    view.settings = rec.settings.movement;
    view.rate = rec.settings.rate;
    view.replayed = true;
    const size_t ticks = states.size() - 1;
    const size_t t = std::min(r.tick(), ticks);
    // At the run's end no tick follows: the last tick's input stands for it.
    const size_t next = ticks == 0 ? 0 : std::min(t, ticks - 1);
    fillHud(view, states[t], ticks == 0 ? movement::Input{} : replay::inputAt(rec, view.rate, next),
            withZones);
    std::vector<replay::TickMeters> meters;
    for (size_t i = t > secondTicks(view.rate) ? t - secondTicks(view.rate) : 0; i < t; ++i)
        meters.push_back(replay::tickMeters(states[i], replay::inputAt(rec, view.rate, i), states[i + 1],
                                            view.settings, view.rate));
    if (!meters.empty())
        view.last = meters.back();
    view.recent = replay::summarize(meters);
    const auto timings = replay::jumpTimings(states.first(t + 1));
    view.jump = replay::lastJumpTiming(timings, t);
}

void fromLive(StrafeView& view, const ViewerState& st, const movement::Input& keys, bool withZones) {
    const ReplayController& r = st.session.replay();
    view.settings = st.session.effectiveSettings();
    view.rate = st.session.sim().rate();
    fillHud(view, st.session.player(), keys, withZones);
    const auto& meters = r.liveMeters();
    if (meters.empty() || r.historyRate() != view.rate)
        return;
    view.last = meters.back();
    const size_t n = std::min(meters.size(), secondTicks(view.rate));
    const std::vector<replay::TickMeters> recent(meters.end() - static_cast<std::ptrdiff_t>(n), meters.end());
    view.recent = replay::summarize(recent);
    const std::vector<movement::PlayerState> states(r.history().begin(), r.history().end());
    const auto timings = replay::jumpTimings(states);
    if (!states.empty())
        view.jump = replay::lastJumpTiming(timings, states.size() - 1);
}

} // namespace

bool strafeHudWanted(const ViewerState& state) {
    const ReplayController& r = state.session.replay();
    const bool replayed = r.shownRecording() != nullptr;
    const movement::Preset preset =
        replayed ? r.shownRecording()->settings.movement.preset : state.session.movement().preset;
    const movement::PlayerState& shown = state.session.player(); // playback puts the player on the run
    if (shown.mode != movement::Mode::Walk)
        return false;
    switch (state.view.values().strafeHud) {
    case StrafeHudMode::Off:
        return false;
    case StrafeHudMode::On:
        return true;
    case StrafeHudMode::Auto:
        return preset == movement::Preset::Quake3;
    }
    return false;
}

StrafeView strafeView(const ViewerState& state, const movement::Input& liveKeys, bool withZones) {
    StrafeView view;
    const ReplayController& r = state.session.replay();
    if (r.shownRecording() && !r.shownStates().empty())
        fromRecording(view, r, withZones);
    else
        fromLive(view, state, liveKeys, withZones);
    return view;
}

} // namespace cliplab::viewer
