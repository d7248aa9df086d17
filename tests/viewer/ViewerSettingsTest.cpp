// The viewer's settings file edited by hand with hostile numbers: NaN, infinities, overflowing and
// out-of-range values are refused line by line, and the state keeps its previous values.

#include "viewer/ViewerSettings.h"
#include "collision/TraceLimits.h"
#include "support/TestSupport.h"
#include "viewer/ViewerState.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

using namespace cliplab;

namespace {

/// The state's persisted values, compared as a whole.
struct Persisted {
    int shape, semantics, view, patchLevel, ticksShown;
    bool curves, vsync, models;
    float epsilon, radius, fov;
    int32_t mask;
    double tickRate;
    bool operator==(const Persisted&) const = default;
};

Persisted persisted(const viewer::ViewerState& s) {
    return {int(s.probes.settings().shape),
            int(s.session.rules().options.semantics),
            int(s.view.values().render.view),
            s.view.values().render.patchLevel,
            s.view.values().vis.ticksShown,
            s.session.rules().options.curves,
            s.view.values().vsync,
            s.view.values().render.drawModels,
            s.session.rules().options.epsilon,
            s.probes.settings().radius,
            s.view.camera().fovX,
            s.probes.settings().mask,
            s.session.tickRate()};
}

} // namespace

TEST(ViewerSettingsFile, HostileValuesAreRefusedLineByLine) {
    const std::string path = test::makeTempDir("viewer-hostile") + "/viewer.cfg";
    const char* keys[] = {"trace.shape",       "trace.curves", "trace.epsilon",     "trace.semantics",
                          "trace.mask",        "trace.radius", "movement.tickRate", "render.view",
                          "render.patchLevel", "render.vsync", "render.fov",        "vis.ticksShown",
                          "render.models"};
    const char* hostile[] = {"nan", "-nan", "inf", "-inf", "1e99", "-1e99", "1e39", "", "0x", "12abc"};
    for (const char* key : keys)
        for (const char* value : hostile) {
            test::writeFile(path, std::string(key) + " = " + value + "\n");
            viewer::ViewerState state;
            const Persisted before = persisted(state);
            EXPECT_EQ(viewer::loadSettings(path, state), 0) << key << " = " << value;
            EXPECT_TRUE(persisted(state) == before) << key << " = " << value << " changed the state";
        }
}

TEST(ViewerSettingsFile, OutOfRangeValuesAreRefusedAndBoundsAccepted) {
    const std::string path = test::makeTempDir("viewer-range") + "/viewer.cfg";
    struct Case {
        const char* line;
        bool applied;
    };
    const Case cases[] = {
        {"trace.epsilon = -0.001", false},   {"trace.epsilon = 16.01", false},
        {"trace.epsilon = 0", true},         {"trace.epsilon = 16", true},
        {"trace.radius = -1", false},        {"trace.radius = 65", false},
        {"trace.radius = 64", true},         {"trace.mask = 1.5", false},
        {"trace.mask = 99999999999", false}, {"trace.mask = -1", true},
        {"trace.mask = 4294967295", true},   {"movement.tickRate = 29.9", false},
        {"movement.tickRate = 0", false},    {"movement.tickRate = 333", true},
        {"render.patchLevel = 65", false},   {"render.fov = 0", false},
        {"render.fov = 180", false},         {"render.fov = 179", true},
        {"vis.ticksShown = -1", false},      {"vis.ticksShown = 201", false},
        {"trace.shape = 1.5", false},        {"trace.shape = -1", false},
        {"trace.shape = 4", true},           {"trace.semantics = 4", false},
        {"trace.semantics = 3", true}, // quake3e, the last row of collision::kSemanticsNames
        {"render.models = 2", false},        {"render.models = 0", true},
    };
    for (const Case& c : cases) {
        test::writeFile(path, std::string(c.line) + "\n");
        viewer::ViewerState state;
        const Persisted before = persisted(state);
        EXPECT_EQ(viewer::loadSettings(path, state), c.applied ? 1 : 0) << c.line;
        if (!c.applied) {
            EXPECT_TRUE(persisted(state) == before) << c.line << " changed the state";
        }
        EXPECT_TRUE(std::isfinite(state.session.rules().options.epsilon) &&
                    std::isfinite(state.session.tickRate()) && std::isfinite(state.view.camera().fovX) &&
                    std::isfinite(state.probes.settings().radius))
            << c.line;
    }
    // One bad line does not stop the others.
    test::writeFile(path,
                    "trace.epsilon = nan\ntrace.radius = 8\nmovement.tickRate = inf\nrender.fov = 100\n");
    viewer::ViewerState state;
    EXPECT_EQ(viewer::loadSettings(path, state), 2);
    EXPECT_EQ(state.probes.settings().radius, 8.0f);
    EXPECT_EQ(state.view.camera().fovX, 100.0f);
    EXPECT_EQ(state.session.rules().options.epsilon, collision::TraceOptions{}.epsilon);
    EXPECT_EQ(state.session.tickRate(), movement::Simulation::kDefaultRate);
}

