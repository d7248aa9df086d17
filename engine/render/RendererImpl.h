#pragma once
/// \file RendererImpl.h
/// Internals of Renderer shared by its two source files (resources, drawing). Not public.

#include "render/GlDebugDraw.h"
#include "render/Renderer.h"
#include "render/Textures.h"
#include "scene/LightGrid.h"
#include "scene/Material.h"
#include "scene/ModelScene.h"
#include "scene/WorldMesh.h"
#include "shader/ShaderScript.h"

#include <glad/gl.h>

#include <array>
#include <map>
#include <memory>
#include <vector>

namespace cliplab::render {

/// A material pass with its textures resolved.
struct GpuPass {
    scene::MaterialPass plan;
    std::vector<GLuint> textures; ///< One per image (animMap frames); empty for Light passes.
    GLuint modulateTexture = 0;   ///< The folded layer's image (plan.modulate), or 0.
};

/// A material ready to draw.
struct GpuMaterial {
    scene::MaterialPlan plan;
    std::vector<GpuPass> passes;
    std::array<GLuint, 6> skyBox{}; ///< Farbox sides (+X, -X, +Y, -Y, +Z, -Z); all 0 when none.
    bool hasSkyBox = false;
};

/// Uniform locations of the world and sky programs.
struct WorldUniforms {
    GLint viewProj = -1, time = -1, turb = -1, tcS = -1, tcT = -1;
    GLint tcGen = -1, tcVec0 = -1, tcVec1 = -1, envAxis = -1, rgbGen = -1, alphaGen = -1, specularLight = -1;
    GLint texture = -1, lightmap = -1, lightSource = -1, color = -1, alphaFunc = -1;
    GLint eye = -1, box = -1, cloudHeight = -1;
    GLint modulate = -1, modS = -1, modT = -1, modScale = -1;
};

/// The programs. The world and model ones are world.frag compiled with defines that fix which
/// textures they fetch: llvmpipe runs both sides of a branch on a uniform, so one program that
/// chose its fetches by uniforms paid for all of them on every fragment (docs/performance.md).
enum class ProgramKind {
    SkyColour = 0,       ///< A sky whose shader has nothing to draw: plain sky blue.
    SkyBox,              ///< A sky's farbox.
    SkyClouds,           ///< A sky's cloud layer.
    Depth,               ///< The depth pre-pass.
    Lightmapped,         ///< The branch-free "image x lightmap" program most surfaces use.
    LightmappedModulate, ///< Image x lightmap x a folded layer (MaterialPass::modulate).
    ViewSolid,           ///< One colour: the wireframe overlay.
    ViewFlat,            ///< The flat view.
    ViewLight,           ///< The lightmap view of a surface lit by vertex colour or not at all.
    ViewLightmap,        ///< The lightmap view of a lightmapped surface.
    Pass,                ///< A textured pass; the variant is Pass + its PassFeature bits.
};
/// What a textured pass fetches and does, as bits added to ProgramKind::Pass.
enum PassFeature : uint32_t {
    kPassTexture = 1u,   ///< Its image (otherwise white).
    kPassLightmap = 2u,  ///< Times the lightmap (otherwise the vertex colour or nothing, by uniform).
    kPassModulate = 4u,  ///< Times a folded layer.
    kPassAlphaTest = 8u, ///< The alpha test (may discard).
};
inline constexpr size_t kPassVariantCount = 16;
inline constexpr size_t kProgramCount = static_cast<size_t>(ProgramKind::Pass) + kPassVariantCount;
/// The texture unit of a pass's folded layer (the sky program uses units 2-7 for its box; it
/// binds them at every sky draw).
inline constexpr GLint kModulateUnit = 2;

/// A linked program, its uniforms, and the frame whose per-frame uniforms it holds.
struct GpuProgram {
    GLuint id = 0;
    WorldUniforms u;
    uint64_t frame = 0;
};

/// Per-frame values every program gets once per frame.
struct FrameUniforms {
    glm::mat4 viewProj{1.0f};
    glm::vec3 eye{0.0f};
    float seconds = 0.0f;
    uint64_t frame = 0;
};

/// Where a set of triangles gets its light and what it turns with, for the stage generators.
struct DrawContext {
    int lightSource = 0; ///< 0 none, 1 the lightmap `lightmap`, 2 vertex colour.
    GLuint lightmap = 0;
    glm::mat3 envAxis{1.0f};       ///< Unit axes of the model (columns); identity for the world.
    glm::vec3 specularLight{0.0f}; ///< The game's fixed specular light, in world space.
    bool dynamic = false;          ///< Drawn from the dynamic buffer: [firstIndex, firstIndex + indexCount).
    bool depthDone = false;        ///< The depth pre-pass already wrote these triangles' depth.
    uint32_t firstIndex = 0, indexCount = 0;
};

/// Triangles rebuilt on the CPU this frame (models, deformed world surfaces), in the dynamic buffer.
struct DynamicDraw {
    const GpuMaterial* material = nullptr;
    DrawContext context;
    float sort = shader::sortkey::Opaque;
};

/// The game's fixed light position for alphaGen lightingSpecular, in the surface's own space.
inline constexpr glm::vec3 kSpecularLight{-960.0f, 1980.0f, 96.0f};

struct Renderer::Impl {
    const bsp::BspData& data;
    const fs::FileSystem* vfs;
    shader::ShaderLibrary library;
    TextureCache textures;
    std::vector<GpuMaterial> materials; ///< One per BSP shader.
    std::vector<GLuint> lightmaps;
    scene::WorldMesh mesh;
    scene::SurfaceCuller culler;
    std::unique_ptr<GlDebugDraw> debug;
    std::array<GpuProgram, kProgramCount> programs;
    FrameUniforms frameUniforms;
    GLuint currentProgram = 0;
    GLuint samplesQuery = 0; ///< GL_SAMPLES_PASSED over the colour passes; made on first use.
    GLuint vao = 0, vbo = 0, ibo = 0;
    std::vector<int32_t> drawOrder;  ///< Batch indices: sky first, then by sort key and shader.
    std::vector<int32_t> frameOrder; ///< This frame's: drawOrder, opaque batches front to back.
    std::vector<uint32_t> batchRank; ///< Per batch: the front-to-back rank of its nearest visible surface.
    RenderStats stats;
    // Models and deformed world surfaces: rebuilt on the CPU each frame into the dynamic buffer.
    scene::LightGrid lightGrid;
    std::unique_ptr<scene::ModelScene> scene;
    std::vector<std::unique_ptr<GpuMaterial>> modelMaterials;
    std::map<std::string, GpuMaterial*> modelMaterialByName;
    std::vector<std::vector<const GpuMaterial*>> modelSurfaceMaterials; ///< Per scene model, per surface.
    GLuint dynamicVao = 0, dynamicVbo = 0, dynamicIbo = 0;
    std::vector<scene::MeshVertex> dynamicVertices;
    std::vector<uint32_t> dynamicIndices;
    std::vector<DynamicDraw> dynamicDraws;
    // Per-frame scratch for glMultiDrawElements.
    std::vector<GLsizei> counts;
    std::vector<const void*> offsets;

