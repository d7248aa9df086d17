// `cliplab shot`: render a map from one view into a PNG, optionally timing N frames; with --ui the
// viewer's own frame, panels included. Parsing and printing here; the drawing is ShotRender's and
// the viewer's.

#include "bsp/Entities.h"
#include "cli/DefaultMap.h"
#include "cli/MapOpen.h"
#include "cli/SharedOptions.h"
#include "core/Format.h"
#include "movement/Simulation.h"
#include "viewer/Limits.h"
#include "viewer/ShotRender.h"
#include "viewer/Viewer.h"
#include "viewer/commands/ViewerCommands.h"
#include "viewer/panels/Panels.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <sstream>

namespace cliplab::viewer {

using namespace cli;

namespace {

int shotUsage(const std::string& message) {
    return usageError(*findViewerCommand("shot"), message);
}

std::optional<float> number(const std::string& s) {
    auto v = parseNumber(s);
    return v ? std::optional<float>(static_cast<float>(*v)) : std::nullopt;
}

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& n : names)
        out += (out.empty() ? "" : ",") + n;
    return out;
}

/// Everything `cliplab shot` was asked for.
struct ShotOptions {
    ShotRequest request;       ///< Camera, drawing settings, frames, --alternate, --time, --bevels, --out.
    bool timed = false;        ///< --frames given: print the median frame time.
    std::string alternateText; ///< --alternate's options as given.
    std::optional<glm::vec3> pos;
    std::optional<float> pitch, yaw;
    bool ui = false;
    std::optional<TraceMethod> method;
    std::optional<collision::Semantics> semantics; ///< --semantics (with --ui).
    bool compareSemantics = false;                 ///< --compare-semantics (with --ui).
    std::optional<std::pair<glm::vec3, glm::vec3>> sweep;
    std::optional<std::vector<std::string>> open; ///< --open: sidebar sections open.
    std::string map;
};

/// The options that change how the world is drawn (also those --alternate takes).
std::vector<OptionSpec> drawingOptions() {
    return {
        {"--view", 1, false, core::joinNames(render::kViewModeNames) + "|brushes",
         "what is drawn (default textured; brushes: the collision brushes by kind and patch facets)"},
        {"--models", 1, false, "on|off", "draw the items and misc_models (default on; the plain shot only)"},
        {"--wireframe", 0, false, "", "overlay the triangle edges"},
        {"--no-pvs", 0, false, "", "no PVS culling"},
        {"--no-frustum", 0, false, "", "no frustum culling"},
        {"--depth-prepass", 0, false, "", "draw the opaque surfaces' depth first (a depth pre-pass)"},
        {"--shader-order", 0, false, "", "opaque batches in shader order, as the game, not nearest first"},
    };
}

/// Applies the drawingOptions() present in `cl` to `s`; an error text or nothing.
std::optional<std::string> applyDrawingOptions(const CommandLine& cl, render::RenderSettings& s) {
    if (cl.has("--view")) {
        const std::string v = cl.value("--view");
        if (v == "brushes")
            s.drawWorld = false;
        else if (const auto mode = core::valueOf(render::kViewModeNames, v))
            s.view = *mode;
        else
            return "--view must be " + core::joinNames(render::kViewModeNames, ", ") + " or brushes";
    }
    if (cl.has("--models")) {
        const std::string m = cl.value("--models");
        if (m != "on" && m != "off")
            return "--models must be on or off, got '" + m + "'";
        s.drawModels = m == "on";
    }
    if (cl.has("--wireframe"))
        s.wireframe = true;
    if (cl.has("--no-pvs"))
        s.cull.pvs = false;
    if (cl.has("--no-frustum"))
        s.cull.frustum = false;
    if (cl.has("--depth-prepass"))
        s.depthPrepass = true;
    if (cl.has("--shader-order"))
        s.frontToBack = false;
    return std::nullopt;
}