TEST(FrontEndRanges, CommandLineAndViewerCfgAcceptTheSameBounds) {
    // One range per setting for every front end: the command line refuses just past the bound that
    // viewer.cfg (and the panels, through the same limits::) accepts, and accepts the bound itself
    // where that can be checked without a display.
    struct Case {
        std::string cfgLine;  // viewer.cfg line at the bound
        std::string cfgPast;  // just past it
        std::string cliPast;  // the command line just past it: exit 2
        std::string cliBound; // the command line at the bound: no usage error ("" = needs a display)
    };
    const Case cases[] = {
        {"trace.epsilon = 16", "trace.epsilon = 16.01", "trace oa_dm1 --epsilon 16.01",
         "trace oa_dm1 --epsilon 16"},
        {"render.patchLevel = 64", "render.patchLevel = 65", "shot oa_dm1 --out /dev/null --patch-level 65",
         ""},
        {"render.patchLevel = 1", "render.patchLevel = 0", "shot oa_dm1 --out /dev/null --patch-level 0", ""},
        {"render.fov = 179", "render.fov = 179.5", "shot oa_dm1 --out /dev/null --fov 179.5", ""},
        {"render.fov = 1", "render.fov = 0.5", "shot oa_dm1 --out /dev/null --fov 0.5", ""},
    };
    const std::string path = test::makeTempDir("front-ranges") + "/viewer.cfg";
    for (const Case& c : cases) {
        SCOPED_TRACE(c.cfgLine);
        viewer::ViewerState state;
        test::writeFile(path, c.cfgLine + "\n");
        EXPECT_EQ(viewer::loadSettings(path, state), 1);
        test::writeFile(path, c.cfgPast + "\n");
        EXPECT_EQ(viewer::loadSettings(path, state), 0);
        EXPECT_EQ(test::runCliplab(c.cliPast, "").exitCode, 2) << c.cliPast;
        if (!c.cliBound.empty()) {
            EXPECT_EQ(test::runCliplab(c.cliBound, "").exitCode, 0) << c.cliBound;
        }
    }
    // The chase distance: view's --chase and the state's setter share limits::kChaseMax.
    EXPECT_EQ(
        test::runCliplab("view --chase " + std::to_string(viewer::limits::kChaseMax + 1.0f), "").exitCode, 2);
    viewer::ViewerState state;
    state.settings.number("cg_thirdPersonRange").set(viewer::limits::kChaseMax + 100.0f);
    EXPECT_EQ(state.view.values().chaseDistance, viewer::limits::kChaseMax);
    EXPECT_EQ(viewer::limits::kEpsilon, collision::kMaxEpsilon);
}

namespace {

/// Sets (or with nullptr unsets) an environment variable for the scope, then puts it back.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : m_name(name) {
        if (const char* old = std::getenv(name))
            m_old = old;
        if (value)
            setenv(name, value, 1);
        else
            unsetenv(name);
    }
    ~ScopedEnv() {
        if (m_old)
            setenv(m_name, m_old->c_str(), 1);
        else
            unsetenv(m_name);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;

private:
    const char* m_name;
    std::optional<std::string> m_old;
};

} // namespace

TEST(ViewerSettingsFile, ScreenshotsGoToThePicturesFolder) {
    const std::string config = test::makeTempDir("shotdir");
    ScopedEnv home("HOME", "/home/someone");
    ScopedEnv xdgConfig("XDG_CONFIG_HOME", config.c_str());
    {
        ScopedEnv pictures("XDG_PICTURES_DIR", "/data/pics");
        EXPECT_EQ(viewer::screenshotDirectory(), "/data/pics/cliplab");
    }
    ScopedEnv pictures("XDG_PICTURES_DIR", nullptr);
    EXPECT_EQ(viewer::screenshotDirectory(), "/home/someone/Pictures/cliplab") << "no user-dirs.dirs";
    test::writeFile(config + "/user-dirs.dirs", std::string("# written by xdg-user-dirs-update\n"
                                                            "XDG_DESKTOP_DIR=\"$HOME/Desktop\"\n"
                                                            "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n"));
    EXPECT_EQ(viewer::screenshotDirectory(), "/home/someone/Bilder/cliplab");
    test::writeFile(config + "/user-dirs.dirs", std::string("XDG_PICTURES_DIR=\"relative\"\n"));
    EXPECT_EQ(viewer::screenshotDirectory(), "/home/someone/Pictures/cliplab")
        << "a relative line is ignored";
    {
        ScopedEnv noHome("HOME", nullptr);
        EXPECT_EQ(viewer::screenshotDirectory(), config + "/cliplab/screenshots");
    }
    std::filesystem::remove_all(config);
}
