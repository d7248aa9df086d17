// Renderer: one frame. Culling marks surfaces, each batch merges its visible surfaces' index
// ranges into one glMultiDrawElements per pass.

#include "render/RendererImpl.h"
#include "scene/Patch.h"

#include <glm/gtc/type_ptr.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cliplab::render {

namespace {

GLenum glBlend(shader::BlendFactor f) {
    switch (f) {
    case shader::BlendFactor::Zero:
        return GL_ZERO;
    case shader::BlendFactor::One:
        return GL_ONE;
    case shader::BlendFactor::DstColor:
        return GL_DST_COLOR;
    case shader::BlendFactor::OneMinusDstColor:
        return GL_ONE_MINUS_DST_COLOR;
    case shader::BlendFactor::SrcColor:
        return GL_SRC_COLOR;
    case shader::BlendFactor::OneMinusSrcColor:
        return GL_ONE_MINUS_SRC_COLOR;
    case shader::BlendFactor::SrcAlpha:
        return GL_SRC_ALPHA;
    case shader::BlendFactor::OneMinusSrcAlpha:
        return GL_ONE_MINUS_SRC_ALPHA;
    case shader::BlendFactor::DstAlpha:
        return GL_DST_ALPHA;
    case shader::BlendFactor::OneMinusDstAlpha:
        return GL_ONE_MINUS_DST_ALPHA;
    case shader::BlendFactor::SrcAlphaSaturate:
        return GL_SRC_ALPHA_SATURATE;
    }
    return GL_ONE;
}

int alphaFuncCode(shader::AlphaFunc f) {
    switch (f) {
    case shader::AlphaFunc::None:
        return 0;
    case shader::AlphaFunc::Gt0:
        return 1;
    case shader::AlphaFunc::Lt128:
        return 2;
    case shader::AlphaFunc::Ge128:
        return 3;
    }
    return 0;
}

void setCull(shader::CullMode mode) {
    if (mode == shader::CullMode::None) {
        glDisable(GL_CULL_FACE);
        return;
    }
    glEnable(GL_CULL_FACE);
    glCullFace(mode == shader::CullMode::Front ? GL_BACK : GL_FRONT);
}

/// The constant part of a pass's colour at `seconds`: rgb from rgbGen and alpha from alphaGen
/// (vertex-based generators are picked in the vertex shader, see rgbSource / alphaSource).
/// Entity colours are zero: the game clears them for the world and for items.
glm::vec4 passColor(const scene::MaterialPass& p, double seconds) {
    glm::vec4 c(1.0f);
    switch (p.rgbGen) {
    case shader::RgbGen::Wave:
        c = glm::vec4(glm::vec3(std::clamp(p.rgbWave.evaluate(seconds), 0.0f, 1.0f)), 1.0f);
        break;
    case shader::RgbGen::Const:
        c = glm::vec4(p.rgbConst[0], p.rgbConst[1], p.rgbConst[2], 1.0f);
        break;
    case shader::RgbGen::Entity:
        c = glm::vec4(0.0f, 0.0f, 0.0f, 1.0f);
        break;
    default:
        break;
    }
    switch (p.alphaGen) {
    case shader::AlphaGen::Wave:
        c.a = std::clamp(p.alphaWave.evaluate(seconds), 0.0f, 1.0f);
        break;
    case shader::AlphaGen::Const:
        c.a = std::clamp(p.alphaConst, 0.0f, 1.0f);
        break;
    case shader::AlphaGen::Entity:
        c.a = 0.0f;
        break;
    default:
        break;
    }
    return c;
}

/// uRgbGen: 0 constant, 1 vertex colour, 2 one minus it. Models carry their grid light in the
/// vertex colour; on map surfaces lightingDiffuse takes the vertex light q3map stored.
int rgbSource(shader::RgbGen g) {
    switch (g) {
    case shader::RgbGen::Vertex:
    case shader::RgbGen::ExactVertex:
    case shader::RgbGen::LightingDiffuse:
        return 1;
    case shader::RgbGen::OneMinusVertex:
        return 2;
    default:
        return 0;
    }
}

/// uAlphaGen: 0 constant, 1 vertex alpha, 2 one minus it, 3 specular.
int alphaSource(shader::AlphaGen g) {
    switch (g) {
    case shader::AlphaGen::Vertex:
        return 1;
    case shader::AlphaGen::OneMinusVertex:
        return 2;
    case shader::AlphaGen::LightingSpecular:
        return 3;
    default:
        return 0;
    }
}

int tcGenCode(shader::TcGen g) {
    return static_cast<int>(g);
}

GLuint animFrame(const GpuPass& pass, double seconds) {
    if (pass.textures.size() <= 1 || pass.plan.animFrequency <= 0.0f)
        return pass.textures.empty() ? 0 : pass.textures.front();
    const auto frame =
        static_cast<size_t>(std::floor(seconds * static_cast<double>(pass.plan.animFrequency)));
    return pass.textures[frame % pass.textures.size()];
}

} // namespace

