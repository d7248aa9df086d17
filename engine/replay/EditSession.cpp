// The run editor's model (EditSession.h). Every change replaces a slice of the ticks and simulates
// again from its first tick only: the states before it are kept, and movement::move depends on
// nothing but the state it starts from, so the run is the one a replay from the start would give
// (the tests compare the two bit for bit).

#include "replay/EditSession.h"

#include "movement/Simulation.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace cliplab::replay {

namespace {

core::Error rangeError(size_t first, size_t last, size_t ticks) {
    return core::makeError("ticks " + std::to_string(first) + ".." + std::to_string(last) +
                           ": expected a range within 1.." + std::to_string(ticks));
}

std::optional<std::string> checkMove(const std::optional<float>& value, const char* name) {
    if (value && !(*value >= -1.0f && *value <= 1.0f))
        return std::string(name) + " must be in [-1, 1], got " + std::to_string(*value);
    return std::nullopt;
}

std::optional<std::string> checkEdit(const InputEdit& e) {
    for (const auto& [value, name] : {std::pair{e.forward, "forward"}, {e.right, "right"}, {e.up, "up"}})
        if (auto error = checkMove(value, name))
            return error;
    for (const auto& [value, name] : {std::pair{e.yaw, "yaw"}, {e.pitch, "pitch"}})
        if (value && !(std::fabs(*value) <= kMaxEditAngle))
            return std::string(name) + " must be finite, within +/-1e6 degrees";
    if (!(std::fabs(e.turnYaw) <= 360.0f) || !(std::fabs(e.turnPitch) <= 360.0f))
        return std::string("a turn must be finite, within +/-360 degrees");
    return std::nullopt;
}

movement::Input edited(movement::Input in, const InputEdit& e) {
    in.forward = e.forward.value_or(in.forward);
    in.right = e.right.value_or(in.right);
    in.up = e.up.value_or(in.up);
    in.jump = e.jump.value_or(in.jump);
    in.crouch = e.crouch.value_or(in.crouch);
    in.yaw = e.yaw.value_or(in.yaw) + e.turnYaw;
    in.pitch = e.pitch.value_or(in.pitch) + e.turnPitch;
    return in;
}

InputEdit wholeInput(const movement::Input& in) {
    InputEdit e;
    e.forward = in.forward;
    e.right = in.right;
    e.up = in.up;
    e.jump = in.jump;
    e.crouch = in.crouch;
    e.yaw = in.yaw;
    e.pitch = in.pitch;
    return e;
}

} // namespace

EditSession::EditSession(Recording recording, World& world)
    : m_recording(std::move(recording)), m_world(world) {
    resimulate(0);
    m_original = m_states;
}

core::Status EditSession::checkRange(size_t first, size_t last) const {
    if (first < 1 || first > last || last > ticks())
        return rangeError(first, last, ticks());
    return core::Ok{};
}

void EditSession::resimulate(size_t first) {
    const size_t n = ticks();
    first = std::min(first, n);
    m_states.resize(first + 1);
    if (first == 0)
        m_states[0] = m_recording.start;
    replayRange(m_recording, m_recording.settings, m_world, m_states[first], first, n - first, m_states);
    for (size_t i = first; i < n && i + 1 < m_states.size(); ++i)
        m_recording.ticks[i].origin = m_states[i + 1].origin;
    m_lastResimulated = n - first;
}

void EditSession::apply(const Change& change, bool forward) {
    const std::vector<Tick>& out = forward ? change.before : change.after;
    const std::vector<Tick>& in = forward ? change.after : change.before;
    auto& ticks = m_recording.ticks;
    const auto at = ticks.begin() + static_cast<std::ptrdiff_t>(change.first);
    ticks.erase(at, at + static_cast<std::ptrdiff_t>(out.size()));
    ticks.insert(ticks.begin() + static_cast<std::ptrdiff_t>(change.first), in.begin(), in.end());
    m_bookmarks = forward ? change.bookmarksAfter : change.bookmarksBefore;
    resimulate(change.first);
}

void EditSession::commit(Change change) {
    apply(change, true);
    m_undo.push_back(std::move(change));
    if (m_undo.size() > kMaxUndo)
        m_undo.erase(m_undo.begin());
    m_redo.clear();
}