/// The settings of --alternate "OPTIONS": `base` with OPTIONS (drawing options, space-separated)
/// applied.
core::Result<render::RenderSettings> parseAlternate(const std::string& text,
                                                    const render::RenderSettings& base) {
    std::vector<std::string> words;
    std::istringstream in(text);
    for (std::string word; in >> word;)
        words.push_back(word);
    if (words.empty())
        return core::makeError("--alternate needs drawing options, e.g. \"--depth-prepass\"");
    auto cl = CommandLine::parse(words, drawingOptions());
    if (!cl)
        return core::makeError("--alternate: " + cl.error().message +
                               " (it takes --view, --models, --wireframe, --no-pvs, --no-frustum, "
                               "--depth-prepass and --shader-order)");
    if (!cl->positionals().empty())
        return core::makeError("--alternate: '" + cl->positionals().front() + "' is not a drawing option");
    render::RenderSettings settings = base;
    if (auto error = applyDrawingOptions(cl.value(), settings))
        return core::makeError("--alternate: " + *error);
    if (!settings.drawWorld)
        return core::makeError("--alternate compares drawings of the world: not --view brushes");
    return settings;
}

/// --size, --fov, --frames, --view, the culling flags, --patch-level, --time; an error text or nothing.
std::optional<std::string> parseImageOptions(const CommandLine& cl, ShotOptions& o) {
    const auto size = parseSize(cl);
    if (!size)
        return size.error().message;
    if (*size) {
        o.request.camera.width = (*size)->width;
        o.request.camera.height = (*size)->height;
    }
    if (cl.has("--fov")) {
        auto fov = number(cl.value("--fov"));
        if (!fov || *fov < limits::kFovMin || *fov > limits::kFovMax)
            return core::format("--fov must be a number of degrees in %g..%g", double(limits::kFovMin),
                                double(limits::kFovMax));
        o.request.camera.fovX = *fov;
    }
    if (cl.has("--frames")) {
        auto n = parseInteger(cl.value("--frames"));
        if (!n || *n < 1 || *n > 100000)
            return "--frames must be an integer in 1..100000";
        o.request.frames = *n;
        o.timed = true;
    }
    if (auto error = applyDrawingOptions(cl, o.request.settings))
        return error;
    o.request.bevels = cl.has("--bevels");
    if (o.request.bevels && o.request.settings.drawWorld)
        return "--bevels draws the brushes' bevel planes: it needs --view brushes";
    if (cl.has("--alternate")) {
        if (!o.timed)
            return "--alternate compares frame times: it needs --frames";
        if (!o.request.settings.drawWorld)
            return "--alternate compares drawings of the world: not with --view brushes";
        if (o.request.frames < 4)
            return "--alternate needs --frames 4 or more (the first frame of each setting is not counted)";
        o.alternateText = cl.value("--alternate");
        auto alternate = parseAlternate(o.alternateText, o.request.settings);
        if (!alternate)
            return alternate.error().message;
        o.request.alternate = *alternate;
    }
    if (cl.has("--patch-level")) {
        auto n = parseInteger(cl.value("--patch-level"));
        if (!n || *n < limits::kPatchLevelMin || *n > limits::kPatchLevelMax)
            return core::format("--patch-level must be an integer in %d..%d", limits::kPatchLevelMin,
                                limits::kPatchLevelMax);
        o.request.settings.patchLevel = static_cast<int>(*n);
    }
    if (cl.has("--time")) {
        auto t = parseNumber(cl.value("--time"));
        if (!t || *t < 0.0 || *t > 1e6)
            return "--time must be a number of seconds in 0..1e6";
        o.request.seconds = *t;
    }
    return std::nullopt;
}

/// --pos and --angles.
std::optional<std::string> parsePlacement(const CommandLine& cl, ShotOptions& o) {
    if (cl.has("--pos")) {
        const auto& v = cl.values("--pos");
        auto x = number(v[0]), y = number(v[1]), z = number(v[2]);
        if (!x || !y || !z)
            return "--pos needs three numbers";
        // The trace limit (collision::kMaxCoordinate): farther, the view has nothing to show.
        if (std::fabs(*x) > 1e6f || std::fabs(*y) > 1e6f || std::fabs(*z) > 1e6f)
            return "--pos: coordinates must be within +/-1e6";
        o.pos = glm::vec3(*x, *y, *z);
    }
    if (cl.has("--angles")) {
        const auto& v = cl.values("--angles");
        o.pitch = number(v[0]);
        o.yaw = number(v[1]);
        if (!o.pitch || !o.yaw || std::fabs(*o.pitch) > 1e6f || std::fabs(*o.yaw) > 1e6f)
            return "--angles needs two numbers (pitch yaw, degrees within +/-1e6)";
    }
    return std::nullopt;
}