void setTexCoordUniforms(const WorldUniforms& u, const scene::MaterialPass& p, const DrawContext& context,
                         bool textured, double seconds) {
    glUniform1i(u.tcGen, textured ? tcGenCode(p.tcGen) : 0);
    if (textured && p.tcGen == shader::TcGen::Vector) {
        glUniform3fv(u.tcVec0, 1, p.tcGenVectors[0]);
        glUniform3fv(u.tcVec1, 1, p.tcGenVectors[1]);
    }
    glUniformMatrix3fv(u.envAxis, 1, GL_FALSE, glm::value_ptr(context.envAxis));
    glUniform3fv(u.specularLight, 1, glm::value_ptr(context.specularLight));
    glm::vec3 rowS, rowT;
    glm::vec4 turb;
    static const std::vector<shader::TcMod> kNoTcMods; // a ?: with a temporary would copy p.tcMods every pass
    tcModMatrix(textured ? p.tcMods : kNoTcMods, seconds, rowS, rowT, turb);
    glUniform3fv(u.tcS, 1, glm::value_ptr(rowS));
    glUniform3fv(u.tcT, 1, glm::value_ptr(rowT));
    glUniform4fv(u.turb, 1, glm::value_ptr(turb));
}

void tcModMatrix(const std::vector<shader::TcMod>& mods, double seconds, glm::vec3& rowS, glm::vec3& rowT,
                 glm::vec4& turb) {
    // st' = M st, M a 3x3 affine matrix (last row 0 0 1) built by composing each mod in order.
    glm::mat3 m(1.0f); // glm: m[col][row]
    turb = glm::vec4(0.0f);
    const float t = static_cast<float>(seconds);
    for (const shader::TcMod& mod : mods) {
        glm::mat3 f(1.0f);
        switch (mod.kind) {
        case shader::TcModKind::Scroll: {
            // Wrapped to [0, 1) so texture coordinates stay precise over long runs.
            f[2][0] = static_cast<float>(std::fmod(static_cast<double>(mod.a) * seconds, 1.0));
            f[2][1] = static_cast<float>(std::fmod(static_cast<double>(mod.b) * seconds, 1.0));
            break;
        }
        case shader::TcModKind::Scale:
            f[0][0] = mod.a;
            f[1][1] = mod.b;
            break;
        case shader::TcModKind::Rotate: {
            const float degrees = -mod.a * t;
            const float r = degrees * 3.14159265f / 180.0f;
            const float c = std::cos(r), s = std::sin(r);
            // Rotation about the texture centre (0.5, 0.5).
            f[0][0] = c;
            f[1][0] = -s;
            f[2][0] = 0.5f - 0.5f * c + 0.5f * s;
            f[0][1] = s;
            f[1][1] = c;
            f[2][1] = 0.5f - 0.5f * s - 0.5f * c;
            break;
        }
        case shader::TcModKind::Stretch: {
            const float w = mod.wave.evaluate(seconds);
            const float p = std::fabs(w) > 1e-4f ? 1.0f / w : 1.0f;
            f[0][0] = p;
            f[1][1] = p;
            f[2][0] = 0.5f - 0.5f * p;
            f[2][1] = 0.5f - 0.5f * p;
            break;
        }
        case shader::TcModKind::Transform:
            f[0][0] = mod.matrix[0][0];
            f[1][0] = mod.matrix[1][0];
            f[2][0] = mod.translate[0];
            f[0][1] = mod.matrix[0][1];
            f[1][1] = mod.matrix[1][1];
            f[2][1] = mod.translate[1];
            break;
        case shader::TcModKind::EntityTranslate:
            continue; // by the entity's texture offset, which is zero here
        case shader::TcModKind::Turb:
            // Non-affine: applied first, in the vertex shader (the first turb only).
            if (turb.w == 0.0f)
                turb = {mod.wave.amplitude, mod.wave.phase, mod.wave.frequency, 1.0f};
            continue;
        }
        m = f * m;
    }
    rowS = {m[0][0], m[1][0], m[2][0]};
    rowT = {m[0][1], m[1][1], m[2][1]};
}