core::Status EditSession::editInputs(size_t first, size_t last, const InputEdit& edit) {
    if (auto ok = checkRange(first, last); !ok)
        return ok;
    if (auto error = checkEdit(edit))
        return core::makeError(*error);
    Change c;
    c.first = first - 1;
    c.before.assign(m_recording.ticks.begin() + static_cast<std::ptrdiff_t>(first - 1),
                    m_recording.ticks.begin() + static_cast<std::ptrdiff_t>(last));
    c.after = c.before;
    for (Tick& t : c.after)
        t.input = edited(t.input, edit);
    c.bookmarksBefore = c.bookmarksAfter = m_bookmarks;
    commit(std::move(c));
    return core::Ok{};
}

core::Status EditSession::setInput(size_t tick, const movement::Input& input) {
    return editInputs(tick, tick, wholeInput(input));
}

core::Status EditSession::insertTicks(size_t at, size_t count, const movement::Input& input) {
    if (at < 1 || at > ticks() + 1)
        return core::makeError("insert before tick " + std::to_string(at) + ": expected 1.." +
                               std::to_string(ticks() + 1));
    if (count < 1 || ticks() + count > size_t(kMaxTicks))
        return core::makeError("insert " + std::to_string(count) + " ticks: a recording holds 1.." +
                               std::to_string(kMaxTicks));
    if (auto error = checkEdit(wholeInput(input)))
        return core::makeError(*error);
    Change c;
    c.first = at - 1;
    c.after.assign(count, Tick{input, std::nullopt});
    c.bookmarksBefore = c.bookmarksAfter = m_bookmarks;
    for (Bookmark& b : c.bookmarksAfter)
        if (b.tick >= at)
            b.tick += count;
    commit(std::move(c));
    return core::Ok{};
}

core::Status EditSession::eraseTicks(size_t first, size_t last) {
    if (auto ok = checkRange(first, last); !ok)
        return ok;
    if (last - first + 1 >= ticks())
        return core::makeError("erasing ticks " + std::to_string(first) + ".." + std::to_string(last) +
                               " would leave none");
    Change c;
    c.first = first - 1;
    c.before.assign(m_recording.ticks.begin() + static_cast<std::ptrdiff_t>(first - 1),
                    m_recording.ticks.begin() + static_cast<std::ptrdiff_t>(last));
    c.bookmarksBefore = m_bookmarks;
    const size_t count = last - first + 1;
    for (const Bookmark& b : m_bookmarks) {
        if (b.tick < first)
            c.bookmarksAfter.push_back(b);
        else if (b.tick > last)
            c.bookmarksAfter.push_back(Bookmark{b.tick - count, b.name});
    }
    commit(std::move(c));
    return core::Ok{};
}

core::Result<FillResult> EditSession::strafeFill(size_t first, size_t last, movement::StrafeSide side,
                                                 FillAim aim) {
    if (auto ok = checkRange(first, last); !ok)
        return ok.error();
    Change c;
    c.first = first - 1;
    auto& ticks = m_recording.ticks;
    c.before.assign(ticks.begin() + static_cast<std::ptrdiff_t>(first - 1),
                    ticks.begin() + static_cast<std::ptrdiff_t>(last));
    c.bookmarksBefore = c.bookmarksAfter = m_bookmarks;
    // Auto keeps the side the run strafed to at each tick before the fill (the wish direction
    // against the velocity of the run as it is now), so a run switching sides keeps switching.
    const RunSettings& settings = m_recording.settings;
    std::vector<movement::StrafeSide> sides(last - first + 1, side);
    if (side == movement::StrafeSide::Auto)
        for (size_t k = first - 1; k < last; ++k)
            sides[k - (first - 1)] = movement::strafeSideOf(m_states[k], ticks[k].input, settings.movement);
    // Each tick is aimed from the state the filled ticks before it lead to: simulate as we go.
    FillResult result;
    m_states.resize(first);
    for (size_t k = first - 1; k < last; ++k) {
        const auto aimAt = aim == FillAim::Snap ? movement::snapYaw : movement::optimalYaw;
        const auto yaw =
            aimAt(m_states[k], ticks[k].input, settings.movement, settings.rate, sides[k - (first - 1)]);
        if (yaw) {
            ticks[k].input.yaw = *yaw;
            ++result.filled;
        } else {
            ++result.skipped;
        }
        replayRange(m_recording, settings, m_world, m_states[k], k, 1, m_states);
    }
    c.after.assign(ticks.begin() + static_cast<std::ptrdiff_t>(first - 1),
                   ticks.begin() + static_cast<std::ptrdiff_t>(last));
    resimulate(first - 1); // the range again (cheap, and it sets the origins), then the rest
    m_undo.push_back(std::move(c));
    if (m_undo.size() > kMaxUndo)
        m_undo.erase(m_undo.begin());
    m_redo.clear();
    return result;
}

