// `cliplab hull` against the trace: random segments (seeded) are cast at the exported triangles
// with the test's own geometry (ObjMesh) and traced by the engine with the same box. Each hit
// must be the same brush (or one the trace's epsilon ties with it), its end point 0.125 units in
// front of that brush's surface; each miss a miss. The game's rule moves where a segment counts
// as entering a brush epsilon before each entering plane and where it counts as leaving epsilon
// before each leaving plane, so near an edge a segment that clips the mesh can pass (a corner
// cut) and one that passes just outside can stop (an edge graze). Those are told apart by the
// same rule computed on the exported planes, and counted; the test fails when they are not rare.

#include "analysis/ObjMesh.h"
#include "collision/Model.h"
#include "core/Format.h"
#include "support/ReferenceTraces.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

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

/// Exports the hull of `mapArgument` for `box` with the CLI and checks `count` segments.
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
    collision::TraceOptions options; // every brush in every leaf it reaches, so geometry decides
    options.semantics = collision::Semantics::Robust;
    options.curves = curves;
    const double eps = options.epsilon;
    const collision::Shape shape = collision::Shape::box(box.mins, box.maxs);
    // Ends at least a unit clear of everything: no end sits in the epsilon band of a surface.
    const collision::Shape clear = collision::Shape::box(box.mins - 1.0f, box.maxs + 1.0f);
    auto free = [&](const glm::vec3& p) { return !model.trace(clear, p, p, mask, options).startSolid; };
    const glm::vec3 lo = data.models[0].mins, hi = data.models[0].maxs;
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> ux(lo.x, hi.x), uy(lo.y, hi.y), uz(lo.z, hi.z), unit(-1.0f, 1.0f),
        length(16.0f, 1024.0f);
    for (int attempts = 0; c.segments < count && attempts < count * 200; ++attempts) {
        glm::vec3 start{ux(rng), uy(rng), uz(rng)};
        glm::vec3 dir{unit(rng), unit(rng), unit(rng)};
        if (glm::length(dir) < 0.1f)
            continue;
        const glm::vec3 end = start + glm::normalize(dir) * length(rng);
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
            if (auto stop = test::epsilonRuleStop(o, s, e, eps, facet))
                earliestStop = std::min(earliestStop, *stop);
        }
        const std::string where = core::format("segment %d: %.9g %.9g %.9g -> %.9g %.9g %.9g", c.segments,
                                               start.x, start.y, start.z, end.x, end.y, end.z);
        if (r.fraction == 1.0f) {
            ++c.misses;
            // Triangles crossed with the trace passing: a corner cut, which the rule on the
            // exported planes must call a pass as well.
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
        const double outside = test::outsideDistance(hit, glm::dvec3(r.endpos));
        EXPECT_NEAR(outside, eps, 0.01)
            << where << ": the end point is " << outside << " units outside " << name;
        // The rule on the exported planes stops there too, and nothing stops earlier.
        const auto stop = test::epsilonRuleStop(hit, s, e, eps, facet);
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
    // The whole count even under the sanitizers: the playground is small, and its few patches are
    // hit only by some of the segments.
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
