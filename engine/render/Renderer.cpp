#include "render/Renderer.h"

#include "core/Log.h"
#include "render/GlUtil.h"
#include "render/RendererImpl.h"

#include <algorithm>
#include <cstddef>

namespace cliplab::render {

core::Status loadGl(void* (*getProcAddress)(const char* name)) {
    const int version = gladLoadGL(reinterpret_cast<GLADloadfunc>(getProcAddress));
    if (version == 0)
        return core::makeError("OpenGL: cannot load the GL functions (no current context?)");
    if (GLAD_VERSION_MAJOR(version) < 3 ||
        (GLAD_VERSION_MAJOR(version) == 3 && GLAD_VERSION_MINOR(version) < 3))
        return core::makeError("OpenGL 3.3 core is needed; the context offers only " +
                               std::to_string(GLAD_VERSION_MAJOR(version)) + "." +
                               std::to_string(GLAD_VERSION_MINOR(version)));
    return core::Ok{};
}

Renderer::Impl::~Impl() {
    if (!lightmaps.empty())
        glDeleteTextures(static_cast<GLsizei>(lightmaps.size()), lightmaps.data());
    if (samplesQuery)
        glDeleteQueries(1, &samplesQuery);
    glDeleteBuffers(1, &vbo);
    glDeleteBuffers(1, &ibo);
    glDeleteVertexArrays(1, &vao);
    glDeleteBuffers(1, &dynamicVbo);
    glDeleteBuffers(1, &dynamicIbo);
    glDeleteVertexArrays(1, &dynamicVao);
    for (const GpuProgram& p : programs)
        glDeleteProgram(p.id);
}

void Renderer::Impl::loadShaderScripts() {
    if (!vfs)
        return;
    for (const std::string& path : vfs->listFiles("scripts", ".shader")) {
        auto text = vfs->readFile(path);
        if (!text) {
            core::logWarning(text.error().message);
            continue;
        }
        const std::string_view view(reinterpret_cast<const char*>(text->data()), text->size());
        core::Status s = shader::parseShaderScript(view, path, library);
        if (!s) // keep the shaders before the error, as the game does
            core::logWarning(s.error().message);
    }
    if (const std::string summary = shader::unsupportedSummary(library); !summary.empty())
        core::logInfo(summary);
}

GpuMaterial Renderer::Impl::makeMaterial(scene::MaterialPlan plan) {
    static const char* const kSkySuffix[6] = {"_rt", "_lf", "_bk", "_ft", "_up", "_dn"};
    GpuMaterial m;
    m.plan = std::move(plan);
    if (!m.plan.draw)
        return m;
    for (const scene::MaterialPass& p : m.plan.passes) {
        GpuPass gp;
        gp.plan = p;
        if (p.source != scene::PassSource::Light)
            for (const std::string& image : p.images)
                gp.textures.push_back(image == "$whiteimage" ? textures.white()
                                                             : textures.get(image, p.clamp));
        if (!p.modulate.image.empty())
            gp.modulateTexture = textures.get(p.modulate.image, p.modulate.clamp);
        m.passes.push_back(std::move(gp));
    }
    if (m.plan.sky && !m.plan.skyFarbox.empty()) {
        m.hasSkyBox = true;
        for (size_t side = 0; side < 6; ++side) {
            m.skyBox[side] = textures.find(m.plan.skyFarbox + kSkySuffix[side], true);
            m.hasSkyBox = m.hasSkyBox && m.skyBox[side] != 0;
        }
        if (!m.hasSkyBox)
            core::logWarning("sky " + m.plan.name + ": farbox " + m.plan.skyFarbox +
                             " incomplete, using clouds/colour");
    }
    return m;
}

void Renderer::Impl::buildMaterials() {
    // Textures only for materials that some surface draws, so the missing count means something.
    std::vector<bool> used(data.shaders.size(), false);
    for (const auto& s : data.surfaces)
        if (s.type != bsp::SurfaceType::Flare && s.type != bsp::SurfaceType::Bad)
            used[static_cast<size_t>(s.shader)] = true;
    materials.reserve(data.shaders.size());
    for (size_t i = 0; i < data.shaders.size(); ++i) {
        const bsp::Shader& shader = data.shaders[i];
        const std::string name = shader::normalizeShaderName(shader.name);
        scene::MaterialPlan plan = scene::planMaterial(name, library.find(name));
        if (shader.surfaceFlags & bsp::surf::NoDraw)
            plan.draw = false;
        if (used[i]) {
            materials.push_back(makeMaterial(std::move(plan)));
        } else {
            GpuMaterial m;
            m.plan = std::move(plan);
            materials.push_back(std::move(m));
        }
    }
}

void Renderer::Impl::uploadLightmaps() {
    const int32_t count = data.numLightmaps();
    std::vector<unsigned char> rgba(bsp::kLightmapSize * bsp::kLightmapSize * 4);
    for (int32_t i = 0; i < count; ++i) {
        const uint8_t* src = data.lightmaps.data() + static_cast<size_t>(i) * bsp::kLightmapBytes;
        for (size_t p = 0; p < bsp::kLightmapSize * bsp::kLightmapSize; ++p) {
            const auto c =
                scene::shiftLighting(src[p * 3], src[p * 3 + 1], src[p * 3 + 2], scene::kLightingShift);
            rgba[p * 4] = c[0];
            rgba[p * 4 + 1] = c[1];
            rgba[p * 4 + 2] = c[2];
            rgba[p * 4 + 3] = 255;
        }
        lightmaps.push_back(TextureCache::upload(rgba.data(), static_cast<int>(bsp::kLightmapSize),
                                                 static_cast<int>(bsp::kLightmapSize), true, false));
    }
}

void setMeshVertexLayout() {
    const auto stride = static_cast<GLsizei>(sizeof(scene::MeshVertex));
    auto attrib = [&](GLuint index, GLint size, GLenum type, GLboolean normalized, size_t offset) {
        glEnableVertexAttribArray(index);
        glVertexAttribPointer(index, size, type, normalized, stride, reinterpret_cast<void*>(offset));
    };
    attrib(0, 3, GL_FLOAT, GL_FALSE, offsetof(scene::MeshVertex, position));
    attrib(1, 2, GL_FLOAT, GL_FALSE, offsetof(scene::MeshVertex, st));
    attrib(2, 2, GL_FLOAT, GL_FALSE, offsetof(scene::MeshVertex, lightmapSt));
    attrib(3, 3, GL_FLOAT, GL_FALSE, offsetof(scene::MeshVertex, normal));
    attrib(4, 4, GL_UNSIGNED_BYTE, GL_TRUE, offsetof(scene::MeshVertex, color));
}

void Renderer::Impl::rebuildMesh(int patchLevel) {
    mesh = scene::buildWorldMesh(data, patchLevel, [this](int32_t surface) {
        return materials[static_cast<size_t>(data.surfaces[static_cast<size_t>(surface)].shader)].plan.draw;
    });
    glBindVertexArray(vao);
    glBindBuffer(GL_ARRAY_BUFFER, vbo);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.vertices.size() * sizeof(scene::MeshVertex)),
                 mesh.vertices.data(), GL_STATIC_DRAW);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(uint32_t)),
                 mesh.indices.data(), GL_STATIC_DRAW);
    setMeshVertexLayout();
    glBindVertexArray(0);

    drawOrder.clear();
    for (size_t b = 0; b < mesh.batches.size(); ++b)
        drawOrder.push_back(static_cast<int32_t>(b));
    std::stable_sort(drawOrder.begin(), drawOrder.end(), [this](int32_t a, int32_t b) {
        const auto& ma = materials[static_cast<size_t>(mesh.batches[static_cast<size_t>(a)].shader)].plan;
        const auto& mb = materials[static_cast<size_t>(mesh.batches[static_cast<size_t>(b)].shader)].plan;
        return ma.sort < mb.sort;
    });
}