bool EditSession::undo() {
    if (m_undo.empty())
        return false;
    Change c = std::move(m_undo.back());
    m_undo.pop_back();
    apply(c, false);
    m_redo.push_back(std::move(c));
    return true;
}

bool EditSession::redo() {
    if (m_redo.empty())
        return false;
    Change c = std::move(m_redo.back());
    m_redo.pop_back();
    apply(c, true);
    m_undo.push_back(std::move(c));
    return true;
}

core::Status EditSession::setBookmark(size_t tick, std::string name) {
    if (tick > ticks())
        return core::makeError("bookmark at tick " + std::to_string(tick) + ": expected 0.." +
                               std::to_string(ticks()));
    auto at = std::lower_bound(m_bookmarks.begin(), m_bookmarks.end(), tick,
                               [](const Bookmark& b, size_t t) { return b.tick < t; });
    if (at != m_bookmarks.end() && at->tick == tick)
        at->name = std::move(name);
    else
        m_bookmarks.insert(at, Bookmark{tick, std::move(name)});
    return core::Ok{};
}

bool EditSession::removeBookmark(size_t tick) {
    const auto at = std::find_if(m_bookmarks.begin(), m_bookmarks.end(),
                                 [&](const Bookmark& b) { return b.tick == tick; });
    if (at == m_bookmarks.end())
        return false;
    m_bookmarks.erase(at);
    return true;
}

std::optional<Landing> EditSession::landing(size_t index) {
    const auto walking = [](const movement::PlayerState& s) { return s.mode == movement::Mode::Walk; };
    const size_t n = m_states.size();
    if (index >= n || !walking(m_states[index]))
        return std::nullopt;
    size_t k = index;
    if (m_states[k].onGround) {
        // Standing: the next jump (off the ground, moving up, as findJumps counts one).
        while (k + 1 < n && !(m_states[k].onGround && !m_states[k + 1].onGround && walking(m_states[k + 1]) &&
                              m_states[k + 1].velocity.z > 0.0f))
            ++k;
        if (k + 1 >= n)
            return std::nullopt;
        ++k;
    }
    for (size_t j = k + 1; j < n; ++j) {
        if (!walking(m_states[j]))
            return std::nullopt;
        if (m_states[j].onGround)
            return Landing{j, m_states[j].origin, false};
    }
    // Past the end: the flight goes on with the keys released, the view as the last tick left it.
    const RunSettings& settings = m_recording.settings;
    const auto trace = m_world.traceFunction(settings);
    const collision::CorrectFunction* correct =
        settings.movement.method == movement::Method::StepCorrect ? &m_world.correct() : nullptr;
    const double dt = 1.0 / movement::Simulation::clampRate(settings.rate);
    movement::Input coast;
    if (!m_recording.ticks.empty()) {
        coast.yaw = m_recording.ticks.back().input.yaw;
        coast.pitch = m_recording.ticks.back().input.pitch;
    }
    movement::PlayerState state = m_states.back();
    const auto most = static_cast<size_t>(kExtrapolateSeconds / dt);
    for (size_t j = 1; j <= most; ++j) {
        state = movement::move(state, coast, dt, settings.movement, trace, nullptr, correct);
        if (state.onGround)
            return Landing{n - 1 + j, state.origin, true};
    }
    return std::nullopt;
}

StrafeHud EditSession::hud(size_t index) const {
    const size_t i = std::min(index, m_states.size() - 1);
    movement::Input input;
    if (!m_recording.ticks.empty())
        input = m_recording.ticks[std::min(i, ticks() - 1)].input;
    return strafeHud(m_states[i], input, m_recording.settings.movement, rate());
}

std::vector<TickMeters> EditSession::meters() const {
    std::vector<movement::Input> inputs;
    inputs.reserve(ticks());
    for (const Tick& t : m_recording.ticks)
        inputs.push_back(t.input);
    return runMeters(m_states, inputs, m_recording.settings.movement, rate());
}

core::Status EditSession::save(const std::string& path) const {
    return saveRecording(path, m_recording);
}

} // namespace cliplab::replay
