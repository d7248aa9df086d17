// Agreement with ioquake3's own CM_BoxTrace on real maps: every line of the reference sets in
// tests/data/reference/traces (curves off and on; the capsule set with capsule=1). A differing
// line is a bug, so the test requires zero and prints the first few that differ.

#include "collision/Model.h"
#include "fs/FileSystem.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"
#include "support/ReferenceTraces.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

using namespace cliplab;

namespace {

struct ReferenceCase {
    const char* map;
    const char* suffix; ///< e.g. "mask1.curves0"
    int32_t mask;
    bool capsule;
    bool curves = false;
};

std::string caseName(const testing::TestParamInfo<ReferenceCase>& info) {
    std::string s = std::string(info.param.map) + "_" + info.param.suffix;
    for (char& c : s)
        if (c == '.') c = '_';
    return s;
}

/// The reference tolerances (README): fraction within 1e-4 or end within 0.01; normal 1e-3; dist
/// 0.01; identical flags and contents.
bool agrees(const collision::TraceResult& r, const test::ReferenceResult& ref) {
    const bool fractionOk = std::fabs(r.fraction - ref.fraction) <= 1e-4f;
    const bool endOk = std::fabs(r.endpos.x - ref.endpos.x) <= 0.01f && std::fabs(r.endpos.y - ref.endpos.y) <= 0.01f &&
                       std::fabs(r.endpos.z - ref.endpos.z) <= 0.01f;
    const glm::vec3 dn = glm::abs(r.plane.normal - ref.normal);
    return (fractionOk || endOk) && dn.x <= 1e-3f && dn.y <= 1e-3f && dn.z <= 1e-3f &&
           std::fabs(r.plane.dist - ref.dist) <= 0.01f && int(r.startSolid) == ref.startSolid &&
           int(r.allSolid) == ref.allSolid && r.contents == ref.contents;
}

class TraceReference : public testing::TestWithParam<ReferenceCase> {};

} // namespace

TEST_P(TraceReference, EveryLineAgreesWithIoquake3) {
    const ReferenceCase& c = GetParam();
    auto data = test::loadOpenArenaMap(c.map);
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    auto inputs = test::loadReferenceInputs(c.map);
    ASSERT_TRUE(inputs.ok()) << inputs.error().message;
    auto expected = test::loadReferenceResults(c.map, c.suffix);
    ASSERT_TRUE(expected.ok()) << expected.error().message;
    ASSERT_EQ(inputs->size(), expected->size());
    ASSERT_GT(inputs->size(), 1000u);

    int differing = 0;
    for (size_t i = 0; i < inputs->size(); ++i) {
        const auto& in = (*inputs)[i];
        const auto& ref = (*expected)[i];
        collision::TraceOptions options;
        options.curves = c.curves;
        const auto r = model.trace(test::referenceShape(in, c.capsule), in.start, in.end, c.mask, options);
        if (agrees(r, ref)) continue;
        if (++differing <= 5)
            ADD_FAILURE() << c.map << " " << c.suffix << " line " << i + 1 << ": ours fraction " << r.fraction
                          << " end (" << r.endpos.x << " " << r.endpos.y << " " << r.endpos.z << ") normal ("
                          << r.plane.normal.x << " " << r.plane.normal.y << " " << r.plane.normal.z << ") dist "
                          << r.plane.dist << " solid " << r.startSolid << r.allSolid << " contents " << r.contents
                          << "; reference " << ref.fraction << " (" << ref.endpos.x << " " << ref.endpos.y << " "
                          << ref.endpos.z << ") (" << ref.normal.x << " " << ref.normal.y << " " << ref.normal.z
                          << ") " << ref.dist << " " << ref.startSolid << ref.allSolid << " " << ref.contents;
    }
    RecordProperty("differing_lines", differing);
    std::printf("%s %s: %zu lines, %d differing\n", c.map, c.suffix, inputs->size(), differing);
    EXPECT_EQ(differing, 0);
}

INSTANTIATE_TEST_SUITE_P(
    Sets, TraceReference,
    testing::Values(ReferenceCase{"oa_dm1", "mask1.curves0", 1, false},
                    ReferenceCase{"oa_dm1", "mask33619969.curves0", 33619969, false},
                    ReferenceCase{"oa_dm1", "mask1.curves0.capsule", 1, true},
                    ReferenceCase{"q3dm6ish", "mask1.curves0", 1, false},
                    ReferenceCase{"q3dm6ish", "mask33619969.curves0", 33619969, false},
                    ReferenceCase{"q3dm6ish", "mask1.curves0.capsule", 1, true},
                    ReferenceCase{"oa_dm1", "mask1.curves1", 1, false, true},
                    ReferenceCase{"oa_dm1", "mask33619969.curves1", 33619969, false, true},
                    ReferenceCase{"q3dm6ish", "mask1.curves1", 1, false, true},
                    ReferenceCase{"q3dm6ish", "mask33619969.curves1", 33619969, false, true}),
    caseName);

TEST(TraceReference, WideNodeWalkFindsBrushesMissingFromLeafLists) {
    // q3map leaves brush 291 of oa_dm1 out of a leaf its volume reaches. The game's wide node walk
    // still finds it (found by comparing with a test against every brush); an exact-support walk
    // did not, and this box passed into the brush.
    auto data = test::loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    const glm::vec3 half(25.2083f, 13.2675f, 5.51646f);
    const auto r = model.trace(collision::Shape::box(-half, half), {-99.8081f, 824.597f, 164.615f},
                               {-209.108f, 739.12f, 135.418f}, bsp::contents::Solid);
    EXPECT_NEAR(r.fraction, 0.831278f, 1e-5f);
    EXPECT_EQ(r.brush, 291);
    EXPECT_EQ(r.plane.normal, glm::vec3(1, 0, 0));
    EXPECT_EQ(r.plane.dist, -216.0f);
}

