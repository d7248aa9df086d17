#include "scene/ModelScene.h"

#include "core/Log.h"
#include "shader/ShaderScript.h"

#include <glm/geometric.hpp>

#include <cmath>

namespace cliplab::scene {

namespace {

/// `path` with ".md3" replaced by "_barrel.md3" (how the game names a weapon's barrel).
std::string barrelPath(const std::string& path) {
    const size_t dot = path.rfind('.');
    return (dot == std::string::npos ? path : path.substr(0, dot)) + "_barrel.md3";
}

SceneModel convert(const md3::Model& m, const std::string& path) {
    SceneModel out;
    out.path = path;
    out.mins = m.frames.front().mins;
    out.maxs = m.frames.front().maxs;
    if (const md3::Tag* tag = m.findTag("tag_barrel"))
        out.barrelTag = *tag;
    for (const md3::Surface& s : m.surfaces) {
        if (s.shaders.empty() || s.triangles.empty())
            continue; // nothing to draw with (the game would use its default shader)
        ModelSurface ms;
        ms.shader = shader::normalizeShaderName(s.shaders.front());
        const auto frame = s.frameVertices(0);
        ms.vertices.resize(frame.size());
        for (size_t v = 0; v < frame.size(); ++v) {
            MeshVertex& mv = ms.vertices[v];
            mv.position = frame[v].position();
            mv.normal = frame[v].decodedNormal();
            mv.st = s.st[v];
            mv.lightmapSt = s.st[v];
        }
        for (const auto& t : s.triangles)
            for (int32_t i : t)
                ms.indices.push_back(static_cast<uint32_t>(i));
        out.surfaces.push_back(std::move(ms));
    }
    return out;
}

} // namespace

ModelScene::ModelScene(std::vector<items::Placement> placements, const fs::FileSystem* vfs)
    : m_placements(std::move(placements)) {
    m_parts.resize(m_placements.size());
    for (size_t i = 0; i < m_placements.size(); ++i) {
        const items::Placement& p = m_placements[i];
        Parts& parts = m_parts[i];
        parts.main = load(p.model, vfs, false);
        if (parts.main < 0 || !p.item)
            continue;
        if (p.item->type == items::ItemType::Weapon)
            parts.barrel = load(barrelPath(p.model), vfs, true);
        if (!p.item->secondModel.empty())
            parts.second = load(std::string(p.item->secondModel), vfs, true);
    }
}

int32_t ModelScene::load(const std::string& path, const fs::FileSystem* vfs, bool quiet) {
    if (auto it = m_index.find(path); it != m_index.end())
        return it->second;
    auto result = [&](int32_t index, const std::string& problem) {
        if (!problem.empty() && !quiet)
            m_warnings.push_back(problem);
        m_index.emplace(path, index);
        return index;
    };
    if (!vfs)
        return result(-1, path + ": no game data mounted (model not drawn)");
    if (quiet && !vfs->exists(path))
        return result(-1, "");
    auto bytes = vfs->readFile(path);
    if (!bytes)
        return result(-1, bytes.error().message + " (model not drawn)");
    auto model = md3::load(bytes.value(), path);
    if (!model)
        return result(-1, model.error().message + " (model not drawn)");
    m_models.push_back(convert(model.value(), path));
    return result(static_cast<int32_t>(m_models.size() - 1), "");
}

std::vector<PosedModel> ModelScene::pose(double seconds) const {
    std::vector<PosedModel> out;
    for (size_t i = 0; i < m_placements.size(); ++i) {
        const Parts& parts = m_parts[i];
        if (parts.main < 0)
            continue;
        const SceneModel& main = m_models[static_cast<size_t>(parts.main)];
        items::PoseModels info;
        info.mainMins = main.mins;
        info.mainMaxs = main.maxs;
        info.barrelTag = main.barrelTag ? &*main.barrelTag : nullptr;
        info.hasBarrel = parts.barrel >= 0;
        info.hasSecond = parts.second >= 0;
        for (const items::ModelPose& p : items::poses(m_placements[i], seconds, info)) {
            const int32_t model = p.part == items::PosePart::Main     ? parts.main
                                  : p.part == items::PosePart::Barrel ? parts.barrel
                                                                      : parts.second;
            out.push_back({model, static_cast<int32_t>(i), p.origin, p.axis});
        }
    }
    return out;
}

void ModelScene::bounds(const PosedModel& posed, glm::vec3& mins, glm::vec3& maxs) const {
    const SceneModel& m = m_models[static_cast<size_t>(posed.model)];
    mins = maxs = posed.origin;
    for (int corner = 0; corner < 8; ++corner) {
        const glm::vec3 local((corner & 1) ? m.maxs.x : m.mins.x, (corner & 2) ? m.maxs.y : m.mins.y,
                              (corner & 4) ? m.maxs.z : m.mins.z);
        const glm::vec3 w =
            posed.origin + posed.axis[0] * local.x + posed.axis[1] * local.y + posed.axis[2] * local.z;
        mins = glm::min(mins, w);
        maxs = glm::max(maxs, w);
    }
}

void appendPosedSurface(const ModelSurface& surface, const PosedModel& posed, const EntityLight& light,
                        std::span<const shader::Deform> deforms, double seconds, const DeformView& view,
                        std::vector<MeshVertex>& vertices, std::vector<uint32_t>& indices) {
    const size_t firstVertex = vertices.size(), firstIndex = indices.size();
    vertices.insert(vertices.end(), surface.vertices.begin(), surface.vertices.end());
    const auto base = static_cast<uint32_t>(firstVertex);
    for (uint32_t i : surface.indices)
        indices.push_back(base + i);
    // Unit axes and their lengths: the model's frame without its scale.
    glm::vec3 unit[3];
    float length[3];
    for (size_t k = 0; k < 3; ++k) {
        length[k] = glm::length(posed.axis[k]);
        unit[k] = length[k] > 0.0f ? posed.axis[k] / length[k] : glm::vec3(0.0f);
    }
    if (!deforms.empty()) {
        auto toLocal = [&](const glm::vec3& d) {
            return glm::vec3(glm::dot(d, unit[0]), glm::dot(d, unit[1]), glm::dot(d, unit[2]));
        };
        DeformView local;
        const glm::vec3 rel = toLocal(view.eye - posed.origin);
        for (int k = 0; k < 3; ++k)
            local.eye[k] = length[k] > 0.0f ? rel[k] / length[k] : 0.0f;
        local.forward = toLocal(view.forward);
        local.left = toLocal(view.left);
        local.up = toLocal(view.up);
        applyDeforms(deforms, seconds, local, vertices, firstVertex, indices, firstIndex);
    }
    for (size_t v = firstVertex; v < vertices.size(); ++v) {
        MeshVertex& m = vertices[v];
        const glm::vec3 p = m.position;
        m.position = posed.origin + posed.axis[0] * p.x + posed.axis[1] * p.y + posed.axis[2] * p.z;
        const glm::vec3 n = unit[0] * m.normal.x + unit[1] * m.normal.y + unit[2] * m.normal.z;
        const float nl = glm::length(n);
        m.normal = nl > 0.0f ? n / nl : glm::vec3(0.0f, 0.0f, 1.0f);
        const auto c = light.diffuse(m.normal);
        m.color = {c[0], c[1], c[2], 255};
    }
}

} // namespace cliplab::scene