void Renderer::Impl::multiDraw() {
    glMultiDrawElements(GL_TRIANGLES, counts.data(), GL_UNSIGNED_INT, offsets.data(),
                        static_cast<GLsizei>(counts.size()));
    ++stats.drawCalls;
}

const WorldUniforms& Renderer::Impl::use(ProgramKind kind, uint32_t passFeatures) {
    GpuProgram& p = programs[static_cast<size_t>(kind) + (kind == ProgramKind::Pass ? passFeatures : 0u)];
    if (currentProgram != p.id) {
        glUseProgram(p.id);
        currentProgram = p.id;
    }
    if (p.frame != frameUniforms.frame) {
        p.frame = frameUniforms.frame;
        glUniformMatrix4fv(p.u.viewProj, 1, GL_FALSE, glm::value_ptr(frameUniforms.viewProj));
        glUniform3fv(p.u.eye, 1, glm::value_ptr(frameUniforms.eye));
        glUniform1f(p.u.time, frameUniforms.seconds);
    }
    return p.u;
}

bool inDepthPrepass(const scene::MaterialPlan& plan) {
    // Only what the colour passes will cover exactly, at the same depth.
    return plan.sky || (!plan.passes.empty() && !plan.passes.front().blend &&
                        plan.passes.front().alphaFunc == shader::AlphaFunc::None && plan.deforms.empty() &&
                        !plan.polygonOffset);
}

void Renderer::Impl::issue(const DrawContext& context) {
    if (!context.dynamic) {
        multiDraw();
        return;
    }
    glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(context.indexCount), GL_UNSIGNED_INT,
                   reinterpret_cast<const void*>(static_cast<size_t>(context.firstIndex) * sizeof(uint32_t)));
    ++stats.drawCalls;
}

void Renderer::Impl::drawPasses(const GpuMaterial& material, const DrawContext& context, double seconds,
                                const RenderSettings& settings) {
    const scene::MaterialPlan& plan = material.plan;
    setCull(plan.cull);
    if (plan.polygonOffset) {
        glEnable(GL_POLYGON_OFFSET_FILL);
        glPolygonOffset(-1.0f, -2.0f);
    }
    if (context.lightSource == 1) {
        glActiveTexture(GL_TEXTURE1);
        glBindTexture(GL_TEXTURE_2D, context.lightmap);
        glActiveTexture(GL_TEXTURE0);
    }
    // The non-textured views draw one opaque pass per surface.
    const bool textured = settings.view == ViewMode::Textured;
    const size_t passCount = textured ? material.passes.size() : std::min<size_t>(1, material.passes.size());
    for (size_t i = 0; i < passCount; ++i)
        drawPass(material.passes[i], context, seconds, settings.view);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
    if (plan.polygonOffset)
        glDisable(GL_POLYGON_OFFSET_FILL);
}