TEST(TraceReference, NearHalfOfASplitReachesEpsilonBeyond) {
    // Found by `cliplab soak czest3ctf --seed 2 --walkers 16 --walker 5 --ticks 12526 --preset
    // quake3`: the player box overlaps brush 2625's +y face plane (y = -288, also a node plane) by
    // 0.144 shrinking to 0.002 while it runs into the brush's +x face. The game's split gave the
    // back half only the part overlapping by more than eps, the brush's leaf was never visited and
    // the box ended 0.227 inside the wall. Now the sweep stops at the wall and the end is free.
    auto data = test::loadOpenArenaMap("czest3ctf");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    const auto box = collision::Shape::box({-15, -15, -24}, {15, 15, 32});
    const glm::vec3 start(-110.615f, -273.144f, 24.125f), end(-113.227f, -273.002f, 24.125f);
    const int32_t mask = bsp::contents::MaskPlayerSolid;
    ASSERT_TRUE(model.trace(box, end, end, mask).startSolid); // the end really is in the wall
    const auto r = model.trace(box, start, end, mask);
    EXPECT_EQ(r.brush, 2625);
    EXPECT_NEAR(r.fraction, (2.385f - 0.125f) / 2.612f, 1e-4f);
    EXPECT_EQ(r.plane.normal, glm::vec3(1, 0, 0));
    EXPECT_FALSE(model.trace(box, r.endpos, r.endpos, mask).startSolid);
}

TEST(TraceReference, ThinBrushIsInEveryLeafItsBoundsReach) {
    // q3map lists oa_dm6's 0.125-thick clip brush 705 (x 1350..1378, y -638..-514, z 128..128.125,
    // lying on the floor) in one leaf only. A box resting on it was in solid where the tests
    // reached that leaf and free elsewhere, so the soak's walkers walked onto it and ended ticks
    // in solid (`cliplab soak oa_dm6 --seed 2 --walkers 16 --walker 6 --ticks 8725`). The model
    // now adds brushes to the leafs their bounds reach, after the leafs' own lists.
    auto data = test::loadOpenArenaMap("oa_dm6");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    const auto box = collision::Shape::box({-15, -15, -24}, {15, 15, 32});
    const int32_t mask = bsp::contents::MaskPlayerSolid;
    // Resting exactly on its top (touching counts as inside, as in the game's position test),
    // where the game's lists miss it.
    const glm::vec3 onTop(1389.937f, -499.876f, 152.125f);
    const auto r = model.trace(box, onTop, onTop, mask);
    EXPECT_TRUE(r.startSolid);
    EXPECT_EQ(r.brush, 705);
    // The ground trace from above now lands on it, 0.125 above its top.
    const auto down = model.trace(box, onTop + glm::vec3(0, 0, 8), onTop - glm::vec3(0, 0, 8), mask);
    EXPECT_EQ(down.brush, 705);
    EXPECT_NEAR(down.endpos.z, 128.125f + 24.0f + 0.125f, 1e-3f);
    EXPECT_FALSE(model.trace(box, down.endpos, down.endpos, mask).startSolid);
    // Every leaf under the brush lists it.
    int listed = 0;
    for (const auto& leaf : model.leafs())
        for (int32_t k = 0; k < leaf.numLeafBrushes; ++k)
            listed += model.leafBrushes()[static_cast<size_t>(leaf.firstLeafBrush + k)] == 705;
    EXPECT_GT(listed, 1);
}

TEST(TraceReference, PatchIsInEveryLeafItsCollisionGridReaches) {
    // oa_minia as OpenArena 0.8.5 patched it (pak6-patch085.pk3, openarena-085-data): a curved
    // wall (surface 64) collides as two chords standing up to 16 units in front of its drawn
    // curve, and q3map listed it only in the leafs of the drawn curve. A player sliding along the
    // chord reached leafs that do not list it and walked into it (`cliplab soak oa_minia --seed 2
    // --walkers 16 --walker 13 --ticks 9652 --preset quake3`). Patches are now added to the leafs
    // their collision grid reaches.
    const std::string base = test::openArenaBaseDir();
    ASSERT_FALSE(base.empty() || test::openArenaMapsPk3().empty()) << "install openarena-data (scripts/test.sh does)";
    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok()) << vfs.error().message;
    ASSERT_TRUE(vfs.value()->mountArchive(test::openArenaMapsPk3()).ok());
    const auto patched = vfs.value()->mountArchive(base + "/pak6-patch085.pk3");
    ASSERT_TRUE(patched.ok()) << patched.error().message;
    auto data = world::loadMap("oa_minia", vfs.value().get());
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    collision::TraceOptions curves;
    curves.curves = true;
    const auto box = collision::Shape::box({-15, -15, -24}, {15, 15, 32});
    const int32_t mask = bsp::contents::MaskPlayerSolid;
    const glm::vec3 start(534.403198f, 1007.5686f, 24.125f), end(534.793579f, 1006.66699f, 24.125f);
    const auto r = model.trace(box, start, end, mask, curves);
    EXPECT_EQ(r.surface, 64);
    EXPECT_EQ(r.facet, 1);
    EXPECT_LT(r.fraction, 0.01f);
    EXPECT_FALSE(model.trace(box, r.endpos, r.endpos, mask, curves).startSolid);
}
