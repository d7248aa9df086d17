// Building the patches of collision::Model: a patch collide per patch surface in ioquake3's
// arithmetic, and, when a quake3e trace first asks, in Quake3e's where that gives other facets;
// each with its facet planes laid out four at a time for the box sweep.

#include "collision/Model.h"

#include "core/Format.h"

#include <chrono>
#include <mutex>
#include <utility>

namespace cliplab::collision {

namespace {

/// Lays out the planes of every facet of `patch.collide` four at a time (FacetLanes).
void layOutFacetPlanes(CollisionPatch& patch) {
    const PatchCollide& pc = patch.collide;
    patch.facetLanes.resize(pc.facets.size());
    patch.planeGroups.clear();
    for (size_t i = 0; i < pc.facets.size(); ++i) {
        const PatchFacet& f = pc.facets[i];
        FacetLanes& lanes = patch.facetLanes[i];
        lanes.firstGroup = static_cast<int32_t>(patch.planeGroups.size());
        lanes.numLanes = 1 + f.numBorders;
        patch.planeGroups.resize(patch.planeGroups.size() + static_cast<size_t>((lanes.numLanes + 3) / 4));
        for (int32_t lane = 0; lane < lanes.numLanes; ++lane) {
            const PatchBorder* border =
                lane > 0 ? &pc.borders[static_cast<size_t>(f.firstBorder + lane - 1)] : nullptr;
            const PatchPlane& p = pc.planes[static_cast<size_t>(border ? border->plane : f.surfacePlane)];
            const bool inward = border && border->inward;
            FacetPlaneGroup& g = patch.planeGroups[static_cast<size_t>(lanes.firstGroup + lane / 4)];
            const size_t l = static_cast<size_t>(lane % 4);
            g.nx[l] = inward ? -p.normal.x : p.normal.x;
            g.ny[l] = inward ? -p.normal.y : p.normal.y;
            g.nz[l] = inward ? -p.normal.z : p.normal.z;
            g.dist[l] = inward ? -p.dist : p.dist;
            if (inward)
                lanes.inward |= 1u << lane;
        }
    }
}

/// Counts `p` into `stats` (its collide and layout).
void countPatch(const CollisionPatch& p, PatchBuildStats& stats) {
    stats.facets += static_cast<int32_t>(p.collide.facets.size());
    stats.planes += static_cast<int32_t>(p.collide.planes.size());
    stats.borders += static_cast<int32_t>(p.collide.borders.size());
    stats.bytes += p.collide.memoryBytes() + p.facetLanes.capacity() * sizeof(FacetLanes) +
                   p.planeGroups.capacity() * sizeof(FacetPlaneGroup) +
                   p.control.capacity() * sizeof(glm::vec3);
}

} // namespace

void Model::buildPatches(const bsp::BspData& data) {
    const auto t0 = std::chrono::steady_clock::now();
    m_surfacePatch.assign(data.surfaces.size(), -1);
    std::vector<glm::vec3> points;
    for (size_t i = 0; i < data.surfaces.size(); ++i) {
        const bsp::Surface& s = data.surfaces[i];
        if (s.type != bsp::SurfaceType::Patch)
            continue;
        const int64_t count = int64_t(s.patchWidth) * int64_t(s.patchHeight);
        const bool inRange = s.patchWidth > 0 && s.patchHeight > 0 && s.firstVert >= 0 &&
                             count <= int64_t(s.numVerts) &&
                             int64_t(s.firstVert) + count <= int64_t(data.drawVerts.size());
        auto shader = [&]() -> const bsp::Shader* {
            return s.shader >= 0 && static_cast<size_t>(s.shader) < data.shaders.size()
                       ? &data.shaders[static_cast<size_t>(s.shader)]
                       : nullptr;
        };
        const bsp::Shader* sh = shader();
        const char* shaderName = sh ? sh->name.c_str() : "?";
        if (!inRange) {
            m_warnings.push_back(
                core::format("%s: patch surface %zu (%s): control grid %dx%d does not fit its %d vertices; "
                             "left out of collision",
                             data.name.c_str(), i, shaderName, s.patchWidth, s.patchHeight, s.numVerts));
            continue;
        }
        points.resize(static_cast<size_t>(count));
        for (size_t v = 0; v < points.size(); ++v)
            points[v] = data.drawVerts[static_cast<size_t>(s.firstVert) + v].xyz;
        auto collide = buildPatchCollide(s.patchWidth, s.patchHeight, points);
        if (!collide) {
            m_warnings.push_back(core::format("%s: patch surface %zu (%s): %s; left out of collision",
                                              data.name.c_str(), i, shaderName,
                                              collide.error().message.c_str()));
            continue;
        }
        CollisionPatch p;
        p.surface = static_cast<int32_t>(i);
        p.contents = sh ? sh->contents : 0;
        p.surfaceFlags = sh ? sh->surfaceFlags : 0;
        p.collide = std::move(collide.value());
        layOutFacetPlanes(p);
        p.controlWidth = s.patchWidth;
        p.controlHeight = s.patchHeight;
        p.control = points;
        m_surfacePatch[i] = static_cast<int32_t>(m_patches.size());
        countPatch(p, m_patchStats);
        m_patches.push_back(std::move(p));
    }
    m_patchStats.patches = static_cast<int32_t>(m_patches.size());
    m_patchStats.bytes +=
        m_patches.capacity() * sizeof(CollisionPatch) + m_surfacePatch.capacity() * sizeof(int32_t);
    m_patchStats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

const Quake3ePatches& Model::quake3ePatches() const {
    // Built once, by whichever thread asks first; the others wait for it.
    std::call_once(m_quake3e->once, [this] { buildQuake3ePatches(m_quake3e->value); });
    return m_quake3e->value;
}

void Model::buildQuake3ePatches(Quake3ePatches& out) const {
    const auto t0 = std::chrono::steady_clock::now();
    out.form.assign(m_patches.size(), Quake3ePatches::kSameFacets);
    for (size_t i = 0; i < m_patches.size(); ++i) {
        const CollisionPatch& p = m_patches[i];
        // Quake3e builds the facets in double: most patches come out the same, the others get a
        // form of their own.
        auto wide = buildPatchCollide(p.controlWidth, p.controlHeight, p.control, PatchPrecision::Quake3e);
        if (!wide) {
            out.warnings.push_back(core::format("patch surface %d: %s in Quake3e's arithmetic, where Quake3e "
                                                "refuses the map; left out of quake3e traces",
                                                p.surface, wide.error().message.c_str()));
            out.form[i] = Quake3ePatches::kNotBuilt;
            continue;
        }
        if (wide->sameFacets(p.collide))
            continue;
        CollisionPatch q;
        q.surface = p.surface;
        q.contents = p.contents;
        q.surfaceFlags = p.surfaceFlags;
        q.collide = std::move(wide.value());
        layOutFacetPlanes(q);
        countPatch(q, out.stats);
        out.form[i] = static_cast<int32_t>(out.patches.size());
        out.patches.push_back(std::move(q));
    }
    out.stats.patches = static_cast<int32_t>(out.patches.size());
    out.stats.bytes +=
        out.patches.capacity() * sizeof(CollisionPatch) + out.form.capacity() * sizeof(int32_t);
    out.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

const CollisionPatch* Model::patchFor(int32_t index, Semantics semantics) const {
    const CollisionPatch& p = m_patches[static_cast<size_t>(index)];
    if (semantics != Semantics::Quake3e)
        return &p;
    const Quake3ePatches& q = quake3ePatches();
    const int32_t form = q.form[static_cast<size_t>(index)];
    if (form == Quake3ePatches::kSameFacets)
        return &p;
    return form == Quake3ePatches::kNotBuilt ? nullptr : &q.patches[static_cast<size_t>(form)];
}

} // namespace cliplab::collision
