#include "viewer/ViewerState.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <utility>

namespace cliplab::viewer {

ViewerState::ViewerState() {
    // The recorder hears every move of the player between ticks and every change of what it runs
    // under: a recording that could not be replayed past it stops there, saying why.
    session.setMoveListener([this](std::string_view why) { session.replay().onPlayerMoved(*this, why); });
    session.setSettingsListener([this] { session.replay().onSettingsChanged(*this); });
}

std::vector<LoggedTrace> ViewerState::traceByMethodLogged(TraceMethod method, const std::string& source,
                                                          const collision::Shape& shape,
                                                          const glm::vec3& start, const glm::vec3& end,
                                                          int32_t mask) {
    LoggedTrace base;
    base.source = source;
    base.shape = shape;
    base.start = start;
    base.end = end;
    base.mask = mask;
    LoadedMap* map = session.map();
    if (!map)
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
        stats.countTrace(t.method, t.microseconds);
        out.push_back(std::move(t));
    };
    const tracing::Rules& rules = session.rules();
    const collision::TraceOptions& options = rules.options;
    const auto other = comparedSemantics(probes.settings().compareSemantics, options.semantics);
    const bool semanticPair = other && method == TraceMethod::Brush;
    for (MethodTrace& m :
         traceByMethod(method, *map->tracer, rules.bevels, shape, start, end, mask, options)) {
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
        for (MethodTrace& m : traceByMethod(TraceMethod::Brush, *map->tracer, rules.bevels, shape, start, end,
                                            mask, otherOptions))
            log(m, collision::semanticsName(*other), true);
    }
    return out;
}

LoggedTrace ViewerState::traceLogged(const std::string& source, const collision::Shape& shape,
                                     const glm::vec3& start, const glm::vec3& end, int32_t mask) {
    // One answer: the method that answers by the rules (the brush trace when both are asked for).
    const tracing::Rules& rules = session.rules();
    const TraceMethod method = tracing::answeringMethod(rules.method, rules.options);
    return std::move(traceByMethodLogged(method, source, shape, start, end, mask).front());
}

std::vector<LoggedTrace> ViewerState::traceMethods(const std::string& source, const collision::Shape& shape,
                                                   const glm::vec3& start, const glm::vec3& end,
                                                   int32_t mask) {
    return traceByMethodLogged(session.rules().method, source, shape, start, end, mask);
}

std::vector<const LoggedTrace*> ViewerState::debuggerList() const {
    std::vector<const LoggedTrace*> list;
    if (probes.probe())
        list.push_back(&*probes.probe());
    if (probes.probeCompare())
        list.push_back(&*probes.probeCompare());
    for (const auto& t : probes.sweepTrace())
        list.push_back(&t);
    if (!session.tickTraces().empty())
        for (const auto& t : session.tickTraces().back())
            list.push_back(&t);
    return list;
}

void ViewerState::teleport(const glm::vec3& origin, float yaw, std::string_view why) {
    movement::PlayerState s;
    s.mode = session.player().mode;
    s.origin = origin;
    s.time = session.player().time;
    session.movePlayer(s, why);
    view.setAngles(0.0f, yaw);
    session.clearTickTraces();
}

void ViewerState::respawn() {
    const LoadedMap* map = session.map();
    if (map && !map->spawns.empty())
        teleport(map->spawns.front().origin, map->spawns.front().yaw, "respawn");
    else if (map)
        teleport((map->data.models.front().mins + map->data.models.front().maxs) * 0.5f, 0.0f, "respawn");
}

std::vector<std::string> ViewerState::takeNotes() {
    return std::exchange(m_notes, {});
}

void ViewerState::setMode(movement::Mode mode) {
    movement::PlayerState s = session.player();
    if (s.mode == mode)
        return;
    s.mode = mode;
    session.movePlayer(s, "a mode switch");
}

bool ViewerState::keepInWorld() {
    const std::optional<std::string> where = session.leftWorld();
    if (!where)
        return false;
    if (session.leaveWorld() == LeaveWorld::Respawn) {
        respawn();
        session.setWorldNote(*where + ": respawned", 6.0f);
    } else {
        movement::PlayerState stopped = session.player();
        stopped.velocity = glm::vec3(0.0f);
        session.movePlayer(stopped, "it left the world");
        session.setFrozen(true);
        session.setWorldNote(*where + ": stopped (P resumes, R respawns)", -1.0f); // until it runs again
    }
    return true;
}

glm::vec3 ViewerState::playerEye() const {
    return movement::eyePosition(session.player(), session.sim().settings());
}

void ViewerState::fireProbe(const glm::vec3& direction) {
    // From where the player looks, as a Quake user means it; the chase camera only shows it.
    const glm::vec3 eye = playerEye();
    probes.setProbe(traceMethods("probe", probes.settings().probeShape(), eye, eye + direction * 8192.0f,
                                 probes.settings().mask));
    probes.inspectTrace(*probes.probe(), "probe");
    view.revealSection("Inspector");
    // The tape takes the surface point along the same line (a ray: the probe may be a box).
    if (const LoadedMap* map = session.map()) {
        const collision::TraceResult ray = map->tracer->function(session.rules())(
            collision::Shape::ray(), eye, eye + direction * 8192.0f, probes.settings().mask);
        if (ray.fraction < 1.0f && !ray.startSolid) {
            mapper.addHit(ray.endpos, ray.plane.normal);
            if (mapper.tape.mode)
                measureLastHits();
        }
    }
}

