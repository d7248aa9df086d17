// Patch collision on real OpenArena maps with many curved surfaces: every patch collide builds
// within ioquake3's limits, and random traces with curves on never end inside solid.

#include "collision/Model.h"
#include "fs/FileSystem.h"
#include "support/ReferenceTraces.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vector_relational.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

using namespace cliplab;
using collision::Shape;

namespace {

#ifdef CLIPLAB_SANITIZE_BUILD
constexpr int kTracesPerMap = 4000;
#else
constexpr int kTracesPerMap = 30000;
#endif

class PatchRealMap : public testing::TestWithParam<const char*> {};

/// Signed distance of `shape` at `p` from the surface plane of facet `facet` of `pc`, moved out by
/// the shape's support as the trace moves it: > 0 means the shape is in front of the facet.
float frontDistance(const Shape& shape, const glm::vec3& p, const collision::PatchCollide& pc,
                    int32_t facet) {
    const auto& pl = pc.planes[size_t(pc.facets[size_t(facet)].surfacePlane)];
    if (shape.kind == collision::ShapeKind::Sphere)
        return glm::dot(pl.normal, p) - pl.dist - shape.radius;
    if (shape.kind == collision::ShapeKind::Capsule) {
        // The game's capsule: radius min(half x, half z), sphere centres +/-(half z - radius).
        const glm::vec3 centre = p + (shape.mins + shape.maxs) * 0.5f,
                        half = (shape.maxs - shape.mins) * 0.5f;
        const float radius = std::min(half.x, half.z);
        return glm::dot(pl.normal, centre) - pl.dist - radius - std::fabs(pl.normal.z) * (half.z - radius);
    }
    const glm::vec3 centre = p + (shape.mins + shape.maxs) * 0.5f, half = (shape.maxs - shape.mins) * 0.5f;
    return glm::dot(pl.normal, centre) - pl.dist - glm::dot(glm::abs(pl.normal), half);
}

collision::TraceOptions curvesOn() {
    collision::TraceOptions o;
    o.curves = true;
    return o;
}

} // namespace

TEST_P(PatchRealMap, EveryPatchBuildsWithinTheLimits) {
    auto data = test::loadOpenArenaMap(GetParam());
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    for (const auto& w : model.warnings())
        ADD_FAILURE() << w;
    size_t patchSurfaces = 0;
    for (const auto& s : data->surfaces)
        patchSurfaces += s.type == bsp::SurfaceType::Patch;
    EXPECT_GT(patchSurfaces, 20u) << "a patch-heavy map";
    EXPECT_EQ(model.patches().size(), patchSurfaces);
    size_t facets = 0;
    for (const auto& p : model.patches()) {
        const auto& pc = p.collide;
        EXPECT_LE(pc.facets.size(), size_t(collision::kMaxPatchFacets));
        EXPECT_LE(pc.planes.size(), size_t(collision::kMaxPatchPlanes));
        EXPECT_LE(pc.gridWidth, collision::kMaxPatchGridSize);
        EXPECT_LE(pc.gridHeight, collision::kMaxPatchGridSize);
        facets += pc.facets.size();
        for (const auto& f : pc.facets) {
            ASSERT_GE(f.numBorders, 1);
            ASSERT_LE(f.numBorders, collision::kMaxFacetBorders);
        }
        EXPECT_EQ(model.patchForSurface(p.surface), &p - model.patches().data());
    }
    EXPECT_GT(facets, patchSurfaces); // curved patches subdivide into several facets
    std::printf("%s: %zu patches, %zu facets\n", GetParam(), patchSurfaces, facets);
}