PassProgram passProgram(const GpuPass& pass, int lightSource, ViewMode view) {
    const scene::MaterialPass& p = pass.plan;
    PassProgram out;
    const bool textured = view == ViewMode::Textured;
    out.alphaTest = textured && p.alphaFunc != shader::AlphaFunc::None;
    const bool lightmapped = textured && !out.alphaTest && p.source == scene::PassSource::TextureTimesLight &&
                             lightSource == 1 && scene::plainColour(p) && p.tcGen == shader::TcGen::Base;
    out.modulated = textured && pass.modulateTexture != 0;
    out.usesTexture = textured && p.source != scene::PassSource::Light;
    // A texture-only pass is unlit; Light and combined passes use the surface's light.
    out.light = !textured || p.source != scene::PassSource::Texture ? lightSource : 0;
    out.features = (out.usesTexture ? kPassTexture : 0u) | (out.light == 1 ? kPassLightmap : 0u) |
                   (out.modulated ? kPassModulate : 0u) | (out.alphaTest ? kPassAlphaTest : 0u);
    out.kind = view == ViewMode::Flat ? ProgramKind::ViewFlat
               : view == ViewMode::LightmapOnly
                   ? (out.light == 1 ? ProgramKind::ViewLightmap : ProgramKind::ViewLight)
               : lightmapped ? (out.modulated ? ProgramKind::LightmappedModulate : ProgramKind::Lightmapped)
                             : ProgramKind::Pass;
    return out;
}

void Renderer::Impl::drawPass(const GpuPass& pass, const DrawContext& context, double seconds,
                              ViewMode view) {
    const scene::MaterialPass& p = pass.plan;
    const bool textured = view == ViewMode::Textured;
    const PassProgram program = passProgram(pass, context.lightSource, view);
    const WorldUniforms& u = use(program.kind, program.features);
    glUniform1f(u.modScale, program.modulated ? p.modulate.scale : 0.0f);
    if (program.modulated) {
        glm::vec3 modS, modT;
        glm::vec4 modTurb; // none: a layer with turb is not folded
        tcModMatrix(p.modulate.tcMods, seconds, modS, modT, modTurb);
        glUniform3fv(u.modS, 1, glm::value_ptr(modS));
        glUniform3fv(u.modT, 1, glm::value_ptr(modT));
        glActiveTexture(GL_TEXTURE0 + kModulateUnit);
        glBindTexture(GL_TEXTURE_2D, pass.modulateTexture);
        glActiveTexture(GL_TEXTURE0);
    }
    if (program.usesTexture)
        glBindTexture(GL_TEXTURE_2D, animFrame(pass, seconds));
    glUniform1i(u.lightSource, program.light);
    glUniform1i(u.rgbGen, textured ? rgbSource(p.rgbGen) : 0);
    glUniform1i(u.alphaGen, textured ? alphaSource(p.alphaGen) : 0);
    const glm::vec4 color = textured ? passColor(p, seconds) : glm::vec4(1.0f);
    glUniform4fv(u.color, 1, glm::value_ptr(color));
    glUniform1i(u.alphaFunc, program.alphaTest ? alphaFuncCode(p.alphaFunc) : 0);
    setTexCoordUniforms(u, p, context, textured, seconds);
    if (textured && p.blend) {
        glEnable(GL_BLEND);
        glBlendFunc(glBlend(p.src), glBlend(p.dst));
    } else {
        glDisable(GL_BLEND);
    }
    // Depth the pre-pass laid down needs no second write (saves a store per fragment).
    glDepthMask((!textured || p.depthWrite) && !context.depthDone ? GL_TRUE : GL_FALSE);
    const bool equal = textured && p.depthFuncEqual;
    if (equal)
        glDepthFunc(GL_EQUAL);
    issue(context);
    if (equal)
        glDepthFunc(GL_LEQUAL);
}

