#pragma once
/// \file ViewerState.h
/// Everything the interactive viewer's panels read and change: the loaded map, the player
/// simulation, the trace settings, the probe tools, the trace log and the frame statistics.
/// Plain data plus a few helpers; the SDL/ImGui loop lives in Viewer.cpp.

#include "analysis/Snags.h"
#include "analysis/SurfaceClass.h"
#include "bsp/BspData.h"
#include "collision/Model.h"
#include "collision/TraceLimits.h"
#include "fs/FileSystem.h"
#include "inspect/BrushKind.h"
#include "inspect/Inspector.h"
#include "inspect/Markers.h"
#include "movement/Simulation.h"
#include "render/Renderer.h"
#include "scene/Camera.h"
#include "stepcorrect/StepCorrect.h"
#include "viewer/AnalysisView.h"
#include "viewer/MethodTrace.h"
#include "viewer/ReachView.h"
#include "viewer/ReplayController.h"

#include <array>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::viewer {

/// Ranges of the viewer's settings, shared by the panels' controls, viewer.cfg and the
/// ViewerState setters (which clamp into them and put a NaN back to the default).
namespace limits {
inline constexpr float kProbeExtent = 128.0f; ///< Probe box/capsule mins/maxs components, +/- (units).
inline constexpr float kProbeRadius =
    64.0f; ///< Probe sphere/cylinder radius and half height, [0, this] (units).
inline constexpr float kEpsilon =
    collision::kMaxEpsilon;              ///< Trace epsilon, [0, this] (units), as the CLI's --epsilon.
inline constexpr int kPatchLevelMin = 1; ///< Patch subdivisions, as shot's --patch-level.
inline constexpr int kPatchLevelMax = 64;
inline constexpr float kFovMin = 1.0f; ///< Horizontal field of view (degrees).
inline constexpr float kFovMax = 179.0f;
inline constexpr float kChaseMax = 1024.0f; ///< Chase camera distance, [0, this] (units), as view's --chase.
inline constexpr float kChaseDefault = 120.0f; ///< The chase camera's distance at first (units).
inline constexpr float kFlySpeedMin = 0.05f;   ///< Fly/noclip speed factor (mouse wheel).
inline constexpr float kFlySpeedMax = 20.0f;
inline constexpr int kTicksShownMax = 200;          ///< Ticks of player traces drawn, [0, this].
inline constexpr float kSweepCoordinate = 65536.0f; ///< Sweep tool points, +/- (units), as shot's --sweep.
} // namespace limits

/// A map and what is built from it. Replaced whole when another map loads.
struct LoadedMap {
    std::string argument; ///< The MAP argument it was loaded from.
    bsp::BspData data;
    std::unique_ptr<collision::Model> model;
    collision::CorrectFunction correct; ///< Step-and-correct against `model` (its corner table built once).
    std::unique_ptr<render::Renderer> renderer;
    /// A named place to jump to: playground stations and spawn points.
    struct Place {
        std::string label;
        glm::vec3 origin{0.0f}; ///< Player origin (units).
        float yaw = 0.0f;       ///< Degrees.
    };
    std::vector<Place> stations; ///< target_position entities with a "message".
    std::vector<Place> spawns;   ///< info_player_* (origin already 9 units up, as the game spawns).
    PlaneShiftCache planeShift;  ///< Plane-shift trees of `model`, built when the method switch needs one.
    std::unique_ptr<inspect::Inspector>
        inspector;                        ///< Names and owners of `data`'s brushes (points into `data`).
    std::vector<inspect::Marker> markers; ///< Spawn points, items, teleporter destinations, triggers.
    std::array<size_t, inspect::kBrushKindCount> brushKinds{}; ///< Brushes of every model, by kind.
    std::vector<analysis::ClassifiedFace> surfaceFaces;        ///< Every face with its surface classes.
    analysis::SurfaceClassCounts surfaceCounts;                ///< Faces per class.
    std::vector<int32_t> sideFace; ///< Per brush side: its index in surfaceFaces, -1 for a bevel.
    std::map<std::pair<int32_t, int32_t>, int32_t>
        facetFace; ///< (patch surface, facet) -> index in surfaceFaces.

