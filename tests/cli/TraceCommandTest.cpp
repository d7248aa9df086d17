// `cliplab trace` and `cliplab bench-trace` through the built program.

#include "bsp/BspFile.h"
#include "support/BrushMap.h"
#include "support/ReferenceTraces.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <sstream>

using namespace cliplab;

namespace {

std::vector<std::string> splitLines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        out.push_back(line);
    return out;
}

/// A cube map of half size 64 written to a temp folder; returns its path.
std::string writeCube(const std::string& dir) {
    const std::string path = dir + "/cube.bsp";
    test::writeFile(path, bsp::write(test::makeCubeMap(64.0f)));
    return path;
}

} // namespace

TEST(TraceCommand, PrintsTheDocumentedFormat) {
    const std::string dir = test::makeTempDir("trace");
    const std::string cube = writeCube(dir);
    auto r = test::runCliplab("trace '" + cube + "'", "200 0 0 0 0 0 0 0 0 0 0 0\n"
                                                      "200 0 0 0 0 0 -16 -16 -16 16 16 16\n"
                                                      "0 0 300 0 0 200 0 0 0 0 0 0\n"
                                                      "\n"
                                                      "10 0 0 10 0 0 -1 -1 -1 1 1 1\n");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto lines = splitLines(r.out);
    ASSERT_EQ(lines.size(), 4u) << r.out;
    EXPECT_EQ(lines[0], "0.679375 64.125 0.000 0.000 1.0000 0.0000 0.0000 64.000 0 0 1");
    EXPECT_EQ(lines[1], "0.599375 80.125 0.000 0.000 1.0000 0.0000 0.0000 64.000 0 0 1");
    EXPECT_EQ(lines[2], "1.000000 0.000 0.000 200.000 0.0000 0.0000 0.0000 0.000 0 0 0");
    EXPECT_EQ(lines[3], "0.000000 10.000 0.000 0.000 0.0000 0.0000 0.0000 0.000 1 1 1");
    std::filesystem::remove_all(dir);
}

TEST(TraceCommand, AgreesWithTheReferenceOnOaDm1) {
    auto in = test::readGzipLines(test::dataPath("reference/traces/oa_dm1.in.gz"));
    auto ref = test::readGzipLines(test::dataPath("reference/traces/oa_dm1.mask33619969.curves0.out.gz"));
    ASSERT_TRUE(in.ok() && ref.ok());
    std::string input;
    for (size_t i = 0; i < 300; ++i)
        input += (*in)[i] + "\n";
    auto r = test::runCliplab("trace oa_dm1 --mask 33619969 --curves off --epsilon 0.125 --semantics quake3",
                              input);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto lines = splitLines(r.out);
    ASSERT_EQ(lines.size(), 300u);
    // Same float arithmetic in the same order as the game, printed with the reference's own
    // formats: the text is identical, not just within tolerance.
    for (size_t i = 0; i < lines.size(); ++i)
        EXPECT_EQ(lines[i], (*ref)[i]) << "line " << i + 1;
}

TEST(TraceCommand, CapsuleAndModelOptions) {
    // The capsule against the game's own capsule results, through the explicit world model.
    auto in = test::readGzipLines(test::dataPath("reference/traces/oa_dm1.in.gz"));
    auto ref = test::readGzipLines(test::dataPath("reference/traces/oa_dm1.mask1.curves0.capsule.out.gz"));
    ASSERT_TRUE(in.ok() && ref.ok());
    std::string input;
    for (size_t i = 0; i < 200; ++i)
        input += (*in)[i] + "\n";
    auto r = test::runCliplab("trace oa_dm1 --capsule --model 0 --mask 1 --curves off", input);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto lines = splitLines(r.out);
    ASSERT_EQ(lines.size(), 200u);
    for (size_t i = 0; i < lines.size(); ++i)
        EXPECT_EQ(lines[i], (*ref)[i]) << "line " << i + 1;
    auto bad = test::runCliplab("trace oa_dm1 --model 999", "0 0 0 0 0 -10 0 0 0 0 0 0\n");
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_NE(bad.err.find("--model 999"), std::string::npos) << bad.err;
}

