// `cliplab hull` against the trace: random segments (seeded) are cast at the exported triangles
// with the test's own geometry (ObjMesh) and traced by the engine with the same box. Each hit
// must be the same brush (or one the trace's epsilon ties with it), its end point 0.125 units in
// front of that brush's surface; each miss a miss. The game's rule moves where a segment counts
// as entering a brush epsilon before each entering plane and where it counts as leaving epsilon
// before each leaving plane, so near an edge a segment that clips the mesh can pass (a corner
// cut) and one that passes just outside can stop (an edge graze). Those are told apart by the
// same rule computed in double on the planes the game tests for that brush or facet (the test
// moves the map's planes out by the box itself), and counted; the test fails when they are not
// rare. The mesh of every object must lie on those planes: each triangle on one of them, no
// vertex in front of any.

#include "analysis/ObjMesh.h"
#include "collision/Model.h"
#include "core/Format.h"
#include "support/ReferenceTraces.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>

using namespace cliplab;

namespace {

struct Box {
    glm::vec3 mins, maxs;
};

/// How far an exported vertex may be off the planes the game tests (units): the export merges
/// corners within 1e-5 units of each other, so a merged vertex is up to that far off the planes
/// of the faces whose copy it replaced (printing with 12 significant digits adds less than 1e-7).
constexpr double kOnPlanes = 2e-5;

struct Counts {
    int segments = 0, hits = 0, misses = 0, sameBrush = 0, ties = 0, edgeGrazes = 0, cornerCuts = 0,
        backFaces = 0, patchHits = 0;
};

std::string objectName(const collision::TraceResult& r) {
    if (r.brush >= 0)
        return "brush_" + std::to_string(r.brush);
    const int32_t facet = r.facet;
    return "patch_" + std::to_string(r.surface) + "_" + std::to_string(facet);
}

/// The planes the game's trace tests for the OBJ object `name` (brush_N or patch_S_F), in the
/// game's order, moved out by the box the way the trace moves them: the box made symmetric about
/// its centre c (half extents h), a plane n.x = d goes out by the sum of |h_i n_i|, and the trace's
/// shift of the segment by c goes into the distance (minus n.c). A brush: every side, bevels
/// included. A patch facet: its surface plane, then every border facing away from the facet (its
/// edges, bevels) with the back plane last. Empty when the name is neither. Not all of these bound
/// a face of the mesh: a border through a facet's edge, moved out, touches the slab along that
/// edge only, and a bevel may touch a brush at an edge. The game's rule tests them all (ioquake3's
/// patch sweep checks the surface plane and every border of a facet, its brush sweep every side),
/// and near such an edge they decide: a leaving plane there can let a segment pass, an entering
/// one can stop it later. So the rule is computed on these planes, not on the triangles'.
std::vector<test::ObjPlane> tracedPlanes(const collision::Model& model, const std::string& name,
                                         const Box& box) {
    const glm::dvec3 centre = (glm::dvec3(box.mins) + glm::dvec3(box.maxs)) * 0.5;
    const glm::dvec3 half = (glm::dvec3(box.maxs) - glm::dvec3(box.mins)) * 0.5;
    auto grown = [&](const glm::vec3& normal, float dist, bool back) {
        const glm::dvec3 n(normal);
        return test::ObjPlane{n, double(dist) + glm::dot(glm::abs(n), half) - glm::dot(n, centre), back};
    };
    std::vector<test::ObjPlane> planes;
    int first = 0, second = 0;
    char extra = 0;
    if (std::sscanf(name.c_str(), "brush_%d%c", &first, &extra) == 1) {
        if (first < 0 || size_t(first) >= model.brushes().size())
            return planes;
        const collision::CollisionBrush& b = model.brushes()[size_t(first)];
        for (int32_t k = b.firstSide; k < b.firstSide + b.numSides; ++k)
            planes.push_back(grown(model.sides()[size_t(k)].normal, model.sides()[size_t(k)].dist, false));
        return planes;
    }
    if (std::sscanf(name.c_str(), "patch_%d_%d%c", &first, &second, &extra) != 2)
        return planes;
    for (const collision::CollisionPatch& patch : model.patches()) {
        if (patch.surface != first || second < 0 || size_t(second) >= patch.collide.facets.size())
            continue;
        const collision::PatchCollide& pc = patch.collide;
        const collision::PatchFacet& f = pc.facets[size_t(second)];
        const collision::PatchPlane& surface = pc.planes[size_t(f.surfacePlane)];
        planes.push_back(grown(surface.normal, surface.dist, false));
        for (int32_t j = 0; j < f.numBorders; ++j) {
            const collision::PatchBorder& border = pc.borders[size_t(f.firstBorder + j)];
            const collision::PatchPlane& p = pc.planes[size_t(border.plane)];
            planes.push_back(border.inward ? grown(-p.normal, -p.dist, j == f.numBorders - 1)
                                           : grown(p.normal, p.dist, j == f.numBorders - 1));
        }
    }
    return planes;
}

/// Exports the hull of `mapArgument` for `box` with the CLI and checks `count` segments. With
/// `curves`, every second segment ends at (or just past) a point of a patch facet's triangles, so
/// that patches are met whatever the seed and count; the others go anywhere.
Counts checkAgreement(const bsp::BspData& data, const std::string& mapArgument, const Box& box, int32_t mask,
                      bool curves, int count, uint32_t seed) {
    Counts c;
    const std::string tempDir = test::makeTempDir("hull");
    const std::string obj = tempDir + "/hull.obj";
    // A .map source is compiled with the game data's shader scripts when there is game data: an
    // empty game folder makes the command compile it as `data` was (without).
    std::string noGame;
    if (mapArgument.size() > 4 && mapArgument.compare(mapArgument.size() - 4, 4, ".map") == 0) {
        std::filesystem::create_directories(tempDir + "/nogame");
        noGame = " --basepath " + tempDir + "/nogame";
    }
    const auto run = test::runCliplab(core::format(
        "hull %s --mins %g %g %g --maxs %g %g %g --mask %d --curves %s --out %s%s", mapArgument.c_str(),
        double(box.mins.x), double(box.mins.y), double(box.mins.z), double(box.maxs.x), double(box.maxs.y),
        double(box.maxs.z), mask, curves ? "on" : "off", obj.c_str(), noGame.c_str()));
    EXPECT_EQ(run.exitCode, 0) << run.err;
    std::ifstream in(obj);
    std::stringstream text;
    text << in.rdbuf();
    std::string error;
    const auto objects = test::parseObj(text.str(), error);
    EXPECT_TRUE(objects) << error;
    if (!objects)
        return c;
    std::map<std::string, size_t> byName;
    for (size_t i = 0; i < objects->size(); ++i)
        byName[(*objects)[i].name] = i;

    const collision::Model model(data);
    // Every object is a brush or a facet of the map, its mesh the polyhedron behind the planes the
    // trace tests for it: closed, each triangle on one of them, no vertex in front of any.
    std::vector<std::vector<test::ObjPlane>> traced(objects->size());
    for (size_t i = 0; i < objects->size(); ++i) {
        const auto& o = (*objects)[i];
        traced[i] = tracedPlanes(model, o.name, box);
        EXPECT_FALSE(traced[i].empty()) << o.name << " is no brush or patch facet of the map";
        EXPECT_EQ(test::unpairedEdges(o), 0u) << o.name << ": its mesh is not closed";
        EXPECT_LT(test::meshOffPlanes(o, traced[i]), kOnPlanes)
            << o.name << ": its mesh is off the planes the trace tests";
        if (::testing::Test::HasFailure())
            return c;
    }
    collision::TraceOptions options; // every brush in every leaf it reaches, so geometry decides
    options.semantics = collision::Semantics::Robust;
    options.curves = curves;
    const double eps = options.epsilon;
    const collision::Shape shape = collision::Shape::box(box.mins, box.maxs);
    // Ends at least a unit clear of everything: no end sits in the epsilon band of a surface.
    const collision::Shape clear = collision::Shape::box(box.mins - 1.0f, box.maxs + 1.0f);
    auto free = [&](const glm::vec3& p) { return !model.trace(clear, p, p, mask, options).startSolid; };
    const glm::vec3 lo = data.models[0].mins, hi = data.models[0].maxs;
    std::vector<const test::ObjTriangle*> facetTriangles;
    for (const auto& o : *objects)
        if (o.name.rfind("patch_", 0) == 0)
            for (const auto& t : o.triangles)
                facetTriangles.push_back(&t);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> ux(lo.x, hi.x), uy(lo.y, hi.y), uz(lo.z, hi.z), unit(-1.0f, 1.0f),
        length(16.0f, 1024.0f), approach(8.0f, 128.0f), share(0.0f, 1.0f);
    std::uniform_int_distribution<size_t> pickTriangle(0, facetTriangles.empty() ? 0
                                                                                 : facetTriangles.size() - 1);
    for (int attempts = 0; c.segments < count && attempts < count * 200; ++attempts) {
        const bool aimed = curves && !facetTriangles.empty() && attempts % 2 == 1;
        glm::vec3 start{ux(rng), uy(rng), uz(rng)};
        glm::vec3 dir{unit(rng), unit(rng), unit(rng)};
        if (glm::length(dir) < 0.1f)
            continue;
        glm::vec3 end = start + glm::normalize(dir) * length(rng);
        if (aimed) {
            // A point of a random facet triangle (barycentric weights drawn in order), reached
            // from up to 128 units away (farther, walls would stop most) and overshot by up to a
            // tenth of that.
            const test::ObjTriangle& t = *facetTriangles[pickTriangle(rng)];
            float wa = share(rng), wb = share(rng);
            if (wa + wb > 1.0f) {
                wa = 1.0f - wa;
                wb = 1.0f - wb;
            }
            const glm::vec3 target(t.a * double(wa) + t.b * double(wb) + t.c * double(1.0f - wa - wb));
            start = target - glm::normalize(dir) * approach(rng);
            end = target + (target - start) * (0.1f * share(rng));
        }
        if (!free(start) || !free(end))
            continue;
        ++c.segments;
        const collision::TraceResult r = model.trace(shape, start, end, mask, options);
        const glm::dvec3 s(start), e(end);
        const double len = glm::length(e - s);
        // The geometric first entry, and the rule's stop per object.
        std::optional<std::pair<double, size_t>> first;
        double earliestStop = 2.0;
        for (size_t i = 0; i < objects->size(); ++i) {
            const auto& o = (*objects)[i];
            const bool facet = o.name.rfind("patch_", 0) == 0;
            if (auto entry = test::firstEntry(o, s, e)) {
                if (entry->back)
                    ++c.backFaces; // the game never stops a sweep entering a facet from behind
                else if (!first || entry->t < first->first)
                    first = std::make_pair(entry->t, i);
            }
            if (auto stop = test::epsilonRuleStop(traced[i], s, e, eps, facet))
                earliestStop = std::min(earliestStop, *stop);
        }
        const std::string where = core::format("segment %d: %.9g %.9g %.9g -> %.9g %.9g %.9g", c.segments,
                                               start.x, start.y, start.z, end.x, end.y, end.z);
        if (r.fraction == 1.0f) {
            ++c.misses;
            // Triangles crossed with the trace passing: a corner cut, which the rule must call a
            // pass as well.
            c.cornerCuts += first.has_value();
            EXPECT_EQ(earliestStop, 2.0) << where << ": the trace passes, the rule on the planes of "
                                         << (first ? (*objects)[first->second].name : std::string("?"))
                                         << " stops at " << earliestStop * len << " units";
            if (::testing::Test::HasFailure())
                return c;
            continue;
        }
        ++c.hits;
        c.patchHits += r.brush < 0;
        EXPECT_FALSE(r.startSolid) << where;
        const std::string name = objectName(r);
        const auto it = byName.find(name);
        if (it == byName.end()) {
            ADD_FAILURE() << where << ": the trace stops at " << name << ", which is not in the OBJ";
            return c;
        }
        const auto& hit = (*objects)[it->second];
        const bool facet = name.rfind("patch_", 0) == 0;
        // The end point is epsilon in front of the surface it stopped at.
        const double outside = test::outsideDistance(traced[it->second], glm::dvec3(r.endpos));
        EXPECT_NEAR(outside, eps, 0.01)
            << where << ": the end point is " << outside << " units outside " << name;
        // The rule on its planes stops there too, and nothing stops earlier.
        const auto stop = test::epsilonRuleStop(traced[it->second], s, e, eps, facet);
        EXPECT_TRUE(stop) << where << ": the trace stops at " << name << ", the rule on its planes does not";
        if (stop) {
            EXPECT_NEAR(*stop * len, double(r.fraction) * len, 0.01) << where << " " << name;
        }
        EXPECT_GT(earliestStop * len, double(r.fraction) * len - 0.01) << where << " " << name;
        if (!first) {
            // No triangle is crossed: the segment passes just outside an edge where the rule's
            // epsilon moves the entering plane's crossing earlier than the leaving plane's (each
            // moves by epsilon over how fast the segment approaches that plane).
            ++c.edgeGrazes;
            EXPECT_TRUE(stop) << where;
        } else if (first->second == it->second) {
            ++c.sameBrush;
        } else if (!test::firstEntry(hit, s, e)) {
            // An edge graze as above, of the object stopped at, on a segment that crosses another
            // object's triangles (before or after; the rule, checked above, stops nowhere earlier).
            ++c.edgeGrazes;
        } else {
            // Another object's triangles come first, but the rule (checked above) stops no
            // earlier there: coplanar faces of neighbouring brushes, the epsilon measured along
            // each normal, or a corner cut of the first.
            ++c.ties;
        }
        if (::testing::Test::HasFailure())
            return c;
    }
    EXPECT_EQ(c.segments, count) << "too few free segments";
    return c;
}

void report(const char* what, const Counts& c) {
    std::printf(
        "%s: segments=%d hits=%d misses=%d same_brush=%d ties=%d edge_grazes=%d corner_cuts=%d patch_hits=%d "
        "back_face_entries=%d\n",
        what, c.segments, c.hits, c.misses, c.sameBrush, c.ties, c.edgeGrazes, c.cornerCuts, c.patchHits,
        c.backFaces);
}

#ifdef CLIPLAB_SANITIZE_BUILD
constexpr int kSegments = 150;
#else
constexpr int kSegments = 1500;
#endif

} // namespace

