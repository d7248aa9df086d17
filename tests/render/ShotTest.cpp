// `cliplab shot` end to end: runs the program (under Xvfb, see tests/CMakeLists.txt) and checks the
// pictures it writes.

#include "bsp/BspFile.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include "support/Png.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

using namespace cliplab;

namespace {

using test::Image;
using test::loadPng;

/// Mean colour and luminance spread of the rectangle [x0, x1) x [y0, y1) given in fractions of the image.
struct RegionStats {
    double r = 0, g = 0, b = 0, lumaStdDev = 0;
    double magentaFraction = 0; ///< Pixels of the missing-texture checker.
};

RegionStats region(const Image& img, double x0, double y0, double x1, double y1) {
    RegionStats s;
    const int ax = static_cast<int>(x0 * img.width), bx = static_cast<int>(x1 * img.width);
    const int ay = static_cast<int>(y0 * img.height), by = static_cast<int>(y1 * img.height);
    double sum2 = 0, sumL = 0;
    long n = 0, magenta = 0;
    for (int y = ay; y < by; ++y)
        for (int x = ax; x < bx; ++x) {
            const unsigned char* p = &img.rgb[static_cast<size_t>((y * img.width + x) * 3)];
            s.r += p[0];
            s.g += p[1];
            s.b += p[2];
            const double l = 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
            sumL += l;
            sum2 += l * l;
            // Checker magenta, also when filtered towards black: red = blue, no green.
            magenta += p[0] > 100 && p[2] > 100 && p[1] < 40 && std::abs(p[0] - p[2]) < 30;
            ++n;
        }
    s.r /= static_cast<double>(n);
    s.g /= static_cast<double>(n);
    s.b /= static_cast<double>(n);
    const double mean = sumL / static_cast<double>(n);
    s.lumaStdDev = std::sqrt(std::max(0.0, sum2 / static_cast<double>(n) - mean * mean));
    s.magentaFraction = static_cast<double>(magenta) / static_cast<double>(n);
    return s;
}

/// The value of `key=` in the command output, or "".
std::string field(const std::string& out, const std::string& key) {
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(key + "=", 0) == 0)
            return line.substr(key.size() + 1);
    return "";
}

/// `cliplab shot OPTIONS` of oa_dm1's altar (view 3 of docs/performance.md) at 320x180, written to
/// DIR/PNG: a view inside the map, where the world covers every pixel.
test::CommandResult shotAtAltar(const std::string& dir, const std::string& options, const std::string& png) {
    return test::runCliplab("shot " + options +
                            " oa_dm1 --pos 216 1156 54 --angles 0 180 --size 320x180 --out '" + dir + "/" +
                            png + "'");
}

void requireGameData() {
    ASSERT_FALSE(test::openArenaBaseDir().empty())
        << "needs openarena-081-maps, openarena-081-textures, openarena-data";
}

} // namespace

namespace {

/// `img` shrunk by `factor` in each direction, each pixel the mean of a factor x factor block (as
/// ImageMagick's `-filter box -resize` shrinks by a whole factor).
Image shrink(const Image& img, int factor) {
    Image out;
    out.width = img.width / factor;
    out.height = img.height / factor;
    out.rgb.resize(static_cast<size_t>(out.width * out.height * 3));
    for (int y = 0; y < out.height; ++y)
        for (int x = 0; x < out.width; ++x)
            for (int c = 0; c < 3; ++c) {
                int sum = 0;
                for (int dy = 0; dy < factor; ++dy)
                    for (int dx = 0; dx < factor; ++dx)
                        sum += img.rgb[static_cast<size_t>(
                            ((y * factor + dy) * img.width + x * factor + dx) * 3 + c)];
                out.rgb[static_cast<size_t>((y * out.width + x) * 3 + c)] =
                    static_cast<unsigned char>((sum + factor * factor / 2) / (factor * factor));
            }
    return out;
}

} // namespace

