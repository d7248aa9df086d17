#include "viewer/ReplayController.h"

#include "viewer/PlayerColours.h"

#include "core/Format.h"
#include "replay/Overrides.h"
#include "viewer/TraceVis.h"
#include "viewer/ViewerState.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <ctime>
#include <filesystem>

namespace cliplab::viewer {

namespace {

/// Ticks of player traces the viewer keeps.
constexpr size_t kTraceTicksKept = Session::kTickTracesKept;

/// Logs the traces of a replayed tick as the viewer logs the live player's.
class TraceLogger : public movement::Recorder {
public:
    explicit TraceLogger(TraceMethod method) : m_method(method) {}
    void onTrace(const movement::TraceRecord& record) override {
        static constexpr const char* kNames[] = {"replay: slide", "replay: step up", "replay: step down",
                                                 "replay: ground", "replay: position"};
        LoggedTrace t;
        t.source = kNames[static_cast<int>(record.purpose)];
        t.shape = record.shape;
        t.start = record.start;
        t.end = record.end;
        t.mask = record.mask;
        t.result = record.result;
        t.method = m_method;
        traces.push_back(std::move(t));
    }
    std::vector<LoggedTrace> traces;

private:
    TraceMethod m_method;
};

std::string datedName() {
    char name[64];
    const std::time_t t = std::time(nullptr);
    std::strftime(name, sizeof name, "cliplab-%Y%m%d-%H%M%S.cliprec", std::localtime(&t));
    return name;
}

} // namespace

replay::RunSettings viewerRunSettings(const ViewerState& st) {
    replay::RunSettings s;
    s.movement = st.session.effectiveSettings();
    s.trace = st.session.rules().options;
    s.method = tracing::answeringMethod(st.session.rules().method, st.session.rules().options);
    s.bevels = st.session.rules().bevels;
    s.rate = st.session.sim().rate();
    return s;
}

void ReplayController::setStatus(ViewerState& st, std::string message) {
    m_status = std::move(message);
    st.say(m_status);
}

void ReplayController::startRecording(ViewerState& st) {
    const LoadedMap* map = st.session.map();
    if (recording() || !map)
        return;
    if (active() || st.session.demo().active()) {
        setStatus(st, "close the playback to record");
        return;
    }
    m_capture.emplace(map->argument, viewerRunSettings(st), st.session.player(), st.view.camera().yaw,
                      st.view.camera().pitch);
    m_captureModel = map->model.get();
    panel.expand = true;
    setStatus(st, "recording (F5 stops)");
}

void ReplayController::stopRecording(ViewerState& st) {
    if (!m_capture)
        return;
    const replay::Recording rec = m_capture->recording();
    m_capture.reset();
    if (rec.ticks.empty()) {
        setStatus(st, "recording stopped: no tick was recorded, nothing saved");
        return;
    }
    const std::string target = m_savePath.empty() ? datedName() : m_savePath;
    const core::Status saved = replay::saveRecording(target, rec);
    if (!saved) {
        setStatus(st, saved.error().message);
        return;
    }
    m_lastSaved = target;
    setStatus(st, core::format("recording saved to %s (%zu ticks, %.2f s)",
                               std::filesystem::absolute(target).string().c_str(), rec.ticks.size(),
                               rec.seconds()));
}

void ReplayController::toggleRecording(ViewerState& st) {
    if (recording())
        stopRecording(st);
    else
        startRecording(st);
}

void ReplayController::onTick(ViewerState& st, const movement::Input& input,
                              const movement::PlayerState& before) {
    const movement::PlayerState& after = st.session.player();
    if (st.session.sim().rate() != m_historyRate) {
        m_history.clear();
        m_liveMeters.clear();
        m_historyRate = st.session.sim().rate();
    }
    if (m_history.empty())
        m_history.push_back(before);
    m_history.push_back(after);
    m_liveMeters.push_back(
        replay::tickMeters(before, input, after, st.session.effectiveSettings(), m_historyRate));
    while (m_history.size() > kHistoryTicks)
        m_history.pop_front();
    while (m_liveMeters.size() + 1 > kHistoryTicks)
        m_liveMeters.pop_front();
    if (!m_capture)
        return;
    // The session tells of moves and setting changes as they happen (onPlayerMoved,
    // onSettingsChanged); the capture's own checks stay as the last guard of the file.
    const bool sameMap = st.session.map() && st.session.map()->model.get() == m_captureModel;
    if (!sameMap || !m_capture->add(input, before, after, viewerRunSettings(st)))
        stopBecause(st, sameMap ? m_capture->stopReason() : "another map was loaded");
}

void ReplayController::onPlayerMoved(ViewerState& st, std::string_view why) {
    if (m_capture)
        stopBecause(st, "the player was moved: " + std::string(why));
}

void ReplayController::onSettingsChanged(ViewerState& st) {
    if (m_capture && !(replay::inEffect(viewerRunSettings(st)) == m_capture->recording().settings))
        stopBecause(st, "a movement or trace setting changed");
}

void ReplayController::stopBecause(ViewerState& st, const std::string& why) {
    stopRecording(st);
    setStatus(st, "recording stopped (" + why + "): " + m_status);
}

size_t ReplayController::ticks() const {
    if (m_edit)
        return m_edit->ticks();
    return m_set ? m_set->run(0).ticks() : 0;
}

double ReplayController::secondsAt(size_t tick) const {
    return m_set ? double(tick) / m_set->run(0).settings.rate : 0.0;
}

std::vector<TimelineMark> ReplayController::marks() const {
    std::vector<TimelineMark> out;
    for (const Ghost& g : m_ghosts)
        if (g.parting)
            out.push_back({g.parting->tick, g.color});
    return out;
}

void ReplayController::setSpeed(double speed) {
    m_speed = std::isnan(speed) ? 1.0 : std::clamp(speed, kMinSpeed, kMaxSpeed);
}

bool ReplayController::open(ViewerState& st, const std::string& path, const std::string& map) {
    auto rec = replay::loadRecording(path);
    if (!rec) {
        setStatus(st, rec.error().message);
        return false;
    }
    const std::string& wanted = map.empty() ? rec->map : map;
    if (!st.session.map() || st.session.map()->argument != wanted) {
        if (!st.switchMap(wanted)) {
            setStatus(st, path + ": the map does not load (give it: cliplab view MAP --replay FILE): " +
                              st.session.mapError());
            return false;
        }
    }
    return open(st, std::move(rec.value()), path);
}

bool ReplayController::open(ViewerState& st, replay::Recording recording, const std::string& name) {
    const LoadedMap* map = st.session.map();
    if (!map)
        return false;
    if (this->recording()) {
        setStatus(st, "stop the recording (F5) before playing one");
        return false;
    }
    if (active())
        close(st);
    st.session.demo().close(st); // one playback at a time
    m_liveState = st.session.player();
    m_liveYaw = st.view.camera().yaw;
    m_livePitch = st.view.camera().pitch;
    m_world = std::make_unique<replay::World>(*map->model, map->correct);
    m_set = std::make_unique<replay::RunSet>(std::move(recording), *m_world);
    m_model = map->model.get();
    m_openName = name;
    panel.expand = true;
    rebuildGhosts();
    const replay::Run& run = m_set->run(0);
    m_jumps = replay::findJumps(run.states, run.settings.rate);
    m_cursorTick = 0;
    m_cursorState = m_set->recording().start;
    m_playhead = 0.0;
    m_playing = false;
    st.session.clearTickTraces();
    showCursor(st);
    const auto mismatch = replay::firstMismatch(m_set->recording(), run);
    if (mismatch)
        setStatus(st, core::format("%s: the replay leaves the recorded positions at tick %zu (by %.4g units)",
                                   name.c_str(), mismatch->tick,
                                   double(glm::distance(mismatch->recorded, mismatch->replayed))));
    else
        setStatus(st, core::format(
                          "%s: %zu ticks, %.2f s%s", name.c_str(), run.ticks(), m_set->recording().seconds(),
                          m_set->recording().hasOrigins() ? ", replay equal to the recorded positions" : ""));
    return true;
}

void ReplayController::close(ViewerState& st) {
    if (!active())
        return;
    m_edit.reset(); // before the world it runs on
    m_editLanding.reset();
    m_set.reset();
    m_world.reset();
    m_ghosts.clear();
    m_jumps.clear();
    m_partingTraces.reset();
    m_playing = false;
    st.session.clearTickTraces();
    // Back to the live player, unless the map it was on is gone.
    if (st.session.map() && st.session.map()->model.get() == m_model) {
        st.session.movePlayer(m_liveState, "the end of playback");
        st.view.setAngles(m_livePitch, m_liveYaw);
    }
    m_model = nullptr;
}

void ReplayController::rebuildGhosts() {
    m_ghosts.clear();
    m_partingTraces.reset();
    if (!m_set)
        return;
    // Runs are replayed once; a RunSet cannot drop one, so removing a ghost rebuilds the set.
    if (m_set->size() != 1) {
        replay::Recording rec = m_set->recording();
        m_set = std::make_unique<replay::RunSet>(std::move(rec), *m_world);
    }
    m_ghosts.push_back({"", playerColour(0), 0, std::nullopt});
    for (const std::string& o : m_ghostSettings) {
        auto settings = replay::applyOverrides(m_set->recording().settings, o);
        if (!settings)
            continue; // checked by addGhost; cannot fail for settings that applied before
        const size_t run = m_set->add(o, settings.value());
        m_ghosts.push_back({o, playerColour(m_ghosts.size() % kMaxGhosts), run, m_set->parting(0, run)});
    }
}

std::string ReplayController::addGhost(const std::string& overrides) {
    if (m_ghostSettings.size() + 1 >= kMaxGhosts)
        return "at most " + std::to_string(kMaxGhosts - 1) + " ghosts";
    const replay::RunSettings base = m_set ? m_set->recording().settings : replay::RunSettings{};
    auto settings = replay::applyOverrides(base, overrides);
    if (!settings)
        return settings.error().message;
    m_ghostSettings.push_back(overrides);
    if (m_set) {
        const size_t run = m_set->add(overrides, settings.value());
        m_ghosts.push_back(
            {overrides, playerColour(m_ghosts.size() % kMaxGhosts), run, m_set->parting(0, run)});
        m_partingTraces.reset();
    }
    return "";
}

void ReplayController::removeGhost(size_t index) {
    if (index == 0 || index > m_ghostSettings.size())
        return;
    m_ghostSettings.erase(m_ghostSettings.begin() + static_cast<std::ptrdiff_t>(index - 1));
    rebuildGhosts();
}

std::optional<replay::Parting> ReplayController::firstParting() const {
    std::optional<replay::Parting> best;
    for (const Ghost& g : m_ghosts)
        if (g.parting && (!best || g.parting->tick < best->tick))
            best = g.parting;
    return best;
}

const replay::TraceComparison* ReplayController::partingTraces() {
    const auto p = firstParting();
    if (!p || !m_set)
        return nullptr;
    if (!m_partingTraces || m_partingTraces->tick != p->tick)
        m_partingTraces = m_set->compareTraces(p->a, p->b, p->tick);
    return &*m_partingTraces;
}

void ReplayController::advanceCursor(ViewerState& st, size_t target) {
    const replay::Recording& rec = *shownRecording();
    const replay::RunSettings& settings = m_set->run(0).settings;
    if (m_edit && target > 0) {
        // The edit session keeps every state: jump there, log the last ticks' traces again.
        const size_t from = target > kTraceTicksKept ? target - kTraceTicksKept : 0;
        m_cursorTick = from;
        m_cursorState = m_edit->states()[from];
        st.session.clearTickTraces();
    } else if (target < m_cursorTick) {
        // Going back: simulate again from the start (replays are deterministic).
        m_cursorTick = 0;
        m_cursorState = rec.start;
        st.session.clearTickTraces();
    }
    const size_t logFrom = target > kTraceTicksKept ? target - kTraceTicksKept : 0;
    const TraceMethod method = settings.effectiveMethod();
    while (m_cursorTick < target) {
        const bool log = m_cursorTick >= logFrom;
        TraceLogger logger(method);
        m_cursorState =
            replay::replayTick(rec, settings, *m_world, m_cursorState, m_cursorTick, log ? &logger : nullptr);
        ++m_cursorTick;
        if (log)
            st.session.addTickTraces(std::move(logger.traces));
    }
}

void ReplayController::showCursor(ViewerState& st) {
    st.session.movePlayer(m_cursorState, "playback");
    updateLanding();
    if (!m_followView)
        return;
    const replay::Recording& rec = *shownRecording();
    if (m_cursorTick == 0) {
        st.view.setAngles(rec.viewPitch, rec.viewYaw);
    } else {
        const movement::Input& in = replay::inputAt(rec, m_set->run(0).settings.rate, m_cursorTick - 1);
        st.view.setAngles(std::clamp(in.pitch, -89.0f, 89.0f), in.yaw);
    }
}

void ReplayController::seek(ViewerState& st, size_t tick) {
    if (!active())
        return;
    const size_t target = std::min(tick, ticks());
    m_playhead = double(target);
    advanceCursor(st, target);
    showCursor(st);
}

void ReplayController::step(ViewerState& st, long delta) {
    m_playing = false;
    const long target = std::max(0L, static_cast<long>(m_cursorTick) + delta);
    seek(st, static_cast<size_t>(target));
}

void ReplayController::update(ViewerState& st, double frameSeconds) {
    if (!active())
        return;
    if (!st.session.map() || st.session.map()->model.get() != m_model) {
        close(st);
        setStatus(st, "another map was loaded: playback closed");
        return;
    }
    if (m_playing && frameSeconds > 0.0) {
        m_playhead += std::min(frameSeconds, 0.25) * m_speed * m_set->run(0).settings.rate;
        if (m_playhead >= double(ticks())) {
            m_playhead = double(ticks());
            m_playing = false;
        }
        advanceCursor(st, static_cast<size_t>(m_playhead));
    }
    showCursor(st);
}

void ReplayController::draw(const ViewerState& st, debugdraw::DebugDraw& draw) const {
    (void)st;
    if (!m_set)
        return;
    const double seconds = double(m_cursorTick) / m_set->run(0).settings.rate;
    // Last ghost first, the recorded run last: where runs share their path, it shows in the recorded
    // run's colour, and a ghost's colour shows where it went its own way.
    for (auto it = m_ghosts.rbegin(); it != m_ghosts.rend(); ++it) {
        const Ghost& g = *it;
        const replay::Run& run = m_set->run(g.run);
        const size_t now =
            std::min(run.ticks(), static_cast<size_t>(std::llround(seconds * run.settings.rate)));
        // The trail: bright up to the playhead, faint after it, seen through walls (where a run
        // went matters more than what hides it). Long runs are thinned to ~3000 segments.
        const size_t stride = std::max<size_t>(1, run.states.size() / 3000);
        const debugdraw::Color faint(glm::vec3(g.color), 0.3f);
        for (size_t i = stride; i < run.states.size(); i += stride)
            draw.line(run.states[i - stride].origin, run.states[i].origin,
                      debugdraw::Style{i <= now ? g.color : faint, false});
        const movement::PlayerState& shown = run.states[now];
        drawShape(draw, movement::playerShape(run.settings.movement, shown.crouched), shown.origin,
                  debugdraw::Style{g.color, true});
        if (g.parting) {
            const glm::vec3 p = g.parting->originB;
            draw.line(p - glm::vec3(6, 0, 0), p + glm::vec3(6, 0, 0), debugdraw::Style{g.color, false});
            draw.line(p - glm::vec3(0, 6, 0), p + glm::vec3(0, 6, 0), debugdraw::Style{g.color, false});
        }
    }
    // Jumps of the recorded run: up at the take-off, down at the landing, a cross at the apex.
    const replay::Run& recorded = m_set->run(0);
    const debugdraw::Style jumpStyle{playerColour(0), false};
    for (const replay::Jump& j : m_jumps) {
        draw.arrow(j.takeoff, j.takeoff + glm::vec3(0, 0, 24), jumpStyle, 6.0f);
        if (j.landed)
            draw.arrow(j.landing + glm::vec3(0, 0, 24), j.landing, jumpStyle, 6.0f);
        size_t apex = j.takeoffTick;
        for (size_t i = j.takeoffTick; i <= j.landingTick && i < recorded.states.size(); ++i)
            if (recorded.states[i].origin.z > recorded.states[apex].origin.z)
                apex = i;
        const glm::vec3 a = recorded.states[apex].origin;
        draw.line(a - glm::vec3(4, 4, 0), a + glm::vec3(4, 4, 0), jumpStyle);
        draw.line(a - glm::vec3(4, -4, 0), a + glm::vec3(4, -4, 0), jumpStyle);
    }
    // Where the runs first part: a white pole through both positions, topped by a diamond, and the
    // gap between them.
    if (const auto p = firstParting()) {
        const debugdraw::Style mark{debugdraw::colors::White, false};
        for (const glm::vec3& o : {p->originA, p->originB}) {
            const glm::vec3 top = o + glm::vec3(0, 0, 96);
            draw.line(o - glm::vec3(0, 0, 24), top, mark);
            draw.wireBox(o - glm::vec3(2.0f), o + glm::vec3(2.0f), mark);
            const glm::vec3 d[4] = {{10, 0, 0}, {0, 10, 0}, {-10, 0, 0}, {0, -10, 0}};
            for (int i = 0; i < 4; ++i) {
                draw.line(top + d[i], top + d[(i + 1) % 4], mark);
                draw.line(top + d[i], top + glm::vec3(0, 0, 12), mark);
                draw.line(top + d[i], top - glm::vec3(0, 0, 12), mark);
            }
        }
        draw.line(p->originA, p->originB, mark);
    }
    if (m_edit)
        drawEdit(draw);
}

} // namespace cliplab::viewer