void ViewerState::hoverAlong(const glm::vec3& direction) {
    analysis.hoverAlong(session.map(), view.camera().eye, direction);
}

bool ViewerState::inspectBrush(int32_t brush, const std::string& source) {
    const LoadedMap* map = session.map();
    if (!map || brush < 0 || static_cast<size_t>(brush) >= map->data.brushes.size())
        return false;
    probes.inspectBrush(brush, source);
    return true;
}

bool ViewerState::goToBrush(int32_t brush) {
    const LoadedMap* map = session.map();
    const auto info = map && map->inspector ? map->inspector->brush(brush) : std::nullopt;
    if (!info)
        return false;
    const glm::vec3 centre = (info->mins + info->maxs) * 0.5f;
    const float radius = glm::length(info->maxs - info->mins) * 0.5f;
    const float distance = std::max(64.0f, 1.2f * radius + 32.0f);
    glm::vec3 dir = centre - view.camera().eye;
    dir = glm::length(dir) > 1e-3f ? glm::normalize(dir) : view.camera().forward();
    flyCamera(centre - dir * distance, dir, "go to brush");
    probes.showBrush(brush);
    return true;
}

void ViewerState::flyCamera(const glm::vec3& eye, const glm::vec3& dir, std::string_view why) {
    const float yaw = glm::degrees(std::atan2(dir.y, dir.x));
    setMode(movement::Mode::Noclip); // stays where it is put, inside walls or in the air
    const float eyeAbove =
        movement::eyePosition(session.player(), session.sim().settings()).z - session.player().origin.z;
    teleport(eye - glm::vec3(0.0f, 0.0f, eyeAbove), yaw, why);
    view.setAngles(std::clamp(-glm::degrees(std::asin(std::clamp(dir.z, -1.0f, 1.0f))), -89.0f, 89.0f), yaw);
    // The view is from the eye placed here; a chase camera would put the player's box in front.
    settings.flag("cg_thirdPerson").set(false);
}

std::string ViewerState::findSnags(int64_t ticks) {
    const std::string line =
        analysis.findSnags(session.map(), session.effectiveSettings(), session.rules().options, ticks);
    if (line.rfind("snags:", 0) != 0)
        settings.flag("r_snags").set(true);
    return line;
}

std::string ViewerState::startReach(float grid) {
    const std::string line =
        analysis.startReach(session.map(), session.effectiveSettings(), session.rules().options, grid);
    if (line.rfind("reach: searching", 0) == 0)
        settings.number("r_reachGrid").set(grid);
    return line;
}

void ViewerState::pollReach(bool announceEnd) {
    const auto end = analysis.pollReach(session.effectiveSettings().stepHeight);
    if (!end)
        return;
    if (announceEnd)
        // A search started without `wait` ends in the console too, named.
        announce(end->summary.rfind("reach:", 0) == 0 ? end->summary : "reach: " + end->summary);
    else
        say(end->summary);
    if (!end->failed)
        settings.flag("r_reach").set(analysis.reach().map.has_value());
}

bool ViewerState::startThinWallDemo() {
    const LoadedMap* map = session.map();
    const LoadedMap::Place* station = map ? map->thinWallStation() : nullptr;
    if (!station)
        return false;
    const glm::vec3 at = station->origin;
    movement::Settings s = session.movement();
    s.method = movement::Method::StepCorrect;
    s.stepLength = kDemoStepLength;
    s.maxSpeed = kDemoMaxSpeed;
    s.accelerate = kDemoAccelerate;
    settings.applyMovement(s);
    settings.number("tickRate").set(kDemoTickRate);
    setMode(movement::Mode::Walk);
    teleport(at, 90.0f, "the thin-wall demo");
    return true;
}

void ViewerState::movementDefaults() {
    movement::Settings s;
    s.preset = session.movement().preset;
    s.method = session.movement().method;
    s.stepLength = session.movement().stepLength;
    settings.applyMovement(s);
}

bool ViewerState::switchMap(const std::string& argument) {
    auto loaded = session.load(argument);
    if (!loaded)
        return false;
    setMap(std::move(loaded.value()));
    return true;
}

bool ViewerState::switchMap(const std::string& argument, bsp::BspData data) {
    auto loaded = session.load(argument, std::move(data));
    if (!loaded)
        return false;
    setMap(std::move(loaded.value()));
    return true;
}

void ViewerState::setMap(std::unique_ptr<LoadedMap> map) {
    takeMap(std::move(map), false);
    // As the game on a map change: the player spawns walking, noclip and fly are off.
    setMode(movement::Mode::Walk);
    respawn();
}

void ViewerState::dropMap() {
    analysis.clearResults();
    session.dropMap();
}

} // namespace cliplab::viewer
