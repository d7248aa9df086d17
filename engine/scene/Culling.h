#pragma once
/// \file Culling.h
/// Which surfaces a camera may see: the camera's cluster from the BSP nodes, the PVS row of that
/// cluster, and the view frustum against leaf bounds. No graphics API here.

#include "bsp/BspData.h"
#include "bsp/PointLeaf.h"

#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include <array>
#include <cstdint>
#include <vector>

namespace cliplab::scene {

/// Switches for culling.
struct CullSettings {
    bool pvs = true;     ///< Skip leaves whose cluster the camera's cluster cannot see.
    bool frustum = true; ///< Skip leaves whose bounds lie outside the view frustum.
};

/// Counters of one culling pass.
struct CullStats {
    int32_t cameraLeaf = -1, cameraCluster = -1;
    uint32_t leavesVisible = 0;   ///< Leaves that passed both tests.
    uint32_t leavesPvsCulled = 0; ///< Leaves rejected by the PVS.
    uint32_t leavesFrustumCulled = 0;
    uint32_t surfacesVisible = 0; ///< Distinct surfaces marked visible.
    uint32_t surfacesCulled = 0;  ///< Surfaces not marked.
};

/// The six frustum planes (a, b, c, d with a x + b y + c z + d >= 0 inside) of a
/// view-projection matrix (OpenGL clip conventions).
std::array<glm::vec4, 6> frustumPlanes(const glm::mat4& viewProjection);

/// True when the box [mins, maxs] is at least partly inside all six planes.
bool boxInFrustum(const std::array<glm::vec4, 6>& planes, const glm::vec3& mins, const glm::vec3& maxs);

/// Where in its visible leaves a surface spanning several ranks (0 the nearest leaf, 1 the
/// farthest). By its nearest leaf, a floor under the whole view ranked first and was shaded where
/// the pillars standing on it hide it; a sixth of the way through drew fewer hidden samples over
/// 54 views of five maps (docs/rendering.md, "Draw order").
inline constexpr float kRankQuantile = 0.15f;

/// Marks visible surfaces. Reusable across frames (keeps its buffers).
class SurfaceCuller {
public:
    /// `data` must outlive the culler.
    explicit SurfaceCuller(const bsp::BspData& data);

    /// Computes visibility from `eye` with `viewProjection`. Surfaces of the brush models (doors,
    /// platforms: not in any leaf) are tested by their model bounds against the frustum only.
    const CullStats& update(const glm::vec3& eye, const glm::mat4& viewProjection,
                            const CullSettings& settings);

    /// After update(): whether surface `index` may be visible.
    bool visible(size_t index) const { return m_mark[index] == m_frame; }

    const CullStats& stats() const { return m_stats; }

    /// After update(): ranks the visible surfaces front to back from `eye`, by a walk of the BSP
    /// that enters the side of each node the eye is on first, so leaves come nearest first. A
    /// surface that spans several leaves ranks at the leaf `quantile` (0 its nearest, 1 its
    /// farthest) of the way through its visible leaves in that walk, so the order is close to,
    /// not exactly, front to back; it only steers drawing, never what is drawn. Brush-model
    /// surfaces rank after the world's.
    void rankFrontToBack(const glm::vec3& eye, float quantile = kRankQuantile);

    /// After rankFrontToBack(): the surface's place in that order (lower is nearer); only
    /// meaningful for visible surfaces.
    uint32_t rank(size_t index) const { return m_rank[index]; }

private:
    const bsp::BspData& m_data;
    std::vector<uint32_t> m_mark; ///< Per surface: the frame that marked it.
    uint32_t m_frame = 0;
    CullStats m_stats;
    std::vector<uint32_t> m_rank;        ///< Per surface: its place front to back (visible ones).
    std::vector<uint32_t> m_visits;      ///< The walk's visible surfaces, once per leaf holding them.
    std::vector<uint32_t> m_visitCount;  ///< Per surface: its entries in m_visits.
    std::vector<uint32_t> m_seen;        ///< Per surface: its entries met so far while ranking.
    std::vector<int32_t> m_stack;        ///< The walk's pending nodes.
    std::array<glm::vec4, 6> m_planes{}; ///< The last update's frustum.
    bool m_frustumUsed = false;          ///< Whether it culled by the frustum (the walk may skip too).
};

} // namespace cliplab::scene
