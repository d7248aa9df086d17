// Renderer: what is rebuilt on the CPU every frame and drawn from the dynamic buffer: the items
// and misc_models of the map (posed, lit from the light grid) and the world surfaces whose shaders
// deform their vertices.

#include "core/Log.h"
#include "render/RendererImpl.h"

#include <algorithm>

namespace cliplab::render {

namespace {

std::string withoutExtension(const std::string& name) {
    const size_t slash = name.rfind('/');
    const size_t dot = name.rfind('.');
    return dot != std::string::npos && (slash == std::string::npos || dot > slash) ? name.substr(0, dot)
                                                                                   : name;
}

} // namespace

void Renderer::Impl::setEntities(std::vector<items::Placement> placements) {
    scene = std::make_unique<scene::ModelScene>(std::move(placements), vfs);
    for (const std::string& w : scene->warnings())
        core::logWarning(w);
    modelSurfaceMaterials.clear();
    for (const scene::SceneModel& model : scene->models()) {
        std::vector<const GpuMaterial*> surfaceMaterials;
        for (const scene::ModelSurface& surface : model.surfaces) {
            // The game looks shaders up without the extension; an image named with one is found
            // under it or any other image extension.
            const std::string key = withoutExtension(surface.shader);
            auto it = modelMaterialByName.find(key);
            if (it == modelMaterialByName.end()) {
                const shader::ShaderDef* def = library.find(key);
                scene::MaterialPlan plan =
                    scene::planMaterial(def ? key : surface.shader, def, scene::MaterialUse::Model);
                modelMaterials.push_back(std::make_unique<GpuMaterial>(makeMaterial(std::move(plan))));
                it = modelMaterialByName.emplace(key, modelMaterials.back().get()).first;
            }
            surfaceMaterials.push_back(it->second);
        }
        modelSurfaceMaterials.push_back(std::move(surfaceMaterials));
    }
}

void Renderer::Impl::buildDynamic(const Camera& camera, double seconds, const RenderSettings& settings) {
    dynamicVertices.clear();
    dynamicIndices.clear();
    dynamicDraws.clear();
    const auto viewAxis = items::anglesToAxis(glm::vec3(camera.pitch, camera.yaw, 0.0f));
    scene::DeformView view;
    view.eye = camera.eye;
    view.forward = viewAxis[0];
    view.left = viewAxis[1];
    view.up = viewAxis[2];
    if (settings.drawWorld)
        appendDeformedWorld(view, seconds);
    if (settings.drawModels && scene)
        appendModels(view, seconds, settings);
    std::stable_sort(dynamicDraws.begin(), dynamicDraws.end(),
                     [](const DynamicDraw& a, const DynamicDraw& b) { return a.sort < b.sort; });
    if (dynamicDraws.empty())
        return;
    glBindVertexArray(dynamicVao);
    glBindBuffer(GL_ARRAY_BUFFER, dynamicVbo);
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(dynamicVertices.size() * sizeof(scene::MeshVertex)),
                 dynamicVertices.data(), GL_STREAM_DRAW);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(dynamicIndices.size() * sizeof(uint32_t)),
                 dynamicIndices.data(), GL_STREAM_DRAW);
    glBindVertexArray(0);
}

