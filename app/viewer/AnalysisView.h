#pragma once
/// \file AnalysisView.h
/// The map analysis overlays of the 3D view, drawn through the debug-draw interface: faces
/// coloured by surface class (analysis/SurfaceClass.h), and brushes grown by a box as the box
/// trace sees them (analysis/Hull.h).

#include "analysis/Hull.h"
#include "analysis/JumpPads.h"
#include "analysis/Snags.h"
#include "analysis/SurfaceClass.h"
#include "collision/Model.h"
#include "debugdraw/DebugDraw.h"

#include <glm/vec3.hpp>

#include <array>
#include <vector>

namespace cliplab::viewer {

/// The colour of a surface class in the view and its legend (RGB; faces are drawn translucent).
debugdraw::Color surfaceClassColor(analysis::SurfaceClass cls);

/// Faces drawn by drawSurfaceClasses(), by the class they were coloured by.
using SurfaceClassDrawn = std::array<size_t, analysis::kSurfaceClassCount>;

/// Draws each face with a class in `shown` whose centre is within `range` units of `eye`, in the
/// colour of its leading shown class (analysis::leadingClass), lifted 0.25 units off its plane so
/// it covers the world's surface instead of fighting it.
SurfaceClassDrawn drawSurfaceClasses(const std::vector<analysis::ClassifiedFace>& faces,
                                     debugdraw::DebugDraw& draw, const glm::vec3& eye, float range,
                                     analysis::SurfaceClasses shown);

/// The world's brushes grown by one box, kept until the box, the mask or the model changes.
class HullCache {
public:
    /// The hulls of the world's brushes [first, first + count) of `model` for `mins`..`maxs` and
    /// `mask`; built again when any of them differs from the last call.
    const std::vector<analysis::HullBrush>& get(const collision::Model& model, int32_t first, int32_t count,
                                                const glm::vec3& mins, const glm::vec3& maxs, int32_t mask);

private:
    const collision::Model* m_model = nullptr;
    int32_t m_first = 0, m_count = -1, m_mask = 0;
    glm::vec3 m_mins{0.0f}, m_maxs{0.0f};
    std::vector<analysis::HullBrush> m_hulls;
};

/// Draws the hulls whose bounds come within `range` units of `eye`, translucent in their brush kind's
/// colour (the brush view's), with light edges. Returns how many were drawn.
size_t drawHulls(const std::vector<analysis::HullBrush>& hulls, debugdraw::DebugDraw& draw,
                 const glm::vec3& eye, float range);

/// Draws a flight: its path as a line (the ticks where a pad pushed in white), the launch as a
/// small box, the landing as a cross with a ring, and where it was blocked as a red cross; the
/// path in `color`, red after the blocking tick.
void drawFlight(const analysis::Flight& flight, debugdraw::DebugDraw& draw, const debugdraw::Color& color);

/// The map's jump pads aimed and flown with one set of flight settings, kept until the
/// settings, the model or the entities change (the aim depends on the gravity).
class PadArcCache {
public:
    struct Arcs {
        std::vector<analysis::JumpPad> pads;
        std::vector<analysis::Flight> flights; ///< One per pad; empty flights for pads without a launch.
    };
    const Arcs& get(const bsp::BspData& data, const std::vector<bsp::Entity>& entities,
                    const collision::Model& model, const analysis::FlightSettings& settings);

private:
    const collision::Model* m_model = nullptr;
    const std::vector<bsp::Entity>* m_entities = nullptr;
    analysis::FlightSettings m_settings;
    bool m_built = false;
    Arcs m_arcs;
};

/// Draws every pad's arc (drawFlight, green, or orange when blocked) and its target as a yellow
/// cross with a line down to the pad's centre height.
void drawPadArcs(const PadArcCache::Arcs& arcs, debugdraw::DebugDraw& draw);

/// The snag heat map: each cell as a wire cube of `cellSize` units around its events' mean, and a
/// pole from it, from yellow (one event) to red (the most of any cell); the cells of in-solid
/// ticks and stuck walkers in magenta. Returns the cells drawn.
size_t drawSnagCells(const std::vector<analysis::SnagCell>& cells, debugdraw::DebugDraw& draw,
                     float cellSize);

} // namespace cliplab::viewer