    /// The classified face of brush side `brushSide`, or else of facet `facet` of patch surface
    /// `surface`; null when there is none (a bevel, an index out of range, -1s).
    const analysis::ClassifiedFace* face(int32_t brushSide, int32_t surface, int32_t facet) const;
};

/// "walkable, slick" for a face's classes; "no class" for none.
std::string surfaceClassesText(analysis::SurfaceClasses classes);

/// The viewer's trace options at first: robust semantics (the player never ends a tick in solid),
/// patches collide as in the game (cm_noCurves 0), the game's epsilon.
inline collision::TraceOptions viewerTraceOptions() {
    collision::TraceOptions o;
    o.semantics = collision::Semantics::Robust;
    o.curves = true;
    return o;
}

/// The trace settings of the Trace panel: the probe's and sweep's shape and mask, and the
/// collision rules (options, method) every trace follows, the player's too.
struct TraceSettings {
    collision::ShapeKind shape = collision::ShapeKind::Box;
    glm::vec3 mins{-15.0f, -15.0f, -24.0f}; ///< Probe box/capsule (units).
    glm::vec3 maxs{15.0f, 15.0f, 32.0f};
    float radius = 16.0f;     ///< Probe sphere/cylinder radius (units).
    float halfHeight = 28.0f; ///< Probe cylinder half height (units).
    /// Epsilon, semantics (robust: the player must never end a tick in solid), curves (on, as in the game).
    collision::TraceOptions options = viewerTraceOptions();
    int32_t mask = bsp::contents::MaskPlayerSolid;
    TraceMethod method = TraceMethod::Brush; ///< The method switch (see TraceMethod; Both: probe and sweep).
    bool planeShiftBevels = true;            ///< Bevel planes in the plane-shift tree.
    /// Also trace the probe and the sweep in the other of quake3/robust and show where they differ
    /// (brush method only; the player moves by `options` alone).
    bool compareSemantics = false;

    /// Ranges shared by the Trace panel, the console and the settings file.
    static constexpr float kMaxExtent =
        limits::kProbeExtent; ///< mins in [-kMaxExtent, 0], maxs in [0, kMaxExtent] (units).
    static constexpr float kMaxRadius =
        limits::kProbeRadius; ///< radius and halfHeight in [0, kMaxRadius] (units).
    static constexpr float kMaxEpsilon = limits::kEpsilon; ///< epsilon in [0, kMaxEpsilon] (units).

    /// The probe shape from these settings.
    collision::Shape probeShape() const;
};

/// `t` with every value in its limits:: range (NaN takes the default, enums out of range too).
TraceSettings sanitize(const TraceSettings& t);

/// The semantics the probe and sweep are compared with: robust for quake3 and the reverse, none
/// when the comparison is off or the semantics is the tutorial's.
std::optional<collision::Semantics> comparedSemantics(const TraceSettings& settings);

/// One logged trace with its counters, for the debugger and the 3D view.
struct LoggedTrace {
    std::string source; ///< "player: slide", "probe", "sweep"...
    collision::Shape shape;
    glm::vec3 start{0.0f}, end{0.0f};
    int32_t mask = 0;
    collision::TraceResult result;
    collision::TraceStats stats;
    double microseconds = 0.0;
    TraceMethod method = TraceMethod::Brush; ///< Brush or PlaneShift: the trace that produced `result`.
    /// The second trace of a compared pair (plane shifting when the method is Both, or the other
    /// semantics with "compare semantics"): drawn dashed in cyan.
    bool second = false;
    std::string label = "brush"; ///< Column name in comparisons: brush, planeshift, quake3, robust.
};

