#pragma once
/// \file RendererImpl.h
/// Internals of Renderer shared by its two source files (resources, drawing). Not public.

#include "render/GlDebugDraw.h"
#include "render/Material.h"
#include "render/Renderer.h"
#include "render/ShaderScript.h"
#include "render/Textures.h"
#include "render/WorldMesh.h"

#include <glad/gl.h>

#include <array>
#include <vector>

namespace cliplab::render {

/// A material pass with its textures resolved.
struct GpuPass {
    MaterialPass plan;
    std::vector<GLuint> textures; ///< One per image (animMap frames); empty for Light passes.
};

/// A material ready to draw.
struct GpuMaterial {
    MaterialPlan plan;
    std::vector<GpuPass> passes;
    std::array<GLuint, 6> skyBox{}; ///< Farbox sides (+X, -X, +Y, -Y, +Z, -Z); all 0 when none.
    bool hasSkyBox = false;
};

/// Uniform locations of the world and sky programs.
struct WorldUniforms {
    GLint viewProj = -1, time = -1, turb = -1, tcS = -1, tcT = -1, deform = -1, deformWave = -1;
    GLint texture = -1, lightmap = -1, useTexture = -1, lightSource = -1, useVertexColor = -1, color = -1,
          alphaFunc = -1, view = -1;
    GLint eye = -1, skyMode = -1, box = -1, cloudHeight = -1;
};

/// The programs: opaque world passes, alpha-tested ones (a separate variant, see world.frag), sky,
/// depth pre-pass.
/// Lightmapped: the branch-free "image x lightmap" program most surfaces use.
enum class ProgramKind { World = 0, WorldAlphaTest = 1, Sky = 2, Depth = 3, Lightmapped = 4 };
inline constexpr size_t kProgramCount = 5;

/// A linked program, its uniforms, and the frame whose per-frame uniforms it holds.
struct GpuProgram {
    GLuint id = 0;
    WorldUniforms u;
    uint64_t frame = 0;
};

/// Per-frame values every program gets once per frame.
struct FrameUniforms {
    glm::mat4 viewProj{1.0f};
    float seconds = 0.0f;
    int view = 0;
    uint64_t frame = 0;
};

struct Renderer::Impl {
    const bsp::BspData& data;
    const fs::FileSystem* vfs;
    ShaderLibrary library;
    TextureCache textures;
    std::vector<GpuMaterial> materials; ///< One per BSP shader.
    std::vector<GLuint> lightmaps;
    WorldMesh mesh;
    SurfaceCuller culler;
    std::unique_ptr<GlDebugDraw> debug;
    std::array<GpuProgram, kProgramCount> programs;
    FrameUniforms frameUniforms;
    GLuint currentProgram = 0;
    GLuint vao = 0, vbo = 0, ibo = 0;
    std::vector<int32_t> drawOrder; ///< Batch indices: sky first, then by sort key and shader.
    RenderStats stats;
    // Per-frame scratch for glMultiDrawElements.
    std::vector<GLsizei> counts;
    std::vector<const void*> offsets;

    Impl(const bsp::BspData& d, const fs::FileSystem* v) : data(d), vfs(v), textures(v), culler(d) {}
    ~Impl();

    void loadShaderScripts();
    void buildMaterials();
    void uploadLightmaps();
    void rebuildMesh(int patchLevel);
    void draw(const Camera& camera, double seconds, const RenderSettings& settings);
    void drawBatchPasses(const MeshBatch& batch, const GpuMaterial& material, double seconds,
                         const RenderSettings& settings);
    void drawSkyBatch(const MeshBatch& batch, const GpuMaterial& material, double seconds, const Camera& camera);
    void multiDraw();
    /// Fills counts/offsets with the visible index ranges of `batch` (merging adjacent surfaces) and
    /// counts them in the stats; false when nothing is visible.
    bool collectVisible(const MeshBatch& batch, bool countStats);
    /// Lays down the depth of opaque, non-alpha-tested batches.
    /// Depth of the opaque surfaces; `outside`: the camera is outside the world (no sky).
    void depthPrepass(bool outside);
    /// Binds a program (setting its per-frame uniforms on first use in a frame); returns its uniforms.
    const WorldUniforms& use(ProgramKind kind);
};

/// Collects the 2x3 affine tcMod matrix (turb excluded) at `seconds`; `turb` gets the first turb.
void tcModMatrix(const std::vector<TcMod>& mods, double seconds, glm::vec3& rowS, glm::vec3& rowT, glm::vec4& turb);

} // namespace cliplab::render