void Renderer::Impl::drawSkyBatch(const scene::MeshBatch&, const GpuMaterial& material, double seconds,
                                  const Camera& camera) {
    glDisable(GL_CULL_FACE);
    // Each kind of sky draw has its own program; the vertex shader's generators stay off.
    auto useSky = [&](ProgramKind kind) -> const WorldUniforms& {
        const WorldUniforms& sky = use(kind);
        glUniform1i(sky.tcGen, 0);
        glUniform4f(sky.turb, 0.0f, 0.0f, 0.0f, 0.0f);
        glUniform3fv(sky.eye, 1, glm::value_ptr(camera.eye));
        glUniform1f(sky.cloudHeight, material.plan.cloudHeight);
        return sky;
    };
    bool covered = false;
    if (material.hasSkyBox) {
        useSky(ProgramKind::SkyBox);
        for (size_t side = 0; side < 6; ++side) {
            glActiveTexture(static_cast<GLenum>(GL_TEXTURE2 + side));
            glBindTexture(GL_TEXTURE_2D, material.skyBox[side]);
        }
        glActiveTexture(GL_TEXTURE0);
        multiDraw();
        covered = true;
    }
    for (const GpuPass& pass : material.passes) {
        const scene::MaterialPass& p = pass.plan;
        const WorldUniforms& sky = useSky(ProgramKind::SkyClouds);
        glBindTexture(GL_TEXTURE_2D, animFrame(pass, seconds));
        const glm::vec4 color = passColor(p, seconds);
        glUniform4fv(sky.color, 1, glm::value_ptr(color));
        glm::vec3 rowS, rowT;
        glm::vec4 turb;
        tcModMatrix(p.tcMods, seconds, rowS, rowT, turb);
        glUniform3fv(sky.tcS, 1, glm::value_ptr(rowS));
        glUniform3fv(sky.tcT, 1, glm::value_ptr(rowT));
        // The first layer over nothing is drawn opaque, as the game's sky starts from black.
        if (p.blend && covered) {
            glEnable(GL_BLEND);
            glBlendFunc(glBlend(p.src), glBlend(p.dst));
        } else {
            glDisable(GL_BLEND);
        }
        multiDraw();
        covered = true;
    }
    glDisable(GL_BLEND);
    if (!covered) {
        const WorldUniforms& sky = useSky(ProgramKind::SkyColour);
        glUniform4f(sky.color, 0.35f, 0.45f, 0.6f, 1.0f); // plain sky blue when the shader has nothing
        multiDraw();
    }
}

void Renderer::Impl::draw(const Camera& camera, double seconds, const RenderSettings& settings) {
    beginFrame(camera, seconds, settings);
    buildDynamic(camera, seconds, settings);
    glBindVertexArray(vao);
    // Outside the world (in a solid leaf, cluster -1) everything is drawn (no PVS, see Culling),
    // except the sky: its surfaces enclose the map and, drawn as sky, would hide all of it.
    const bool outside = stats.cull.cameraCluster < 0;
    if (settings.depthPrepass && settings.drawWorld)
        depthPrepass(outside);
    if (settings.countColourSamples) {
        if (!samplesQuery)
            glGenQueries(1, &samplesQuery);
        glBeginQuery(GL_SAMPLES_PASSED, samplesQuery);
    }
    drawBatches(camera, seconds, settings, outside);
    if (settings.countColourSamples) {
        glEndQuery(GL_SAMPLES_PASSED);
        GLuint64 passed = 0;
        glGetQueryObjectui64v(samplesQuery, GL_QUERY_RESULT, &passed);
        stats.colourSamples = passed;
    }
    if (settings.wireframe && settings.drawWorld)
        drawWireframe();
    glBindVertexArray(0);
    glDisable(GL_CULL_FACE);
    debug->flush(frameUniforms.viewProj);
    currentProgram = 0;
    glUseProgram(0);
}