TEST(HullRays, Oa_dm1AgreesWithTheTrace) {
    auto loaded = test::loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    const Box boxes[] = {{{-15, -15, -24}, {15, 15, 32}}, // standing player
                         {{-15, -15, -24}, {15, 15, 16}}, // crouched
                         {{-3, -40, -8}, {25, 6, 50}},    // lopsided
                         {{0, 0, 0}, {0, 0, 0}}};         // a ray
    uint32_t seed = 1;
    for (const Box& box : boxes) {
        SCOPED_TRACE(core::format("box %g %g %g .. %g %g %g", box.mins.x, box.mins.y, box.mins.z, box.maxs.x,
                                  box.maxs.y, box.maxs.z));
        const Counts c = checkAgreement(loaded.value(), "oa_dm1", box, bsp::contents::MaskPlayerSolid, false,
                                        kSegments, seed++);
        report("oa_dm1", c);
        EXPECT_GT(c.hits, kSegments / 4);
        EXPECT_GT(c.misses, kSegments / 20);
        EXPECT_LT(c.edgeGrazes + c.cornerCuts, kSegments / 50);
        if (HasFailure())
            return;
    }
}

TEST(HullRays, PlaygroundWithPatchesAgreesWithTheTrace) {
    auto loaded = test::loadPlayground();
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    // The full count in every build: the segments aimed at its one patch cross the facets' slabs
    // near their edges, where the epsilon rule makes corner cuts and edge grazes (15 of 1500
    // segments with seed 7, 1%), so out of 150 the bound of 2% (3) is reached by chance (3 with
    // seed 7). The map is small; 1500 segments cost a fifth of a second.
    constexpr int kPlaygroundSegments = 1500;
    const Counts c = checkAgreement(loaded.value(), test::playgroundPath(), {{-15, -15, -24}, {15, 15, 32}},
                                    bsp::contents::MaskPlayerSolid, true, kPlaygroundSegments, 7);
    report("playground", c);
    EXPECT_GT(c.hits, kPlaygroundSegments / 4);
    EXPECT_GT(c.patchHits, 0);
    EXPECT_LT(c.edgeGrazes + c.cornerCuts, kPlaygroundSegments / 50);
}

TEST(HullRays, Oa_dm5WithPatchesAgreesWithTheTrace) {
    auto loaded = test::loadOpenArenaMap("oa_dm5");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    const Counts c = checkAgreement(loaded.value(), "oa_dm5", {{-15, -15, -24}, {15, 15, 32}},
                                    bsp::contents::MaskPlayerSolid, true, kSegments, 11);
    report("oa_dm5", c);
    EXPECT_GT(c.hits, kSegments / 4);
    EXPECT_GT(c.patchHits, 0);
    EXPECT_LT(c.edgeGrazes + c.cornerCuts, kSegments / 50);
}