TEST(TraceCommand, ModelSelectsAnInlineModel) {
    const std::string dir = test::makeTempDir("tracemodel");
    const std::string path = dir + "/door.bsp";
    // World: a wall at x in [64, 128]; inline model *1: a door at x in [-128, -64].
    test::writeFile(path, bsp::write(test::makeBrushMap({{test::boxPlanes({64, -64, -64}, {128, 64, 64})},
                                                         {test::boxPlanes({-128, -64, -64}, {-64, 64, 64})}},
                                                        1)));
    const std::string line = "0 0 0 -200 0 0 0 0 0 0 0 0\n";
    auto world = test::runCliplab("trace '" + path + "'", line);
    ASSERT_EQ(world.exitCode, 0) << world.err;
    EXPECT_EQ(world.out, "1.000000 -200.000 0.000 0.000 0.0000 0.0000 0.0000 0.000 0 0 0\n");
    auto door = test::runCliplab("trace '" + path + "' --model 1", line);
    ASSERT_EQ(door.exitCode, 0) << door.err;
    EXPECT_EQ(door.out, "0.319375 -63.875 0.000 0.000 1.0000 0.0000 0.0000 -64.000 0 0 1\n");
    EXPECT_EQ(test::runCliplab("trace '" + path + "' --model 2", line).exitCode, 2);
    std::filesystem::remove_all(dir);
}

TEST(TraceCommand, MalformedLineNamesItsNumberAndExitsTwo) {
    auto r = test::runCliplab("trace oa_dm1", "0 0 0 1 1 1 0 0 0 0 0 0\n0 0 0 1 1 one 0 0 0 0 0 0\n");
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("line 2"), std::string::npos) << r.err;
    auto shortLine = test::runCliplab("trace oa_dm1", "0 0 0 1 1 1 0 0\n");
    EXPECT_EQ(shortLine.exitCode, 2);
    EXPECT_NE(shortLine.err.find("line 1"), std::string::npos) << shortLine.err;
    auto longLine = test::runCliplab("trace oa_dm1", "\n\n0 0 0 1 1 1 0 0 0 0 0 0 7\n");
    EXPECT_EQ(longLine.exitCode, 2);
    EXPECT_NE(longLine.err.find("line 3"), std::string::npos) << longLine.err;
}

TEST(TraceCommand, CurvesOnAgreesWithTheReferenceOnOaDm1) {
    auto in = test::readGzipLines(test::dataPath("reference/traces/oa_dm1.in.gz"));
    auto ref = test::readGzipLines(test::dataPath("reference/traces/oa_dm1.mask33619969.curves1.out.gz"));
    ASSERT_TRUE(in.ok() && ref.ok());
    std::string input;
    for (size_t i = 0; i < 300; ++i)
        input += (*in)[i] + "\n";
    auto r = test::runCliplab("trace oa_dm1 --mask 33619969 --curves on", input);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto lines = splitLines(r.out);
    ASSERT_EQ(lines.size(), 300u);
    for (size_t i = 0; i < lines.size(); ++i)
        EXPECT_EQ(lines[i], (*ref)[i]) << "line " << i + 1;
    EXPECT_EQ(test::runCliplab("trace oa_dm1 --curves maybe", "").exitCode, 2);
}

TEST(TraceCommand, BadOptionValuesExitTwo) {
    EXPECT_EQ(test::runCliplab("trace oa_dm1 --semantics quake2", "").exitCode, 2);
    EXPECT_EQ(test::runCliplab("trace oa_dm1 --mask lots", "").exitCode, 2);
    EXPECT_EQ(test::runCliplab("trace oa_dm1 --epsilon -1", "").exitCode, 2);
    EXPECT_EQ(test::runCliplab("trace", "").exitCode, 2);
    EXPECT_EQ(test::runCliplab("trace no_such_map_here", "").exitCode, 1);
}

TEST(TraceCommand, TutorialSemanticsLetsATraceEndInsideTheEpsilonBand) {
    const std::string dir = test::makeTempDir("tracetut");
    const std::string cube = writeCube(dir);
    const std::string line = "100 0 0 64.05 0 0 0 0 0 0 0 0\n";
    auto q3 = test::runCliplab("trace '" + cube + "'", line);
    auto tu = test::runCliplab("trace '" + cube + "' --semantics tutorial", line);
    EXPECT_EQ(q3.out.substr(0, 16), "0.997914 64.125 ") << q3.out;
    EXPECT_EQ(tu.out.substr(0, 15), "1.000000 64.050") << tu.out;
    std::filesystem::remove_all(dir);
}

