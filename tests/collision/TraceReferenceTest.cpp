// Agreement with ioquake3's own CM_BoxTrace on real maps, in the quake3 semantics: every line of
// the reference sets of 12 maps in tests/data/reference (traces, traces-more: curves off and on,
// the capsule; positions). A differing line is a bug, so the test requires zero and prints the
// first few that differ. Robust semantics, which differ on purpose, are checked below against
// the game where they agree and against a test of every brush where they do not.

#include "collision/Model.h"
#include "fs/FileSystem.h"
#include "support/ReferenceTraces.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

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
    bool positions = false; ///< The position set (MAP.positions.*) instead of the trace set.
};

std::string caseName(const testing::TestParamInfo<ReferenceCase>& info) {
    std::string s =
        std::string(info.param.map) + (info.param.positions ? "_positions_" : "_") + info.param.suffix;
    for (char& c : s)
        if (c == '.')
            c = '_';
    return s;
}

/// The reference tolerances (README): fraction within 1e-4 or end within 0.01; normal 1e-3; dist
/// 0.01; identical flags and contents.
bool agrees(const collision::TraceResult& r, const test::ReferenceResult& ref) {
    const bool fractionOk = std::fabs(r.fraction - ref.fraction) <= 1e-4f;
    const bool endOk = std::fabs(r.endpos.x - ref.endpos.x) <= 0.01f &&
                       std::fabs(r.endpos.y - ref.endpos.y) <= 0.01f &&
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
    const std::string set = std::string(c.map) + (c.positions ? ".positions" : "");
    auto inputs = test::loadReferenceInputs(set);
    ASSERT_TRUE(inputs.ok()) << inputs.error().message;
    auto expected = test::loadReferenceResults(set, c.suffix);
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
        if (agrees(r, ref))
            continue;
        if (++differing <= 5)
            ADD_FAILURE() << c.map << " " << c.suffix << " line " << i + 1 << ": ours fraction " << r.fraction
                          << " end (" << r.endpos.x << " " << r.endpos.y << " " << r.endpos.z << ") normal ("
                          << r.plane.normal.x << " " << r.plane.normal.y << " " << r.plane.normal.z
                          << ") dist " << r.plane.dist << " solid " << r.startSolid << r.allSolid
                          << " contents " << r.contents << "; reference " << ref.fraction << " ("
                          << ref.endpos.x << " " << ref.endpos.y << " " << ref.endpos.z << ") ("
                          << ref.normal.x << " " << ref.normal.y << " " << ref.normal.z << ") " << ref.dist
                          << " " << ref.startSolid << ref.allSolid << " " << ref.contents;
    }
    RecordProperty("differing_lines", differing);
    std::printf("%s %s: %zu lines, %d differing\n", c.map, c.suffix, inputs->size(), differing);
    EXPECT_EQ(differing, 0);
}

// Curves-on sets of oa_dm1 and q3dm6ish are left out: those maps have no patches, so their files
// equal the curves-off ones. The traces-more maps have patches.
INSTANTIATE_TEST_SUITE_P(Sets, TraceReference,
                         testing::Values(ReferenceCase{"oa_dm1", "mask1.curves0", 1, false},
                                         ReferenceCase{"oa_dm1", "mask33619969.curves0", 33619969, false},
                                         ReferenceCase{"oa_dm1", "mask1.curves0.capsule", 1, true},
                                         ReferenceCase{"q3dm6ish", "mask1.curves0", 1, false},
                                         ReferenceCase{"q3dm6ish", "mask33619969.curves0", 33619969, false},
                                         ReferenceCase{"q3dm6ish", "mask1.curves0.capsule", 1, true}),
                         caseName);

#define CLIPLAB_MORE_MAP(name)                                                                               \
    ReferenceCase{name, "mask1.curves0", 1, false}, ReferenceCase{name, "mask1.curves0.capsule", 1, true},   \
        ReferenceCase {                                                                                      \
        name, "mask33619969.curves1", 33619969, false, true                                                  \
    }
INSTANTIATE_TEST_SUITE_P(More, TraceReference,
                         testing::Values(CLIPLAB_MORE_MAP("oa_minia"), CLIPLAB_MORE_MAP("czest3ctf"),
                                         CLIPLAB_MORE_MAP("slimefac"), CLIPLAB_MORE_MAP("oa_shouse"),
                                         CLIPLAB_MORE_MAP("ps37ctf"), CLIPLAB_MORE_MAP("hydronex"),
                                         CLIPLAB_MORE_MAP("kaos2"), CLIPLAB_MORE_MAP("oa_dm6"),
                                         CLIPLAB_MORE_MAP("delta"), CLIPLAB_MORE_MAP("ctf_gate1")),
                         caseName);
