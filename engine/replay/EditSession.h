#pragma once
/// \file EditSession.h
/// The tool-assisted run editor's model: an edit session over a recording. Change the input of a
/// tick or a range of ticks (keys, yaw, pitch; turning the view), insert or remove ticks, fill a
/// range with optimal strafing; the run after the first changed tick is simulated again at once,
/// from the state kept for that tick (exact: movement::move is a function of the state alone).
/// Undo and redo, bookmarks, the landing of the current jump for the preview, and saving as a
/// `.cliprec` that replays bit for bit like any other (its ticks carry the edited run's origins).
/// No window here: the viewer's Recording panel and `cliplab strafe-fill` drive it.

#include "core/Result.h"
#include "movement/Strafe.h"
#include "replay/Meters.h"
#include "replay/Recording.h"
#include "replay/Replay.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::replay {

/// What an edit sets in every tick of a range; fields left unset keep each tick's own value.
struct InputEdit {
    std::optional<float> forward, right, up; ///< [-1, 1].
    std::optional<bool> jump, crouch;
    std::optional<float> yaw;   ///< Degrees, finite, |yaw| <= kMaxEditAngle.
    std::optional<float> pitch; ///< Degrees (the controller clamps it to about +/-88).
    float turnYaw = 0.0f;       ///< Degrees added to the yaw after `yaw` (turning the view), |.| <= 360.
    float turnPitch = 0.0f;     ///< Degrees added to the pitch after `pitch`, |.| <= 360.
};

/// Largest |yaw| or |pitch| an edit may set (degrees); recordings hold any finite float, but
/// beyond this a float's step exceeds the 16-bit angle step.
inline constexpr float kMaxEditAngle = 1.0e6f;

/// A named tick.
struct Bookmark {
    size_t tick = 0; ///< State index: 0 the start, i after tick i.
    std::string name;
};

/// Where the current jump comes down.
struct Landing {
    size_t tick = 0;           ///< State index of the first state on the ground again.
    glm::vec3 origin{0.0f};    ///< Units.
    bool extrapolated = false; ///< Past the run's end: simulated on with no keys held.
};

/// Where a strafe fill aims each tick.
enum class FillAim {
    Optimal, ///< The closed form's optimal angle (movement::optimalYaw).
    Snap,    ///< The snap zone that gains most after the quake3 preset's rounding (movement::snapYaw).
};

/// What a strafe fill did.
struct FillResult {
    size_t filled = 0;  ///< Ticks whose yaw was set.
    size_t skipped = 0; ///< Ticks left as they were (no horizontal key, not moving, fly/noclip/swimming).
};

/// An edit session: the recording being edited, its run, undo and redo, bookmarks.
class EditSession {
public:
    /// Longest flight simulated past the run's end for a landing (s).
    static constexpr double kExtrapolateSeconds = 10.0;
    /// Changes kept for undo.
    static constexpr size_t kMaxUndo = 256;

    /// Opens `recording` (its own settings and rate) on `world` (which must outlive the session)
    /// and runs it. The ticks' stored origins are replaced by the run's.
    EditSession(Recording recording, World& world);

    /// The recording as edited, every tick with the edited run's origin.
    const Recording& recording() const { return m_recording; }
    /// The run of the edited recording: states[0] = the start, states[i] = after tick i.
    const std::vector<movement::PlayerState>& states() const { return m_states; }
    /// The run as it was opened (for comparing and drawing the path before the edits).
    const std::vector<movement::PlayerState>& originalStates() const { return m_original; }
    size_t ticks() const { return m_recording.ticks.size(); }
    double rate() const { return m_recording.settings.rate; }
    /// Ticks simulated by the last change (from its first tick to the end).
    size_t lastResimulated() const { return m_lastResimulated; }

    /// Applies `edit` to ticks `first`..`last` (1-based, inclusive) and simulates again from `first`.
    /// Errors (nothing changes): a range outside [1, ticks()], a value out of its range or not finite.
    core::Status editInputs(size_t first, size_t last, const InputEdit& edit);
    /// Sets the whole input of tick `tick` (1-based).
    core::Status setInput(size_t tick, const movement::Input& input);
    /// Inserts `count` ticks of `input` before tick `at` (1-based; ticks() + 1 appends).
    core::Status insertTicks(size_t at, size_t count, const movement::Input& input);
    /// Removes ticks `first`..`last` (1-based, inclusive; at least one tick stays).
    core::Status eraseTicks(size_t first, size_t last);
    /// Sets the yaw of ticks `first`..`last` (1-based) to the optimal angle tick by tick
    /// (movement::optimalYaw on `side`, or movement::snapYaw with FillAim::Snap; keys kept), each
    /// tick aimed from the state the filled ticks before it lead to. Auto takes each tick's side
    /// from the run before the fill, so a run switching sides keeps switching.
    core::Result<FillResult> strafeFill(size_t first, size_t last, movement::StrafeSide side,
                                        FillAim aim = FillAim::Optimal);

    bool canUndo() const { return !m_undo.empty(); }
    bool canRedo() const { return !m_redo.empty(); }
    /// Takes back the last change (false when there is none).
    bool undo();
    /// Does again the last change undone (false when there is none).
    bool redo();

    /// Names state `tick` (0..ticks()); replaces the name of a bookmark already there.
    core::Status setBookmark(size_t tick, std::string name);
    /// Removes the bookmark at `tick`; false when there is none.
    bool removeBookmark(size_t tick);
    /// The bookmarks in tick order. Inserting and removing ticks moves those after the change.
    const std::vector<Bookmark>& bookmarks() const { return m_bookmarks; }

    /// The landing of the jump in progress at state `index`, or, standing, of the next jump; past
    /// the run's end the flight goes on with no keys held for at most kExtrapolateSeconds. nullopt
    /// when there is no jump, or no landing within that time.
    std::optional<Landing> landing(size_t index);

    /// The strafe HUD at state `index` (0..ticks()) for the tick that follows it (none past the end).
    StrafeHud hud(size_t index) const;
    /// The meters of every tick of the edited run (element i: tick i + 1).
    std::vector<TickMeters> meters() const;

    /// Writes the edited recording as `.cliprec` (errors name the file).
    core::Status save(const std::string& path) const;

private:
    /// One change: ticks [first, first + before.size()) replaced by `after`.
    struct Change {
        size_t first = 0;
        std::vector<Tick> before, after;
        std::vector<Bookmark> bookmarksBefore, bookmarksAfter;
    };

    Recording m_recording;
    World& m_world;
    std::vector<movement::PlayerState> m_states;
    std::vector<movement::PlayerState> m_original;
    std::vector<Change> m_undo, m_redo;
    std::vector<Bookmark> m_bookmarks;
    size_t m_lastResimulated = 0;

    core::Status checkRange(size_t first, size_t last) const;
    /// Replaces ticks as `change` says (or back), simulates again from its first tick.
    void apply(const Change& change, bool forward);
    /// Records `change` for undo, applies it.
    void commit(Change change);
    /// Simulates again from tick `first` (0-based) to the end; origins follow.
    void resimulate(size_t first);
};

} // namespace cliplab::replay
