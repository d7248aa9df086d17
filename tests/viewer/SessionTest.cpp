// The session's one way to move the player, and what the recorder hears: a move between ticks or
// a change of what the player runs under stops a recording at once, saying why; changes that do
// not touch the run (the probe's shape, the view) leave it going. No window: a compiled floor.

#include "mapc/MapTestUtil.h"
#include "replay/Recording.h"
#include "support/TestSupport.h"
#include "viewer/ViewerState.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace cliplab;

namespace {

/// A floor with a spawn point, loaded without a renderer; recordings saved in a temporary folder
/// that goes with it.
struct Recorded {
    std::string dir = test::makeTempDir("session");
    std::string path = dir + "/run.cliprec";
    viewer::ViewerState st;
    Recorded() {
        const std::string text =
            test::mapText(test::boxBrush({-512, -512, -16}, {512, 512, 0}),
                          "{\n\"classname\" \"info_player_deathmatch\"\n\"origin\" \"0 0 40\"\n}\n");
        auto map = viewer::buildLoadedMap("floor.map", test::compileOk(text));
        EXPECT_TRUE(map.ok());
        st.setMap(std::move(map.value()));
        st.session.replay().setSavePath(path);
    }
    /// Ticks as the viewer's loop does: the session's tick, then the recorder.
    void ticks(int n) {
        const collision::TraceFunction trace =
            st.session.map()->model->traceFunction(st.session.rules().options);
        movement::Input in;
        in.forward = 1.0f;
        for (int i = 0; i < n; ++i) {
            const movement::PlayerState before = st.session.player();
            st.session.tick(in, trace, nullptr);
            st.session.replay().onTick(st, in, before);
        }
    }
    ~Recorded() { std::filesystem::remove_all(dir); }
    size_t savedTicks() const {
        auto rec = replay::loadRecording(path);
        return rec ? rec->ticks.size() : 0;
    }
};

} // namespace

TEST(Session, MovingThePlayerStopsTheRecordingAtOnceSayingWhy) {
    for (const char* how : {"setviewpos", "respawn", "noclip"}) {
        SCOPED_TRACE(how);
        Recorded r;
        r.st.session.replay().startRecording(r.st);
        r.ticks(20);
        ASSERT_TRUE(r.st.session.replay().recording());
        if (std::string(how) == "setviewpos")
            r.st.teleport(glm::vec3(100, 0, 40), 0.0f, "setviewpos");
        else if (std::string(how) == "respawn")
            r.st.respawn();
        else
            r.st.setMode(movement::Mode::Noclip);
        // Stopped and saved now, with the ticks before the move; not at the next tick.
        EXPECT_FALSE(r.st.session.replay().recording());
        EXPECT_NE(r.st.status().find("the player was moved: "), std::string::npos) << r.st.status();
        EXPECT_NE(r.st.status().find(std::string(how) == "noclip" ? "a mode switch" : how), std::string::npos)
            << r.st.status();
        EXPECT_EQ(r.savedTicks(), 20u);
    }
}

TEST(Session, ASettingOfTheRunStopsTheRecordingOthersDoNot) {
    Recorded r;
    viewer::SettingsRegistry& reg = r.st.settings;
    r.st.session.replay().startRecording(r.st);
    r.ticks(10);
    // The probe, the view and the analysis views are not what the player runs under.
    reg.choice("trace_shape").set(int(collision::ShapeKind::Sphere));
    reg.flag("r_brushes").set(true);
    reg.number("cg_fov").set(100.0);
    reg.flag("r_surfaceClasses").set(true);
    // Nor is a setting written with the value it holds.
    reg.number("g_gravity").set(r.st.session.movement().gravity);
    r.ticks(10);
    ASSERT_TRUE(r.st.session.replay().recording());
    reg.number("g_gravity").set(600.0);
    EXPECT_FALSE(r.st.session.replay().recording());
    EXPECT_NE(r.st.status().find("a movement or trace setting changed"), std::string::npos) << r.st.status();
    EXPECT_EQ(r.savedTicks(), 20u);
    // The collision rules and the tick rate are, too.
    for (const char* name : {"trace_epsilon", "tickRate", "trace.curves"}) {
        SCOPED_TRACE(name);
        Recorded again;
        again.st.session.replay().startRecording(again.st);
        again.ticks(5);
        viewer::Setting* found = again.st.settings.find(name);
        viewer::Setting& s = found ? *found : *again.st.settings.findKey(name);
        if (auto* n = dynamic_cast<viewer::NumberSetting*>(&s))
            n->set(n->value() * 0.5);
        else
            dynamic_cast<viewer::FlagSetting&>(s).set(false);
        EXPECT_FALSE(again.st.session.replay().recording());
    }
}

TEST(Session, ThePlayerMovesOnlyThroughTheSessionAndItsListenerHearsEachMove) {
    viewer::Session session;
    std::vector<std::string> heard;
    session.setMoveListener([&](std::string_view why) { heard.emplace_back(why); });
    movement::PlayerState s;
    s.origin = {1, 2, 3};
    session.movePlayer(s, "a test");
    EXPECT_EQ(session.player().origin, glm::vec3(1, 2, 3));
    EXPECT_EQ(heard, (std::vector<std::string>{"a test"}));
}
