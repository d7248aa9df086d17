#include "viewer/AnalysisViews.h"

#include "bsp/FlagNames.h"
#include "core/Format.h"
#include "movement/Soak.h"
#include "viewer/LoadedMap.h"
#include "viewer/Session.h"

#include <algorithm>
#include <thread>

namespace cliplab::viewer {

void AnalysisViews::hoverAlong(const LoadedMap* map, const glm::vec3& eye, const glm::vec3& direction) {
    m_hover.reset();
    if (!map || !m_values.surfaceClasses)
        return;
    // Everything a face can be: solids, clips, liquids, triggers (the ray stops at the first).
    constexpr int32_t kAll = ~(bsp::contents::Body | bsp::contents::Corpse);
    const collision::TraceResult r = map->model->trace(collision::Shape::ray(), eye,
                                                       eye + direction * 8192.0f, kAll, viewerTraceOptions());
    const analysis::ClassifiedFace* f =
        r.fraction < 1.0f ? map->face(r.brushSide, r.surface, r.facet) : nullptr;
    if (!f)
        return;
    const bsp::Shader& shader = map->data.shaders[static_cast<size_t>(f->shader)];
    m_hover = SurfaceHover{r.endpos, surfaceClassesText(f->classes) + "\n" + shader.name + "\nflags " +
                                         bsp::surfaceFlagNames(f->surfaceFlags) + "  contents " +
                                         bsp::contentsNames(f->contents)};
}

void AnalysisViews::aimAlong(const LoadedMap* map, const glm::vec3& eye, const glm::vec3& direction) {
    m_aimed.reset();
    if (!map)
        return;
    // What a mapper looks at: faces that stop the player or show (no triggers, fog or bodies).
    constexpr int32_t kSeen = bsp::contents::Solid | bsp::contents::PlayerClip | bsp::contents::Lava |
                              bsp::contents::Slime | bsp::contents::Water;
    const collision::TraceResult r = map->model->trace(
        collision::Shape::ray(), eye, eye + direction * 8192.0f, kSeen, viewerTraceOptions());
    if (r.fraction >= 1.0f || r.startSolid)
        return;
    const bsp::BspData& data = map->data;
    std::string text;
    int32_t shader = -1;
    if (r.surface >= 0 && static_cast<size_t>(r.surface) < data.surfaces.size()) {
        text = "patch surface " + std::to_string(r.surface);
        shader = data.surfaces[static_cast<size_t>(r.surface)].shader;
    } else if (r.brush >= 0 && static_cast<size_t>(r.brush) < data.brushes.size() && r.brushSide >= 0 &&
               static_cast<size_t>(r.brushSide) < data.brushSides.size()) {
        const bsp::Brush& b = data.brushes[static_cast<size_t>(r.brush)];
        text = "brush " + std::to_string(r.brush) + " side " + std::to_string(r.brushSide - b.firstSide);
        shader = data.brushSides[static_cast<size_t>(r.brushSide)].shader;
    } else {
        return;
    }
    // Appended piece by piece ("\n" + string trips GCC 12's -Wrestrict).
    if (shader >= 0 && static_cast<size_t>(shader) < data.shaders.size()) {
        text += '\n';
        text += data.shaders[static_cast<size_t>(shader)].name;
    }
    text += '\n';
    text += bsp::contentsNames(r.contents);
    m_aimed = SurfaceHover{r.endpos, std::move(text)};
}

std::string AnalysisViews::findSnags(const LoadedMap* map, const movement::Settings& settings,
                                     const collision::TraceOptions& options, int64_t ticks) {
    if (!map)
        return "snags: no map is loaded";
    movement::SoakConfig config;
    config.settings = settings;
    config.settings.method = movement::Method::Swept;
    config.ticks = ticks;
    if (auto setup = movement::soakSetupFromMap(map->data, config); !setup)
        return "snags: " + setup.error().message;
    if (auto error = movement::validateSoakConfig(config))
        return "snags: " + *error;
    const analysis::SnagRun run = analysis::findSnags(*map->model, options, config, {}, 64.0f);
    m_snagCells = run.cells;
    m_snagSummary = "ticks=" + std::to_string(run.report.ticks) + " snags=" + std::to_string(run.snags) +
                    " in_solid=" + std::to_string(run.report.inSolid) +
                    " stuck=" + std::to_string(run.report.stuck) +
                    " cells=" + std::to_string(run.cells.size());
    return m_snagSummary;
}

std::string AnalysisViews::startReach(const LoadedMap* map, const movement::Settings& movementSettings,
                                      const collision::TraceOptions& options, float grid) {
    if (!map)
        return "reach: no map is loaded";
    analysis::ReachSettings settings;
    settings.grid = grid;
    settings.movement = movementSettings;
    settings.movement.method = movement::Method::Swept;
    settings.trace = options;
    // One core stays with the frame loop.
    settings.threads = std::clamp(int(std::thread::hardware_concurrency()) - 1, 1, 64);
    if (auto problem = analysis::validateReachSettings(settings))
        return "reach: " + *problem;
    m_reach.job.reset();
    m_reach.job = std::make_unique<ReachJob>(map->data, *map->model, map->inspector->entities(), settings);
    return "reach: searching (grid " + core::format("%g", double(grid)) + ", " +
           std::to_string(settings.threads) + (settings.threads == 1 ? " thread)" : " threads)");
}

void AnalysisViews::cancelReach() {
    if (m_reach.job)
        m_reach.job->cancel();
}

void AnalysisViews::waitReach() {
    if (m_reach.job)
        m_reach.job->wait();
}

std::optional<AnalysisViews::ReachEnd> AnalysisViews::pollReach(float stepHeight) {
    if (!m_reach.job || !m_reach.job->done())
        return std::nullopt;
    auto result = m_reach.job->take();
    m_reach.job.reset();
    if (!result) {
        m_reach.summary = "reach: " + result.error().message;
        return ReachEnd{m_reach.summary, true};
    }
    m_reach.regions = analysis::unreachableRegions(result.value(), stepHeight);
    const analysis::ReachMap& m = result.value();
    m_reach.summary = m.cancelled
                          ? "reach: cancelled"
                          : core::format("cells=%zu reachable=%zu unreachable=%zu deadly=%zu seconds=%.2f",
                                         m.listed, m.reachable, m.unreachable(), m.deadly, m.seconds);
    if (m.cancelled)
        m_reach.map.reset();
    else
        m_reach.map = std::move(result.value());
    return ReachEnd{m_reach.summary, false};
}

void AnalysisViews::clearResults() {
    m_reach.job.reset(); // it reads the old map: cancelled and joined before that map goes
    m_reach.map.reset();
    m_reach.regions.clear();
    m_reach.summary.clear();
    // Built from the old map: a new model may even reuse its address.
    m_hulls = HullCache{};
    m_padArcs = PadArcCache{};
    m_hover.reset();
    m_aimed.reset();
    m_prediction.reset();
    m_snagCells.clear();
    m_snagSummary.clear();
}

} // namespace cliplab::viewer
