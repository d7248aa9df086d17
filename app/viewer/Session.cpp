#include "viewer/Session.h"

#include "viewer/Limits.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cliplab::viewer {

namespace {

/// Counts step-and-correct's corrections; passes everything on.
class CorrectionCounter : public movement::Recorder {
public:
    explicit CorrectionCounter(movement::Recorder* inner) : m_inner(inner) {}
    void onTrace(const movement::TraceRecord& record) override {
        if (m_inner)
            m_inner->onTrace(record);
    }
    void onCorrection(const movement::CorrectionRecord& record) override {
        ++corrections;
        if (m_inner)
            m_inner->onCorrection(record);
    }
    int corrections = 0;

private:
    movement::Recorder* m_inner;
};

} // namespace

collision::TraceOptions viewerTraceOptions() {
    collision::TraceOptions o;
    o.semantics = collision::Semantics::Robust;
    o.curves = true;
    return o;
}

Session::Session() = default;

void Session::settingsChanged() {
    if (m_onSettings)
        m_onSettings();
}

void Session::setMovement(const movement::Settings& settings, SettingsKey) {
    const movement::Settings kept = movement::sanitize(settings);
    if (kept == m_values.movement)
        return;
    m_values.movement = kept;
    settingsChanged();
}

void Session::setTickRate(double hz, SettingsKey) {
    const double rate = movement::Simulation::clampRate(hz);
    if (rate == m_values.tickRate && rate == m_sim.rate())
        return;
    m_values.tickRate = rate;
    rebuildSimulation();
    settingsChanged();
}

void Session::setRules(const tracing::Rules& rules, SettingsKey) {
    if (rules == m_values.rules)
        return;
    m_values.rules = rules;
    settingsChanged();
}

void Session::setFlySpeedScale(float scale) {
    const float kept =
        std::isnan(scale) ? 1.0f : std::clamp(scale, limits::kFlySpeedMin, limits::kFlySpeedMax);
    if (kept == m_flySpeedScale)
        return;
    m_flySpeedScale = kept;
    settingsChanged();
}

movement::Settings Session::effectiveSettings() const {
    movement::Settings s = m_values.movement;
    if (m_sim.state().mode != movement::Mode::Walk)
        s.maxSpeed *= m_flySpeedScale;
    return s;
}

void Session::rebuildSimulation() {
    const movement::PlayerState s = m_sim.state();
    m_sim = movement::Simulation(effectiveSettings(), m_values.tickRate);
    m_sim.setState(s);
}

core::Result<std::unique_ptr<LoadedMap>> Session::load(const std::string& argument) {
    auto loaded = loadViewerMap(argument, m_vfs.get());
    if (loaded)
        m_mapError.clear();
    else
        m_mapError = loaded.error().message;
    return loaded;
}

core::Result<std::unique_ptr<LoadedMap>> Session::load(const std::string& argument, bsp::BspData data) {
    auto loaded = finishViewerMap(argument, std::move(data), m_vfs.get());
    if (loaded)
        m_mapError.clear();
    else
        m_mapError = loaded.error().message;
    return loaded;
}

const std::vector<std::string>& Session::demoList() {
    if (!m_demoList) {
        m_demoList.emplace();
        for (const char* ext : {".dm_71", ".dm_70", ".dm_68", ".dm_67", ".dm_66"})
            if (m_vfs)
                for (std::string& f : m_vfs->listFiles("demos", ext))
                    m_demoList->push_back(std::move(f));
        std::sort(m_demoList->begin(), m_demoList->end());
    }
    return *m_demoList;
}

Timeline* Session::playback() {
    if (m_demo.active())
        return &m_demo;
    if (m_replay.active())
        return &m_replay;
    return nullptr;
}

void Session::setMap(std::unique_ptr<LoadedMap> map) {
    m_map = std::move(map);
}

void Session::setFileSystem(std::unique_ptr<fs::FileSystem> vfs) {
    m_vfs = std::move(vfs);
    m_mapList.reset();
    m_demoList.reset();
}

const std::vector<std::string>& Session::mapList() {
    if (!m_mapList)
        m_mapList = m_vfs ? m_vfs->listMaps() : std::vector<std::string>{};
    return *m_mapList;
}

std::string Session::takePendingLoad() {
    std::string argument = std::move(m_pendingLoad);
    m_pendingLoad.clear();
    return argument;
}

void Session::movePlayer(const movement::PlayerState& state, std::string_view why) {
    m_sim.setState(state);
    if (m_onMove)
        m_onMove(why);
}

void Session::tick(const movement::Input& input, const collision::TraceFunction& trace,
                   movement::Recorder* recorder) {
    CorrectionCounter counter(recorder);
    applySettings();
    m_sim.tick(input, trace, &counter, m_map ? &m_map->correct : nullptr);
    m_corrections = counter.corrections;
}

bool Session::takeStep() {
    if (m_stepRequests <= 0)
        return false;
    --m_stepRequests;
    return true;
}

std::optional<std::string> Session::leftWorld() const {
    const movement::PlayerState& ps = m_sim.state();
    if (!m_map || ps.mode == movement::Mode::Noclip)
        return std::nullopt;
    constexpr float kMargin = 64.0f; // units beyond the world model's box
    const bsp::Model& world = m_map->data.models.front();
    const glm::vec3 o = ps.origin;
    const bool below = o.z < world.mins.z - kMargin;
    const bool outside = below || o.x < world.mins.x - kMargin || o.y < world.mins.y - kMargin ||
                         o.x > world.maxs.x + kMargin || o.y > world.maxs.y + kMargin ||
                         o.z > world.maxs.z + kMargin;
    if (!outside)
        return std::nullopt;
    char where[160];
    std::snprintf(where, sizeof where, "the player left the world at %.0f %.0f %.0f (%s)", double(o.x),
                  double(o.y), double(o.z), below ? "below the map's bottom" : "beyond its bounds");
    return std::string(where);
}

void Session::setWorldNote(std::string note, float seconds) {
    m_worldNote = std::move(note);
    m_worldNoteSeconds = seconds;
}

void Session::ageWorldNote(double seconds) {
    const bool expired = m_worldNoteSeconds >= 0.0f ? (m_worldNoteSeconds -= float(seconds)) <= 0.0f
                                                    : !m_frozen; // a stopped player's note: until it runs
    if (expired)
        m_worldNote.clear();
}

std::vector<LoggedTrace>& Session::beginTickTraces() {
    m_tickTraces.emplace_back();
    while (m_tickTraces.size() > kTickTracesKept)
        m_tickTraces.pop_front();
    return m_tickTraces.back();
}

void Session::addTickTraces(std::vector<LoggedTrace> traces) {
    m_tickTraces.push_back(std::move(traces));
    while (m_tickTraces.size() > kTickTracesKept)
        m_tickTraces.pop_front();
}

} // namespace cliplab::viewer
