#include "viewer/PatchView.h"

#include <glm/geometric.hpp>

namespace cliplab::viewer {

PatchViewStats drawPatchFacets(const collision::Model& model, debugdraw::DebugDraw& draw,
                               const glm::vec3& eye, float maxDistance, int32_t surface, int32_t facet) {
    PatchViewStats stats;
    const debugdraw::Style face{{0.3f, 0.85f, 0.4f, 0.35f}, true};
    const debugdraw::Style hit{{1.0f, 0.2f, 0.2f, 0.6f}, true};
    const debugdraw::Style edge{{0.9f, 0.9f, 0.9f, 1.0f}, true};
    const debugdraw::Style bevel{debugdraw::colors::Yellow, true};
    for (const collision::CollisionPatch& p : model.patches()) {
        if (!(p.contents & bsp::contents::MaskPlayerSolid))
            continue;
        const collision::PatchCollide& pc = p.collide;
        if (pc.facets.empty() || glm::length((pc.mins + pc.maxs) * 0.5f - eye) > maxDistance)
            continue;
        ++stats.patches;
        for (int32_t f = 0; f < static_cast<int32_t>(pc.facets.size()); ++f) {
            const auto poly = collision::facetPolygon(pc, f);
            if (poly.size() < 3)
                continue;
            const bool chosen = p.surface == surface && f == facet;
            draw.polygon(poly, chosen ? hit : face);
            for (size_t i = 0; i < poly.size(); ++i)
                draw.line(poly[i], poly[(i + 1) % poly.size()], edge);
            ++stats.facets;
            if (!chosen)
                continue;
            glm::vec3 centre(0.0f);
            for (const auto& v : poly)
                centre += v;
            centre /= static_cast<float>(poly.size());
            const collision::PatchFacet& pf = pc.facets[static_cast<size_t>(f)];
            for (int32_t j = 0; j < pf.numBorders; ++j) {
                const collision::PatchBorder& b = pc.borders[static_cast<size_t>(pf.firstBorder + j)];
                if (b.plane == pf.surfacePlane && b.inward)
                    continue; // the back plane, not a border
                const glm::vec3 n =
                    pc.planes[static_cast<size_t>(b.plane)].normal * (b.inward ? -1.0f : 1.0f);
                draw.arrow(centre, centre + n * 16.0f, bevel, 4.0f);
                ++stats.borderArrows;
            }
        }
    }
    return stats;
}

} // namespace cliplab::viewer