#undef CLIPLAB_MORE_MAP

// Position tests (zero-length traces): standing box, crouched box and point, curves on.
#define CLIPLAB_POSITIONS(name)                                                                              \
    ReferenceCase {                                                                                          \
        name, "mask33619969.curves1", 33619969, false, true, true                                            \
    }
INSTANTIATE_TEST_SUITE_P(Positions, TraceReference,
                         testing::Values(CLIPLAB_POSITIONS("oa_dm1"), CLIPLAB_POSITIONS("q3dm6ish"),
                                         CLIPLAB_POSITIONS("oa_minia"), CLIPLAB_POSITIONS("czest3ctf"),
                                         CLIPLAB_POSITIONS("slimefac"), CLIPLAB_POSITIONS("oa_shouse"),
                                         CLIPLAB_POSITIONS("ps37ctf"), CLIPLAB_POSITIONS("hydronex"),
                                         CLIPLAB_POSITIONS("kaos2"), CLIPLAB_POSITIONS("oa_dm6"),
                                         CLIPLAB_POSITIONS("delta"), CLIPLAB_POSITIONS("ctf_gate1")),
                         caseName);
#undef CLIPLAB_POSITIONS

namespace {

/// Robust semantics: the game's tests, complete leaf lists and the wider near half of a split.
collision::TraceOptions robust(bool curves = false) {
    collision::TraceOptions o;
    o.semantics = collision::Semantics::Robust;
    o.curves = curves;
    return o;
}

/// The test of every brush in turn, curves off as in the sets these tests come from.
struct BruteForce : test::BruteForceJudge {
    explicit BruteForce(bsp::BspData map) : test::BruteForceJudge(std::move(map), false) {}
};

} // namespace

TEST(TraceReference, WideNodeWalkFindsBrushesMissingFromLeafLists) {
    // q3map leaves brush 291 of oa_dm1 out of a leaf its volume reaches. The game's wide node walk
    // (2048 at non-axial planes) still finds it; an exact-support walk would not. ioquake3's own
    // CM_BoxTrace stops this box at 0.831278 on the plane x = -216; both semantics agree with it,
    // and with the test against every brush.
    auto data = test::loadOpenArenaMap("oa_dm1");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    const BruteForce brute(data.value());
    const glm::vec3 half(25.2083f, 13.2675f, 5.51646f);
    const auto box = collision::Shape::box(-half, half);
    const glm::vec3 a(-99.8081f, 824.597f, 164.615f), b(-209.108f, 739.12f, 135.418f);
    const auto judge = brute.trace(box, a, b, bsp::contents::Solid);
    for (const auto& options : {collision::TraceOptions{}, robust()}) {
        const auto r = model.trace(box, a, b, bsp::contents::Solid, options);
        EXPECT_NEAR(r.fraction, 0.831278f, 1e-6f); // the game's figure
        EXPECT_EQ(r.fraction, judge.fraction);
        EXPECT_EQ(r.brush, judge.brush);
        EXPECT_EQ(r.plane.normal, glm::vec3(1, 0, 0));
        EXPECT_EQ(r.plane.dist, -216.0f);
    }
}

TEST(TraceReference, NearHalfOfASplitReachesEpsilonBeyond) {
    // czest3ctf: the player box overlaps brush 2625's +y face plane (y = -288, also a node plane)
    // by 0.144 shrinking to 0.002 while it runs into the brush's +x face. The game's split gives
    // the back half only the part overlapping by more than eps, so the brush's leaf is never
    // visited: ioquake3's CM_BoxTrace returns fraction 1 and its own position test says the end is
    // in solid. Quake3 semantics reproduce that; robust stops at the wall, as the test against
    // every brush does, and the end is free.
    auto data = test::loadOpenArenaMap("czest3ctf");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    const BruteForce brute(data.value());
    const auto box = collision::Shape::box({-15, -15, -24}, {15, 15, 32});
    const glm::vec3 start(-110.615f, -273.144f, 24.125f), end(-113.227f, -273.002f, 24.125f);
    const int32_t mask = bsp::contents::MaskPlayerSolid;
    ASSERT_TRUE(brute.trace(box, end, end, mask).startSolid); // the end really is in the wall

    const auto game = model.trace(box, start, end, mask);
    EXPECT_EQ(game.fraction, 1.0f);
    EXPECT_TRUE(model.trace(box, end, end, mask).startSolid);

    const auto r = model.trace(box, start, end, mask, robust());
    const auto judge = brute.trace(box, start, end, mask);
    EXPECT_EQ(r.brush, 2625);
    EXPECT_EQ(r.brush, judge.brush);
    EXPECT_EQ(r.fraction, judge.fraction);
    EXPECT_EQ(r.plane.normal, glm::vec3(1, 0, 0));
    EXPECT_FALSE(brute.trace(box, r.endpos, r.endpos, mask).startSolid);
}