TEST(BenchTraceCommand, PrintsTheRateAsItsLastLine) {
    auto r = test::runCliplab("bench-trace oa_dm1 --repeat 2 --mask 33619969",
                              "0 0 0 100 0 0 0 0 0 0 0 0\n0 0 0 0 100 0 -15 -15 -24 15 15 32\n");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto lines = splitLines(r.out);
    ASSERT_FALSE(lines.empty());
    EXPECT_TRUE(
        std::regex_match(lines.back(), std::regex(R"(traces=4 seconds=[0-9.]+ traces_per_sec=[0-9]+)")))
        << lines.back();
    EXPECT_EQ(test::runCliplab("bench-trace oa_dm1 --repeat 0", "").exitCode, 2);
}

TEST(BenchTraceCommand, ThreadsReportOneAndNThreadsSharingTheModel) {
    auto r = test::runCliplab("bench-trace oa_dm1 --repeat 3 --threads 3 --mask 33619969",
                              "0 0 0 100 0 0 0 0 0 0 0 0\n0 0 0 0 100 0 -15 -15 -24 15 15 32\n");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto lines = splitLines(r.out);
    std::vector<std::string> threadLines;
    for (const auto& l : lines)
        if (l.rfind("threads=", 0) == 0)
            threadLines.push_back(l);
    ASSERT_EQ(threadLines.size(), 2u) << r.out;
    const std::regex line(
        R"(threads=(\d+) traces=(\d+) wall_seconds=[0-9.]+ wall_traces_per_sec=[0-9]+ scaling=([0-9.]+))");
    std::smatch m;
    ASSERT_TRUE(std::regex_match(threadLines[0], m, line)) << threadLines[0];
    EXPECT_EQ(m[1], "1");
    EXPECT_EQ(m[2], "6"); // 2 lines x 3 passes
    EXPECT_EQ(m[3], "1.00");
    ASSERT_TRUE(std::regex_match(threadLines[1], m, line)) << threadLines[1];
    EXPECT_EQ(m[1], "3");
    EXPECT_EQ(m[2], "18"); // each of the 3 threads traces every line 3 times
    // The one-thread CPU figure stays the last line, as scripts read it.
    EXPECT_TRUE(
        std::regex_match(lines.back(), std::regex(R"(traces=6 seconds=[0-9.]+ traces_per_sec=[0-9]+)")))
        << lines.back();
    for (const char* bad : {"1", "0", "257", "two"})
        EXPECT_EQ(test::runCliplab(std::string("bench-trace oa_dm1 --threads ") + bad, "").exitCode, 2)
            << bad;
}

TEST(BenchLoadCommand, PrintsThePartsAndTheBestLoad) {
    auto r = test::runCliplab("bench-load oa_dm1 --repeat 3", "");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const auto lines = splitLines(r.out);
    ASSERT_EQ(lines.size(), 3u) << r.out;
    EXPECT_EQ(lines[0], "loads=3 brushes=575 patches=0"); // oa_dm1's brush lump holds 575 records
    EXPECT_TRUE(std::regex_match(
        lines[1],
        std::regex(
            R"(median_ms read=[0-9.]+ parse_and_check=[0-9.]+ collision_model=[0-9.]+ total=[0-9.]+)")))
        << lines[1];
    EXPECT_TRUE(std::regex_match(lines[2], std::regex(R"(ms_per_load=[0-9.]+)"))) << lines[2];
    // Bad input: clear messages, never a crash.
    const std::string dir = test::makeTempDir("benchload");
    test::writeFile(dir + "/bad.bsp", std::string("IBSP\x2e\0\0\0short"));
    auto bad = test::runCliplab("bench-load '" + dir + "/bad.bsp'", "");
    EXPECT_EQ(bad.exitCode, 1);
    EXPECT_NE(bad.err.find("bad.bsp: truncated file"), std::string::npos) << bad.err;
    EXPECT_EQ(test::runCliplab("bench-load oa_dm1 --repeat 0", "").exitCode, 2);
    EXPECT_EQ(test::runCliplab("bench-load", "").exitCode, 2);
    EXPECT_EQ(test::runCliplab(
                  "bench-load '" + std::string(CLIPLAB_SOURCE_DIR) + "/assets/maps/playground.map'", "")
                  .exitCode,
              2);
    std::filesystem::remove_all(dir);
}

