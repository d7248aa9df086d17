#include "viewer/DemoPlayback.h"

#include "viewer/PlayerColours.h"

#include "core/Format.h"
#include "demo/DemoOpen.h"
#include "viewer/TraceVis.h"
#include "viewer/ViewerState.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

namespace cliplab::viewer {

namespace {

constexpr debugdraw::Color kDead{0.55f, 0.55f, 0.55f, 1.0f};
constexpr debugdraw::Color kSolid{1.0f, 0.15f, 0.15f, 1.0f};

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

/// Whether the map loaded from `argument` is the demo's map `name` (the file's stem, any case: the
/// game's lookups ignore case, and old demos name their maps in capitals).
bool isMap(const std::string& argument, const std::string& name) {
    return lower(std::filesystem::path(argument).stem().string()) == lower(name);
}

/// Samples of one player that follow each other without a jump between them: consecutive
/// snapshots, the same type and no teleport or respawn (the teleport bit unchanged).
bool joined(const demo::Demo::TrackPoint& a, const demo::Demo::TrackPoint& b) {
    return b.snapshot == a.snapshot + 1 && a.sample.type == b.sample.type &&
           a.sample.teleportBit == b.sample.teleportBit;
}

/// The game's pitch (0..360, positive down) as the camera's (-89..89, positive down).
float cameraPitch(float pitch) {
    return std::clamp(std::remainder(pitch, 360.0f), -89.0f, 89.0f);
}

} // namespace

debugdraw::Color DemoPlayback::colorOf(int32_t client) {
    // Client numbers of one demo are mostly consecutive: one colour each.
    return playerColour(static_cast<size_t>(std::max(client, 0)));
}

void DemoPlayback::setStatus(ViewerState& st, std::string message) {
    m_status = std::move(message);
    st.say(m_status);
    st.session.replay().panel.expand = true; // the Recording bar shows it
}

bool DemoPlayback::open(ViewerState& st, const std::string& arg) {
    const fs::FileSystem* vfs = st.session.fileSystem();
    auto read = demo::openDemo(arg, vfs);
    if (!read) {
        setStatus(st, read.error().message);
        return false;
    }
    if (st.session.replay().recording()) {
        setStatus(st, "stop the recording (F5) before playing a demo");
        return false;
    }
    const LoadedMap* map = st.session.map();
    if (!map || !isMap(map->argument, read->mapName)) {
        auto data = demo::loadDemoMap(*read, vfs);
        if (!data) {
            setStatus(st, data.error().message);
            return false;
        }
        // The name as the game data spells it, so that the map panel can load it again.
        const bool asNamed = vfs && vfs->exists("maps/" + read->mapName + ".bsp");
        const std::string argument = asNamed ? read->mapName : lower(read->mapName);
        close(st); // the live player goes back before its map goes
        st.session.replay().close(st);
        if (!st.switchMap(argument, std::move(data.value()))) {
            setStatus(st, read->name + ": its map does not load: " + st.session.mapError());
            return false;
        }
    }
    return open(st, std::move(read.value()));
}

bool DemoPlayback::open(ViewerState& st, demo::Demo demo) {
    const LoadedMap* map = st.session.map();
    if (!map)
        return false;
    if (demo.snapshots.empty()) {
        setStatus(st, demo.name + ": no snapshot to play");
        return false;
    }
    st.session.replay().close(st); // one playback at a time
    close(st);
    m_liveState = st.session.player();
    m_liveYaw = st.view.camera().yaw;
    m_livePitch = st.view.camera().pitch;
    m_demo = std::make_unique<demo::Demo>(std::move(demo));
    m_model = map->model.get();
    m_openName = m_demo->name;
    for (const demo::PlayerInfo& p : m_demo->players)
        if (p.samples > 0) {
            m_clients.push_back(p.client);
            m_summaries.emplace(p.client, demo::summarizePlayer(*m_demo, p.client));
            m_tracks.emplace(p.client, m_demo->track(p.client));
        }
    m_solid = demo::solidPlayerStates(*m_demo, *map->model);
    const auto entities = demo::solidEntities(*m_demo, *map->model);
    m_solid.insert(m_solid.end(), entities.begin(), entities.end());
    std::stable_sort(
        m_solid.begin(), m_solid.end(),
        [](const demo::SolidSample& a, const demo::SolidSample& b) { return a.snapshot < b.snapshot; });
    m_solidSnapshot.assign(m_demo->snapshots.size(), false);
    for (const demo::SolidSample& s : m_solid)
        m_solidSnapshot[s.snapshot] = true;
    const int32_t view = m_demo->snapshots.front().viewClient;
    m_followed = std::find(m_clients.begin(), m_clients.end(), view) != m_clients.end() ? view
                 : m_clients.empty()                                                    ? -1
                                                                                        : m_clients.front();
    m_playing = false;
    st.session.clearTickTraces();
    seek(st, 0);
    setStatus(st, core::format("%s: map %s, protocol %d, %zu snapshots, %.1f s, %zu players, %zu samples in "
                               "solid%s%s",
                               m_openName.c_str(), m_demo->mapName.c_str(), m_demo->protocol,
                               m_demo->snapshots.size(), m_demo->seconds(), m_clients.size(), m_solid.size(),
                               m_demo->complete ? "" : "; cut short: ", m_demo->cut.c_str()));
    return true;
}

void DemoPlayback::close(ViewerState& st) {
    if (!active())
        return;
    m_demo.reset();
    m_clients.clear();
    m_summaries.clear();
    m_tracks.clear();
    m_solid.clear();
    m_solidSnapshot.clear();
    m_followed = -1;
    m_playing = false;
    // Back to the live player, unless the map it was on is gone.
    if (st.session.map() && st.session.map()->model.get() == m_model) {
        st.session.movePlayer(m_liveState, "the end of the demo");
        st.view.setAngles(m_livePitch, m_liveYaw);
    }
    m_model = nullptr;
}

void DemoPlayback::setSpeed(double speed) {
    m_speed = std::isnan(speed) ? 1.0 : std::clamp(speed, kMinSpeed, kMaxSpeed);
}

size_t DemoPlayback::ticks() const {
    return m_demo ? m_demo->snapshots.size() - 1 : 0;
}

double DemoPlayback::secondsAt(size_t position) const {
    if (!m_demo)
        return 0.0;
    const auto& snaps = m_demo->snapshots;
    return double(snaps[std::min(position, snaps.size() - 1)].serverTime - snaps.front().serverTime) / 1000.0;
}

void DemoPlayback::seek(ViewerState& st, size_t position) {
    if (!active())
        return;
    m_snapshot = std::min(position, ticks());
    m_timeMs = double(m_demo->snapshots[m_snapshot].serverTime);
    show(st);
}

void DemoPlayback::step(ViewerState& st, long delta) {
    m_playing = false;
    seek(st, static_cast<size_t>(std::max(0L, static_cast<long>(m_snapshot) + delta)));
}

std::vector<TimelineMark> DemoPlayback::marks() const {
    std::vector<TimelineMark> out;
    for (size_t i = 0; i < m_solidSnapshot.size(); ++i)
        if (m_solidSnapshot[i])
            out.push_back({i, kSolid});
    return out;
}

void DemoPlayback::update(ViewerState& st, double frameSeconds) {
    if (!active())
        return;
    if (!st.session.map() || st.session.map()->model.get() != m_model) {
        close(st);
        setStatus(st, "another map was loaded: the demo closed");
        return;
    }
    const auto& snaps = m_demo->snapshots;
    if (m_playing && frameSeconds > 0.0) {
        m_timeMs += std::min(frameSeconds, 0.25) * m_speed * 1000.0;
        if (m_timeMs >= double(snaps.back().serverTime)) {
            m_timeMs = double(snaps.back().serverTime);
            m_playing = false;
        }
        const auto after =
            std::upper_bound(snaps.begin(), snaps.end(), m_timeMs,
                             [](double t, const demo::Snapshot& s) { return t < double(s.serverTime); });
        m_snapshot = static_cast<size_t>(std::max<std::ptrdiff_t>(0, after - snaps.begin() - 1));
    }
    show(st);
}

std::optional<demo::PlayerSample> DemoPlayback::followedSample() const {
    if (!m_demo || m_followed < 0)
        return std::nullopt;
    const demo::Snapshot& snap = m_demo->snapshots[m_snapshot];
    if (m_timeMs == double(snap.serverTime))
        if (const demo::PlayerSample* s = snap.find(m_followed))
            return *s;
    return m_demo->playerAt(m_followed, m_timeMs);
}

void DemoPlayback::show(ViewerState& st) {
    const auto s = followedSample();
    if (!s)
        return; // the followed player is not in the game now: the camera stays where it was
    movement::PlayerState ps = demo::controllerState(*s);
    // A spectator flies through walls; the viewer must not pull it out of them.
    ps.mode = s->type == demo::PlayerType::Spectator ? movement::Mode::Noclip : movement::Mode::Walk;
    ps.stuck =
        inSolid(m_snapshot, m_followed) && m_timeMs == double(m_demo->snapshots[m_snapshot].serverTime);
    st.session.movePlayer(ps, "demo playback");
    if (m_followView)
        st.view.setAngles(cameraPitch(s->viewAngles.x), s->viewAngles.y);
}

void DemoPlayback::follow(ViewerState& st, int32_t client) {
    if (std::find(m_clients.begin(), m_clients.end(), client) == m_clients.end())
        return;
    m_followed = client;
    show(st);
}

void DemoPlayback::cycle(ViewerState& st, int direction) {
    if (m_clients.empty())
        return;
    const auto at = std::find(m_clients.begin(), m_clients.end(), m_followed);
    const size_t n = m_clients.size();
    size_t i = at == m_clients.end() ? 0 : static_cast<size_t>(at - m_clients.begin());
    // The next one that is in the game at the playhead (any one when none is).
    for (size_t k = 1; k <= n; ++k) {
        const size_t j = direction >= 0 ? (i + k) % n : (i + n * k - k) % n;
        if (m_demo->playerAt(m_clients[j], m_timeMs) || k == n) {
            i = j;
            break;
        }
    }
    follow(st, m_clients[i]);
}

std::string DemoPlayback::label(int32_t client) const {
    const demo::PlayerInfo* info = m_demo ? m_demo->player(client) : nullptr;
    const std::string name = info && !info->name.empty() ? info->name : "?";
    return core::format("%s (client %d)", name.c_str(), client);
}

const demo::PlayerSummary* DemoPlayback::summary() const {
    const auto it = m_summaries.find(m_followed);
    return it == m_summaries.end() ? nullptr : &it->second;
}

std::vector<movement::PlayerState> DemoPlayback::statesToPlayhead() const {
    std::vector<movement::PlayerState> out;
    const auto it = m_tracks.find(m_followed);
    if (it == m_tracks.end())
        return out;
    const auto& track = it->second;
    const demo::Demo::TrackPoint* previous = nullptr;
    for (const demo::Demo::TrackPoint& p : track) {
        if (p.snapshot > m_snapshot)
            break;
        if (p.sample.type != demo::PlayerType::Normal)
            continue;
        if (previous && !joined(*previous, p))
            out.clear(); // a new run: the plot starts again
        out.push_back(demo::controllerState(p.sample));
        previous = &p;
    }
    return out;
}

double DemoPlayback::snapshotRate() const {
    const double seconds = m_demo ? m_demo->seconds() : 0.0;
    return seconds > 0.0 ? double(m_demo->snapshots.size() - 1) / seconds : 20.0;
}

bool DemoPlayback::inSolid(size_t snapshot, int32_t client) const {
    if (snapshot >= m_solidSnapshot.size() || !m_solidSnapshot[snapshot])
        return false;
    const auto from = std::lower_bound(m_solid.begin(), m_solid.end(), snapshot,
                                       [](const demo::SolidSample& s, size_t n) { return s.snapshot < n; });
    for (auto it = from; it != m_solid.end() && it->snapshot == snapshot; ++it)
        if (it->sample.client == client)
            return true;
    return false;
}

std::vector<DemoPlayback::Label> DemoPlayback::labels() const {
    std::vector<Label> out;
    if (!m_demo)
        return out;
    for (const demo::PlayerSample& s : m_demo->playersAt(m_timeMs)) {
        const std::string& name = m_demo->nameOf(s);
        const bool dead = s.type == demo::PlayerType::Dead;
        out.push_back({s.origin + glm::vec3(0.0f, 0.0f, 40.0f),
                       (name.empty() ? "client " + std::to_string(s.client) : name) + (dead ? " (dead)" : ""),
                       dead ? kDead : colorOf(s.client)});
    }
    return out;
}

void DemoPlayback::draw(debugdraw::DebugDraw& draw, bool firstPerson) const {
    if (!m_demo)
        return;
    // Trails, seen through walls (where a player went matters more than what hides it): the
    // followed player's whole path, bright up to the playhead and faint after it; the others'
    // last kTrailSeconds up to the playhead (whole paths of 15 players over minutes hide the map).
    const auto& snaps = m_demo->snapshots;
    const double from = m_timeMs - kTrailSeconds * 1000.0;
    for (const auto& [client, track] : m_tracks) {
        const bool followed = client == m_followed;
        const debugdraw::Color color = colorOf(client), faint(glm::vec3(color), 0.3f);
        for (size_t i = 1; i < track.size(); ++i) {
            const bool past = track[i].snapshot <= m_snapshot;
            if (!joined(track[i - 1], track[i]) ||
                (!followed && (!past || double(snaps[track[i - 1].snapshot].serverTime) < from)))
                continue;
            draw.line(track[i - 1].sample.origin, track[i].sample.origin,
                      debugdraw::Style{past ? color : faint, false});
        }
    }
    // Boxes where the players are now (between snapshots: interpolated), red when in solid.
    const bool onSnapshot = m_timeMs == double(m_demo->snapshots[m_snapshot].serverTime);
    for (const demo::PlayerSample& s : m_demo->playersAt(m_timeMs)) {
        if (firstPerson && s.client == m_followed)
            continue;
        const bool solid = onSnapshot && inSolid(m_snapshot, s.client);
        const debugdraw::Color c = solid                              ? kSolid
                                   : s.type == demo::PlayerType::Dead ? kDead
                                                                      : colorOf(s.client);
        drawShape(draw, demo::playerBox(s.ducked), s.origin, debugdraw::Style{c, true});
    }
    // Every sample in solid: a red cross through it.
    const debugdraw::Style mark{kSolid, false};
    for (const demo::SolidSample& s : m_solid) {
        const glm::vec3 o = s.sample.origin;
        draw.line(o - glm::vec3(8, 8, 0), o + glm::vec3(8, 8, 0), mark);
        draw.line(o - glm::vec3(8, -8, 0), o + glm::vec3(8, -8, 0), mark);
        draw.line(o - glm::vec3(0, 0, 24), o + glm::vec3(0, 0, 32), mark);
    }
    // The followed player's jumps: up at the take-off, down at the landing.
    if (const demo::PlayerSummary* s = summary()) {
        const debugdraw::Style jump{colorOf(m_followed), false};
        for (const demo::DemoJump& j : s->jumps) {
            draw.arrow(j.metrics.takeoff, j.metrics.takeoff + glm::vec3(0, 0, 24), jump, 6.0f);
            if (j.metrics.landed)
                draw.arrow(j.metrics.landing + glm::vec3(0, 0, 24), j.metrics.landing, jump, 6.0f);
        }
    }
}

} // namespace cliplab::viewer