/// What the 3D view draws on top of the world.
struct VisToggles {
    bool traceSegments = true; ///< Movement traces coloured by outcome.
    bool sweptBoxes = true;    ///< Shape at start and stop.
    bool hitPoint = true;
    bool hitPlane = true;     ///< Translucent quad + normal arrow.
    bool hitBrush = true;     ///< Wire hull of the hit brush.
    bool patchFacets = false; ///< Collision facets of patches near the last patch hit (or the
                              ///< player); the hit facet in red with its border and bevel planes.
    int ticksShown = 16;      ///< N: traces of the last N ticks, [0, limits::kTicksShownMax].
};

/// The collision brush view's filters (Render panel legend).
struct BrushViewSettings {
    /// Kinds drawn, by inspect::BrushKind; all but "other" (hint, skip, areaportal, origin...) at first.
    std::array<bool, inspect::kBrushKindCount> shown{true, true, true, true, true,
                                                     true, true, true, true, false};
    bool bevels = false;   ///< Bevel sides as short arrows at the brush centre.
    float range = 4096.0f; ///< Brushes farther from the eye are not drawn (units).
};

/// The surface class view (Render panel): faces coloured by what the player finds there.
struct SurfaceClassViewSettings {
    bool enabled = false;
    analysis::SurfaceClasses shown = analysis::kAllSurfaceClasses; ///< The legend's filters.
    float range = 4096.0f; ///< Faces farther from the eye are not drawn (units).
};

/// Which box the hull view grows the brushes by.
enum class HullBox {
    Player, ///< The player's box as it is now (standing or crouched).
    Probe,  ///< The Trace panel's probe box (mins/maxs; other shapes use their bounding box).
};

/// The hull view (Render panel): the world's brushes as the box trace sees them.
struct HullViewSettings {
    bool enabled = false;
    HullBox box = HullBox::Player;
    float range = 768.0f; ///< Hulls whose bounds are farther from the eye are not drawn (units).
};

/// Jump pad arcs and the airborne player's predicted flight (Render panel).
struct ArcViewSettings {
    bool padArcs = false;   ///< Every trigger_push's simulated arc, landing and target.
    bool prediction = true; ///< While the player is in the air: its flight with zero input, and the landing.
};

/// The snag heat map (Render panel, console `snags`): cells where the soak's walkers snagged.
struct SnagView {
    bool shown = false;
    int64_t ticks = 100000;                ///< Ticks of the next search, [1000, 10000000].
    std::vector<analysis::SnagCell> cells; ///< The last search's cells (empty before the first).
    std::string summary;                   ///< Its last line, as `cliplab snags` prints it.
};

/// What the cursor points at in the surface class view (a ray from the cursor each frame).
struct SurfaceHover {
    glm::vec3 point{0.0f}; ///< Where the ray stopped (units).
    std::string text;      ///< "walkable, slick | textures/... | SLICK" (the tooltip).
};

/// Entity markers in the 3D view (Render panel).
struct MarkerToggles {
    /// Kinds drawn, by inspect::MarkerKind.
    std::array<bool, inspect::kMarkerKindCount> shown{true, true, true, true};
    bool labels = true;         ///< Classname labels next to the markers.
    float labelRange = 1024.0f; ///< Labels of markers farther from the eye are left out (units).
};

/// What the Inspector panel shows: the surface a trace stopped on and its brush, or a brush alone.
struct Inspection {
    std::string source;     ///< "probe", "trace debugger: player: slide", "brush 12"...
    int32_t brush = -1;     ///< Index in BspData::brushes; -1 for none (a patch, a miss).
    int32_t brushSide = -1; ///< The side hit; -1 when a brush was picked without a hit.
    int32_t surface = -1;   ///< Patch surface hit; -1 for none.
    int32_t facet = -1;     ///< Facet of that patch hit; -1 for none.
    bool hit = false;       ///< A trace stopped on something.
    glm::vec3 point{0.0f};  ///< Where it stopped (units).
};