namespace {

struct ProgramSource {
    const char* fragment;
    std::string defines;
};

/// The fragment shader and defines of program `index` (see ProgramKind).
ProgramSource programSource(size_t index) {
    switch (static_cast<ProgramKind>(std::min(index, static_cast<size_t>(ProgramKind::Pass)))) {
    case ProgramKind::SkyColour:
        return {"sky.frag", ""};
    case ProgramKind::SkyBox:
        return {"sky.frag", "#define SKY_BOX 1\n"};
    case ProgramKind::SkyClouds:
        return {"sky.frag", "#define SKY_CLOUDS 1\n"};
    case ProgramKind::Depth:
        return {"depth.frag", ""};
    case ProgramKind::Lightmapped:
        return {"world.frag", "#define LIGHTMAPPED 1\n"};
    case ProgramKind::LightmappedModulate:
        return {"world.frag", "#define LIGHTMAPPED 1\n#define MODULATE 1\n"};
    case ProgramKind::ViewSolid:
        return {"world.frag", "#define VIEW_SOLID 1\n"};
    case ProgramKind::ViewFlat:
        return {"world.frag", "#define VIEW_FLAT 1\n"};
    case ProgramKind::ViewLight:
        return {"world.frag", "#define VIEW_LIGHT 1\n"};
    case ProgramKind::ViewLightmap:
        return {"world.frag", "#define VIEW_LIGHT 1\n#define LIGHTMAP 1\n"};
    case ProgramKind::Pass:
        break;
    }
    const auto features = static_cast<uint32_t>(index - static_cast<size_t>(ProgramKind::Pass));
    std::string defines;
    if (features & kPassTexture)
        defines += "#define TEXTURE 1\n";
    if (features & kPassLightmap)
        defines += "#define LIGHTMAP 1\n";
    if (features & kPassModulate)
        defines += "#define MODULATE 1\n";
    if (features & kPassAlphaTest)
        defines += "#define ALPHA_TEST 1\n";
    return {"world.frag", defines};
}

WorldUniforms locate(GLuint program) {
    WorldUniforms u;
    auto at = [program](const char* name) { return glGetUniformLocation(program, name); };
    u.viewProj = at("uViewProj");
    u.time = at("uTime");
    u.turb = at("uTurb");
    u.tcS = at("uTcS");
    u.tcT = at("uTcT");
    u.tcGen = at("uTcGen");
    u.tcVec0 = at("uTcVec0");
    u.tcVec1 = at("uTcVec1");
    u.envAxis = at("uEnvAxis");
    u.rgbGen = at("uRgbGen");
    u.alphaGen = at("uAlphaGen");
    u.specularLight = at("uSpecularLight");
    u.texture = at("uTexture");
    u.lightmap = at("uLightmap");
    u.lightSource = at("uLightSource");
    u.color = at("uColor");
    u.alphaFunc = at("uAlphaFunc");
    u.eye = at("uEye");
    u.box = at("uBox");
    u.cloudHeight = at("uCloudHeight");
    u.modulate = at("uModulate");
    u.modS = at("uModS");
    u.modT = at("uModT");
    u.modScale = at("uModScale");
    return u;
}

} // namespace

