#pragma once
/// \file ShotRender.h
/// `cliplab shot`'s picture of the world without the panels, behind one call: a hidden window,
/// an offscreen target, the renderer, the frames drawn and timed, the PNG written. The command
/// line parses the request (commands/ShotCommand.cpp); everything that talks to GL is here.

#include "bsp/BspData.h"
#include "core/Result.h"
#include "fs/FileSystem.h"
#include "render/Renderer.h"
#include "scene/Camera.h"
#include "viewer/BrushView.h"
#include "viewer/PatchView.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::viewer {

/// What to draw and where to write it.
struct ShotRequest {
    scene::Camera camera;            ///< Eye, angles, picture size (pixels) and field of view.
    render::RenderSettings settings; ///< drawWorld false: the collision brushes and patch facets instead.
    long long frames = 1;            ///< Frames drawn (>= 1); the picture is the last of its own settings.
    /// Every second frame (frames 2, 4, ...) drawn with these settings instead (`--alternate`).
    std::optional<render::RenderSettings> alternate;
    double seconds = 0.0; ///< Shader and item animation time (s).
    bool bevels = false;  ///< With drawWorld false: bevel sides as arrows.
    std::string out;      ///< The PNG written.
};

/// What the frames cost and showed.
struct ShotReport {
    std::string renderer;        ///< The GL context's renderer and version.
    render::RenderStats stats;   ///< The last frame of the request's own settings.
    size_t worldTriangles = 0;   ///< Triangles of the world mesh.
    size_t missingTextures = 0;  ///< Images the map names that the game data lacks.
    std::vector<double> frameMs; ///< Wall time per frame (ms).
    /// The process's CPU time per frame (ms): it counts the rasteriser's worker threads too, so
    /// with a software renderer it is the work a frame costs, which other jobs on the machine
    /// disturb far less than the wall time.
    std::vector<double> cpuMs;
    std::vector<bool> alternate; ///< Per timed frame: drawn with the alternate settings.
    /// Samples that passed the depth test in the colour passes of each setting's last frame.
    uint64_t colourSamples = 0, alternateColourSamples = 0;
    BrushViewStats brushes; ///< With drawWorld false.
    PatchViewStats patches; ///< With drawWorld false.
};

/// Draws `request` of `data` (images from `vfs`, may be null) offscreen and writes the PNG. Errors
/// say what failed: the window (no display: run under xvfb-run), the target, the renderer, the file.
core::Result<ShotReport> renderShot(const bsp::BspData& data, const fs::FileSystem* vfs,
                                    const ShotRequest& request);

} // namespace cliplab::viewer