/// The sweep tool: a trace between two placed points, redone every frame.
struct SweepTool {
    bool enabled = false;
    glm::vec3 start{0.0f}, end{0.0f};
};

/// Rolling per-frame figures for the Stats panel.
struct FrameStats {
    static constexpr size_t kHistory = 240;
    std::deque<float> frameMs, tracesPerFrame, usPerTrace, speed;
    /// Appends `v` to `series`, keeping kHistory values.
    static void push(std::deque<float>& series, float v);
};

/// What happens to a player (walk or fly mode) that leaves the world: it falls past the bottom
/// of the map or goes beyond its bounds (the box of the world model, 64 units around).
enum class LeaveWorld {
    Respawn, ///< Back to the spawn point.
    Stop,    ///< The simulation freezes with the player where it left, for inspection.
};

/// The whole viewer state shared by the panels. Panels read the fields and change the settings
/// through the set* functions below, which keep every value in its limits:: range.
struct ViewerState {
    std::unique_ptr<fs::FileSystem> vfs; ///< Mounted game data (may have no mounts).
    std::unique_ptr<LoadedMap> map;
    std::string mapError;                 ///< Last load error, shown in the Map panel; empty = none.
    std::string pendingLoad;              ///< A MAP to load at the start of the next frame.
    std::array<char, 512> mapPathInput{}; ///< The Map panel's path field (ImGui edits it in place).
    std::array<char, 64> mapFilter{};     ///< The Map panel's filter field.

    movement::Settings moveSettings;
    movement::Simulation sim{movement::Settings{}};
    double tickRate = movement::Simulation::kDefaultRate;
    int correctionsLastTick = 0; ///< Step-and-correct corrections made in the last tick (Movement panel).
    bool frozen = false;         ///< Simulation paused.
    int stepRequests = 0;        ///< Ticks to run while frozen (the Step button).
    float flySpeedScale = 1.0f;  ///< Mouse wheel: multiplies maxSpeed in fly and noclip modes.
    movement::PlayerState spawnState;

    TraceSettings trace;
    VisToggles vis;
    SweepTool sweep;
    std::optional<LoggedTrace> probe;        ///< Last probe click.
    std::optional<LoggedTrace> probeCompare; ///< The same probe by plane shifting when the method was Both.
    std::deque<std::vector<LoggedTrace>> tickTraces; ///< Player traces per tick, newest last.
    std::vector<LoggedTrace> sweepTrace;             ///< This frame's sweep (0, 1, or 2 with method Both).
    int selectedTrace = -1;                          ///< Index into debuggerList(); -1 = none.
    int shownBrush = -1;                             ///< Brush drawn alone by the debugger; -1 = none.

    render::Camera camera;
    render::RenderSettings render;
    bool chase = true; ///< Chase camera (key T): behind the player, its shape in view.
    float chaseDistance =
        limits::kChaseDefault;       ///< How far behind the eye the chase camera wants to be (units).
    bool collisionBrushView = false; ///< Draw the collision brushes (instead of the surfaces).
    BrushViewSettings brushView;
    SurfaceClassViewSettings surfaceClassView;
    HullViewSettings hullView;
    HullCache hullCache; ///< The hull view's hulls, rebuilt when its box changes.
    std::optional<SurfaceHover>
        hover; ///< Set each frame the surface class view is on and the cursor is in the view.
    ArcViewSettings arcView;
    SnagView snagView;
    /// Declared after `map`, so a search under way is cancelled and joined before the map goes.
    ReachView reachView;
    PadArcCache padArcs; ///< The pads' arcs, flown again when the movement settings change.
    /// The airborne player's flight as simulated this frame (ArcViewSettings::prediction); none on the
    /// ground.
    std::optional<analysis::Flight> prediction;
    MarkerToggles markers;
    std::optional<Inspection> inspection; ///< The Inspector panel's subject; none at first.
    bool vsync = true;
    bool fullscreen = false;

