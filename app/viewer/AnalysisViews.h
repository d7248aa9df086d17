#pragma once
/// \file AnalysisViews.h
/// The map analysis views of the 3D view and their jobs: faces coloured by surface class (and what
/// the cursor points at), the brushes grown by a box, jump pad arcs and the airborne prediction,
/// the snag heat map and the reach map (a search on a background thread). Their switches, ranges
/// and sizes are settings, written by the settings registry; the searches and caches are theirs.

#include "analysis/JumpPads.h"
#include "analysis/Snags.h"
#include "analysis/SurfaceClass.h"
#include "core/EnumNames.h"
#include "movement/Settings.h"
#include "viewer/AnalysisView.h"
#include "viewer/ReachView.h"
#include "viewer/settings/SettingsKey.h"

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::viewer {

struct LoadedMap;

/// Which box the hull view grows the brushes by.
enum class HullBox {
    Player, ///< The player's box as it is now (standing or crouched).
    Probe,  ///< The Trace panel's probe box (mins/maxs; other shapes use their bounding box).
};

/// Every hull box and its name, in enum order.
inline constexpr std::array<core::EnumName<HullBox>, 2> kHullBoxNames{{
    {HullBox::Player, "player"},
    {HullBox::Probe, "probe"},
}};
static_assert(core::inEnumOrder(kHullBoxNames));

/// What the cursor points at in the surface class view (a ray from the cursor each frame).
struct SurfaceHover {
    glm::vec3 point{0.0f}; ///< Where the ray stopped (units).
    std::string text;      ///< "walkable, slick | textures/... | SLICK" (the tooltip).
};

class AnalysisViews {
public:
    /// The settings (every one a setting of the registry).
    struct Values {
        bool surfaceClasses = false; ///< Faces coloured by surface class.
        analysis::SurfaceClasses shownClasses = analysis::kAllSurfaceClasses; ///< The legend's filters.
        float classRange = 4096.0f; ///< Faces farther from the eye are not drawn (units).
        bool hull = false;          ///< The world's brushes as the box trace sees them.
        HullBox hullBox = HullBox::Player;
        float hullRange = 768.0f;   ///< Hulls whose bounds are farther from the eye are not drawn (units).
        bool padArcs = false;       ///< Every trigger_push's simulated arc, landing and target.
        bool prediction = true;     ///< While in the air: the flight with zero input, and the landing.
        bool snags = false;         ///< The last snag search's cells.
        int64_t snagTicks = 100000; ///< Ticks of the next snag search.
        bool reach = false;         ///< The last reach search's cells.
        float reachGrid = 16.0f;    ///< Cell size of the next reach search (units).
        float reachRange = 2048.0f; ///< Reach cells farther from the eye are not drawn (units).
        bool reachDeadly = false;   ///< The reach map's deadly cells drawn too (the void: hidden at first).
    };
    const Values& values() const { return m_values; }
    Values& values(SettingsKey) { return m_values; }

    /// What the cursor points at in the surface class view (none when the view is off).
    const std::optional<SurfaceHover>& hover() const { return m_hover; }
    /// With the surface class view on: what a ray from `eye` along `direction` (unit) stops at in
    /// `map` (all contents but the player's own body, curves on); else, or when the ray meets no
    /// classified face, none.
    void hoverAlong(const LoadedMap* map, const glm::vec3& eye, const glm::vec3& direction);
    void clearHover() { m_hover.reset(); }

    /// What the crosshair (or the cursor) points at in the textured view, when named.
    const std::optional<SurfaceHover>& aimed() const { return m_aimed; }
    /// Names the face a ray from `eye` along `direction` (unit) stops at in `map`, among what the
    /// player sees and stops at (solid, clips, liquids; curves on): "brush B side S", its shader
    /// and contents, or "patch surface N" for a curve. None when it meets nothing.
    void aimAlong(const LoadedMap* map, const glm::vec3& eye, const glm::vec3& direction);
    void clearAim() { m_aimed.reset(); }

    /// The hull view's hulls, rebuilt when its box changes; the pads' arcs, flown again when the
    /// movement settings change.
    HullCache& hulls() { return m_hulls; }
    PadArcCache& padArcs() { return m_padArcs; }
    /// The airborne player's flight as simulated this frame; none on the ground.
    const std::optional<analysis::Flight>& prediction() const { return m_prediction; }
    void setPrediction(std::optional<analysis::Flight> flight) { m_prediction = std::move(flight); }

    /// The last snag search's cells and its summary line (as `cliplab snags` prints it).
    const std::vector<analysis::SnagCell>& snagCells() const { return m_snagCells; }
    const std::string& snagSummary() const { return m_snagSummary; }
    /// Runs the soak's walkers on `map` for `ticks` ticks with `settings` (swept) and `options`,
    /// seed 1, and keeps the cells where they snagged, ended in solid or got stuck; the summary
    /// line, or an error text starting "snags:".
    std::string findSnags(const LoadedMap* map, const movement::Settings& settings,
                          const collision::TraceOptions& options, int64_t ticks);

    /// The reach search under way and the last one's result.
    const ReachResult& reach() const { return m_reach; }
    /// Starts a reach search of `map` on a background thread (cells of `grid` units, `settings`
    /// swept, `options`), cancelling one under way; what happened, or an error text starting "reach:".
    std::string startReach(const LoadedMap* map, const movement::Settings& settings,
                           const collision::TraceOptions& options, float grid);
    /// Asks the search under way to stop.
    void cancelReach();
    /// Blocks until the search under way ends.
    void waitReach();
    /// A search that ended: its summary line, and whether it failed (the last result then stays).
    struct ReachEnd {
        std::string summary;
        bool failed = false;
    };
    /// Takes a finished search's result (regions of cells within `stepHeight`); how it ended when
    /// it ended now, else nothing. Every frame.
    std::optional<ReachEnd> pollReach(float stepHeight);

    /// Another map: searches cancelled, results and caches dropped (the settings stay).
    void clearResults();

private:
    Values m_values;
    std::optional<SurfaceHover> m_hover;
    std::optional<SurfaceHover> m_aimed;
    HullCache m_hulls;
    PadArcCache m_padArcs;
    std::optional<analysis::Flight> m_prediction;
    std::vector<analysis::SnagCell> m_snagCells;
    std::string m_snagSummary;
    ReachResult m_reach; ///< Last: a search under way is cancelled and joined first on destruction.
};

} // namespace cliplab::viewer