void Renderer::Impl::beginFrame(const Camera& camera, double seconds, const RenderSettings& settings) {
    stats = {};
    const int level = std::clamp(settings.patchLevel, scene::kMinPatchLevel, scene::kMaxPatchLevel);
    if (level != mesh.patchLevel)
        rebuildMesh(level);
    const glm::mat4 viewProj = camera.viewProjection();
    stats.cull = culler.update(camera.eye, viewProj, settings.cull);
    orderBatches(camera.eye, settings.frontToBack);
    frameUniforms.viewProj = viewProj;
    frameUniforms.eye = camera.eye;
    frameUniforms.seconds = static_cast<float>(seconds);
    ++frameUniforms.frame;
    currentProgram = 0;

    glViewport(0, std::max(settings.viewportY, 0), camera.width, camera.height);
    glClearColor(settings.clearColor.r, settings.clearColor.g, settings.clearColor.b, settings.clearColor.a);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glDepthMask(GL_TRUE);
    glFrontFace(GL_CW); // Quake 3 winds front faces clockwise
}

DrawContext Renderer::Impl::batchContext(const scene::MeshBatch& batch) const {
    DrawContext context;
    context.lightSource = batch.lightmap >= 0 && static_cast<size_t>(batch.lightmap) < lightmaps.size() ? 1
                          : batch.lightmap == bsp::kLightmapByVertex                                    ? 2
                                                                                                        : 0;
    if (context.lightSource == 1)
        context.lightmap = lightmaps[static_cast<size_t>(batch.lightmap)];
    context.specularLight = kSpecularLight;
    return context;
}

void Renderer::Impl::drawBatches(const Camera& camera, double seconds, const RenderSettings& settings,
                                 bool outside) {
    // World batches in sort order, with the dynamic draws (also sorted) merged in: a dynamic draw
    // goes before the first world batch of a higher sort key.
    size_t nextDynamic = 0;
    static const std::vector<int32_t> kNothing; // a ?: with a temporary would copy frameOrder every frame
    for (int32_t b : settings.drawWorld ? frameOrder : kNothing) {
        const scene::MeshBatch& batch = mesh.batches[static_cast<size_t>(b)];
        const GpuMaterial& material = materials[static_cast<size_t>(batch.shader)];
        if (!material.plan.deforms.empty() && !material.plan.sky)
            continue; // drawn from the dynamic buffer
        drawDynamicBelow(material.plan.sort, nextDynamic, seconds, settings);
        const uint32_t drawnBefore = stats.surfacesDrawn;
        if ((material.plan.sky && outside) || !collectVisible(batch, true))
            continue;
        ++stats.batchesDrawn;
        if (material.plan.sky)
            stats.skySurfacesDrawn += stats.surfacesDrawn - drawnBefore;
        if (material.plan.sky && settings.view == ViewMode::Textured) {
            drawSkyBatch(batch, material, seconds, camera);
        } else {
            DrawContext context = batchContext(batch);
            context.depthDone = settings.depthPrepass && inDepthPrepass(material.plan);
            drawPasses(material, context, seconds, settings);
        }
    }
    drawDynamicBelow(std::numeric_limits<float>::infinity(), nextDynamic, seconds, settings);
}

void Renderer::Impl::drawDynamicBelow(float sortLimit, size_t& next, double seconds,
                                      const RenderSettings& settings) {
    if (next >= dynamicDraws.size() || dynamicDraws[next].sort >= sortLimit)
        return;
    glBindVertexArray(dynamicVao);
    while (next < dynamicDraws.size() && dynamicDraws[next].sort < sortLimit) {
        const DynamicDraw& d = dynamicDraws[next++];
        drawPasses(*d.material, d.context, seconds, settings);
    }
    glBindVertexArray(vao);
}