    LeaveWorld leaveWorld = LeaveWorld::Respawn; ///< What happens to a player that leaves the world.
    std::string worldNote; ///< "the player left the world ..." shown over the view; empty = none.
    /// How much longer the note shows (s); negative: until the simulation runs again (a stopped player).
    float worldNoteSeconds = 0.0f;

    /// Sidebar sections open (true) or closed, by name; a missing one takes its default.
    std::map<std::string, bool> sectionOpen;

    FrameStats stats;
    int64_t tracesThisFrame = 0;
    double traceMicrosThisFrame = 0.0;
    std::array<RecentTimes, 2> methodTimes; ///< Recent trace times: [0] brush, [1] planeshift.
    std::string status;      ///< One line at the bottom of the Help panel (e.g. "screenshot saved to ...").
    ReplayController replay; ///< Recording the player, playing recordings back, ghosts.

    /// The Trace panel's settings, sanitized.
    void setTrace(const TraceSettings& t);
    /// The Movement panel's settings, movement::sanitize'd (the simulation takes them next tick).
    void setMovement(const movement::Settings& s);
    /// Ticks per second, clamped to the simulation's range; rebuilds the simulation keeping the player.
    void setTickRate(double hz);
    /// The Render panel's settings (patch level and view mode kept in range).
    void setRender(const render::RenderSettings& r);
    /// The 3D view's overlays (ticksShown kept in range).
    void setVis(const VisToggles& v);
    /// Horizontal field of view (degrees), clamped to [kFovMin, kFovMax]; NaN = the default.
    void setFov(float degrees);
    /// Chase camera distance (units), clamped to [0, kChaseMax]; NaN = 0.
    void setChaseDistance(float units);
    /// Fly/noclip speed factor, clamped to [kFlySpeedMin, kFlySpeedMax]; NaN = 1.
    void setFlySpeedScale(float scale);
    /// The sweep tool; points clamped to +/-kSweepCoordinate, NaN components 0.
    void setSweep(const SweepTool& s);

