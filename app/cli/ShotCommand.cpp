// `cliplab shot`: render a map from one view into a PNG, optionally timing N frames.

#include "bsp/Entities.h"
#include "cli/Commands.h"
#include "cli/DefaultMap.h"
#include "cli/MapOpen.h"
#include "render/Renderer.h"
#include "viewer/BrushView.h"
#include "viewer/GlWindow.h"
#include "viewer/MapEntities.h"
#include "viewer/PatchView.h"
#include "viewer/Viewer.h"
#include "viewer/ViewerState.h"
#include "viewer/Png.h"

#include <glad/gl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <memory>
#include <optional>

namespace cliplab::cli {

namespace {

constexpr const char* kUsage =
    "[MAP] [--pos X Y Z] [--angles PITCH YAW] [--size WxH] [--fov DEG] --out FILE.png [--frames N] "
    "[--view textured|lightmap|flat|brushes [--bevels]] [--wireframe] [--no-pvs] [--no-frustum] [--no-depth-prepass] [--patch-level N] [--time SEC] "
    "[--models on|off] "
    "[--ui [--method brush|planeshift|both] [--semantics quake3|robust|tutorial] [--compare-semantics] "
    "[--sweep SX SY SZ EX EY EZ]] [--basepath DIR]";

/// Eye height over a spawn point's origin (the player box centre), units.
constexpr float kEyeHeight = 26.0f;

int usage(const std::string& message) {
    std::fprintf(stderr, "cliplab shot: %s\nusage: cliplab shot %s\n", message.c_str(), kUsage);
    return kExitUsage;
}

std::optional<float> number(const std::string& s) {
    auto v = parseNumber(s);
    return v ? std::optional<float>(static_cast<float>(*v)) : std::nullopt;
}

} // namespace

int runShot(const Args& args) {
    auto cl = CommandLine::parse(args, {{"--pos", 3}, {"--angles", 2}, {"--size", 1}, {"--fov", 1}, {"--out", 1},
                                        {"--frames", 1}, {"--view", 1}, {"--bevels", 0}, {"--wireframe", 0}, {"--no-pvs", 0},
                                        {"--no-frustum", 0}, {"--no-depth-prepass", 0}, {"--patch-level", 1}, {"--time", 1},
                                        {"--models", 1},
                                        {"--ui", 0}, {"--method", 1}, {"--sweep", 6}, {"--semantics", 1},
                                        {"--compare-semantics", 0}, basepathOption()});
    if (!cl)
        return usage(cl.error().message);
    if (cl->positionals().size() > 1)
        return usage("expected at most one MAP argument");
    if (!cl->has("--out"))
        return usage("--out FILE.png is required");

    render::Camera camera;
    render::RenderSettings settings;
    if (cl->has("--size")) {
        const std::string size = cl->value("--size");
        int w = 0, h = 0;
        char extra = 0;
        if (std::sscanf(size.c_str(), "%dx%d%c", &w, &h, &extra) != 2 || w < 1 || h < 1 || w > 8192 || h > 8192)
            return usage("--size must be WIDTHxHEIGHT with 1..8192 each, got '" + size + "'");
        camera.width = w;
        camera.height = h;
    }
    if (cl->has("--fov")) {
        auto fov = number(cl->value("--fov"));
        if (!fov || *fov < 1.0f || *fov > 179.0f)
            return usage("--fov must be a number of degrees in 1..179");
        camera.fovX = *fov;
    }
    long long frames = 1;
    if (cl->has("--frames")) {
        auto n = parseInteger(cl->value("--frames"));
        if (!n || *n < 1 || *n > 100000)
            return usage("--frames must be an integer in 1..100000");
        frames = *n;
    }
    if (cl->has("--view")) {
        const std::string v = cl->value("--view");
        if (v == "textured") settings.view = render::ViewMode::Textured;
        else if (v == "lightmap") settings.view = render::ViewMode::LightmapOnly;
        else if (v == "flat") settings.view = render::ViewMode::Flat;
        else if (v == "brushes") settings.drawWorld = false;
        else return usage("--view must be textured, lightmap, flat or brushes");
    }
    if (cl->has("--bevels") && settings.drawWorld)
        return usage("--bevels draws the brushes' bevel planes: it needs --view brushes");
    settings.wireframe = cl->has("--wireframe");
    settings.cull.pvs = !cl->has("--no-pvs");
    settings.cull.frustum = !cl->has("--no-frustum");
    settings.depthPrepass = !cl->has("--no-depth-prepass");
    if (cl->has("--patch-level")) {
        auto n = parseInteger(cl->value("--patch-level"));
        if (!n || *n < 1 || *n > 64)
            return usage("--patch-level must be an integer in 1..64");
        settings.patchLevel = static_cast<int>(*n);
    }
    if (cl->has("--models")) {
        const std::string m = cl->value("--models");
        if (m != "on" && m != "off")
            return usage("--models must be on or off, got '" + m + "'");
        settings.drawModels = m == "on";
    }
    double seconds = 0.0;
    if (cl->has("--time")) {
        auto t = parseNumber(cl->value("--time"));
        if (!t || *t < 0.0 || *t > 1e6)
            return usage("--time must be a number of seconds in 0..1e6");
        seconds = *t;
    }
    std::optional<glm::vec3> pos;
    if (cl->has("--pos")) {
        const auto& v = cl->values("--pos");
        auto x = number(v[0]), y = number(v[1]), z = number(v[2]);
        if (!x || !y || !z)
            return usage("--pos needs three numbers");
        // The trace limit (collision::kMaxCoordinate): farther, the view has nothing to show.
        if (std::fabs(*x) > 1e6f || std::fabs(*y) > 1e6f || std::fabs(*z) > 1e6f)
            return usage("--pos: coordinates must be within +/-1e6");
        pos = glm::vec3(*x, *y, *z);
    }
    std::optional<float> pitch, yaw;
    if (cl->has("--angles")) {
        const auto& v = cl->values("--angles");
        pitch = number(v[0]);
        yaw = number(v[1]);
        if (!pitch || !yaw || std::fabs(*pitch) > 1e6f || std::fabs(*yaw) > 1e6f)
            return usage("--angles needs two numbers (pitch yaw, degrees within +/-1e6)");
    }

    if (cl->has("--models") && cl->has("--ui"))
        return usage("--models is for the plain shot; with --ui the viewer's Render panel has the switch");
    if ((cl->has("--method") || cl->has("--sweep") || cl->has("--semantics") || cl->has("--compare-semantics")) &&
        !cl->has("--ui"))
        return usage("--method, --semantics, --compare-semantics and --sweep set the viewer's Trace panel and sweep "
                     "tool: they need --ui");
    std::optional<collision::Semantics> semantics;
    if (cl->has("--semantics")) {
        semantics = collision::parseSemantics(cl->value("--semantics"));
        if (!semantics)
            return usage("--semantics must be quake3, robust or tutorial, got '" + cl->value("--semantics") + "'");
    }
    std::optional<viewer::TraceMethod> method;
    if (cl->has("--method")) {
        const std::string m = cl->value("--method");
        for (viewer::TraceMethod t : {viewer::TraceMethod::Brush, viewer::TraceMethod::PlaneShift, viewer::TraceMethod::Both})
            if (m == viewer::methodName(t))
                method = t;
        if (!method)
            return usage("--method must be brush, planeshift or both, got '" + m + "'");
    }
    std::optional<std::pair<glm::vec3, glm::vec3>> sweep;
    if (cl->has("--sweep")) {
        const auto& v = cl->values("--sweep");
        float p[6];
        for (size_t i = 0; i < 6; ++i) {
            const auto x = number(v[i]);
            // Beyond the map limits a sweep means nothing; the bound keeps the trace finite.
            if (!x || !std::isfinite(*x) || std::fabs(*x) > 65536.0f)
                return usage("--sweep needs six numbers in -65536..65536 (start and end, units)");
            p[i] = *x;
        }
        sweep = std::make_pair(glm::vec3(p[0], p[1], p[2]), glm::vec3(p[3], p[4], p[5]));
    }

    const std::string mapArgument = cl->positionals().empty() ? defaultMap() : cl->positionals()[0];
    if (cl->has("--ui")) {
        // The viewer's own frame, panels included, drawn offscreen: a few frames so that ImGui's
        // auto-sized windows settle. Saved settings are not read, so the picture is reproducible.
        viewer::ViewerConfig config;
        config.map = mapArgument;
        config.width = std::max(camera.width, 64);
        config.height = std::max(camera.height, 64);
        config.hidden = true;
        config.persist = false;
        config.frames = 3;
        config.screenshot = cl->value("--out");
        config.eye = pos;
        config.method = method;
        config.semantics = semantics;
        config.compareSemantics = cl->has("--compare-semantics");
        config.sweep = sweep;
        if (pitch && yaw)
            config.angles = glm::vec2(*pitch, *yaw);
        auto vfs = mountGameData(cl.value());
        if (!vfs) {
            std::fprintf(stderr, "cliplab shot: %s\n", vfs.error().message.c_str());
            return kExitFailure;
        }
        return viewer::runViewer(config, std::move(vfs.value())) == 0 ? kExitOk : kExitFailure;
    }
    auto map = openMap(cl.value(), mapArgument);
    if (!map) {
        std::fprintf(stderr, "cliplab shot: %s\n", map.error().message.c_str());
        return kExitFailure;
    }
    const bsp::BspData& data = map->data;
    // Default view: the first spawn point at eye height, looking along its angle.
    auto entities = bsp::parseEntities(data.entities, data.name);
    std::vector<bsp::SpawnPoint> spawns;
    if (entities)
        spawns = bsp::spawnPoints(entities.value());
    if (!pos) {
        if (!spawns.empty()) {
            pos = spawns.front().origin + glm::vec3(0.0f, 0.0f, kEyeHeight);
        } else {
            const auto& world = data.models.front();
            pos = (world.mins + world.maxs) * 0.5f;
        }
    }
    camera.eye = *pos;
    camera.pitch = pitch.value_or(0.0f);
    camera.yaw = yaw.value_or(spawns.empty() || cl->has("--pos") ? 0.0f : spawns.front().angle);

    auto window = viewer::GlWindow::create("cliplab shot", 64, 64, true);
    if (!window) {
        std::fprintf(stderr, "cliplab shot: %s\n", window.error().message.c_str());
        return kExitFailure;
    }
    auto target = viewer::OffscreenTarget::create(camera.width, camera.height);
    if (!target) {
        std::fprintf(stderr, "cliplab shot: %s\n", target.error().message.c_str());
        return kExitFailure;
    }
    auto renderer = render::Renderer::create(data, map->vfs.get());
    if (!renderer) {
        std::fprintf(stderr, "cliplab shot: %s\n", renderer.error().message.c_str());
        return kExitFailure;
    }
    target.value()->bind();
    std::vector<double> times;
    viewer::BrushViewStats brushStats;
    viewer::PatchViewStats patchStats;
    // Items drop to the floor through the collision model; the brushes view also shows the patch
    // facets players collide with (not the drawn curves).
    std::unique_ptr<collision::Model> collisionModel;
    if (!settings.drawWorld || settings.drawModels)
        collisionModel = std::make_unique<collision::Model>(data);
    if (settings.drawModels)
        renderer.value()->setEntities(viewer::placeMapEntities(data, *collisionModel));
    // The process's CPU time over a frame counts the rasteriser's worker threads too: with a
    // software renderer it is the work a frame costs, which other jobs on the machine disturb far
    // less than the wall time.
    std::vector<double> cpuTimes;
    auto processCpuMs = [] {
        timespec ts{};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
        return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
    };
    for (long long i = 0; i < frames; ++i) {
        const double cpuStart = processCpuMs();
        const auto start = std::chrono::steady_clock::now();
        // Collision brushes instead of render surfaces: drawn through the debug-draw interface,
        // the way collision code draws.
        if (!settings.drawWorld) {
            const viewer::BrushViewSettings view;
            brushStats = viewer::drawBrushes(data, renderer.value()->debugDraw(), camera.eye, view.range, view.shown,
                                             cl->has("--bevels"));
            patchStats = viewer::drawPatchFacets(*collisionModel, renderer.value()->debugDraw(), camera.eye, 4096.0f);
        }
        renderer.value()->draw(camera, seconds, settings);
        glFinish(); // the frame is done when the pixels are
        times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        cpuTimes.push_back(processCpuMs() - cpuStart);
    }
    const std::string out = cl->value("--out");
    core::Status written = viewer::writePng(out, camera.width, camera.height, target.value()->readRgb());
    if (!written) {
        std::fprintf(stderr, "cliplab shot: %s\n", written.error().message.c_str());
        return kExitFailure;
    }
    const render::RenderStats& st = renderer.value()->stats();
    std::printf("map=%s\nrenderer=%s\nsize=%dx%d\neye=%.1f %.1f %.1f\nangles=%.1f %.1f\n", data.name.c_str(),
                window.value()->description().c_str(), camera.width, camera.height, camera.eye.x, camera.eye.y,
                camera.eye.z, camera.pitch, camera.yaw);
    std::printf("cluster=%d\nsurfaces=%u\ntriangles=%u\ndraw_calls=%u\nleaves_visible=%u\nleaves_pvs_culled=%u\n"
                "leaves_frustum_culled=%u\nsurfaces_culled=%u\nmodels=%u\nmodels_culled=%u\nmodel_triangles=%u\n",
                st.cull.cameraCluster, st.surfacesDrawn, st.trianglesDrawn, st.drawCalls, st.cull.leavesVisible,
                st.cull.leavesPvsCulled, st.cull.leavesFrustumCulled, st.cull.surfacesCulled, st.modelsDrawn,
                st.modelsCulled, st.modelTriangles);
    if (!settings.drawWorld) {
        // brushes_solid, brushes_playerclip, ...: the kind's name without spaces.
        for (int k = 0; k < inspect::kBrushKindCount; ++k) {
            std::string name = inspect::brushKindName(static_cast<inspect::BrushKind>(k));
            name.erase(std::remove(name.begin(), name.end(), ' '), name.end());
            std::printf("brushes_%s=%zu\n", name.c_str(), brushStats.drawn[static_cast<size_t>(k)]);
        }
        std::printf("bevel_sides=%zu\n", brushStats.bevelSides);
    }
    if (!settings.drawWorld)
        std::printf("patches=%zu\npatch_facets=%zu\n", patchStats.patches, patchStats.facets);
    std::printf("missing_textures=%zu\nwrote=%s\n", renderer.value()->missingTextures().size(), out.c_str());
    if (cl->has("--frames")) {
        // The first frame pays for first-use costs (shader compiles, texture residency); keep it
        // out of the median when there are others.
        auto median = [](const std::vector<double>& all) {
            std::vector<double> sorted(all.size() > 1 ? all.begin() + 1 : all.begin(), all.end());
            std::sort(sorted.begin(), sorted.end());
            return sorted.size() % 2 ? sorted[sorted.size() / 2]
                                     : (sorted[sorted.size() / 2 - 1] + sorted[sorted.size() / 2]) * 0.5;
        };
        std::printf("cpu_ms_per_frame=%.2f\n", median(cpuTimes));
        std::printf("frames=%lld ms_per_frame=%.2f\n", frames, median(times));
    }
    return kExitOk;
}

} // namespace cliplab::cli