/// --ui and what needs it: --method, --sweep, --open.
std::optional<std::string> parseUiOptions(const CommandLine& cl, ShotOptions& o) {
    o.ui = cl.has("--ui");
    if (cl.has("--models") && o.ui)
        return "--models is for the plain shot; with --ui the viewer's Render panel has the switch";
    if (o.request.alternate && o.ui)
        return "--alternate times the plain shot's drawing: not with --ui";
    if ((cl.has("--method") || cl.has("--sweep") || cl.has("--open") || cl.has("--semantics") ||
         cl.has("--compare-semantics")) &&
        !o.ui)
        return "--method, --semantics, --compare-semantics, --sweep and --open set the viewer's panels and "
               "sweep "
               "tool: they need --ui";
    if (cl.has("--semantics")) {
        o.semantics = collision::parseSemantics(cl.value("--semantics"));
        if (!o.semantics)
            return "--semantics must be " + collision::semanticsChoice() + ", got '" +
                   cl.value("--semantics") + "'";
    }
    o.compareSemantics = cl.has("--compare-semantics");
    if (cl.has("--open")) {
        const std::string list = cl.value("--open");
        const std::vector<std::string> names = panels::sectionNames();
        o.open.emplace();
        for (size_t at = 0; at <= list.size();) {
            const size_t comma = std::min(list.find(',', at), list.size());
            const std::string name = list.substr(at, comma - at);
            if (name != "all" && std::find(names.begin(), names.end(), name) == names.end())
                return "--open: '" + name +
                       "' is no panel (all, or a comma-separated list of: " + joined(names) + ")";
            o.open->push_back(name);
            at = comma + 1;
        }
    }
    if (cl.has("--method")) {
        const std::string m = cl.value("--method");
        o.method = tracing::parseTraceMethod(m);
        if (!o.method)
            return "--method must be " + core::choiceText(tracing::kTraceMethodNames) + ", got '" + m + "'";
    }
    if (cl.has("--sweep")) {
        const auto& v = cl.values("--sweep");
        float p[6];
        for (size_t i = 0; i < 6; ++i) {
            const auto x = number(v[i]);
            // Beyond the map limits a sweep means nothing; the bound keeps the trace finite.
            if (!x || !std::isfinite(*x) || std::fabs(*x) > 65536.0f)
                return "--sweep needs six numbers in -65536..65536 (start and end, units)";
            p[i] = *x;
        }
        o.sweep = std::make_pair(glm::vec3(p[0], p[1], p[2]), glm::vec3(p[3], p[4], p[5]));
    }
    return std::nullopt;
}

/// `shot --ui`: the viewer's own frame, panels included, drawn offscreen: a few frames so that
/// ImGui's auto-sized windows settle. Saved settings are not read, so the picture is reproducible.
int shotWithUi(const CommandLine& cl, const ShotOptions& o) {
    ViewerConfig config;
    config.map = o.map;
    config.width = o.request.camera.width;
    config.height = o.request.camera.height;
    config.hidden = true;
    config.persist = false;
    config.frames = 3;
    // The player comes down from its spawn point (9 units up) first: the picture shows it at
    // rest, the same every run, and says which tick that is.
    config.settleTicks = 2 * static_cast<int>(movement::Simulation::kDefaultRate);
    config.screenshot = o.request.out;
    config.eye = o.pos;
    config.method = o.method;
    config.semantics = o.semantics;
    config.compareSemantics = o.compareSemantics;
    config.sweep = o.sweep;
    config.openSections = o.open;
    if (o.pitch && o.yaw)
        config.angles = glm::vec2(*o.pitch, *o.yaw);
    auto vfs = mountGameData(cl);
    if (!vfs) {
        std::fprintf(stderr, "cliplab shot: %s\n", vfs.error().message.c_str());
        return kExitFailure;
    }
    return runViewer(config, std::move(vfs.value())) == 0 ? kExitOk : kExitFailure;
}