    /// The traces the debugger lists: the probe, the sweep, then the player's last tick's.
    std::vector<const LoggedTrace*> debuggerList() const;
    /// Traces `shape` from `start` to `end` with the Trace panel's options, timing and counting it,
    /// by the panel's method (Both traces by the brush trace: the player's moves need one answer).
    LoggedTrace traceLogged(const std::string& source, const collision::Shape& shape, const glm::vec3& start,
                            const glm::vec3& end, int32_t mask);
    /// traceLogged() by the Trace panel's method: two traces (brush, then planeshift, whose
    /// source gets " (planeshift)") with Both, else one. Never empty.
    std::vector<LoggedTrace> traceMethods(const std::string& source, const collision::Shape& shape,
                                          const glm::vec3& start, const glm::vec3& end, int32_t mask);
    /// Puts the player at `origin` (units) looking along `yaw` (degrees), at rest.
    void teleport(const glm::vec3& origin, float yaw);
    /// The movement settings the simulation runs with (the fly speed factor applied).
    movement::Settings effectiveSettings() const;
    /// Rebuilds the simulation at `tickRate`, keeping the player state.
    void applyTickRate();
    /// Checks the player after a tick: a walking or flying player outside the world (see
    /// LeaveWorld) is respawned or stopped as `leaveWorld` says, and worldNote tells where and
    /// what was done. Noclip may go anywhere. True when the player had left.
    bool keepInWorld();
    /// Where the camera goes for the player's eye `eye` looking along camera.forward(): the eye
    /// itself in first person; with `chase`, chaseDistance behind it, pulled in by a small box
    /// trace (solid only) so that it never ends inside or beyond a wall.
    glm::vec3 cameraPosition(const glm::vec3& eye) const;
    /// Puts the player at the map's first spawn point (the middle of the world without one).
    void respawn();
    /// Traces the probe shape from the camera's eye along `direction` (unit) for 8192 units by the
    /// Trace panel's method, keeps it as the last probe (and its plane-shift twin with method
    /// Both) and shows what it hit in the Inspector.
    void fireProbe(const glm::vec3& direction);
    /// Runs the soak's walkers on the loaded map for `ticks` ticks (the Movement panel's
    /// settings, the Trace panel's rules, seed 1) and keeps the cells where they snagged, ended
    /// in solid or got stuck in snagView (shown); returns the summary line, or an error text
    /// starting "snags:".
    std::string findSnags(int64_t ticks);
    /// Starts a reach search of the loaded map on a background thread (cells of `grid` units, the
    /// Movement panel's settings, the Trace panel's rules), cancelling one under way; returns
    /// what happened, or an error text starting "reach:".
    std::string startReach(float grid);
    /// Takes a finished search's result into reachView (shown, with its summary). Every frame.
    void pollReach();
    /// With the surface class view on: what a ray from the eye along `direction` (unit) stops at
    /// (all contents but the player's own body, curves on), as `hover`; with the view off, or
    /// when the ray meets no classified face, `hover` is reset.
    void hoverAlong(const glm::vec3& direction);
    /// The Inspector shows what `logged` stopped on (its brush side or patch), or that it hit nothing.
    void inspectTrace(const LoggedTrace& logged, const std::string& source);
    /// The Inspector shows brush `brush` without a hit; false (nothing changed) when out of range.
    bool inspectBrush(int32_t brush, const std::string& source);
    /// "Go to brush": noclip, the eye placed on the line from the current eye to the brush's
    /// centre, far enough to see the whole brush (1.2 x its bounding radius + 32 units, at least
    /// 64), looking at its centre; the brush is drawn highlighted. False when out of range.
    bool goToBrush(int32_t brush);
    /// The station of step-and-correct's known failure (Movement panel button): method
    /// step-and-correct with kDemoStepLength-unit steps at kDemoTickRate ticks/s, max speed
    /// kDemoMaxSpeed and accelerate kDemoAccelerate (full speed in one tick), walk mode, and the
    /// player at the playground's "thin wall: 1 thick" station facing the walls (+y). Holding
    /// forward then carries the box through the 1, 2 and 4 unit walls (a 33-unit step passes walls
    /// thinner than 2 * 33 - 30); with swept traces it stops at each. False, and nothing changed,
    /// when the map has no such station.
    bool startThinWallDemo();
    /// The "thin wall: 1 thick" station of the loaded map, or null (only the playground has it).
    const LoadedMap::Place* thinWallStation() const;
    static constexpr float kDemoStepLength = 64.0f; ///< Units.
    static constexpr double kDemoTickRate = 30.0;   ///< Ticks per second.
    static constexpr float kDemoMaxSpeed = 1000.0f; ///< Units per second.
    static constexpr float kDemoAccelerate = 50.0f; ///< 1/s.
    /// Loads `argument` (needs a current GL context) and respawns; on failure keeps the current
    /// map, stores the message in mapError and returns false.
    bool switchMap(const std::string& argument);
    /// The maps in the mounted game data (listed once, on first use).
    const std::vector<std::string>& mapList();

private:
    std::optional<std::vector<std::string>> m_mapList;
};

/// Loads `argument` with `vfs` into a new LoadedMap (renderer included: needs a current GL
/// context). On error nothing changes for the caller, which keeps its previous map.
core::Result<std::unique_ptr<LoadedMap>> loadViewerMap(const std::string& argument,
                                                       const fs::FileSystem* vfs);

/// Everything of a LoadedMap but its renderer (no GL context needed; `renderer` stays null):
/// collision model, inspector, markers, stations and spawn points. An error for a map without models.
core::Result<std::unique_ptr<LoadedMap>> buildLoadedMap(const std::string& argument, bsp::BspData data);

} // namespace cliplab::viewer