TEST(TraceCommand, CylinderShapeIgnoresTheBoxColumns) {
    const std::string dir = test::makeTempDir("tracecyl");
    const std::string path = dir + "/wall.bsp";
    test::writeFile(path, bsp::write(test::makeBrushMap({{test::boxPlanes({64, -64, -64}, {128, 64, 64})}})));
    // The box columns say 40 wide; the cylinder of radius 16 stops at 64 - 16 - 0.125.
    const std::string line = "0 0 0 200 0 0 -40 -40 -40 40 40 40\n";
    auto r = test::runCliplab("trace '" + path + "' --shape cylinder --radius 16 --half-height 24", line);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, "0.239375 47.875 0.000 0.000 -1.0000 0.0000 0.0000 -64.000 0 0 1\n");
    EXPECT_EQ(test::runCliplab("trace '" + path + "' --shape cylinder --radius 16", line).exitCode, 2);
    EXPECT_EQ(test::runCliplab("trace '" + path + "' --shape cone --radius 16", line).exitCode, 2);
    EXPECT_EQ(test::runCliplab("trace '" + path + "' --shape box --radius 16", line).exitCode, 2);
    EXPECT_EQ(test::runCliplab("trace '" + path + "' --shape sphere --radius -1", line).exitCode, 2);
    std::filesystem::remove_all(dir);
}

TEST(TraceCommand, ShapeAndMaskWordsOnALine) {
    // The words `walk --record` writes after the 12 numbers: a shape that wins over --shape, and
    // a contents mask that wins over --mask.
    const std::string dir = test::makeTempDir("traceshape");
    const std::string path = dir + "/wall.bsp";
    test::writeFile(path, bsp::write(test::makeBrushMap({{test::boxPlanes({64, -64, -64}, {128, 64, 64})}})));
    const std::string seg = "0 0 0 200 0 0 ";
    auto words =
        test::runCliplab("trace '" + path + "'",
                         seg + "-40 -40 -40 40 40 40 cylinder 16 24\n" + seg + "0 0 0 0 0 0 sphere 8\n" +
                             seg + "-4 -4 -4 4 4 4 capsule mask 1\n" + seg + "0 0 0 0 0 0 box\n" + seg +
                             "-4 -4 -4 4 4 4 mask 2\n" + seg + "-4 -4 -4 4 4 4 ray\n");
    ASSERT_EQ(words.exitCode, 0) << words.err;
    const auto out = splitLines(words.out);
    ASSERT_EQ(out.size(), 6u);
    // As the whole-input options say for the same shapes.
    auto cylinder = test::runCliplab("trace '" + path + "' --shape cylinder --radius 16 --half-height 24",
                                     seg + "-40 -40 -40 40 40 40\n");
    auto sphere = test::runCliplab("trace '" + path + "' --shape sphere --radius 8", seg + "0 0 0 0 0 0\n");
    auto capsule = test::runCliplab("trace '" + path + "' --shape capsule", seg + "-4 -4 -4 4 4 4\n");
    auto ray = test::runCliplab("trace '" + path + "'", seg + "0 0 0 0 0 0\n");
    EXPECT_EQ(out[0] + "\n", cylinder.out);
    EXPECT_EQ(out[1] + "\n", sphere.out);
    EXPECT_EQ(out[2] + "\n", capsule.out);
    EXPECT_EQ(out[3] + "\n", ray.out);                             // a zero box is a point either way
    EXPECT_EQ(out[4].rfind("1.000000 200.000 ", 0), 0u) << out[4]; // mask 2 (lava) misses the solid wall
    EXPECT_EQ(out[5] + "\n", ray.out);                             // "ray" ignores the box columns
    std::filesystem::remove_all(dir);
}