    Impl(const bsp::BspData& d, const fs::FileSystem* v)
        : data(d), vfs(v), textures(v), culler(d), lightGrid(d) {}
    ~Impl();

    void loadShaderScripts();
    void buildMaterials();
    void uploadLightmaps();
    void rebuildMesh(int patchLevel);
    void draw(const Camera& camera, double seconds, const RenderSettings& settings);
    /// The frame's culling, batch order and per-frame uniforms; clears the target.
    void beginFrame(const Camera& camera, double seconds, const RenderSettings& settings);
    /// The visible world batches in sort order with the dynamic draws merged in; the sky left out
    /// when the camera is `outside` the world.
    void drawBatches(const Camera& camera, double seconds, const RenderSettings& settings, bool outside);
    /// Draws the dynamic draws from `next` on whose sort key is below `sortLimit`; advances `next`.
    void drawDynamicBelow(float sortLimit, size_t& next, double seconds, const RenderSettings& settings);
    /// The triangle edges of the visible world over the picture.
    void drawWireframe();
    /// How a world batch's triangles are lit: its lightmap, vertex colours or nothing.
    DrawContext batchContext(const scene::MeshBatch& batch) const;
    /// A material's resolved textures (world and model materials alike).
    GpuMaterial makeMaterial(scene::MaterialPlan plan);
    /// Draws every pass of `material` over the triangles `context` names (the collected static
    /// ranges, or a range of the dynamic buffer).
    void drawPasses(const GpuMaterial& material, const DrawContext& context, double seconds,
                    const RenderSettings& settings);
    /// One pass of a material over the triangles `context` names, in `view`.
    void drawPass(const GpuPass& pass, const DrawContext& context, double seconds, ViewMode view);
    /// The world batches with deforms (visible surfaces) and the posed models, into the dynamic
    /// buffer and dynamicDraws (sorted by sort key).
    void buildDynamic(const Camera& camera, double seconds, const RenderSettings& settings);
    /// The visible surfaces of the world batches with deforms, deformed, into the dynamic buffer.
    void appendDeformedWorld(const scene::DeformView& view, double seconds);
    /// The posed models that pass the PVS and the frustum, lit from the grid, into the dynamic buffer.
    void appendModels(const scene::DeformView& view, double seconds, const RenderSettings& settings);
    /// Whether a posed model may be seen: its cluster in the camera's PVS, its bounds in `frustum`.
    bool modelVisible(const scene::PosedModel& posed, const std::array<glm::vec4, 6>& frustum,
                      const RenderSettings& settings) const;
    void setEntities(std::vector<items::Placement> placements);
    void drawSkyBatch(const scene::MeshBatch& batch, const GpuMaterial& material, double seconds,
                      const Camera& camera);
    void multiDraw();
    /// Issues the triangles of `context`: the collected ranges, or its dynamic range.
    void issue(const DrawContext& context);
    /// Fills counts/offsets with the visible index ranges of `batch` (merging adjacent surfaces) and
    /// counts them in the stats; false when nothing is visible.
    bool collectVisible(const scene::MeshBatch& batch, bool countStats);
    /// Lays down the depth of opaque, non-alpha-tested batches.
    /// Depth of the opaque surfaces; `outside`: the camera is outside the world (no sky).
    void depthPrepass(bool outside);
    /// Fills frameOrder for this frame's culling (after culler.update()).
    void orderBatches(const glm::vec3& eye, bool frontToBack);
    /// Binds a program (setting its per-frame uniforms on first use in a frame); returns its uniforms.
    /// `passFeatures` (PassFeature bits) picks the variant of ProgramKind::Pass.
    const WorldUniforms& use(ProgramKind kind, uint32_t passFeatures = 0);
};

/// The program a pass is drawn with, and what it fetches.
struct PassProgram {
    ProgramKind kind = ProgramKind::Pass;
    uint32_t features = 0;    ///< PassFeature bits (the variant of ProgramKind::Pass).
    int light = 0;            ///< The pass's light: 0 none, 1 the lightmap, 2 vertex colour.
    bool alphaTest = false;   ///< The pass may discard.
    bool modulated = false;   ///< A folded layer multiplies it.
    bool usesTexture = false; ///< It fetches its image.
};

/// How `pass` is drawn over triangles lit by `lightSource` (DrawContext::lightSource) in `view`:
/// the non-textured views use their own programs; an image x lightmap pass with plain colours
/// takes the branch-free programs.
PassProgram passProgram(const GpuPass& pass, int lightSource, ViewMode view);

/// Sets a pass's texture coordinate uniforms: tcGen and its vectors, the model's axes and
/// specular light, and the tcMod matrix with the first turb (all off outside the textured view).
void setTexCoordUniforms(const WorldUniforms& u, const scene::MaterialPass& p, const DrawContext& context,
                         bool textured, double seconds);

/// How a posed model's triangles are drawn from the dynamic buffer: lit by their vertex colours
/// (the grid light) outside the textured view, environment maps and specular light turned with it.
DrawContext modelContext(const scene::PosedModel& posed, bool textured);

/// Whether the depth pre-pass draws batches of `plan`: opaque, not alpha-tested, not moved.
bool inDepthPrepass(const scene::MaterialPlan& plan);

/// Sets the attribute layout of MeshVertex on the bound vertex array and array buffer.
void setMeshVertexLayout();

/// Collects the 2x3 affine tcMod matrix (turb excluded) at `seconds`; `turb` gets the first turb.
void tcModMatrix(const std::vector<shader::TcMod>& mods, double seconds, glm::vec3& rowS, glm::vec3& rowT,
                 glm::vec4& turb);

} // namespace cliplab::render