void Renderer::Impl::drawWireframe() {
    const WorldUniforms& u = use(ProgramKind::ViewSolid);
    glUniform4f(u.color, 1.0f, 1.0f, 1.0f, 1.0f);
    glUniform1i(u.tcGen, 0);
    glDisable(GL_CULL_FACE);
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    glEnable(GL_POLYGON_OFFSET_LINE);
    glPolygonOffset(-1.0f, -1.0f);
    for (int32_t b : drawOrder)
        if (collectVisible(mesh.batches[static_cast<size_t>(b)], false))
            multiDraw();
    glDisable(GL_POLYGON_OFFSET_LINE);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
}

void Renderer::Impl::orderBatches(const glm::vec3& eye, bool frontToBack) {
    frameOrder = drawOrder;
    if (!frontToBack)
        return;
    culler.rankFrontToBack(eye);
    batchRank.assign(mesh.batches.size(), std::numeric_limits<uint32_t>::max());
    for (size_t b = 0; b < mesh.batches.size(); ++b) {
        const scene::MaterialPlan& plan = materials[static_cast<size_t>(mesh.batches[b].shader)].plan;
        // Only what the depth pre-pass would take: opaque, not alpha-tested, not moved. Other
        // batches keep the shader order, which blending may depend on.
        if (plan.sky || !inDepthPrepass(plan))
            continue;
        for (int32_t s : mesh.batches[b].surfaces)
            if (culler.visible(static_cast<size_t>(s)))
                batchRank[b] = std::min(batchRank[b], culler.rank(static_cast<size_t>(s)));
    }
    // Within a sort key only: the key orders opaque, sky, blended and additive layers.
    std::stable_sort(frameOrder.begin(), frameOrder.end(), [this](int32_t a, int32_t b) {
        const float sortA =
            materials[static_cast<size_t>(mesh.batches[static_cast<size_t>(a)].shader)].plan.sort;
        const float sortB =
            materials[static_cast<size_t>(mesh.batches[static_cast<size_t>(b)].shader)].plan.sort;
        if (sortA != sortB)
            return sortA < sortB;
        return batchRank[static_cast<size_t>(a)] < batchRank[static_cast<size_t>(b)];
    });
}

void Renderer::Impl::depthPrepass(bool outside) {
    use(ProgramKind::Depth);
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    for (int32_t b : frameOrder) {
        const scene::MeshBatch& batch = mesh.batches[static_cast<size_t>(b)];
        const scene::MaterialPlan& plan = materials[static_cast<size_t>(batch.shader)].plan;
        if (!inDepthPrepass(plan) || (plan.sky && outside) || !collectVisible(batch, false))
            continue;
        setCull(plan.sky ? shader::CullMode::None : plan.cull);
        multiDraw();
    }
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

bool Renderer::Impl::collectVisible(const scene::MeshBatch& batch, bool countStats) {
    counts.clear();
    offsets.clear();
    uint32_t runStart = 0, runCount = 0;
    auto flushRun = [&] {
        if (runCount == 0)
            return;
        counts.push_back(static_cast<GLsizei>(runCount));
        offsets.push_back(reinterpret_cast<const void*>(static_cast<size_t>(runStart) * sizeof(uint32_t)));
    };
    for (int32_t s : batch.surfaces) {
        if (!culler.visible(static_cast<size_t>(s)))
            continue;
        const scene::MeshSurface& ms = mesh.surfaces[static_cast<size_t>(s)];
        if (countStats) {
            ++stats.surfacesDrawn;
            stats.trianglesDrawn += ms.indexCount / 3;
        }
        if (runCount > 0 && runStart + runCount == ms.firstIndex) {
            runCount += ms.indexCount; // contiguous with the previous surface: one range
            continue;
        }
        flushRun();
        runStart = ms.firstIndex;
        runCount = ms.indexCount;
    }
    flushRun();
    return !counts.empty();
}

} // namespace cliplab::render