TEST(TraceReference, ThinBrushIsInEveryLeafItsBoundsReach) {
    // q3map lists oa_dm6's 0.125-thick clip brush 705 (x 1350..1378, y -638..-514, z 128..128.125,
    // lying on the floor) in one leaf only. A box resting on it is in solid where a test reaches
    // that leaf and free elsewhere. ioquake3's CM_BoxTrace says free here, and its ground trace
    // lands on the floor beneath (z = 128) at fraction 0.5; quake3 semantics agree. Robust lists
    // brushes in every leaf their bounds reach, as the test against every brush sees them.
    auto data = test::loadOpenArenaMap("oa_dm6");
    ASSERT_TRUE(data.ok()) << data.error().message;
    const collision::Model model(data.value());
    const BruteForce brute(data.value());
    const auto box = collision::Shape::box({-15, -15, -24}, {15, 15, 32});
    const int32_t mask = bsp::contents::MaskPlayerSolid;
    const glm::vec3 onTop(1389.937f, -499.876f, 152.125f);
    const glm::vec3 above = onTop + glm::vec3(0, 0, 8), below = onTop - glm::vec3(0, 0, 8);

    EXPECT_FALSE(model.trace(box, onTop, onTop, mask).startSolid);
    const auto gameDown = model.trace(box, above, below, mask);
    EXPECT_EQ(gameDown.fraction, 0.5f);
    EXPECT_EQ(gameDown.plane.dist, 128.0f);

    // Resting exactly on its top (touching counts as inside, as in the game's position test).
    const auto r = model.trace(box, onTop, onTop, mask, robust());
    EXPECT_TRUE(r.startSolid);
    EXPECT_EQ(r.brush, 705);
    EXPECT_TRUE(brute.trace(box, onTop, onTop, mask).startSolid);
    const auto down = model.trace(box, above, below, mask, robust());
    const auto judge = brute.trace(box, above, below, mask);
    EXPECT_EQ(down.brush, 705);
    EXPECT_EQ(down.fraction, judge.fraction);
    EXPECT_NEAR(down.endpos.z, 128.125f + 24.0f + 0.125f, 1e-3f);
    EXPECT_FALSE(brute.trace(box, down.endpos, down.endpos, mask).startSolid);
    // Every leaf under the brush lists it in the completed lists; q3map's own list has it once.
    int listed = 0, gameListed = 0;
    for (const auto& leaf : model.leafs())
        for (int32_t k = 0; k < leaf.numLeafBrushes; ++k) {
            const bool is705 = model.leafBrushes()[static_cast<size_t>(leaf.firstLeafBrush + k)] == 705;
            listed += is705;
            gameListed += is705 && k < leaf.numGameBrushes;
        }
    EXPECT_GT(listed, 1);
    EXPECT_EQ(gameListed, 1);
}

TEST(TraceReference, PatchIsInEveryLeafItsCollisionGridReaches) {
    // oa_minia as OpenArena 0.8.5 patched it (pak6-patch085.pk3, openarena-085-data): a curved
    // wall (surface 64) collides as two chords standing up to 16 units in front of its drawn
    // curve, and q3map listed it only in the leafs of the drawn curve. ioquake3's CM_BoxTrace lets
    // this box slide into the chord (fraction 1), as quake3 semantics do; robust adds patches to
    // the leafs their collision grid reaches and stops at the facet.
    const std::string base = test::openArenaBaseDir();
    ASSERT_FALSE(base.empty() || test::openArenaMapsPk3().empty())
        << "install openarena-data (scripts/test.sh does)";
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
    EXPECT_EQ(model.trace(box, start, end, mask, curves).fraction, 1.0f);
    const auto r = model.trace(box, start, end, mask, robust(true));
    EXPECT_EQ(r.surface, 64);
    EXPECT_EQ(r.facet, 1);
    EXPECT_LT(r.fraction, 0.01f);
    EXPECT_FALSE(model.trace(box, r.endpos, r.endpos, mask, robust(true)).startSolid);
}
