#pragma once
/// \file DemoPlayback.h
/// A Quake 3 / OpenArena demo played in the viewer: the demo read (demo/Demo.h), its map loaded,
/// the timeline over its snapshots, one player followed by the camera (first person or chase, the
/// viewer's cg_thirdPerson), every player drawn as a box with its trail, and the samples the game
/// left in solid on our map (demo/DemoChecks.h) marked. No ImGui or GL here: the Recording panel
/// and the main loop drive it, tests call it directly.

#include "debugdraw/DebugDraw.h"
#include "demo/Demo.h"
#include "demo/DemoChecks.h"
#include "demo/DemoPlayers.h"
#include "movement/Movement.h"
#include "viewer/Timeline.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::viewer {

/// The demo open in the viewer, and where its playhead is.
class DemoPlayback : public Timeline {
public:
    /// How far back the trails of the players not followed reach (s of server time).
    static constexpr double kTrailSeconds = 10.0;
    /// Opens demo `arg` (a path, or a name in the game data: demo::openDemo) and loads its map
    /// (demo::loadDemoMap) unless it is the one loaded; closes a recording's playback. False, with
    /// status() (and st.status) giving the reader's or the map's error, and nothing changed (the
    /// map, an open demo) when the demo or its map cannot be read.
    bool open(ViewerState& st, const std::string& arg);
    /// Opens `demo` on the loaded map (tests, and open() once the map is there).
    bool open(ViewerState& st, demo::Demo demo);
    /// Back to the live player where it was before.
    void close(ViewerState& st) override;
    bool active() const override { return m_demo != nullptr; }
    /// The open demo (null when none).
    const demo::Demo* demo() const { return m_demo.get(); }

    // Timeline: positions are snapshot indices.
    bool playing() const override { return m_playing; }
    void setPlaying(bool playing) override { m_playing = playing && active(); }
    double speed() const override { return m_speed; }
    void setSpeed(double speed) override;
    /// The last snapshot at or before the playhead.
    size_t tick() const override { return m_snapshot; }
    /// The last snapshot's index.
    size_t ticks() const override;
    /// From the first snapshot's server time to snapshot `position`'s (s).
    double secondsAt(size_t position) const override;
    const char* unitName() const override { return "snapshot"; }
    /// Puts the playhead on snapshot `position` (clamped): the followed player shows exactly there.
    void seek(ViewerState& st, size_t position) override;
    void step(ViewerState& st, long delta) override;
    bool followView() const override { return m_followView; }
    void setFollowView(bool follow) override { m_followView = follow; }
    const std::string& openName() const override { return m_openName; }
    /// Every snapshot with a sample in solid, red.
    std::vector<TimelineMark> marks() const override;
    /// Once per frame while active(): advances the playhead by `frameSeconds` x speed when playing
    /// and puts the viewer's player and camera on the followed player, interpolated between
    /// snapshots. Closes itself when another map was loaded.
    void update(ViewerState& st, double frameSeconds);
    /// The playhead (server time, ms).
    double timeMs() const { return m_timeMs; }

    // Players.
    /// Every client in some snapshot (spectators included), by number.
    const std::vector<int32_t>& clients() const { return m_clients; }
    /// The client the camera follows (-1 when none).
    int32_t followed() const { return m_followed; }
    /// Follows `client` (ignored when it is in no snapshot).
    void follow(ViewerState& st, int32_t client);
    /// Follows the next (`direction` > 0) or previous client present at the playhead, round.
    void cycle(ViewerState& st, int direction);
    /// "NAME (client N)".
    std::string label(int32_t client) const;
    /// The followed player's distance, top speed and jumps over the whole demo.
    const demo::PlayerSummary* summary() const;
    /// The followed player's alive samples as controller states, from the start of its run at the
    /// playhead (or its last run before it) up to the playhead (the speed plot and the jumps).
    std::vector<movement::PlayerState> statesToPlayhead() const;
    /// Snapshots per second over the demo (the game's sv_fps, usually 20).
    double snapshotRate() const;

    // In solid.
    /// The alive player-state samples and the alive entities certainly in solid on the map.
    const std::vector<demo::SolidSample>& solid() const { return m_solid; }
    /// Whether `client`'s sample in snapshot `snapshot` is in solid().
    bool inSolid(size_t snapshot, int32_t client) const;

    /// A name over a player's head.
    struct Label {
        glm::vec3 at{0.0f};
        std::string text;
        debugdraw::Color color{1.0f};
    };
    /// Every player at the playhead, a point over its box with its name.
    std::vector<Label> labels() const;
    /// Every player's box at the playhead (interpolated) and trail (the followed player's whole
    /// path, bright up to the playhead; the others' last kTrailSeconds), the followed player's
    /// jumps, and a red cross on every sample in solid. `firstPerson`: the followed player's box
    /// is left out (the camera is inside it).
    void draw(debugdraw::DebugDraw& draw, bool firstPerson) const;
    /// Each client's colour.
    static debugdraw::Color colorOf(int32_t client);

    const std::string& status() const { return m_status; }

private:
    std::unique_ptr<demo::Demo> m_demo;
    const void* m_model = nullptr; ///< The map it plays on.
    std::string m_openName, m_status;
    std::vector<int32_t> m_clients;
    std::map<int32_t, demo::PlayerSummary> m_summaries;
    std::map<int32_t, std::vector<demo::Demo::TrackPoint>> m_tracks; ///< Every client's samples.
    std::vector<demo::SolidSample> m_solid;
    std::vector<bool> m_solidSnapshot; ///< Per snapshot: a sample of it is in m_solid.
    int32_t m_followed = -1;
    bool m_playing = false;
    bool m_followView = true;
    double m_speed = 1.0;
    double m_timeMs = 0.0;
    size_t m_snapshot = 0;
    movement::PlayerState m_liveState;
    float m_liveYaw = 0.0f, m_livePitch = 0.0f;

    void setStatus(ViewerState& st, std::string message);
    /// Puts the viewer's player and camera on the followed player at the playhead.
    void show(ViewerState& st);
    /// The followed player at the playhead: the snapshot's sample when the playhead is on it,
    /// else interpolated.
    std::optional<demo::PlayerSample> followedSample() const;
};

} // namespace cliplab::viewer
