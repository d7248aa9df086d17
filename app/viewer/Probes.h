#pragma once
/// \file Probes.h
/// The probe tools and what they found: the probe's and sweep's shape and mask (Trace panel), the
/// last probe click (and its twin by the other method or semantics), the sweep tool and its traces,
/// the trace picked in the debugger, the brush shown alone, and what the Inspector shows. Owned
/// here: its settings are written by the settings registry, the rest by the commands below.

#include "bsp/BspData.h"
#include "collision/Trace.h"
#include "viewer/MethodTrace.h"
#include "viewer/settings/SettingsKey.h"

#include <glm/vec3.hpp>

#include <optional>
#include <string>
#include <vector>

namespace cliplab::viewer {

/// The probe's and sweep's shape and contents mask (not the player's: that is the movement settings').
struct ProbeSettings {
    collision::ShapeKind shape = collision::ShapeKind::Box;
    glm::vec3 mins{-15.0f, -15.0f, -24.0f}; ///< Box/capsule (units), each in [-kProbeExtent, 0].
    glm::vec3 maxs{15.0f, 15.0f, 32.0f};    ///< Each in [0, kProbeExtent].
    float radius = 16.0f;                   ///< Sphere/cylinder radius (units), [0, kProbeRadius].
    float halfHeight = 28.0f;               ///< Cylinder half height (units), [0, kProbeRadius].
    int32_t mask = bsp::contents::MaskPlayerSolid;
    /// Also trace the probe and the sweep in the other of quake3/robust and show where they differ
    /// (brush method only; the player moves by the rules alone).
    bool compareSemantics = false;

    /// The probe shape from these settings.
    collision::Shape probeShape() const;
};

/// The semantics the probe and sweep are compared with: robust for quake3 and the reverse; none
/// when `compare` is off or `semantics` is the tutorial's.
std::optional<collision::Semantics> comparedSemantics(bool compare, collision::Semantics semantics);

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
    glm::vec3 start{0.0f}, end{0.0f}; ///< Units, each component within +/-kSweepCoordinate.
};

class Probes {
public:
    const ProbeSettings& settings() const { return m_settings; }
    ProbeSettings& settings(SettingsKey) { return m_settings; }

    /// The last probe click, and its twin when it was traced two ways.
    const std::optional<LoggedTrace>& probe() const { return m_probe; }
    const std::optional<LoggedTrace>& probeCompare() const { return m_probeCompare; }
    /// A probe was fired: `traces` (one, or a compared pair) become the last probe.
    void setProbe(std::vector<LoggedTrace> traces);
    void clearProbe();

    const SweepTool& sweep() const { return m_sweep; }
    /// The sweep tool; points clamped to +/-kSweepCoordinate, NaN components 0.
    void setSweep(const SweepTool& sweep);
    /// This frame's sweep traces (none, one, or a compared pair).
    const std::vector<LoggedTrace>& sweepTrace() const { return m_sweepTrace; }
    void setSweepTrace(std::vector<LoggedTrace> traces) { m_sweepTrace = std::move(traces); }

    /// The trace picked in the debugger's list (-1: none) and the brush drawn alone (-1: none).
    int selectedTrace() const { return m_selected; }
    void selectTrace(int index) { m_selected = index; }
    int32_t shownBrush() const { return m_shownBrush; }
    void showBrush(int32_t brush) { m_shownBrush = brush; }

    const std::optional<Inspection>& inspection() const { return m_inspection; }
    /// The Inspector shows what `logged` stopped on (its brush side or patch), or that it hit nothing.
    void inspectTrace(const LoggedTrace& logged, const std::string& source);
    /// The Inspector shows brush `brush` without a hit.
    void inspectBrush(int32_t brush, const std::string& source);
    void clearInspection() { m_inspection.reset(); }

    /// Another map: every result is dropped (the settings stay).
    void clearResults();

private:
    ProbeSettings m_settings;
    std::optional<LoggedTrace> m_probe, m_probeCompare;
    SweepTool m_sweep;
    std::vector<LoggedTrace> m_sweepTrace;
    int m_selected = -1;
    int32_t m_shownBrush = -1;
    std::optional<Inspection> m_inspection;
};

} // namespace cliplab::viewer