TEST(Shot, OaDm1ViewsLookLikeTheGame) {
    requireGameData();
    // The game's own pictures (OpenArena, opengl1 renderer, no HUD or gun, 1280x720, shrunk to
    // 320x180) at the eyes where its player settled after `setviewpos` (scripts/compare-render-
    // speed.sh with a SHOTS_DIR made them; tests/data/render/game/README.md). Ours is drawn at
    // the same eye and size, shrunk the same way, and compared by structure (SSIM): lighting,
    // texture alignment and geometry must agree; the items' bob and turn (the game's clock is not
    // ours) and filtering differences cost a little.
    struct GameView {
        const char* file;
        const char* eye;
        const char* yaw;
    };
    const GameView views[] = {{"render/game/oa_dm1-view1.png", "1060 1356 98", "225"},
                              {"render/game/oa_dm1-view2.png", "-452 768 50", "0"},
                              {"render/game/oa_dm1-view3.png", "228 1156 50", "180"}};
    const std::string dir = test::makeTempDir("shot");
    std::vector<Image> ours, game;
    for (const GameView& v : views) {
        const std::string png = dir + "/ours.png";
        const auto r = test::runCliplab(std::string("shot oa_dm1 --pos ") + v.eye + " --angles 0 " + v.yaw +
                                        " --size 1280x720 --out '" + png + "'");
        ASSERT_EQ(r.exitCode, 0) << r.err;
        EXPECT_EQ(field(r.out, "missing_textures"), "0") << r.err;
        const Image full = loadPng(png);
        ASSERT_EQ(full.width, 1280);
        ours.push_back(shrink(full, 4));
        game.push_back(loadPng(test::dataPath(v.file)));
        ASSERT_EQ(game.back().width, 320) << v.file;
    }
    for (size_t i = 0; i < ours.size(); ++i) {
        SCOPED_TRACE(views[i].file);
        const double same = test::meanSsim(ours[i], game[i]);
        EXPECT_GT(same, 0.88) << "our view against the game's"; // 0.915-0.974 when made
        // The comparison tells views apart: ours against the game's other two views scores far lower.
        for (size_t j = 0; j < game.size(); ++j)
            if (j != i) {
                const double other = test::meanSsim(ours[i], game[j]);
                EXPECT_LT(other, same - 0.3)
                    << "against " << views[j].file << ": " << other << ", same view " << same;
            }
        const RegionStats a = region(ours[i], 0, 0, 1, 1), b = region(game[i], 0, 0, 1, 1);
        // Overall brightness and colour within a few grey levels of the game's (ours 1-1.7 brighter
        // when made).
        EXPECT_NEAR(a.r, b.r, 4.0);
        EXPECT_NEAR(a.g, b.g, 4.0);
        EXPECT_NEAR(a.b, b.b, 4.0);
        std::printf("%s: SSIM %.3f, mean rgb ours %.1f %.1f %.1f, game %.1f %.1f %.1f\n", views[i].file, same,
                    a.r, a.g, a.b, b.r, b.g, b.b);
    }
    std::filesystem::remove_all(dir);
}

