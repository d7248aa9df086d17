#include "scene/Culling.h"

#include <glm/geometric.hpp>

#include <algorithm>

namespace cliplab::scene {

std::array<glm::vec4, 6> frustumPlanes(const glm::mat4& m) {
    // Rows of the matrix (glm is column-major: m[col][row]).
    auto row = [&](int r) { return glm::vec4(m[0][r], m[1][r], m[2][r], m[3][r]); };
    const glm::vec4 r0 = row(0), r1 = row(1), r2 = row(2), r3 = row(3);
    std::array<glm::vec4, 6> planes{r3 + r0, r3 - r0, r3 + r1, r3 - r1, r3 + r2, r3 - r2};
    for (auto& p : planes) {
        const float len = glm::length(glm::vec3(p));
        if (len > 0.0f)
            p /= len;
    }
    return planes;
}

bool boxInFrustum(const std::array<glm::vec4, 6>& planes, const glm::vec3& mins, const glm::vec3& maxs) {
    for (const auto& p : planes) {
        // The box corner farthest along the plane normal.
        const glm::vec3 corner(p.x >= 0 ? maxs.x : mins.x, p.y >= 0 ? maxs.y : mins.y,
                               p.z >= 0 ? maxs.z : mins.z);
        if (p.x * corner.x + p.y * corner.y + p.z * corner.z + p.w < 0.0f)
            return false;
    }
    return true;
}

SurfaceCuller::SurfaceCuller(const bsp::BspData& data)
    : m_data(data), m_mark(data.surfaces.size(), 0), m_rank(data.surfaces.size(), 0),
      m_visitCount(data.surfaces.size(), 0), m_seen(data.surfaces.size(), 0) {}

void SurfaceCuller::rankFrontToBack(const glm::vec3& eye, float quantile) {
    // The walk lists each visible surface once per leaf that holds it, nearest leaves first.
    m_visits.clear();
    auto visit = [&](size_t s) {
        if (m_mark[s] == m_frame)
            m_visits.push_back(static_cast<uint32_t>(s));
    };
    m_stack.clear();
    if (!m_data.nodes.empty())
        m_stack.push_back(0);
    while (!m_stack.empty()) {
        const int32_t n = m_stack.back();
        m_stack.pop_back();
        if (n < 0) {
            const bsp::Leaf& leaf = m_data.leafs[static_cast<size_t>(-(n + 1))];
            for (int32_t k = 0; k < leaf.numLeafSurfaces; ++k)
                visit(
                    static_cast<size_t>(m_data.leafSurfaces[static_cast<size_t>(leaf.firstLeafSurface + k)]));
            continue;
        }
        const bsp::Node& node = m_data.nodes[static_cast<size_t>(n)];
        // No leaf below a node outside the frustum passed update().
        if (m_frustumUsed && !boxInFrustum(m_planes, glm::vec3(node.mins), glm::vec3(node.maxs)))
            continue;
        const bsp::Plane& plane = m_data.planes[static_cast<size_t>(node.plane)];
        const bool front = glm::dot(plane.normal, eye) >= plane.dist;
        // The far side goes on the stack first, so the near side is walked first.
        m_stack.push_back(node.children[front ? 1 : 0]);
        m_stack.push_back(node.children[front ? 0 : 1]);
    }
    std::fill(m_visitCount.begin(), m_visitCount.end(), 0u);
    std::fill(m_seen.begin(), m_seen.end(), 0u);
    for (uint32_t s : m_visits)
        ++m_visitCount[s];
    // What no leaf holds (brush models: doors, platforms) comes last.
    for (size_t s = 0; s < m_mark.size(); ++s)
        if (m_mark[s] == m_frame && m_visitCount[s] == 0) {
            m_visits.push_back(static_cast<uint32_t>(s));
            m_visitCount[s] = 1;
        }
    // A surface ranks at the visit `quantile` of the way through its leaves.
    for (size_t i = 0; i < m_visits.size(); ++i) {
        const uint32_t s = m_visits[i];
        const auto at = static_cast<uint32_t>(quantile * static_cast<float>(m_visitCount[s] - 1) + 0.5f);
        if (m_seen[s]++ == at)
            m_rank[s] = static_cast<uint32_t>(i);
    }
}

const CullStats& SurfaceCuller::update(const glm::vec3& eye, const glm::mat4& viewProjection,
                                       const CullSettings& settings) {
    ++m_frame;
    if (m_frame == 0) { // wrapped: clear old marks
        std::fill(m_mark.begin(), m_mark.end(), 0u);
        m_frame = 1;
    }
    m_stats = {};
    const auto planes = frustumPlanes(viewProjection);
    m_planes = planes;
    m_frustumUsed = settings.frustum;
    m_stats.cameraLeaf = bsp::findLeaf(m_data, eye);
    m_stats.cameraCluster =
        m_stats.cameraLeaf >= 0 ? m_data.leafs[static_cast<size_t>(m_stats.cameraLeaf)].cluster : -1;
    // Outside the map (cluster -1) the game draws everything: the PVS says nothing there.
    const bool usePvs = settings.pvs && m_stats.cameraCluster >= 0 && m_data.visibility.numClusters > 0;

    for (const bsp::Leaf& leaf : m_data.leafs) {
        if (leaf.numLeafSurfaces == 0)
            continue;
        if (usePvs && !m_data.visibility.visible(m_stats.cameraCluster, leaf.cluster)) {
            ++m_stats.leavesPvsCulled;
            continue;
        }
        if (settings.frustum && !boxInFrustum(planes, glm::vec3(leaf.mins), glm::vec3(leaf.maxs))) {
            ++m_stats.leavesFrustumCulled;
            continue;
        }
        ++m_stats.leavesVisible;
        for (int32_t k = 0; k < leaf.numLeafSurfaces; ++k) {
            const auto s =
                static_cast<size_t>(m_data.leafSurfaces[static_cast<size_t>(leaf.firstLeafSurface + k)]);
            if (m_mark[s] != m_frame) {
                m_mark[s] = m_frame;
                ++m_stats.surfacesVisible;
            }
        }
    }
    for (size_t mi = 1; mi < m_data.models.size(); ++mi) {
        const bsp::Model& model = m_data.models[mi];
        if (settings.frustum && !boxInFrustum(planes, model.mins, model.maxs))
            continue;
        for (int32_t k = 0; k < model.numSurfaces; ++k) {
            const auto s = static_cast<size_t>(model.firstSurface + k);
            if (m_mark[s] != m_frame) {
                m_mark[s] = m_frame;
                ++m_stats.surfacesVisible;
            }
        }
    }
    m_stats.surfacesCulled = static_cast<uint32_t>(m_data.surfaces.size()) - m_stats.surfacesVisible;
    return m_stats;
}

} // namespace cliplab::scene