TEST(TraceCommand, PlaneShiftMethodMatchesTheBrushTraceOnAWall) {
    const std::string dir = test::makeTempDir("traceps");
    const std::string path = dir + "/wall.bsp";
    test::writeFile(path, bsp::write(test::makeBrushMap({{test::boxPlanes({64, -64, -64}, {128, 64, 64})}})));
    const std::string lines = "0 0 0 200 0 0 0 0 0 0 0 0\n0 0 0 200 0 0 -16 -16 -16 16 16 16\n";
    auto brush = test::runCliplab("trace '" + path + "' --method brush", lines);
    auto shifted = test::runCliplab("trace '" + path + "' --method planeshift", lines);
    auto plain = test::runCliplab("trace '" + path + "' --method planeshift --bevels off", lines);
    ASSERT_EQ(brush.exitCode, 0) << brush.err;
    ASSERT_EQ(shifted.exitCode, 0) << shifted.err;
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_EQ(brush.out, "0.319375 63.875 0.000 0.000 -1.0000 0.0000 0.0000 -64.000 0 0 1\n"
                         "0.239375 47.875 0.000 0.000 -1.0000 0.0000 0.0000 -64.000 0 0 1\n");
    EXPECT_EQ(shifted.out, brush.out);
    EXPECT_EQ(plain.out, brush.out);
    EXPECT_EQ(test::runCliplab("trace '" + path + "' --method bsp", lines).exitCode, 2);
    EXPECT_EQ(test::runCliplab("trace '" + path + "' --method planeshift --model 1", lines).exitCode, 2);
    std::filesystem::remove_all(dir);
}

TEST(TraceCommand, PlaneShiftRefusesAnInlineModel) {
    // A map with an inline model *1 (a door, say): plane shifting has no tree for it, so asking
    // for it is an error, not a trace of the world in its place.
    const std::string dir = test::makeTempDir("tracepsmodel");
    const std::string path = dir + "/door.bsp";
    test::writeFile(path, bsp::write(test::makeBrushMap({{test::boxPlanes({300, -64, -64}, {364, 64, 64})},
                                                         {test::boxPlanes({64, -64, -64}, {128, 64, 64})}},
                                                        1)));
    const std::string line = "0 0 0 200 0 0 0 0 0 0 0 0\n";
    auto door = test::runCliplab("trace '" + path + "' --model 1", line);
    ASSERT_EQ(door.exitCode, 0) << door.err;
    EXPECT_EQ(door.out.substr(0, 8), "0.319375") << "the brush trace hits the door";
    auto shifted = test::runCliplab("trace '" + path + "' --method planeshift --model 1", line);
    EXPECT_EQ(shifted.exitCode, 2) << shifted.out;
    EXPECT_NE(shifted.err.find("world only"), std::string::npos) << shifted.err;
    std::filesystem::remove_all(dir);
}

TEST(TraceCommand, CompareMethodsReportsEarlyStops) {
    const std::string dir = test::makeTempDir("compare");
    const std::string path = dir + "/wedge.bsp";
    // A wedge given by its faces only: its apex ridge (x = 0, z = 64) protrudes when plane shifted
    // without bevels; a sphere passing 9 units above it is stopped early there, not with bevels.
    test::writeFile(path, bsp::write(test::makeBrushMap({{{{{-1, 0, 0}, 0},
                                                           {{0, -1, 0}, 64},
                                                           {{0, 1, 0}, 64},
                                                           {{0, 0, -1}, 0},
                                                           test::planeThrough({1, 0, 1}, {64, 0, 0})}}})));
    const std::string line = "-100 0 73 -1 0 73 0 0 0 0 0 0\n";
    auto off =
        test::runCliplab("compare-methods '" + path + "' --shape sphere --radius 8 --bevels off", line);
    ASSERT_EQ(off.exitCode, 0) << off.err;
    EXPECT_NE(off.out.find("segments=1 "), std::string::npos) << off.out;
    EXPECT_NE(off.out.find("planeshift_hits=1 "), std::string::npos) << off.out;
    EXPECT_NE(off.out.find("early_count=1 "), std::string::npos) << off.out;
    auto on = test::runCliplab("compare-methods '" + path + "' --shape sphere --radius 8", line);
    ASSERT_EQ(on.exitCode, 0) << on.err;
    EXPECT_NE(on.out.find("early_count=0 "), std::string::npos) << on.out;
    std::filesystem::remove_all(dir);
}