TEST(Shot, AltarViewHasRedWindowsAndGreyStone) {
    requireGameData();
    const std::string png = test::makeTempDir("shot") + "/altar.png";
    const auto r =
        test::runCliplab("shot oa_dm1 --pos 324 1156 50 --angles 0 180 --size 640x360 --out '" + png + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const Image img = loadPng(png);
    ASSERT_EQ(img.width, 640);
    // The lava-lit windows at both sides glow red.
    const RegionStats leftWindow = region(img, 0.18, 0.15, 0.21, 0.35);
    EXPECT_GT(leftWindow.r, 2 * leftWindow.g) << leftWindow.r << " " << leftWindow.g;
    // The altar wall in the middle is neutral grey stone.
    const RegionStats wall = region(img, 0.42, 0.2, 0.58, 0.45);
    EXPECT_LT(std::fabs(wall.r - wall.b), 25.0) << wall.r << " " << wall.b;
}

TEST(Shot, ViewsAndCullingToggles) {
    requireGameData();
    const std::string dir = test::makeTempDir("shot");
    const std::string common =
        " oa_dm1 --pos 324 1156 50 --angles 0 180 --size 320x180 --out '" + dir + "/x.png'";
    const auto culled = test::runCliplab("shot" + common);
    const auto noPvs = test::runCliplab("shot --no-pvs" + common);
    const auto none = test::runCliplab("shot --no-pvs --no-frustum" + common);
    ASSERT_EQ(culled.exitCode, 0) << culled.err;
    ASSERT_EQ(noPvs.exitCode, 0) << noPvs.err;
    ASSERT_EQ(none.exitCode, 0) << none.err;
    const int a = std::stoi(field(culled.out, "surfaces"));
    const int b = std::stoi(field(noPvs.out, "surfaces"));
    const int c = std::stoi(field(none.out, "surfaces"));
    EXPECT_LT(a, b);
    EXPECT_LT(b, c);
    EXPECT_GT(std::stoi(field(culled.out, "leaves_pvs_culled")), 0);

    const auto flat = test::runCliplab("shot --view flat" + common);
    ASSERT_EQ(flat.exitCode, 0) << flat.err;
    const RegionStats f = region(loadPng(dir + "/x.png"), 0, 0, 1, 1);
    EXPECT_LT(std::fabs(f.r - f.b), 1.0); // grey shading only
    EXPECT_GT(f.lumaStdDev, 5.0);         // but shaded by normals

    const auto light = test::runCliplab("shot --view lightmap --wireframe" + common);
    ASSERT_EQ(light.exitCode, 0) << light.err;
    EXPECT_GT(region(loadPng(dir + "/x.png"), 0, 0, 1, 1).lumaStdDev, 5.0);

    // Collision brushes instead of surfaces, through the debug-draw layer; bevel arrows on request.
    const auto plain = test::runCliplab("shot --view brushes" + common);
    ASSERT_EQ(plain.exitCode, 0) << plain.err;
    EXPECT_EQ(std::stoi(field(plain.out, "bevel_sides")), 0);
    EXPECT_EQ(test::runCliplab("shot --bevels" + common).exitCode, 2); // bevels need the brush view
    const auto brushes = test::runCliplab("shot --view brushes --bevels" + common);
    ASSERT_EQ(brushes.exitCode, 0) << brushes.err;
    EXPECT_GT(std::stoi(field(brushes.out, "brushes_solid")), 100);
    EXPECT_GT(std::stoi(field(brushes.out, "brushes_playerclip")), 0);
    EXPECT_EQ(std::stoi(field(brushes.out, "brushes_lava")), 1);
    EXPECT_EQ(std::stoi(field(brushes.out, "brushes_other")), 0); // hidden at first, as in the viewer
    EXPECT_GT(std::stoi(field(brushes.out, "bevel_sides")), 0);
    const RegionStats br = region(loadPng(dir + "/x.png"), 0, 0, 1, 1);
    EXPECT_GT(br.lumaStdDev, 5.0);
    EXPECT_GT(br.r + br.g + br.b, 3 * 60.0); // translucent hulls cover the black background
}

TEST(Shot, NearestFirstShadesFewerSamplesForTheSamePicture) {
    requireGameData();
    const std::string dir = test::makeTempDir("shot");
    const auto nearest = shotAtAltar(dir, "", "nearest.png");
    const auto shaderOrder = shotAtAltar(dir, "--shader-order", "shader.png");
    const auto prepass = shotAtAltar(dir, "--depth-prepass --shader-order", "prepass.png");
    ASSERT_EQ(nearest.exitCode, 0) << nearest.err;
    ASSERT_EQ(shaderOrder.exitCode, 0) << shaderOrder.err;
    ASSERT_EQ(prepass.exitCode, 0) << prepass.err;
    const long long nearestSamples = std::stoll(field(nearest.out, "colour_samples"));
    const long long shaderSamples = std::stoll(field(shaderOrder.out, "colour_samples"));
    const long long prepassSamples = std::stoll(field(prepass.out, "colour_samples"));
    EXPECT_GE(prepassSamples, 320 * 180); // every pixel at least once
    // In the shader order, surfaces drawn before what hides them are shaded too; nearest first,
    // most of them fail the depth test; the pre-pass leaves only what is seen.
    EXPECT_LT(nearestSamples, shaderSamples * 3 / 4);
    EXPECT_LT(prepassSamples, nearestSamples);
    // The order changes the work, not the picture (but for depth ties between coplanar surfaces).
    const Image a = loadPng(dir + "/nearest.png"), b = loadPng(dir + "/shader.png"),
                c = loadPng(dir + "/prepass.png");
    ASSERT_EQ(a.rgb.size(), b.rgb.size());
    ASSERT_EQ(a.rgb.size(), c.rgb.size());
    size_t differB = 0, differC = 0;
    for (size_t i = 0; i < a.rgb.size(); i += 3) {
        differB += a.rgb[i] != b.rgb[i] || a.rgb[i + 1] != b.rgb[i + 1] || a.rgb[i + 2] != b.rgb[i + 2];
        differC += a.rgb[i] != c.rgb[i] || a.rgb[i + 1] != c.rgb[i + 1] || a.rgb[i + 2] != c.rgb[i + 2];
    }
    EXPECT_LT(differB, a.rgb.size() / 3 / 1000);
    EXPECT_LT(differC, a.rgb.size() / 3 / 1000);
    // The collision brushes view without the items draws no surfaces.
    const auto brushes = shotAtAltar(dir, "--view brushes --models off", "brushes.png");
    ASSERT_EQ(brushes.exitCode, 0) << brushes.err;
    EXPECT_EQ(field(brushes.out, "colour_samples"), "0");
}

TEST(Shot, AlternateDrawsEverySecondFrameWithTheOtherSettings) {
    requireGameData();
    const std::string dir = test::makeTempDir("shot");
    const auto plain = shotAtAltar(dir, "", "plain.png");
    const auto prepass = shotAtAltar(dir, "--depth-prepass --shader-order", "prepass.png");
    // An even count ends on an alternate frame, so one more of the command's own settings follows:
    // the picture and the counters are the plain shot's, not the flat view's.
    const auto flat = shotAtAltar(dir, "--frames 6 --alternate '--view flat'", "flat.png");
    // An odd count ends on the command's own settings.
    const auto timed =
        shotAtAltar(dir, "--frames 5 --alternate '--depth-prepass --shader-order'", "timed.png");
    for (const auto* r : {&plain, &prepass, &flat, &timed})
        ASSERT_EQ(r->exitCode, 0) << r->err;
    EXPECT_EQ(field(flat.out, "colour_samples"), field(plain.out, "colour_samples"));
    const Image a = loadPng(dir + "/plain.png"), b = loadPng(dir + "/flat.png");
    EXPECT_EQ(a.rgb, b.rgb);
    EXPECT_EQ(field(flat.out, "alternate"), "--view flat");
    // The alternate frames were drawn with the pre-pass: they shaded what a pre-pass shot shades.
    EXPECT_EQ(field(timed.out, "alternate_colour_samples"), field(prepass.out, "colour_samples"));
    EXPECT_EQ(field(timed.out, "colour_samples"), field(plain.out, "colour_samples"));
    EXPECT_GT(std::stod(field(timed.out, "alternate_ms_per_frame")), 0.0);
    const double ratio = std::stod(field(timed.out, "alternate_over_own_cpu"));
    EXPECT_NEAR(ratio,
                std::stod(field(timed.out, "alternate_cpu_ms_per_frame")) /
                    std::stod(field(timed.out, "cpu_ms_per_frame")),
                0.02);
}

TEST(Shot, PatchLevelChangesTheTriangleCount) {
    requireGameData();
    // oa_dm3 has bezier patches; with culling off every surface is drawn.
    const std::string common =
        " oa_dm3 --no-pvs --no-frustum --size 160x90 --out '" + test::makeTempDir("shot") + "/p.png'";
    const auto coarse = test::runCliplab("shot --patch-level 1" + common);
    const auto fine = test::runCliplab("shot --patch-level 8" + common);
    ASSERT_EQ(coarse.exitCode, 0) << coarse.err;
    ASSERT_EQ(fine.exitCode, 0) << fine.err;
    EXPECT_EQ(field(coarse.out, "surfaces"), field(fine.out, "surfaces"));
    EXPECT_GT(std::stoi(field(fine.out, "triangles")), std::stoi(field(coarse.out, "triangles")) + 1000);
    EXPECT_EQ(field(fine.out, "missing_textures"), "0");
}

TEST(Shot, MissingTexturesShowTheChecker) {
    // A map from a file whose texture exists nowhere: the checker is drawn and counted.
    const std::string dir = test::makeTempDir("shot");
    test::writeFile(dir + "/cube.bsp", bsp::write(test::makeCubeMap()));
    // The cube's one surface (top, z = 64) faces the camera below it with this fixture's winding.
    const auto r =
        test::runCliplab("shot '" + dir + "/cube.bsp' --pos 0 0 -100 --angles -89 0 --size 160x120 --out '" +
                         dir + "/cube.png' --basepath '" + dir + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(field(r.out, "missing_textures"), "1");
    EXPECT_GT(region(loadPng(dir + "/cube.png"), 0.4, 0.4, 0.6, 0.6).magentaFraction, 0.2);
}

TEST(Shot, BadArgumentsAreUsageErrors) {
    EXPECT_EQ(test::runCliplab("shot oa_dm1").exitCode, 2); // no --out
    EXPECT_EQ(test::runCliplab("shot oa_dm1 --out x.png --size 0x10").exitCode, 2);
    EXPECT_EQ(test::runCliplab("shot oa_dm1 --out x.png --fov 200").exitCode, 2);
    EXPECT_EQ(test::runCliplab("shot oa_dm1 --out x.png --frames zero").exitCode, 2);
    EXPECT_EQ(test::runCliplab("shot oa_dm1 --out x.png --view fancy").exitCode, 2);
    // --alternate: timed, at least two frames of each setting, drawing options only, the world.
    // Each is refused for its own reason, named in the message.
    const std::pair<const char*, const char*> alternateMisuses[] = {
        {"--alternate --depth-prepass", "needs --frames"},
        {"--frames 3 --alternate --depth-prepass", "--frames 4 or more"},
        {"--frames 8 --alternate '--size 2x2'", "unknown option '--size'"},
        {"--frames 8 --alternate ''", "needs drawing options"},
        {"--frames 8 --alternate '--view brushes'", "not --view brushes"},
        {"--frames 8 --view brushes --alternate --wireframe", "not with --view brushes"},
        {"--frames 8 --ui --alternate --wireframe", "not with --ui"},
    };
    for (const auto& [options, reason] : alternateMisuses) {
        const auto r = test::runCliplab(std::string("shot oa_dm1 --out x.png ") + options);
        EXPECT_EQ(r.exitCode, 2) << options;
        EXPECT_NE(r.err.find(reason), std::string::npos) << options << ": " << r.err;
    }
    const auto missing = test::runCliplab("shot no_such_map_xyz --out x.png");
    EXPECT_EQ(missing.exitCode, 1);
    EXPECT_NE(missing.err.find("no_such_map_xyz"), std::string::npos) << missing.err;
}

TEST(Shot, LightmapViewShowsVertexLighting) {
    // The playground is vertex lit (lightmapNum -3): the lightmap view shows its vertex colours,
    // which the compiler stores at a quarter of 0.3 + 0.7 * wrap(n . sun) and the game multiplies
    // by 4. Floor (n = +z): 60 * 4 = 240; ceiling (n = -z): 23 * 4 = 92. Not white.
    const std::string dir = test::makeTempDir("shot");
    const std::string png = dir + "/light.png";
    const auto r = test::runCliplab("shot --view lightmap --size 320x180 --out '" + png + "'");
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const Image img = loadPng(png);
    const RegionStats floor = region(img, 0.45, 0.9, 0.55, 0.98),
                      ceiling = region(img, 0.45, 0.02, 0.55, 0.1);
    EXPECT_NEAR(floor.r, 240.0, 3.0);
    EXPECT_NEAR(floor.g, 240.0, 3.0);
    EXPECT_NEAR(ceiling.r, 92.0, 3.0);
    EXPECT_NEAR(ceiling.b, 92.0, 3.0);
}

TEST(Shot, OutsideTheWorldTheMapIsDrawnWithoutItsSky) {
    // wrackdm17 floats in a sky box. Inside, the sky is drawn; from outside (a solid leaf,
    // cluster -1) every leaf is drawn without the PVS and the sky surfaces are left out: drawn
    // as sky they would stand between the camera and the whole map.
    ASSERT_FALSE(test::openArenaMapsPk3().empty()) << "install openarena-081-maps (scripts/test.sh does)";
    const std::string dir = test::makeTempDir("shot");
    const auto inside = test::runCliplab("shot wrackdm17 --size 160x90 --out '" + dir + "/in.png'");
    ASSERT_EQ(inside.exitCode, 0) << inside.err;
    EXPECT_GE(std::stoi(field(inside.out, "cluster")), 0);
    EXPECT_GT(std::stoi(field(inside.out, "sky_surfaces")), 0);
    const auto outside = test::runCliplab(
        "shot wrackdm17 --pos -4500 800 1500 --angles 10 20 --size 320x180 --out '" + dir + "/out.png'");
    ASSERT_EQ(outside.exitCode, 0) << outside.err;
    EXPECT_EQ(field(outside.out, "cluster"), "-1");
    EXPECT_EQ(field(outside.out, "leaves_pvs_culled"), "0");
    EXPECT_EQ(field(outside.out, "sky_surfaces"), "0");
    EXPECT_GT(std::stoi(field(outside.out, "surfaces")), 500);
    // The station's hull in the middle right of the picture, lit, against the black around it.
    const Image img = loadPng(dir + "/out.png");
    const RegionStats hull = region(img, 0.62, 0.5, 0.98, 0.85), empty = region(img, 0.0, 0.0, 0.3, 0.3);
    EXPECT_GT(hull.r + hull.g + hull.b, 3 * 15.0);
    EXPECT_LT(empty.r + empty.g + empty.b, 3 * 5.0);
}

TEST(Shot, ItemLooksLikeOurReferencePicture) {
    requireGameData();
    // The combat armor of oa_dm1 seen from 62 units at 2 s of game time (its bob and turn are
    // functions of time, so the picture is fixed). tests/data/render/item_armor_combat.png is our
    // own earlier rendering of this view; rendering differences of a few grey levels are allowed by
    // comparing structure (SSIM), not bytes. To renew it after an intended change, run the command
    // below with --out pointing at the file and look at the picture.
    const std::string dir = test::makeTempDir("shot");
    const std::string view =
        "shot oa_dm1 --pos -330 1416 40 --angles 12 180 --size 200x150 --fov 50 --time 2";
    const auto on = test::runCliplab(view + " --out '" + dir + "/on.png'");
    const auto off = test::runCliplab(view + " --models off --out '" + dir + "/off.png'");
    const auto later =
        test::runCliplab(view.substr(0, view.size() - 1) + "2.5 --out '" + dir + "/later.png'");
    ASSERT_EQ(on.exitCode, 0) << on.err;
    ASSERT_EQ(off.exitCode, 0) << off.err;
    ASSERT_EQ(later.exitCode, 0) << later.err;
    EXPECT_EQ(field(on.out, "models"), "1");
    EXPECT_EQ(field(off.out, "models"), "0");
    EXPECT_EQ(field(on.out, "missing_textures"), "0");
    const Image reference = loadPng(test::dataPath("render/item_armor_combat.png"));
    ASSERT_EQ(reference.width, 200);
    // Where the armor is: the left half, above the floor's edge.
    const double x0 = 0.05, y0 = 0.1, x1 = 0.6, y1 = 0.85;
    const double same = test::meanSsim(loadPng(dir + "/on.png"), reference, x0, y0, x1, y1);
    const double without = test::meanSsim(loadPng(dir + "/off.png"), reference, x0, y0, x1, y1);
    const double turned = test::meanSsim(loadPng(dir + "/later.png"), reference, x0, y0, x1, y1);
    EXPECT_GT(same, 0.95) << "without models " << without << ", half a second later " << turned;
    // The comparison sees the item: without it, or turned away, the picture is clearly different.
    EXPECT_LT(without, 0.75);
    EXPECT_LT(turned, 0.75);
}

TEST(Shot, SkiesLookLikeOurReferencePictures) {
    requireGameData();
    // Looking up from the first spawn point: wrackdm17's farbox (six images, a starfield with its
    // moons) and oa_rpg3dm2's cloud layers (its farbox is incomplete, so the layers alone), at 3 s
    // of shader time. The references are our own renderings of these views, made before the sky
    // got one program per kind (farbox, cloud layer, plain colour); the programs draw the same
    // picture. To renew one after an intended change, run its command with --out pointing at the
    // file and look at the picture.
    const std::string dir = test::makeTempDir("shot");
    for (const auto& [map, reference] :
         {std::pair<std::string, std::string>{"wrackdm17", "sky_farbox_wrackdm17"},
          {"oa_rpg3dm2", "sky_clouds_oa_rpg3dm2"}}) {
        SCOPED_TRACE(map);
        const std::string view = "shot " + map + " --size 200x150 --time 3 --angles -60 ";
        const auto up = test::runCliplab(view + "0 --out '" + dir + "/up.png'");
        const auto turned = test::runCliplab(view + "90 --out '" + dir + "/turned.png'");
        ASSERT_EQ(up.exitCode, 0) << up.err;
        ASSERT_EQ(turned.exitCode, 0) << turned.err;
        EXPECT_GT(std::stoi(field(up.out, "sky_surfaces")), 0);
        EXPECT_EQ(field(up.out, "missing_textures"), "0");
        const Image expected = loadPng(test::dataPath("render/" + reference + ".png"));
        ASSERT_EQ(expected.width, 200);
        const double same = test::meanSsim(loadPng(dir + "/up.png"), expected);
        const double other = test::meanSsim(loadPng(dir + "/turned.png"), expected);
        EXPECT_GT(same, 0.95) << "turned a quarter " << other;
        // The comparison sees the sky: turned a quarter, the picture is clearly different.
        EXPECT_LT(other, 0.75) << "the same view " << same; // 0.69 and 0.71 when written
    }
}
