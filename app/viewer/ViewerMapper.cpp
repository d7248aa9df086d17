// The mapper's commands of ViewerState: reload on save, the leak path, the measuring tape.

#include "viewer/ViewerState.h"

#include "core/Format.h"
#include "mapc/Pointfile.h"

#include <glm/geometric.hpp>

#include <filesystem>

namespace cliplab::viewer {

namespace {

/// The compile's leak as a path to draw.
LeakPath compiledLeak(const LoadedMap& map) {
    const mapc::Leak& leak = *map.load.leak;
    LeakPath path;
    for (const glm::dvec3& p : leak.path)
        path.points.emplace_back(p);
    path.source = "the compile of " + map.argument;
    path.summary = core::format("leak: entity %zu (%s) at %.0f %.0f %.0f reaches the void; the path leaves "
                                "the hull near %.0f %.0f %.0f (%zu points)",
                                leak.entity, leak.classname.c_str(), leak.origin.x, leak.origin.y,
                                leak.origin.z, leak.exit.x, leak.exit.y, leak.exit.z, leak.path.size());
    return path;
}

bool fileExists(const std::string& path) {
    std::error_code ec;
    return std::filesystem::is_regular_file(path, ec);
}

} // namespace

void ViewerState::takeMap(std::unique_ptr<LoadedMap> map, bool reload) {
    analysis.clearResults(); // a search reads the old map: cancelled and joined before that map goes
    session.setMap(std::move(map));
    probes.clearResults();
    stats.clearMethodTimes();
    session.clearTickTraces();
    const LoadedMap& m = *session.map();
    mapper.watcher.watch(m.load.diskPath);
    if (!reload) {
        mapper.tape = TapeState{mapper.tape.mode, {}, std::nullopt, {}, {}};
        mapper.note = MapNote{};
    }
    // The leak path: the compile's own, else a .lin beside an opened .bsp (as q3map2 leaves it).
    mapper.leak.reset();
    if (m.load.leak && m.load.leak->path.size() >= 2) {
        mapper.leak = compiledLeak(m);
    } else if (!m.load.compiled && !m.load.diskPath.empty()) {
        const std::string lin = mapc::pointfilePath(m.load.diskPath);
        if (fileExists(lin)) {
            auto read = readPointfile(lin);
            if (read)
                mapper.leak = std::move(read.value());
            else
                mapper.note = MapNote{read.error().message, false, true, 10.0};
        }
    }
    if (!reload && mapper.leak && m.load.leak) // a map opened leaking says so at once
        mapper.note = MapNote{mapper.leak->summary + " (the red line; Mapper section)", false, true, 8.0};
}

std::string ViewerState::reloadMap(bool* ok) {
    if (ok)
        *ok = false;
    const LoadedMap* old = session.map();
    if (!old)
        return "reload: no map is loaded";
    const std::string argument = old->argument;
    const movement::PlayerState player = session.player();
    const float pitch = view.camera().pitch, yaw = view.camera().yaw;
    auto loaded = session.load(argument);
    if (!loaded) {
        mapper.note =
            MapNote{"reload failed, the last good map stays: " + loaded.error().message, true, false, -1.0};
        return mapper.note.text;
    }
    mapper.note = MapNote{};
    takeMap(std::move(loaded.value()), true);
    const std::string linError = mapper.note.text; // a .lin beside the map that does not parse
    const LoadedMap& map = *session.map();
    // The player stays where its box still fits (noclip goes anywhere), else the game's spawn.
    const collision::Shape box = movement::playerShape(session.sim().settings(), player.crouched);
    const bool fits =
        player.mode == movement::Mode::Noclip ||
        !map.tracer
             ->function(session.rules())(box, player.origin, player.origin, session.movement().contentsMask)
             .startSolid;
    if (fits) {
        session.movePlayer(player, "a reload");
        view.setAngles(pitch, yaw);
    } else {
        respawn();
    }
    if (mapper.tape.result) // the tape stays where it was, measured in the new map
        measure(analysis::TapePoint(mapper.tape.from), analysis::TapePoint(mapper.tape.to));
    std::string text = std::filesystem::path(argument).filename().string() + " reloaded: " +
                       (map.load.compiled ? core::format("compiled in %.0f ms, ", map.load.compileMs) : "") +
                       core::format("loaded in %.0f ms", map.load.loadMs);
    if (!fits)
        text += "; the player no longer fit there: respawned";
    if (map.load.leak)
        text += "; it LEAKS (the red line)";
    if (!linError.empty())
        text += "; " + linError;
    mapper.note = MapNote{text, false, map.load.leak.has_value() || !linError.empty(), 5.0};
    if (ok)
        *ok = true;
    return text;
}

std::optional<std::string> ViewerState::pollMapFile(std::chrono::steady_clock::time_point now) {
    if (!mapper.watcher.changed(now))
        return std::nullopt;
    return reloadMap();
}

std::string ViewerState::showPointfile(const std::string& file) {
    const LoadedMap* map = session.map();
    if (!map)
        return "pointfile: no map is loaded";
    std::string path = file;
    if (path.empty()) {
        if (map->load.leak && map->load.leak->path.size() >= 2) {
            mapper.leak = compiledLeak(*map);
            mapper.leakShown = true;
            goToLeak();
            return mapper.leak->summary;
        }
        if (map->load.diskPath.empty())
            return "pointfile: " + map->argument +
                   " is in the game data: name the .lin file (pointfile FILE)";
        path = mapc::pointfilePath(map->load.diskPath);
        if (!fileExists(path))
            return "pointfile: " + path + ": no such file (" +
                   (map->load.compiled ? "the compile found no leak" : "no leak was written for this map") +
                   ")";
    }
    auto read = readPointfile(path);
    if (!read)
        return "pointfile: " + read.error().message;
    mapper.leak = std::move(read.value());
    mapper.leakShown = true;
    goToLeak();
    return mapper.leak->summary;
}

bool ViewerState::goToLeak() {
    if (!mapper.leak || mapper.leak->points.size() < 2)
        return false;
    const std::vector<glm::vec3>& p = mapper.leak->points;
    glm::vec3 dir = p[1] - p[0];
    dir = glm::length(dir) > 1e-3f ? glm::normalize(dir) : view.camera().forward();
    // A little back from the void end, so its marker and the path ahead are in sight.
    flyCamera(p[0] - dir * kLeakViewBack, dir, "go to the leak");
    return true;
}

bool ViewerState::measure(const analysis::TapePoint& a, const analysis::TapePoint& b) {
    LoadedMap* map = session.map();
    if (!map)
        return false;
    analysis::TapeSettings s;
    s.movement = session.movement();
    s.rate = session.tickRate();
    mapper.tape.result = analysis::measureTape(a, b, s, map->tracer->function(session.rules()));
    mapper.tape.from = a;
    mapper.tape.to = b;
    return true;
}

bool ViewerState::measureLastHits() {
    const auto& hits = mapper.tape.hits;
    return hits[0] && hits[1] && measure(*hits[0], *hits[1]);
}

} // namespace cliplab::viewer