TEST(TraceCommand, CurvesAreOnByDefault) {
    // Rays straight down through the playground's curved ramp (station "patch: curved ramp" at
    // 64 3520, the ramp rising towards +y): with curves, as in the game, they stop on the ramp
    // above the floor (z = 0); with --curves off they fall through to the floor.
    std::string input;
    for (int y : {3616, 3680, 3744})
        input += "64 " + std::to_string(y) + " 300 64 " + std::to_string(y) + " -100 0 0 0 0 0 0\n";
    const std::string map = "trace '" + test::playgroundPath() + "'";
    auto byDefault = test::runCliplab(map, input);
    auto on = test::runCliplab(map + " --curves on", input);
    auto off = test::runCliplab(map + " --curves off", input);
    ASSERT_EQ(byDefault.exitCode, 0) << byDefault.err;
    EXPECT_EQ(byDefault.out, on.out);
    const auto lines = splitLines(byDefault.out), offLines = splitLines(off.out);
    ASSERT_EQ(lines.size(), 3u);
    ASSERT_EQ(offLines.size(), 3u);
    for (size_t i = 0; i < 3; ++i) {
        float f = 0, x = 0, y = 0, z = 0, offZ = 0;
        ASSERT_EQ(std::sscanf(lines[i].c_str(), "%f %f %f %f", &f, &x, &y, &z), 4) << lines[i];
        ASSERT_EQ(std::sscanf(offLines[i].c_str(), "%f %f %f %f", &f, &x, &y, &offZ), 4) << offLines[i];
        EXPECT_GT(z, 4.0f) << "on the ramp: " << lines[i];
        EXPECT_FLOAT_EQ(offZ, 0.125f) << "on the floor, epsilon above: " << offLines[i];
    }
    // Plane shifting's tree has no patches: curves are off there, and asking for them is an error.
    auto shifted = test::runCliplab(map + " --method planeshift", input);
    ASSERT_EQ(shifted.exitCode, 0) << shifted.err;
    EXPECT_EQ(splitLines(shifted.out).size(), 3u);
    auto refused = test::runCliplab(map + " --method planeshift --curves on", input);
    EXPECT_EQ(refused.exitCode, 2);
    EXPECT_NE(refused.err.find("--curves off"), std::string::npos) << refused.err;
    auto compare = test::runCliplab("compare-methods '" + test::playgroundPath() + "' --curves on", input);
    EXPECT_EQ(compare.exitCode, 2);
    EXPECT_NE(compare.err.find("no patches"), std::string::npos) << compare.err;
    // Where plane shifting cannot answer (the tracing module's one rule), trace and compare-methods
    // both say why.
    for (const std::string& command :
         {map + " --method planeshift", "compare-methods '" + test::playgroundPath() + "'"}) {
        auto tutorial = test::runCliplab(command + " --semantics tutorial", input);
        EXPECT_EQ(tutorial.exitCode, 2) << command;
        EXPECT_NE(tutorial.err.find("the game's epsilon rules only"), std::string::npos) << tutorial.err;
    }
}

TEST(TraceCommand, SixNumbersAreARay) {
    // `sx sy sz ex ey ez` alone is the 12-number line with a zero box: a ray; a shape word may
    // follow as on a 12-number line (here a sphere, whose radius is on the line).
    const std::string map = "trace '" + test::playgroundPath() + "'";
    auto six = test::runCliplab(map, "64 -448 300 64 -448 -100\n64 -448 300 64 -448 -100 sphere 8\n");
    auto twelve = test::runCliplab(map, "64 -448 300 64 -448 -100 0 0 0 0 0 0\n"
                                        "64 -448 300 64 -448 -100 0 0 0 0 0 0 sphere 8\n");
    ASSERT_EQ(six.exitCode, 0) << six.err;
    EXPECT_EQ(six.out, twelve.out);
    const auto lines = splitLines(six.out);
    ASSERT_EQ(lines.size(), 2u);
    // The floor is at z = 0: the ray stops epsilon above it, the sphere's centre 8 higher.
    float f = 0, x = 0, y = 0, z = 0;
    ASSERT_EQ(std::sscanf(lines[0].c_str(), "%f %f %f %f", &f, &x, &y, &z), 4);
    EXPECT_FLOAT_EQ(z, 0.125f);
    ASSERT_EQ(std::sscanf(lines[1].c_str(), "%f %f %f %f", &f, &x, &y, &z), 4);
    EXPECT_FLOAT_EQ(z, 8.125f);
}