/// Default view: the first spawn point at eye height, looking along its angle (else the middle
/// of the world looking along +x).
void placeCamera(const bsp::BspData& data, ShotOptions& o) {
    auto entities = bsp::parseEntities(data.entities, data.name);
    std::vector<bsp::SpawnPoint> spawns;
    if (entities)
        spawns = bsp::spawnPoints(entities.value());
    const bool placed = o.pos.has_value();
    if (!placed) {
        if (!spawns.empty()) {
            // At eye height over the spawn point's origin (the player box centre), as the player sees.
            o.pos = spawns.front().origin + glm::vec3(0.0f, 0.0f, movement::Settings{}.eyeHeight);
        } else {
            const auto& world = data.models.front();
            o.pos = (world.mins + world.maxs) * 0.5f;
        }
    }
    o.request.camera.eye = *o.pos;
    o.request.camera.pitch = o.pitch.value_or(0.0f);
    o.request.camera.yaw = o.yaw.value_or(spawns.empty() || placed ? 0.0f : spawns.front().angle);
}

/// The median of the frames drawn with the alternate settings (or with the command's own), the
/// first frame of each setting left out when there are others: it pays for first-use costs
/// (shader compiles, texture residency).
double medianOf(const ShotReport& r, const std::vector<double>& all, bool alternate) {
    std::vector<double> kept;
    for (size_t i = 0; i < all.size(); ++i)
        if (r.alternate[i] == alternate)
            kept.push_back(all[i]);
    if (kept.size() > 1)
        kept.erase(kept.begin());
    std::sort(kept.begin(), kept.end());
    return kept.size() % 2 ? kept[kept.size() / 2]
                           : (kept[kept.size() / 2 - 1] + kept[kept.size() / 2]) * 0.5;
}

/// The counters of the collision brush view: brushes_solid, brushes_playerclip, ... (the kind's
/// name without spaces), bevel sides, patches and their facets.
void printBrushCounters(const ShotReport& r) {
    for (int k = 0; k < inspect::kBrushKindCount; ++k) {
        std::string name = inspect::brushKindName(static_cast<inspect::BrushKind>(k));
        name.erase(std::remove(name.begin(), name.end(), ' '), name.end());
        std::printf("brushes_%s=%zu\n", name.c_str(), r.brushes.drawn[static_cast<size_t>(k)]);
    }
    std::printf("bevel_sides=%zu\n", r.brushes.bevelSides);
    std::printf("patches=%zu\npatch_facets=%zu\n", r.patches.patches, r.patches.facets);
}

void printTimes(const ShotOptions& o, const ShotReport& r) {
    const double cpu = medianOf(r, r.cpuMs, false), wall = medianOf(r, r.frameMs, false);
    std::printf("cpu_ms_per_frame=%.2f\n", cpu);
    std::printf("frames=%lld ms_per_frame=%.2f\n", o.request.frames, wall);
    if (!o.request.alternate)
        return;
    const double altCpu = medianOf(r, r.cpuMs, true), altWall = medianOf(r, r.frameMs, true);
    std::printf("alternate=%s\nalternate_cpu_ms_per_frame=%.2f\nalternate_ms_per_frame=%.2f\n"
                "alternate_colour_samples=%llu\nalternate_over_own_cpu=%.3f\nalternate_over_own_ms=%.3f\n",
                o.alternateText.c_str(), altCpu, altWall,
                static_cast<unsigned long long>(r.alternateColourSamples), altCpu / cpu, altWall / wall);
}

void printShot(const bsp::BspData& data, const ShotOptions& o, const ShotReport& r) {
    const scene::Camera& c = o.request.camera;
    std::printf("map=%s\nrenderer=%s\nsize=%dx%d\neye=%.1f %.1f %.1f\nangles=%.1f %.1f\n", data.name.c_str(),
                r.renderer.c_str(), c.width, c.height, c.eye.x, c.eye.y, c.eye.z, c.pitch, c.yaw);
    const render::RenderStats& st = r.stats;
    std::printf(
        "cluster=%d\nsurfaces=%u\nsky_surfaces=%u\ntriangles=%u\ndraw_calls=%u\nleaves_visible=%u\n"
        "leaves_pvs_culled=%u\nleaves_frustum_culled=%u\nsurfaces_culled=%u\nmodels=%u\nmodels_culled=%u\n"
        "model_triangles=%u\n",
        st.cull.cameraCluster, st.surfacesDrawn, st.skySurfacesDrawn, st.trianglesDrawn, st.drawCalls,
        st.cull.leavesVisible, st.cull.leavesPvsCulled, st.cull.leavesFrustumCulled, st.cull.surfacesCulled,
        st.modelsDrawn, st.modelsCulled, st.modelTriangles);
    if (!o.request.settings.drawWorld)
        printBrushCounters(r);
    std::printf("colour_samples=%llu\n", static_cast<unsigned long long>(r.colourSamples));
    std::printf("missing_textures=%zu\nwrote=%s\n", r.missingTextures, o.request.out.c_str());
    if (o.timed)
        printTimes(o, r);
}