core::Result<std::unique_ptr<Renderer>> Renderer::create(const bsp::BspData& data,
                                                         const fs::FileSystem* vfs) {
    auto impl = std::make_unique<Impl>(data, vfs);
    for (size_t i = 0; i < kProgramCount; ++i) {
        const ProgramSource source = programSource(i);
        auto program = buildProgram("world.vert", source.fragment, source.defines);
        if (!program)
            return program.error();
        GpuProgram& p = impl->programs[i];
        p.id = *program;
        p.u = locate(p.id);
        glUseProgram(p.id);
        glUniform1i(p.u.texture, 0);
        glUniform1i(p.u.lightmap, 1);
        glUniform1i(p.u.modulate, kModulateUnit);
        const GLint units[6] = {2, 3, 4, 5, 6, 7};
        if (p.u.box >= 0)
            glUniform1iv(p.u.box, 6, units);
    }
    glUseProgram(0);

    auto debug = GlDebugDraw::create();
    if (!debug)
        return debug.error();
    impl->debug = std::move(debug.value());

    glGenVertexArrays(1, &impl->vao);
    glGenBuffers(1, &impl->vbo);
    glGenBuffers(1, &impl->ibo);
    glGenVertexArrays(1, &impl->dynamicVao);
    glGenBuffers(1, &impl->dynamicVbo);
    glGenBuffers(1, &impl->dynamicIbo);
    glBindVertexArray(impl->dynamicVao);
    glBindBuffer(GL_ARRAY_BUFFER, impl->dynamicVbo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, impl->dynamicIbo);
    setMeshVertexLayout();
    glBindVertexArray(0);
    impl->loadShaderScripts();
    impl->buildMaterials();
    impl->uploadLightmaps();
    impl->rebuildMesh(RenderSettings{}.patchLevel);
    return std::unique_ptr<Renderer>(new Renderer(std::move(impl)));
}

Renderer::Renderer(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Renderer::~Renderer() = default;

void Renderer::draw(const Camera& camera, double seconds, const RenderSettings& settings) {
    m_impl->draw(camera, seconds, settings);
}
debugdraw::DebugDraw& Renderer::debugDraw() {
    return *m_impl->debug;
}
const RenderStats& Renderer::stats() const {
    return m_impl->stats;
}
const std::set<std::string>& Renderer::missingTextures() const {
    return m_impl->textures.missing();
}
const std::set<std::string>& Renderer::unknownShaderKeywords() const {
    return m_impl->library.unknownKeywords;
}
uint32_t Renderer::worldTriangles() const {
    return m_impl->mesh.triangles();
}
void Renderer::setEntities(std::vector<items::Placement> placements) {
    m_impl->setEntities(std::move(placements));
}
const std::vector<std::string>& Renderer::modelWarnings() const {
    static const std::vector<std::string> kNone;
    return m_impl->scene ? m_impl->scene->warnings() : kNone;
}

} // namespace cliplab::render
