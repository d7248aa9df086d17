#include "viewer/ViewerState.h"

#include "bsp/Entities.h"
#include "bsp/FlagNames.h"
#include "core/Format.h"
#include "core/Log.h"
#include "viewer/MapEntities.h"
#include "world/MapLoader.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>

namespace cliplab::viewer {

collision::Shape TraceSettings::probeShape() const {
    switch (shape) {
    case collision::ShapeKind::Ray:
        return collision::Shape::ray();
    case collision::ShapeKind::Box:
        return collision::Shape::box(mins, maxs);
    case collision::ShapeKind::Sphere:
        return collision::Shape::sphere(radius);
    case collision::ShapeKind::Capsule:
        return collision::Shape::capsule(mins, maxs);
    case collision::ShapeKind::Cylinder:
        return collision::Shape::cylinder(radius, halfHeight);
    }
    return collision::Shape::ray();
}

namespace {

/// `v` clamped to [lo, hi]; NaN becomes `fallback`.
float clampOr(float v, float lo, float hi, float fallback) {
    return std::isnan(v) ? fallback : std::clamp(v, lo, hi);
}

template <typename E> E enumOr(E v, int count, E fallback) {
    const int i = static_cast<int>(v);
    return i >= 0 && i < count ? v : fallback;
}

/// The traces `method` asks for, logged and counted; one empty trace when no map is loaded.
std::vector<LoggedTrace> traceByMethodLogged(ViewerState& st, TraceMethod method, const std::string& source,
                                             const collision::Shape& shape, const glm::vec3& start,
                                             const glm::vec3& end, int32_t mask) {
    LoggedTrace base;
    base.source = source;
    base.shape = shape;
    base.start = start;
    base.end = end;
    base.mask = mask;
    if (!st.map)
        return {base};
    std::vector<LoggedTrace> out;
    auto log = [&](MethodTrace& m, const std::string& label, bool second) {
        LoggedTrace t = base;
        if (second)
            t.source += " (" + label + ")";
        t.method = m.method;
        t.second = second;
        t.label = label;
        t.result = m.result;
        t.stats = std::move(m.stats);
        t.microseconds = m.microseconds;
        ++st.tracesThisFrame;
        st.traceMicrosThisFrame += t.microseconds;
        out.push_back(std::move(t));
    };
    const collision::TraceOptions& options = st.trace.options;
    const std::optional<collision::Semantics> other = comparedSemantics(st.trace);
    const bool semanticPair = other && method == TraceMethod::Brush;
    for (MethodTrace& m : traceByMethod(method, *st.map->tracer, st.trace.planeShiftBevels, shape, start, end,
                                        mask, options, &st.methodTimes)) {
        const bool shifted = m.method == TraceMethod::PlaneShift;
        log(m,
            shifted        ? "planeshift"
            : semanticPair ? collision::semanticsName(options.semantics)
                           : "brush",
            shifted);
    }
    if (semanticPair && out.size() == 1) {
        collision::TraceOptions otherOptions = options;
        otherOptions.semantics = *other;
        for (MethodTrace& m : traceByMethod(TraceMethod::Brush, *st.map->tracer, st.trace.planeShiftBevels,
                                            shape, start, end, mask, otherOptions, &st.methodTimes))
            log(m, collision::semanticsName(*other), true);
    }
    return out;
}

} // namespace

TraceSettings sanitize(const TraceSettings& in) {
    const TraceSettings d;
    TraceSettings t = in;
    t.shape = enumOr(t.shape, 5, d.shape);
    for (int i = 0; i < 3; ++i) {
        t.mins[i] = clampOr(t.mins[i], -limits::kProbeExtent, 0.0f, d.mins[i]);
        t.maxs[i] = clampOr(t.maxs[i], 0.0f, limits::kProbeExtent, d.maxs[i]);
    }
    t.radius = clampOr(t.radius, 0.0f, limits::kProbeRadius, d.radius);
    t.halfHeight = clampOr(t.halfHeight, 0.0f, limits::kProbeRadius, d.halfHeight);
    t.options.epsilon = clampOr(t.options.epsilon, 0.0f, limits::kEpsilon, d.options.epsilon);
    t.options.semantics =
        enumOr(t.options.semantics, static_cast<int>(collision::kSemanticsNames.size()), d.options.semantics);
    t.method = enumOr(t.method, 3, d.method);
    return t;
}

std::optional<collision::Semantics> comparedSemantics(const TraceSettings& settings) {
    if (!settings.compareSemantics)
        return std::nullopt;
    switch (settings.options.semantics) {
    case collision::Semantics::Quake3:
        return collision::Semantics::Robust;
    case collision::Semantics::Robust:
        return collision::Semantics::Quake3;
    case collision::Semantics::Tutorial:
        return std::nullopt;
    }
    return std::nullopt;
}

void FrameStats::push(std::deque<float>& series, float v) {
    series.push_back(v);
    while (series.size() > kHistory)
        series.pop_front();
}

std::vector<const LoggedTrace*> ViewerState::debuggerList() const {
    std::vector<const LoggedTrace*> list;
    if (probe)
        list.push_back(&*probe);
    if (probeCompare)
        list.push_back(&*probeCompare);
    for (const auto& t : sweepTrace)
        list.push_back(&t);
    if (!tickTraces.empty())
        for (const auto& t : tickTraces.back())
            list.push_back(&t);
    return list;
}

LoggedTrace ViewerState::traceLogged(const std::string& source, const collision::Shape& shape,
                                     const glm::vec3& start, const glm::vec3& end, int32_t mask) {
    const TraceMethod method = trace.method == TraceMethod::Both ? TraceMethod::Brush : trace.method;
    return std::move(traceByMethodLogged(*this, method, source, shape, start, end, mask).front());
}

std::vector<LoggedTrace> ViewerState::traceMethods(const std::string& source, const collision::Shape& shape,
                                                   const glm::vec3& start, const glm::vec3& end,
                                                   int32_t mask) {
    return traceByMethodLogged(*this, trace.method, source, shape, start, end, mask);
}

void ViewerState::setTrace(const TraceSettings& t) {
    trace = sanitize(t);
}

void ViewerState::setMovement(const movement::Settings& s) {
    moveSettings = movement::sanitize(s);
}

void ViewerState::setTickRate(double hz) {
    tickRate = movement::Simulation::clampRate(hz);
    applyTickRate();
}

void ViewerState::setRender(const render::RenderSettings& r) {
    render = r;
    render.patchLevel = std::clamp(r.patchLevel, limits::kPatchLevelMin, limits::kPatchLevelMax);
    render.view = enumOr(r.view, 3, render::RenderSettings{}.view);
}

void ViewerState::setVis(const VisToggles& v) {
    vis = v;
    vis.ticksShown = std::clamp(v.ticksShown, 0, limits::kTicksShownMax);
}

void ViewerState::setFov(float degrees) {
    camera.fovX = clampOr(degrees, limits::kFovMin, limits::kFovMax, render::Camera{}.fovX);
}

void ViewerState::setChaseDistance(float units) {
    chaseDistance = clampOr(units, 0.0f, limits::kChaseMax, limits::kChaseDefault);
}

void ViewerState::setFlySpeedScale(float scale) {
    flySpeedScale = clampOr(scale, limits::kFlySpeedMin, limits::kFlySpeedMax, 1.0f);
}

void ViewerState::setSweep(const SweepTool& s) {
    sweep.enabled = s.enabled;
    for (int i = 0; i < 3; ++i) {
        sweep.start[i] = clampOr(s.start[i], -limits::kSweepCoordinate, limits::kSweepCoordinate, 0.0f);
        sweep.end[i] = clampOr(s.end[i], -limits::kSweepCoordinate, limits::kSweepCoordinate, 0.0f);
    }
}

void ViewerState::teleport(const glm::vec3& origin, float yaw) {
    movement::PlayerState s = sim.state();
    const movement::Mode mode = s.mode;
    s = movement::PlayerState{};
    s.mode = mode;
    s.origin = origin;
    s.time = sim.state().time;
    sim.setState(s);
    camera.yaw = yaw;
    camera.pitch = 0.0f;
    tickTraces.clear();
}

movement::Settings ViewerState::effectiveSettings() const {
    movement::Settings s = moveSettings;
    if (sim.state().mode != movement::Mode::Walk)
        s.maxSpeed *= flySpeedScale;
    return s;
}

void ViewerState::applyTickRate() {
    const movement::PlayerState s = sim.state();
    sim = movement::Simulation(effectiveSettings(), tickRate);
    sim.setState(s);
}

void ViewerState::respawn() {
    if (map && !map->spawns.empty())
        teleport(map->spawns.front().origin, map->spawns.front().yaw);
    else if (map)
        teleport((map->data.models.front().mins + map->data.models.front().maxs) * 0.5f, 0.0f);
}

bool ViewerState::keepInWorld() {
    const movement::PlayerState& ps = sim.state();
    if (!map || ps.mode == movement::Mode::Noclip)
        return false;
    constexpr float kMargin = 64.0f; // units beyond the world model's box
    const bsp::Model& world = map->data.models.front();
    const glm::vec3 o = ps.origin;
    const bool below = o.z < world.mins.z - kMargin;
    const bool outside = below || o.x < world.mins.x - kMargin || o.y < world.mins.y - kMargin ||
                         o.x > world.maxs.x + kMargin || o.y > world.maxs.y + kMargin ||
                         o.z > world.maxs.z + kMargin;
    if (!outside)
        return false;
    char where[160];
    std::snprintf(where, sizeof where, "the player left the world at %.0f %.0f %.0f (%s)", double(o.x),
                  double(o.y), double(o.z), below ? "below the map's bottom" : "beyond its bounds");
    if (leaveWorld == LeaveWorld::Respawn) {
        respawn();
        worldNote = std::string(where) + ": respawned";
        worldNoteSeconds = 6.0f;
    } else {
        movement::PlayerState stopped = ps;
        stopped.velocity = glm::vec3(0.0f);
        sim.setState(stopped);
        frozen = true;
        worldNote = std::string(where) + ": stopped (P resumes, R respawns)";
        worldNoteSeconds = -1.0f; // until the simulation runs again
    }
    return true;
}

glm::vec3 ViewerState::cameraPosition(const glm::vec3& eye) const {
    if (!chase || chaseDistance <= 0.0f)
        return eye;
    const glm::vec3 wanted = eye - camera.forward() * chaseDistance;
    if (!map)
        return wanted;
    // As the game's third-person view: a small box, so the near plane stays off the wall too.
    const collision::Shape box = collision::Shape::box(glm::vec3(-4.0f), glm::vec3(4.0f));
    const collision::TraceResult r =
        map->model->trace(box, eye, wanted, bsp::contents::Solid, viewerTraceOptions());
    return r.startSolid ? wanted : r.endpos; // an eye in solid (noclip): nothing to keep out of
}

void ViewerState::fireProbe(const glm::vec3& direction) {
    auto traces =
        traceMethods("probe", trace.probeShape(), camera.eye, camera.eye + direction * 8192.0f, trace.mask);
    probe = traces.front();
    probeCompare.reset();
    if (traces.size() > 1)
        probeCompare = traces[1];
    inspectTrace(*probe, "probe");
}

void ViewerState::inspectTrace(const LoggedTrace& logged, const std::string& source) {
    Inspection in;
    in.source = source;
    const collision::TraceResult& r = logged.result;
    in.hit = r.fraction < 1.0f || r.startSolid;
    in.brush = r.brush;
    in.brushSide = r.brushSide;
    in.surface = r.surface;
    in.facet = r.facet;
    in.point = r.endpos;
    inspection = in;
}

std::string ViewerState::findSnags(int64_t ticks) {
    if (!map)
        return "snags: no map is loaded";
    movement::SoakConfig config;
    config.settings = effectiveSettings();
    config.settings.method = movement::Method::Swept;
    config.ticks = ticks;
    if (auto setup = movement::soakSetupFromMap(map->data, config); !setup)
        return "snags: " + setup.error().message;
    if (auto error = movement::validateSoakConfig(config))
        return "snags: " + *error;
    const analysis::SnagRun run = analysis::findSnags(*map->model, trace.options, config, {}, 64.0f);
    snagView.cells = run.cells;
    snagView.shown = true;
    snagView.summary = "ticks=" + std::to_string(run.report.ticks) + " snags=" + std::to_string(run.snags) +
                       " in_solid=" + std::to_string(run.report.inSolid) +
                       " stuck=" + std::to_string(run.report.stuck) +
                       " cells=" + std::to_string(run.cells.size());
    return snagView.summary;
}

std::string ViewerState::startReach(float grid) {
    if (!map)
        return "reach: no map is loaded";
    analysis::ReachSettings settings;
    settings.grid = grid;
    settings.movement = effectiveSettings();
    settings.movement.method = movement::Method::Swept;
    settings.trace = trace.options;
    // One core stays with the frame loop.
    settings.threads = std::clamp(int(std::thread::hardware_concurrency()) - 1, 1, 64);
    if (auto problem = analysis::validateReachSettings(settings))
        return "reach: " + *problem;
    reachView.job.reset();
    reachView.grid = grid;
    reachView.job = std::make_unique<ReachJob>(map->data, *map->model, map->inspector->entities(), settings);
    return "reach: searching (grid " + core::format("%g", double(grid)) + ", " +
           std::to_string(settings.threads) + (settings.threads == 1 ? " thread)" : " threads)");
}

void ViewerState::pollReach() {
    if (!reachView.job || !reachView.job->done())
        return;
    auto result = reachView.job->take();
    reachView.job.reset();
    if (!result) {
        reachView.summary = "reach: " + result.error().message;
        status = reachView.summary;
        return;
    }
    const movement::Settings settings = effectiveSettings();
    reachView.regions = analysis::unreachableRegions(result.value(), settings.stepHeight);
    const analysis::ReachMap& m = result.value();
    reachView.summary = m.cancelled ? "reach: cancelled"
                                    : core::format("cells=%zu reachable=%zu unreachable=%zu seconds=%.2f",
                                                   m.listed, m.reachable, m.unreachable(), m.seconds);
    if (m.cancelled)
        reachView.map.reset();
    else
        reachView.map = std::move(result.value());
    reachView.shown = reachView.map.has_value();
    status = reachView.summary;
}

void ViewerState::hoverAlong(const glm::vec3& direction) {
    hover.reset();
    if (!map || !surfaceClassView.enabled)
        return;
    // Everything a face can be: solids, clips, liquids, triggers (the ray stops at the first).
    constexpr int32_t kAll = ~(bsp::contents::Body | bsp::contents::Corpse);
    collision::TraceOptions o = viewerTraceOptions();
    const collision::TraceResult r =
        map->model->trace(collision::Shape::ray(), camera.eye, camera.eye + direction * 8192.0f, kAll, o);
    const analysis::ClassifiedFace* f =
        r.fraction < 1.0f ? map->face(r.brushSide, r.surface, r.facet) : nullptr;
    if (!f)
        return;
    const bsp::Shader& shader = map->data.shaders[static_cast<size_t>(f->shader)];
    hover = SurfaceHover{r.endpos, surfaceClassesText(f->classes) + "\n" + shader.name + "\nflags " +
                                       bsp::surfaceFlagNames(f->surfaceFlags) + "  contents " +
                                       bsp::contentsNames(f->contents)};
}

bool ViewerState::inspectBrush(int32_t brush, const std::string& source) {
    if (!map || brush < 0 || static_cast<size_t>(brush) >= map->data.brushes.size())
        return false;
    Inspection in;
    in.source = source;
    in.brush = brush;
    inspection = in;
    return true;
}

bool ViewerState::goToBrush(int32_t brush) {
    if (!map || !map->inspector)
        return false;
    const auto info = map->inspector->brush(brush);
    if (!info)
        return false;
    const glm::vec3 centre = (info->mins + info->maxs) * 0.5f;
    const float radius = glm::length(info->maxs - info->mins) * 0.5f;
    const float distance = std::max(64.0f, 1.2f * radius + 32.0f);
    glm::vec3 dir = centre - camera.eye;
    dir = glm::length(dir) > 1e-3f ? glm::normalize(dir) : camera.forward();
    const glm::vec3 eye = centre - dir * distance;
    const float yaw = glm::degrees(std::atan2(dir.y, dir.x));
    movement::PlayerState s = sim.state();
    s.mode = movement::Mode::Noclip; // stays where it is put, inside walls or in the air
    sim.setState(s);
    teleport(eye - glm::vec3(0.0f, 0.0f,
                             movement::eyePosition(sim.state(), sim.settings()).z - sim.state().origin.z),
             yaw);
    camera.pitch = std::clamp(-glm::degrees(std::asin(std::clamp(dir.z, -1.0f, 1.0f))), -89.0f, 89.0f);
    chase = false; // the view is from the eye placed here; a chase camera would put the player's box in front
    shownBrush = brush;
    return true;
}

const LoadedMap::Place* ViewerState::thinWallStation() const {
    if (map)
        for (const auto& place : map->stations)
            if (place.label == "thin wall: 1 thick")
                return &place;
    return nullptr;
}

bool ViewerState::startThinWallDemo() {
    const LoadedMap::Place* station = thinWallStation();
    if (!station)
        return false;
    const glm::vec3 at = station->origin;
    moveSettings.method = movement::Method::StepCorrect;
    moveSettings.stepLength = kDemoStepLength;
    moveSettings.maxSpeed = kDemoMaxSpeed;
    moveSettings.accelerate = kDemoAccelerate;
    tickRate = kDemoTickRate;
    applyTickRate();
    movement::PlayerState s = sim.state();
    s.mode = movement::Mode::Walk;
    sim.setState(s);
    teleport(at, 90.0f);
    return true;
}

bool ViewerState::switchMap(const std::string& argument) {
    auto loaded = loadViewerMap(argument, vfs.get());
    if (!loaded) {
        mapError = loaded.error().message;
        return false;
    }
    mapError.clear();
    reachView.job.reset(); // it reads the old map: cancelled and joined before that map goes
    reachView.map.reset();
    reachView.regions.clear();
    reachView.summary.clear();
    map = std::move(loaded.value());
    // Built from the old map: a new model may even reuse its address.
    hullCache = HullCache{};
    padArcs = PadArcCache{};
    hover.reset();
    prediction.reset();
    snagView.cells.clear();
    snagView.summary.clear();
    probe.reset();
    probeCompare.reset();
    sweepTrace.clear();
    for (RecentTimes& t : methodTimes)
        t.clear();
    tickTraces.clear();
    selectedTrace = shownBrush = -1;
    inspection.reset();
    respawn();
    return true;
}

const std::vector<std::string>& ViewerState::mapList() {
    if (!m_mapList)
        m_mapList = vfs ? vfs->listMaps() : std::vector<std::string>{};
    return *m_mapList;
}

core::Result<std::unique_ptr<LoadedMap>> loadViewerMap(const std::string& argument,
                                                       const fs::FileSystem* vfs) {
    auto data = world::loadMap(argument, vfs);
    if (!data)
        return data.error();
    auto m = buildLoadedMap(argument, std::move(data.value()));
    if (!m)
        return m.error();
    auto renderer = render::Renderer::create(m.value()->data, vfs);
    if (!renderer)
        return renderer.error();
    m.value()->renderer = std::move(renderer.value());
    m.value()->renderer->setEntities(placeMapEntities(m.value()->data, *m.value()->model));
    return m;
}

std::string surfaceClassesText(analysis::SurfaceClasses classes) {
    std::string out;
    for (int i = 0; i < analysis::kSurfaceClassCount; ++i)
        if (classes & (1u << i))
            out += (out.empty() ? "" : ", ") +
                   std::string(analysis::surfaceClassName(static_cast<analysis::SurfaceClass>(i)));
    return out.empty() ? "no class" : out;
}

const analysis::ClassifiedFace* LoadedMap::face(int32_t brushSide, int32_t surface, int32_t facet) const {
    if (brushSide >= 0 && static_cast<size_t>(brushSide) < sideFace.size()) {
        const int32_t i = sideFace[static_cast<size_t>(brushSide)];
        return i >= 0 ? &surfaceFaces[static_cast<size_t>(i)] : nullptr;
    }
    const auto it = facetFace.find({surface, facet});
    return it == facetFace.end() ? nullptr : &surfaceFaces[static_cast<size_t>(it->second)];
}

core::Result<std::unique_ptr<LoadedMap>> buildLoadedMap(const std::string& argument, bsp::BspData data) {
    auto m = std::make_unique<LoadedMap>();
    m->argument = argument;
    m->data = std::move(data);
    if (m->data.models.empty())
        return core::makeError(argument + ": the map has no models");
    m->model = std::make_unique<collision::Model>(m->data);
    m->tracer = std::make_unique<tracing::Tracer>(*m->model);
    m->correct = collision::correctFunction(*m->model);
    auto entities = bsp::parseEntities(m->data.entities, m->data.name);
    // An entity lump that does not parse leaves owners named by model number and no markers.
    m->inspector = std::make_unique<inspect::Inspector>(m->data, entities ? entities.value()
                                                                          : std::vector<bsp::Entity>{});
    m->markers = inspect::entityMarkers(m->data, m->inspector->entities());
    for (const bsp::Brush& b : m->data.brushes)
        ++m->brushKinds[static_cast<size_t>(
            inspect::brushKind(m->data.shaders[static_cast<size_t>(b.shader)].contents))];
    m->surfaceFaces = analysis::classifySurfaces(m->data, *m->model, *m->inspector);
    m->surfaceCounts = analysis::countClasses(m->surfaceFaces);
    m->sideFace.assign(m->data.brushSides.size(), -1);
    for (size_t i = 0; i < m->surfaceFaces.size(); ++i) {
        const analysis::ClassifiedFace& f = m->surfaceFaces[i];
        if (f.side >= 0)
            m->sideFace[static_cast<size_t>(f.side)] = static_cast<int32_t>(i);
        else
            m->facetFace[{f.surface, f.facet}] = static_cast<int32_t>(i);
    }
    if (entities) {
        for (const auto& e : entities.value()) {
            const std::string* message = e.get("message");
            if (e.classname() == "target_position" && message) {
                if (auto o = e.vec3("origin"))
                    m->stations.push_back({*message, *o, e.number("angle").value_or(0.0f)});
            }
        }
        int n = 0;
        for (const auto& sp : bsp::spawnPoints(entities.value()))
            m->spawns.push_back({sp.classname + " #" + std::to_string(++n),
                                 sp.origin + glm::vec3(0.0f, 0.0f, 9.0f), sp.angle});
    }
    return m;
}

} // namespace cliplab::viewer
