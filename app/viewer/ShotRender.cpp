// `cliplab shot` without --ui: the frames drawn offscreen into a PNG.

#include "viewer/ShotRender.h"

#include "viewer/GlWindow.h"
#include "viewer/MapEntities.h"
#include "viewer/Png.h"

#include <glad/gl.h>

#include <chrono>
#include <ctime>
#include <memory>

namespace cliplab::viewer {

namespace {

double processCpuMs() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

/// Draws `request.frames` frames into the bound target (one more, untimed, when --alternate
/// would end on an alternate frame).
void drawFrames(const bsp::BspData& data, render::Renderer& renderer, const ShotRequest& o, ShotReport& r) {
    // Items drop to the floor through the collision model; the brushes view also shows the patch
    // facets players collide with (not the drawn curves).
    std::unique_ptr<collision::Model> collisionModel;
    if (!o.settings.drawWorld || o.settings.drawModels)
        collisionModel = std::make_unique<collision::Model>(data);
    if (o.settings.drawModels)
        renderer.setEntities(placeMapEntities(data, *collisionModel));
    // With --alternate, an even count ends on an alternate frame: one more frame of the command's
    // own settings, untimed, so that the picture and the printed counters are theirs.
    const long long drawn = o.alternate && o.frames % 2 == 0 ? o.frames + 1 : o.frames;
    for (long long i = 0; i < drawn; ++i) {
        const bool alternate = o.alternate && i % 2 == 1;
        const double cpuStart = processCpuMs();
        const auto start = std::chrono::steady_clock::now();
        // Collision brushes instead of render surfaces: drawn through the debug-draw interface,
        // the way collision code draws.
        if (!o.settings.drawWorld) {
            const BrushViewSettings view;
            r.brushes =
                drawBrushes(data, renderer.debugDraw(), o.camera.eye, view.range, view.shown, o.bevels);
            r.patches = drawPatchFacets(*collisionModel, renderer.debugDraw(), o.camera.eye, 4096.0f);
        }
        // The last frame also counts the samples its colour passes write (it waits for them, as
        // glFinish below does anyway).
        render::RenderSettings settings = alternate ? *o.alternate : o.settings;
        settings.countColourSamples = i + 1 == drawn || (o.alternate && i + 2 == drawn);
        renderer.draw(o.camera, o.seconds, settings);
        glFinish(); // the frame is done when the pixels are
        if (settings.countColourSamples)
            (alternate ? r.alternateColourSamples : r.colourSamples) = renderer.stats().colourSamples;
        if (i >= o.frames)
            break; // the untimed closing frame
        r.frameMs.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        r.cpuMs.push_back(processCpuMs() - cpuStart);
        r.alternate.push_back(alternate);
    }
}

} // namespace

core::Result<ShotReport> renderShot(const bsp::BspData& data, const fs::FileSystem* vfs,
                                    const ShotRequest& request) {
    auto window = GlWindow::create("cliplab shot", 64, 64, true);
    if (!window)
        return window.error();
    auto target = OffscreenTarget::create(request.camera.width, request.camera.height);
    if (!target)
        return target.error();
    auto renderer = render::Renderer::create(data, vfs);
    if (!renderer)
        return renderer.error();
    target.value()->bind();
    ShotReport report;
    drawFrames(data, *renderer.value(), request, report);
    const core::Status written =
        writePng(request.out, request.camera.width, request.camera.height, target.value()->readRgb());
    if (!written)
        return written.error();
    report.renderer = window.value()->description();
    report.stats = renderer.value()->stats();
    report.worldTriangles = renderer.value()->worldTriangles();
    report.missingTextures = renderer.value()->missingTextures().size();
    return report;
}

} // namespace cliplab::viewer
