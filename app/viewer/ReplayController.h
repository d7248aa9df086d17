#pragma once
/// \file ReplayController.h
/// The viewer's recordings: capturing the live player tick by tick (F5), playing a recording back
/// (play, pause, single step, 0.25x-4x, seek) and replaying it under other settings at the same
/// time as ghosts, with the first tick where they part. No ImGui or GL here: the Recording panel
/// and the main loop drive it, tests call it directly.

#include "debugdraw/DebugDraw.h"
#include "replay/Capture.h"
#include "replay/Compare.h"
#include "replay/EditSession.h"
#include "replay/JumpMetrics.h"
#include "replay/Meters.h"
#include "viewer/Timeline.h"

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cliplab::viewer {

struct ViewerState;
struct LoggedTrace;

/// One replay of the open recording drawn in the 3D view.
struct Ghost {
    std::string overrides; ///< "NAME=VALUE ..." applied to the recorded settings; "" = as recorded.
    debugdraw::Color color{1.0f};
    size_t run = 0; ///< Index in the RunSet (0 = the recorded settings).
    /// The first tick it is more than replay::kPartDistance from the recorded run (none for run 0).
    std::optional<replay::Parting> parting;
};

/// The settings the viewer's player runs under now: the movement settings in effect and the tick
/// rate, the rules' options, the method that answers (Both moves the player by the brush trace)
/// and bevels.
replay::RunSettings viewerRunSettings(const ViewerState& st);

/// Recording, playback and ghosts of one viewer.
class ReplayController : public Timeline {
public:
    /// Live ticks kept for the jump metrics and the acceleration plot (10 s at 125 Hz).
    static constexpr size_t kHistoryTicks = 1250;
    /// Ghosts at most (colours of the palette).
    static constexpr size_t kMaxGhosts = 8;

    /// What the Recording panel types and asks for between frames (plain data, no ImGui).
    struct PanelInput {
        std::array<char, 512> openPath{}; ///< The "open" field.
        std::array<char, 256> ghost{};    ///< The custom ghost field.
        std::string ghostError;           ///< Why the last ghost was refused.
        bool expand = false;              ///< Uncollapse the panel (a recording started or opened).
        // The run editor's fields.
        int first = 1, last = 1;        ///< The ticks an edit changes (1-based, inclusive).
        float yaw = 0.0f, pitch = 0.0f; ///< Typed view angles (degrees).
        int forward = 1, right = 0;     ///< Typed keys: -1, 0 or 1.
        bool jump = false, crouch = false;
        int side = 2;                     ///< Strafe fill: 0 left, 1 right, 2 auto.
        bool snapAim = false;             ///< Strafe fill aims at the best snap zone.
        std::array<char, 512> savePath{}; ///< Where "save as" writes.
        std::array<char, 64> bookmark{};  ///< The name of the next bookmark.
        std::string editError;            ///< Why the last edit was refused.
    };
    PanelInput panel;

    // Recording.
    /// Where recordings are saved; empty (the default): cliplab-DATE-TIME.cliprec in the current folder.
    void setSavePath(std::string path) { m_savePath = std::move(path); }
    bool recording() const { return m_capture.has_value(); }
    /// Starts capturing the live player from its current state and settings (not while a
    /// recording is open for playback).
    void startRecording(ViewerState& st);
    /// Stops capturing and saves the recording. The message goes to status() and st.status.
    void stopRecording(ViewerState& st);
    /// F5: start, or stop and save.
    void toggleRecording(ViewerState& st);
    /// After every live tick: `input` ran from `before` to the player's state now. Captures it
    /// when recording (a tick the capture refuses stops and saves the recording, saying why) and
    /// keeps the live history.
    void onTick(ViewerState& st, const movement::Input& input, const movement::PlayerState& before);
    /// The player was moved between ticks (Session::movePlayer): a recording stops and is saved,
    /// keeping what came before (its replay could not go on from there); `why` says how it moved.
    void onPlayerMoved(ViewerState& st, std::string_view why);
    /// What the player runs under changed (a movement or trace setting, the tick rate): a
    /// recording whose settings no longer hold stops and is saved.
    void onSettingsChanged(ViewerState& st);
    size_t recordedTicks() const { return m_capture ? m_capture->ticks() : 0; }
    /// Where the last recording was saved ("" when none was).
    const std::string& lastSaved() const { return m_lastSaved; }
    /// The live player's last ticks (oldest first) and their rate.
    const std::deque<movement::PlayerState>& history() const { return m_history; }
    double historyRate() const { return m_historyRate; }

    // Playback.
    /// Opens the recording at `path` for playback on `map` (a MAP argument; empty: the one the
    /// recording names), loading it when another is loaded, with the ghosts already chosen. False
    /// with status() saying why.
    bool open(ViewerState& st, const std::string& path, const std::string& map = {});
    /// Opens `recording` (named `name` in the panel) on the loaded map.
    bool open(ViewerState& st, replay::Recording recording, const std::string& name);
    /// Back to the live player where it was before playback.
    void close(ViewerState& st) override;
    bool active() const override { return m_set != nullptr; }
    bool playing() const override { return m_playing; }
    void setPlaying(bool playing) override { m_playing = playing && active(); }
    double speed() const override { return m_speed; }
    void setSpeed(double speed) override;
    /// Whether the camera takes the recorded view angles of the tick shown (default), or stays
    /// where the user (or `view --angles`) points it.
    bool followView() const override { return m_followView; }
    void setFollowView(bool follow) override { m_followView = follow; }
    size_t tick() const override { return m_cursorTick; }
    size_t ticks() const override;
    /// Tick / the recorded rate.
    double secondsAt(size_t tick) const override;
    const char* unitName() const override { return "tick"; }
    /// The ticks where ghosts part from the recorded run, in their colours.
    std::vector<TimelineMark> marks() const override;
    /// Shows tick `tick` (clamped to the recording): simulates forward from the shown tick, or from
    /// the start when going back.
    void seek(ViewerState& st, size_t tick) override;
    /// Pauses and moves by `delta` ticks.
    void step(ViewerState& st, long delta) override;
    /// Once per frame while active(): advances the playhead by `frameSeconds` x speed when playing,
    /// and puts the viewer's player and camera on the recorded run.
    void update(ViewerState& st, double frameSeconds);

    // The run editor (ReplayEditing.cpp).
    /// Starts editing the open recording (paused; the shown run becomes the edited run): false
    /// when none is open.
    bool startEditing(ViewerState& st);
    /// Drops the edits: the recording as opened is shown again.
    void stopEditing(ViewerState& st);
    bool editing() const { return m_edit != nullptr; }
    /// The edit session (null when not editing); after changing it call editChanged.
    replay::EditSession* editor() { return m_edit.get(); }
    const replay::EditSession* editor() const { return m_edit.get(); }
    /// The editor's range set to the tick that runs from the state shown, its inputs into the
    /// panel's fields.
    void editFieldsFromShownTick();
    /// Shows the tick shown again from the edited run (after an edit, undo or redo).
    void editChanged(ViewerState& st);
    /// Ctrl+Z / Ctrl+Y: undo or redo the last edit; false when there was none (or no editing).
    bool undoEdit(ViewerState& st);
    bool redoEdit(ViewerState& st);
    /// The run shown: the edited run while editing, else the recorded settings' run (empty when
    /// no recording is open).
    std::span<const movement::PlayerState> shownStates() const;
    /// The recording whose inputs the shown run ran (the edited one while editing); null when none.
    const replay::Recording* shownRecording() const;
    /// Where the current jump of the edited run comes down (the shown tick's), when editing.
    const std::optional<replay::Landing>& editLanding() const { return m_editLanding; }
    /// The live player's meters tick by tick (oldest first, as history()).
    const std::deque<replay::TickMeters>& liveMeters() const { return m_liveMeters; }

    // Ghosts.
    /// Adds a ghost replaying the open recording under the recorded settings changed by
    /// `overrides`; returns an error text, or "" (also when no recording is open: the ghost is
    /// added when one opens).
    std::string addGhost(const std::string& overrides);
    void removeGhost(size_t index);
    /// The ghosts, run 0 (the recorded settings) first when a recording is open.
    const std::vector<Ghost>& ghosts() const { return m_ghosts; }
    /// Ghost settings asked for (replayed again on every open).
    const std::vector<std::string>& ghostSettings() const { return m_ghostSettings; }
    const replay::RunSet* runs() const { return m_set.get(); }
    /// The earliest parting of a ghost from the recorded run.
    std::optional<replay::Parting> firstParting() const;
    /// The traces of the recorded run and the first ghost to part, at that tick (computed once).
    const replay::TraceComparison* partingTraces();
    /// The jumps of the open recording's run (recorded settings).
    const std::vector<replay::Jump>& jumps() const { return m_jumps; }

    const std::string& status() const { return m_status; }
    const std::string& openName() const override { return m_openName; }

    /// Ghost boxes at the playhead, their trails, the jumps on the recorded trail and the parting
    /// point (drawn over the world).
    void draw(const ViewerState& st, debugdraw::DebugDraw& draw) const;

private:
    std::string m_savePath;
    std::optional<replay::Capture> m_capture;
    const void* m_captureModel = nullptr; ///< The map the capture runs on.
    std::string m_lastSaved;
    std::deque<movement::PlayerState> m_history;
    double m_historyRate = 0.0;
    std::deque<replay::TickMeters> m_liveMeters;

    std::unique_ptr<replay::World> m_world;
    std::unique_ptr<replay::RunSet> m_set;
    /// After the world it runs on, so that it goes first.
    std::unique_ptr<replay::EditSession> m_edit;
    size_t m_editRevision = 0;                    ///< Counts the edits, undos and redos.
    std::optional<replay::Landing> m_editLanding; ///< Of the jump at the shown tick, edited run.
    size_t m_landingTick = SIZE_MAX, m_landingRevision = SIZE_MAX; ///< What m_editLanding is of.
    const void* m_model = nullptr;                                 ///< The map the playback runs on.
    std::string m_openName;
    std::vector<std::string> m_ghostSettings;
    std::vector<Ghost> m_ghosts;
    std::vector<replay::Jump> m_jumps;
    std::optional<replay::TraceComparison> m_partingTraces;
    bool m_playing = false;
    bool m_followView = true;
    double m_speed = 1.0;
    double m_playhead = 0.0; ///< Ticks (fractional while playing).
    size_t m_cursorTick = 0;
    movement::PlayerState m_cursorState;
    movement::PlayerState m_liveState; ///< The live player, restored on close.
    float m_liveYaw = 0.0f, m_livePitch = 0.0f;
    std::string m_status;

    void setStatus(ViewerState& st, std::string message);
    /// Stops and saves the recording, the status saying why it stopped.
    void stopBecause(ViewerState& st, const std::string& why);
    void rebuildGhosts();
    /// Simulates the shown run from m_cursorTick to `target`, logging the traces of the last ticks.
    void advanceCursor(ViewerState& st, size_t target);
    void showCursor(ViewerState& st);
    /// Works out m_editLanding for the shown tick when the tick or the edits changed.
    void updateLanding();
    /// The edited run's preview: its path from the shown tick, the landing of the current jump.
    void drawEdit(debugdraw::DebugDraw& draw) const;
};

} // namespace cliplab::viewer