TEST_P(PatchRealMap, RandomTracesWithCurvesNeverEndInSolid) {
    auto data = test::loadOpenArenaMap(GetParam());
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    const int32_t mask = bsp::contents::MaskPlayerSolid;
    const auto o = curvesOn();
    // Start near patches, where they matter: random points in the bounds of random patches.
    std::vector<const collision::CollisionPatch*> solid;
    for (const auto& p : model.patches())
        if ((p.contents & mask) && !p.collide.facets.empty())
            solid.push_back(&p);
    ASSERT_FALSE(solid.empty());
    std::mt19937 rng(99);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f), length(16.0f, 400.0f), extent(1.0f, 32.0f);
    int traced = 0, patchHits = 0, failures = 0, fromBehind = 0;
    for (int attempt = 0; traced < kTracesPerMap && attempt < kTracesPerMap * 20; ++attempt) {
        const auto& pc = solid[rng() % solid.size()]->collide;
        glm::vec3 start;
        for (int i = 0; i < 3; ++i)
            start[i] = std::uniform_real_distribution<float>(pc.mins[i] - 48.0f, pc.maxs[i] + 48.0f)(rng);
        const int kind = static_cast<int>(rng() % 6);
        Shape shape = Shape::ray();
        if (kind == 1 || kind == 2) {
            shape = Shape::box({-15, -15, -24}, {15, 15, 32});
        } else if (kind == 3) {
            // Drawn in order (a function's arguments are evaluated in an order the compiler picks).
            const glm::vec3 mins{-extent(rng), -extent(rng), -extent(rng)};
            const glm::vec3 maxs{extent(rng), extent(rng), extent(rng)};
            shape = Shape::box(mins, maxs);
        } else if (kind == 4) {
            shape = Shape::sphere(extent(rng));
        } else if (kind == 5) {
            // Square footprint, as in the brush property test (the tree walk widens by the box).
            const float half = extent(rng);
            const float below = extent(rng), above = extent(rng);
            shape = Shape::capsule({-half, -half, -below}, {half, half, above});
        }
        if (model.trace(shape, start, start, mask, o).startSolid)
            continue;
        glm::vec3 dir{unit(rng), unit(rng), unit(rng)};
        const float len = std::sqrt(dir.x * dir.x + dir.y * dir.y + dir.z * dir.z);
        if (len < 1e-3f)
            continue;
        const glm::vec3 end = start + dir * (length(rng) / len);
        const auto r = model.trace(shape, start, end, mask, o);
        ++traced;
        patchHits += r.surface >= 0;
        const auto at = model.trace(shape, r.endpos, r.endpos, mask, o);
        bool stuck = at.startSolid;
        // Facets are one-sided, as in the game: their back plane never clips, so a trace that
        // starts behind a facet's surface plane may end inside the facet's thin slab. Those are
        // the game's behaviour, counted apart; every other end in solid is a failure.
        if (stuck && at.surface >= 0) {
            const auto& hitPc = model.patches()[size_t(model.patchForSurface(at.surface))].collide;
            if (frontDistance(shape, start, hitPc, at.facet) <= 0.0f) {
                ++fromBehind;
                stuck = false;
            }
        }
        // Re-tracing on from the end (a sweep: when the trace went all the way, that would just
        // repeat the position test above).
        const bool restart = r.endpos != end && model.trace(shape, r.endpos, end, mask, o).startSolid;
        if ((stuck || restart) && ++failures <= 5)
            ADD_FAILURE() << GetParam() << ": (" << start.x << " " << start.y << " " << start.z << ") -> ("
                          << end.x << " " << end.y << " " << end.z << ") shape " << int(shape.kind)
                          << " fraction " << r.fraction << " surface " << r.surface << " brush " << r.brush
                          << (stuck ? " ends in solid" : "") << (restart ? " re-trace startsolid" : "");
    }
    std::printf(
        "%s: %d traces, %d stopped by patches, %d ending in solid, %d in a facet entered from behind\n",
        GetParam(), traced, patchHits, failures, fromBehind);
    EXPECT_EQ(traced, kTracesPerMap);
    EXPECT_GT(patchHits, kTracesPerMap / 20);
    EXPECT_EQ(failures, 0);
}

TEST_P(PatchRealMap, FacetPolygonsLieOnTheirPlanesInsideThePatchBounds) {
    // What a viewer draws: every facet's polygon, on its surface plane, within the patch.
    auto data = test::loadOpenArenaMap(GetParam());
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    int bad = 0;
    for (const auto& p : model.patches()) {
        const auto& pc = p.collide;
        for (int32_t f = 0; f < static_cast<int32_t>(pc.facets.size()); ++f) {
            const auto poly = collision::facetPolygon(pc, f);
            const auto& pl = pc.planes[size_t(pc.facets[size_t(f)].surfacePlane)];
            bool ok = poly.size() >= 3;
            for (const auto& q : poly) {
                ok = ok && std::fabs(glm::dot(pl.normal, q) - pl.dist) < 0.05f;
                ok = ok && glm::all(glm::greaterThanEqual(q, pc.mins - glm::vec3(0.2f))) &&
                     glm::all(glm::lessThanEqual(q, pc.maxs + glm::vec3(0.2f)));
            }
            if (!ok && ++bad <= 5)
                ADD_FAILURE() << GetParam() << ": surface " << p.surface << " facet " << f << ": "
                              << poly.size() << " points, off its plane or outside the patch";
        }
    }
    EXPECT_EQ(bad, 0);
}

TEST(PatchAllMaps, EveryPatchOfEveryMapBuildsWithinTheLimits) {
    const std::string pk3 = test::openArenaMapsPk3();
    ASSERT_FALSE(pk3.empty()) << "OpenArena maps are not installed: apt-get install openarena-081-maps";
    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok());
    ASSERT_TRUE(vfs.value()->mountArchive(pk3).ok()) << pk3;
    const auto maps = vfs.value()->listMaps();
    EXPECT_EQ(maps.size(), 50u);
    size_t patches = 0, facets = 0;
    for (const std::string& name : maps) {
        auto data = world::loadMap(name, vfs.value().get());
        ASSERT_TRUE(data.ok()) << data.error().message;
        const collision::Model model(data.value());
        for (const auto& w : model.warnings())
            ADD_FAILURE() << w;
        size_t patchSurfaces = 0;
        for (const auto& s : data->surfaces)
            patchSurfaces += s.type == bsp::SurfaceType::Patch;
        EXPECT_EQ(model.patches().size(), patchSurfaces) << name;
        patches += size_t(model.patchStats().patches);
        facets += size_t(model.patchStats().facets);
    }
    std::printf("%zu maps: %zu patches, %zu facets\n", maps.size(), patches, facets);
}

INSTANTIATE_TEST_SUITE_P(Maps, PatchRealMap, testing::Values("oa_dm3", "kaos", "oa_minia"));