void Renderer::Impl::appendDeformedWorld(const scene::DeformView& view, double seconds) {
    for (int32_t b : drawOrder) {
        const scene::MeshBatch& batch = mesh.batches[static_cast<size_t>(b)];
        const GpuMaterial& material = materials[static_cast<size_t>(batch.shader)];
        if (material.plan.deforms.empty() || material.plan.sky)
            continue;
        DynamicDraw d;
        d.material = &material;
        d.sort = material.plan.sort;
        d.context = batchContext(batch);
        d.context.dynamic = true;
        d.context.firstIndex = static_cast<uint32_t>(dynamicIndices.size());
        for (int32_t s : batch.surfaces) {
            if (!culler.visible(static_cast<size_t>(s)))
                continue;
            const scene::MeshSurface& ms = mesh.surfaces[static_cast<size_t>(s)];
            const size_t firstVertex = dynamicVertices.size(), firstIndex = dynamicIndices.size();
            dynamicVertices.insert(dynamicVertices.end(), mesh.vertices.begin() + ms.firstVertex,
                                   mesh.vertices.begin() + ms.firstVertex + ms.vertexCount);
            const auto shift = static_cast<int64_t>(firstVertex) - static_cast<int64_t>(ms.firstVertex);
            for (uint32_t k = 0; k < ms.indexCount; ++k)
                dynamicIndices.push_back(static_cast<uint32_t>(mesh.indices[ms.firstIndex + k] + shift));
            scene::applyDeforms(material.plan.deforms, seconds, view, dynamicVertices, firstVertex,
                                dynamicIndices, firstIndex);
            ++stats.surfacesDrawn;
            stats.trianglesDrawn += static_cast<uint32_t>(dynamicIndices.size() - firstIndex) / 3;
        }
        d.context.indexCount = static_cast<uint32_t>(dynamicIndices.size()) - d.context.firstIndex;
        if (d.context.indexCount > 0) {
            ++stats.batchesDrawn;
            dynamicDraws.push_back(d);
        }
    }
}

bool Renderer::Impl::modelVisible(const scene::PosedModel& posed, const std::array<glm::vec4, 6>& frustum,
                                  const RenderSettings& settings) const {
    glm::vec3 mins, maxs;
    scene->bounds(posed, mins, maxs);
    const int32_t cameraCluster = stats.cull.cameraCluster;
    const bool usePvs = settings.cull.pvs && cameraCluster >= 0 && data.visibility.numClusters > 0;
    const int32_t leaf = bsp::findLeaf(data, posed.origin);
    const int32_t cluster = leaf >= 0 ? data.leafs[static_cast<size_t>(leaf)].cluster : -1;
    return !((usePvs && cluster >= 0 && !data.visibility.visible(cameraCluster, cluster)) ||
             (settings.cull.frustum && !scene::boxInFrustum(frustum, mins, maxs)));
}

DrawContext modelContext(const scene::PosedModel& posed, bool textured) {
    DrawContext context;
    context.dynamic = true;
    context.lightSource = textured ? 0 : 2; // the grid light is in the vertex colours
    for (int k = 0; k < 3; ++k) {
        const float len = glm::length(posed.axis[static_cast<size_t>(k)]);
        context.envAxis[k] = len > 0.0f ? posed.axis[static_cast<size_t>(k)] / len : glm::vec3(0.0f);
    }
    context.specularLight = posed.origin + posed.axis[0] * kSpecularLight.x +
                            posed.axis[1] * kSpecularLight.y + posed.axis[2] * kSpecularLight.z;
    return context;
}

void Renderer::Impl::appendModels(const scene::DeformView& view, double seconds,
                                  const RenderSettings& settings) {
    const auto frustum = scene::frustumPlanes(frameUniforms.viewProj);
    const bool textured = settings.view == ViewMode::Textured;
    for (const scene::PosedModel& posed : scene->pose(seconds)) {
        if (!modelVisible(posed, frustum, settings)) {
            ++stats.modelsCulled;
            continue;
        }
        ++stats.modelsDrawn;
        const scene::EntityLight light = lightGrid.sample(posed.origin);
        const scene::SceneModel& model = scene->models()[static_cast<size_t>(posed.model)];
        const DrawContext context = modelContext(posed, textured);
        for (size_t s = 0; s < model.surfaces.size(); ++s) {
            const GpuMaterial* material = modelSurfaceMaterials[static_cast<size_t>(posed.model)][s];
            if (!material->plan.draw || material->plan.sky)
                continue;
            DynamicDraw d;
            d.material = material;
            d.sort = material->plan.sort;
            d.context = context;
            d.context.firstIndex = static_cast<uint32_t>(dynamicIndices.size());
            scene::appendPosedSurface(model.surfaces[s], posed, light, material->plan.deforms, seconds, view,
                                      dynamicVertices, dynamicIndices);
            d.context.indexCount = static_cast<uint32_t>(dynamicIndices.size()) - d.context.firstIndex;
            stats.modelTriangles += d.context.indexCount / 3;
            if (d.context.indexCount > 0)
                dynamicDraws.push_back(d);
        }
    }
}

} // namespace cliplab::render
