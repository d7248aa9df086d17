#pragma once
/// \file Renderer.h
/// Draws a Quake 3 map with OpenGL 3.3 core: the world mesh in one vertex/index buffer, batches
/// by shader and lightmap, shader-script passes, lightmaps, sky, PVS and frustum culling, and
/// the debug-draw layer on top. Needs a current GL context with glad loaded (see loadGl()).

#include "bsp/BspData.h"
#include "core/EnumNames.h"
#include "core/Result.h"
#include "debugdraw/DebugDraw.h"
#include "fs/FileSystem.h"
#include "items/Placement.h"
#include "scene/Camera.h"
#include "scene/Culling.h"

#include <array>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace cliplab::render {

/// The view the renderer draws (scene::Camera), named here for the renderer's callers.
using scene::Camera;

/// Loads the OpenGL functions through `getProcAddress` (e.g. SDL_GL_GetProcAddress) and checks for
/// 3.3 core. Call once per process after making a context current.
core::Status loadGl(void* (*getProcAddress)(const char* name));

/// How the world is shown.
enum class ViewMode {
    Textured,     ///< As in the game.
    LightmapOnly, ///< Light only (lightmaps or vertex light), white surfaces.
    Flat,         ///< Grey, shaded by the surface normal.
};

/// Every view mode and its name, in enum order (shot's --view, the viewer's Render panel, console
/// and settings file).
inline constexpr std::array<core::EnumName<ViewMode>, 3> kViewModeNames{{
    {ViewMode::Textured, "textured"},
    {ViewMode::LightmapOnly, "lightmap"},
    {ViewMode::Flat, "flat"},
}};
static_assert(core::inEnumOrder(kViewModeNames));

/// Per-frame switches.
struct RenderSettings {
    ViewMode view = ViewMode::Textured;
    bool wireframe = false; ///< Overlay the triangle edges.
    scene::CullSettings cull;
    int patchLevel = 4; ///< Subdivisions per bezier piece (1..64); changing it rebuilds the mesh.
    /// Draw the opaque batches nearest first (by a front-to-back walk of the BSP, within each sort
    /// key), so that most hidden pixels fail the depth test before they are shaded. Off: the
    /// shader order, as the game draws. The picture is the same either way.
    bool frontToBack = true;
    /// Draw opaque depth first, so each pixel is shaded once whatever the order. On a software
    /// rasteriser it costs more than the front-to-back order saves (docs/performance.md).
    bool depthPrepass = false;
    bool drawWorld = true;  ///< False shows only the debug-draw layer (e.g. collision brushes).
    bool drawModels = true; ///< Items and misc_models (see Renderer::setEntities).
    /// Count the samples the colour passes write (RenderStats::colourSamples). It waits for the
    /// frame to finish, so it is for measuring, not for every frame.
    bool countColourSamples = false;
    glm::vec4 clearColor{0.0f, 0.0f, 0.0f, 1.0f};
    /// The view's lowest pixel row above the framebuffer's bottom (pixels, >= 0): a bar docked
    /// below the view keeps those rows. The view is Camera::width x Camera::height from there.
    int viewportY = 0;
};

/// Counters of the last frame.
struct RenderStats {
    scene::CullStats cull;
    uint32_t surfacesDrawn = 0;
    uint32_t trianglesDrawn = 0;
    uint32_t drawCalls = 0;
    uint32_t batchesDrawn = 0;
    uint32_t modelsDrawn = 0;      ///< Posed models that passed culling.
    uint32_t modelsCulled = 0;     ///< Posed models outside the PVS or the view.
    uint32_t modelTriangles = 0;   ///< Triangles of the drawn models.
    uint32_t skySurfacesDrawn = 0; ///< Sky surfaces drawn (none with the camera outside the world).
    /// Samples that passed the depth test in the colour passes (world, sky and models, every pass
    /// counted), when RenderSettings::countColourSamples is set; else 0. The depth pre-pass is not
    /// counted: this is the shading work, comparable with a renderer that has no pre-pass.
    uint64_t colourSamples = 0;
};

/// The map renderer.
class Renderer {
public:
    /// Builds buffers, textures and programs for `data` (which must outlive the renderer).
    /// `vfs` (may be null) provides textures and scripts/*.shader.
    static core::Result<std::unique_ptr<Renderer>> create(const bsp::BspData& data,
                                                          const fs::FileSystem* vfs);
    ~Renderer();
    Renderer(const Renderer&) = delete;
    Renderer& operator=(const Renderer&) = delete;

    /// Draws one frame into the bound framebuffer (viewport = camera size) at `seconds` of
    /// shader time, then flushes the debug-draw layer.
    void draw(const Camera& camera, double seconds, const RenderSettings& settings);

    /// The debug-draw layer; what is drawn into it shows in the next draw().
    debugdraw::DebugDraw& debugDraw();
    const RenderStats& stats() const;
    /// Image names that could not be loaded so far (a checker is drawn instead).
    const std::set<std::string>& missingTextures() const;
    /// Shader-script keywords seen but not supported (create() logs how many, in one line).
    const std::set<std::string>& unknownShaderKeywords() const;
    /// Number of world triangles in the buffers at the current patch level.
    uint32_t worldTriangles() const;
    /// The entities to draw as MD3 models (items::placeEntities gives the map's). Models load
    /// through the renderer's file system; one that is missing or malformed is named in
    /// modelWarnings() and not drawn. Replaces the previous set.
    void setEntities(std::vector<items::Placement> placements);
    /// Problems met loading the models of the last setEntities().
    const std::vector<std::string>& modelWarnings() const;

private:
    struct Impl;
    explicit Renderer(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> m_impl;
};

} // namespace cliplab::render
