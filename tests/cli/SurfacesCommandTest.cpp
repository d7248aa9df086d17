// `cliplab surfaces`: one line per class with its counts, per-brush lines with --brushes, exit 2
// for a bad command line and 1 for a map that cannot be read.

#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace cliplab;

namespace {

// The ice is slick by its shader script's surfaceparm, as q3map2 takes it (the lines' flags do not
// count): the map lies in DIR/maps/, so DIR/scripts/*.shader is read first.
const char* kMap = "{\n\"classname\" \"worldspawn\"\n"
                   "{\n( 0 0 0 ) ( 0 1 0 ) ( 0 0 1 ) base/ice 0 0 0 0.5 0.5 0 2 0\n"
                   "( 64 0 0 ) ( 64 0 1 ) ( 64 1 0 ) base/ice 0 0 0 0.5 0.5 0 2 0\n"
                   "( 0 0 0 ) ( 0 0 1 ) ( 1 0 0 ) base/ice 0 0 0 0.5 0.5 0 2 0\n"
                   "( 0 64 0 ) ( 1 64 0 ) ( 0 64 1 ) base/ice 0 0 0 0.5 0.5 0 2 0\n"
                   "( 0 0 0 ) ( 1 0 0 ) ( 0 1 0 ) base/ice 0 0 0 0.5 0.5 0 2 0\n"
                   "( 0 0 64 ) ( 0 1 64 ) ( 1 0 64 ) base/ice 0 0 0 0.5 0.5 0 2 0\n}\n}\n";
const char* kIceShader = "textures/base/ice\n{\n\tsurfaceparm slick\n}\n";

} // namespace

TEST(SurfacesCommand, CountsPerClassAndPerBrush) {
    const std::string dir = test::makeTempDir("surfaces");
    std::filesystem::create_directories(dir + "/maps");
    std::filesystem::create_directories(dir + "/scripts");
    test::writeFile(dir + "/maps/ice.map", std::string(kMap));
    test::writeFile(dir + "/scripts/ice.shader", std::string(kIceShader));
    auto r = test::runCliplab("surfaces " + dir + "/maps/ice.map --brushes");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.rfind("brush 0 model 0 worldspawn walkable=1 slick=6\n", 0), 0u) << r.out;
    EXPECT_NE(r.out.find("\nwalkable     sides=1 patch_facets=0 brushes=1\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nslick        sides=6 patch_facets=0 brushes=1\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nlava         sides=0 patch_facets=0 brushes=0\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\nsides=6 patch_facets=0 unclassified=0\n"), std::string::npos) << r.out;
    std::filesystem::remove_all(dir);
}

TEST(SurfacesCommand, BadInput) {
    const std::string dir = test::makeTempDir("surfaces");
    test::writeFile(dir + "/ice.map", std::string(kMap));
    auto curves = test::runCliplab("surfaces " + dir + "/ice.map --curves sometimes");
    EXPECT_EQ(curves.exitCode, 2);
    EXPECT_NE(curves.err.find("--curves: expected on or off, got 'sometimes'"), std::string::npos)
        << curves.err;
    auto none = test::runCliplab("surfaces");
    EXPECT_EQ(none.exitCode, 2);
    EXPECT_NE(none.err.find("expected one MAP argument"), std::string::npos) << none.err;
    test::writeFile(dir + "/broken.map", std::string("{\n\"classname\" \"worldspawn\"\n{\n"));
    auto broken = test::runCliplab("surfaces " + dir + "/broken.map");
    EXPECT_NE(broken.exitCode, 0);
    EXPECT_NE(broken.err.find("broken.map"), std::string::npos) << broken.err;
}
