#pragma once
/// \file MapperTools.h
/// What the viewer keeps for a mapper at work: the watch on the opened map's file (reload on save),
/// the note over the view that says what a reload did, the leak path (a pointfile), and the
/// measuring tape with the probe's last hits. Owned by ViewerState; no GL, no window.

#include "analysis/Tape.h"
#include "core/Result.h"

#include <glm/vec3.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::viewer {

/// Watches one file on disk by its modification time and size.
class MapWatcher {
public:
    /// How often changed() looks at the file (s): a save shows within a second.
    static constexpr double kInterval = 0.25;

    /// Watches `path` from now on ("" = nothing), taking its current time and size as seen.
    void watch(const std::string& path);
    /// The file watched ("" = none).
    const std::string& path() const { return m_path; }
    /// True once when the file's time or size differ from the last seen and have stayed so over
    /// two looks (an editor writing in place is not caught half-way); looks at most every
    /// kInterval s of `now`. A missing file (an editor between deleting and renaming) is no
    /// change: the file that comes back is.
    bool changed(std::chrono::steady_clock::time_point now);

private:
    struct Stamp {
        bool exists = false;
        std::filesystem::file_time_type time{};
        std::uintmax_t size = 0;
        bool operator==(const Stamp&) const = default;
    };
    static Stamp stampOf(const std::string& path);
    std::string m_path;
    Stamp m_seen;
    Stamp m_settling; ///< A new stamp seen once, waiting for the next look to be the same.
    std::chrono::steady_clock::time_point m_lastLook{};
};

/// A leak's path drawn through the walls: a pointfile's points, from the void to the entity.
struct LeakPath {
    std::vector<glm::vec3> points; ///< At least two (units).
    std::string source;            ///< Where it came from: "the compile of X.map" or a .lin's path.
    std::string summary;           ///< One line: what leaks, where, how many points.
};

/// Reads the pointfile at `path` (a .lin on disk). Errors name the file and the line and column.
core::Result<LeakPath> readPointfile(const std::string& path);

/// The measuring tape: the probe's last two hits, the points measured and what was found.
struct TapeState {
    /// On: every probe hit moves the tape (the two last hits are measured); off: the tape stays
    /// where it was put (a button or `measure` puts it).
    bool mode = false;
    std::array<std::optional<analysis::TapePoint>, 2> hits; ///< The probe's last two hits, oldest first.
    std::optional<analysis::TapeResult> result;             ///< The tape shown; none = no tape.
    analysis::TapePoint from, to;                           ///< The points of `result`.
};

/// A note over the view about the map (a reload, a failed reload).
struct MapNote {
    std::string text;     ///< One line; "" = no note.
    bool error = false;   ///< A failed load (drawn red), else a reload (green).
    bool warning = false; ///< A map loaded with a leak or a bad .lin beside it (drawn amber).
    double seconds = 0.0; ///< How much longer it shows; < 0: until the next load of the map.
};

/// The mapper's tools (ViewerState::mapper).
struct MapperTools {
    MapWatcher watcher;           ///< The opened map's file (set on every load).
    MapNote note;                 ///< Over the view, under the world note.
    std::optional<LeakPath> leak; ///< Drawn when set and leakShown.
    bool leakShown = true;        ///< The Mapper section's "show the leak path".
    TapeState tape;               ///< The measuring tape.

    /// A frame of `seconds` went by: a timed note whose time is up goes.
    void ageNote(double seconds);
    /// A probe hit `point` on a surface with `normal`: the newest of the tape's hits.
    void addHit(const glm::vec3& point, const glm::vec3& normal);
};

} // namespace cliplab::viewer