/// The plain picture: the map's render surfaces (or collision brushes) from one view.
int shotWithoutUi(const CommandLine& cl, ShotOptions& o) {
    auto map = openMap(cl, o.map);
    if (!map) {
        std::fprintf(stderr, "cliplab shot: %s\n", map.error().message.c_str());
        return kExitFailure;
    }
    placeCamera(map->data, o);
    const auto report = renderShot(map->data, map->vfs.get(), o.request);
    if (!report) {
        std::fprintf(stderr, "cliplab shot: %s\n", report.error().message.c_str());
        return kExitFailure;
    }
    printShot(map->data, o, report.value());
    return kExitOk;
}

} // namespace

std::vector<OptionSpec> shotOptions() {
    std::vector<OptionSpec> options = {
        {"--out", 1, false, "FILE.png", "the picture to write (required)"},
        {"--pos", 3, false, "X Y Z",
         "eye position, units within +/-1e6 (default: the first spawn point at eye height)"},
        {"--angles", 2, false, "PITCH YAW", "view angles in degrees (default 0 and the spawn point's angle)"},
        sizeOption("picture"),
        {"--fov", 1, false, "DEG", "horizontal field of view, 1-179 (default 90)"},
        {"--frames", 1, false, "N", "draw N frames (1-100000) and print frames=N ms_per_frame=M (median)"},
        {"--bevels", 0, false, "", "with --view brushes: bevel sides as arrows"},
        {"--alternate", 1, false, "\"OPTIONS\"",
         "with --frames: draw every second frame with these drawing options added (--view, --models, "
         "--wireframe, --no-pvs, --no-frustum, --depth-prepass, --shader-order) and print both medians: "
         "two settings timed side by side in one process"},
        {"--patch-level", 1, false, "N", "subdivisions per bezier piece, 1-64 (default 4)"},
        {"--time", 1, false, "SEC", "shader animation time, 0-1e6 s (default 0)"},
        {"--ui", 0, false, "", "the viewer's frame with its panels instead (the player settled first)"},
        {"--method", 1, false, "brush|planeshift|both", "with --ui: the Trace panel's method"},
        {"--semantics", 1, false, collision::semanticsNames(),
         "with --ui: the Trace panel's collision rules"},
        {"--compare-semantics", 0, false, "",
         "with --ui: probe and sweep also traced in the other of quake3/robust (quake3e: in quake3)"},
        {"--sweep", 6, false, "SX SY SZ EX EY EZ", "with --ui: the sweep tool on, start and end in units"},
        {"--open", 1, false, "all|PANEL,...", "with --ui: the sidebar sections open (the others closed)"},
        basepathOption()};
    const std::vector<OptionSpec> drawing = drawingOptions();
    options.insert(options.begin() + 6, drawing.begin(), drawing.end()); // after --frames
    return options;
}

int runShot(const Args& args) {
    auto cl = CommandLine::parse(args, shotOptions());
    if (!cl)
        return shotUsage(cl.error().message);
    if (cl->positionals().size() > 1)
        return shotUsage("expected at most one MAP argument");
    if (!cl->has("--out"))
        return shotUsage("--out FILE.png is required");
    ShotOptions o;
    for (auto parse : {parseImageOptions, parsePlacement, parseUiOptions})
        if (auto error = parse(cl.value(), o))
            return shotUsage(*error);
    o.request.out = cl->value("--out");
    o.map = cl->positionals().empty() ? defaultMap() : cl->positionals()[0];
    return o.ui ? shotWithUi(cl.value(), o) : shotWithoutUi(cl.value(), o);
}

} // namespace cliplab::viewer
