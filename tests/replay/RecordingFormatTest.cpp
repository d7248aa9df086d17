// The .cliprec format: every number and setting reads back exactly, and malformed files are
// refused with the file name, the line number and what is wrong.

#include "replay/Capture.h"
#include "replay/Recording.h"
#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>

using namespace cliplab;

namespace {

/// Every field of the two states, bit for bit (time included).
void expectSameState(const movement::PlayerState& a, const movement::PlayerState& b) {
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(std::bit_cast<uint32_t>(a.origin[i]), std::bit_cast<uint32_t>(b.origin[i]));
        EXPECT_EQ(std::bit_cast<uint32_t>(a.velocity[i]), std::bit_cast<uint32_t>(b.velocity[i]));
        EXPECT_EQ(std::bit_cast<uint32_t>(a.groundNormal[i]), std::bit_cast<uint32_t>(b.groundNormal[i]));
    }
    EXPECT_EQ(a.mode, b.mode);
    EXPECT_EQ(a.onGround, b.onGround);
    EXPECT_EQ(a.crouched, b.crouched);
    EXPECT_EQ(a.jumpHeld, b.jumpHeld);
    EXPECT_EQ(std::bit_cast<uint32_t>(a.timer), std::bit_cast<uint32_t>(b.timer));
    EXPECT_EQ(a.waterJump, b.waterJump);
    EXPECT_EQ(a.waterLevel, b.waterLevel);
    EXPECT_EQ(a.stuck, b.stuck);
    EXPECT_EQ(std::bit_cast<uint64_t>(a.time), std::bit_cast<uint64_t>(b.time));
}

/// A finite float from random bits in [-limit, limit].
float randomFloat(std::mt19937& rng, float limit) {
    for (;;) {
        const float f = std::bit_cast<float>(static_cast<uint32_t>(rng()));
        if (std::isfinite(f) && std::fabs(f) <= limit)
            return f;
    }
}

/// A recording with nothing at its default: awkward numbers everywhere.
replay::Recording oddRecording() {
    std::mt19937 rng(1234);
    replay::Recording r;
    r.map = "maps/with space/odd #name.bsp";
    r.settings.rate = 1000.0 / 7.0;
    r.settings.trace.epsilon = 1.0f / 3.0f;
    r.settings.trace.semantics = collision::Semantics::Tutorial;
    r.settings.trace.curves = true;
    r.settings.method = replay::TraceMethod::PlaneShift;
    r.settings.bevels = false;
    movement::Settings& m = r.settings.movement;
    m.preset = movement::Preset::Quake3;
    m.method = movement::Method::StepCorrect;
    m.stepLength = 7.123456789f;
    m.mins = {-15.1f, -14.9f, -24.3f};
    m.maxs = {15.7f, 16.01f, 33.3f};
    m.crouchMaxsZ = 15.9f;
    m.eyeHeight = 25.1f;
    m.crouchEyeHeight = 11.7f;
    m.shape = collision::ShapeKind::Cylinder;
    m.stepHeight = 17.9f;
    m.climbHeight = 31.1f;
    m.gravity = 799.99f;
    m.maxSpeed = 321.1f;
    m.crouchSpeedScale = 0.3f;
    m.accelerate = 10.1f;
    m.airAccelerate = 1.1f;
    m.flyAccelerate = 8.1f;
    m.friction = 6.1f;
    m.flyFriction = 3.1f;
    m.noclipFriction = 9.1f;
    m.stopSpeed = 101.0f;
    m.jumpVelocity = 271.3f;
    m.minWalkNormal = 0.71f;
    m.overclip = 1.0011f;
    m.maxSlideIterations = 5;
    m.maxPlanes = 6;
    m.groundProbe = 0.26f;
    m.swimScale = 0.51f;
    m.waterAccelerate = 4.1f;
    m.waterFriction = 1.1f;
    m.landTime = 0.26f;
    m.maxCommandTime = 0.05f;
    m.snapVelocity = false;
    m.quantizeAngles = false;
    m.contentsMask = 0x10001;
    movement::PlayerState& s = r.start;
    s.origin = {randomFloat(rng, 1e5f), randomFloat(rng, 1e5f), -0.0f};
    s.velocity = {randomFloat(rng, 1e4f), 1e-30f, -3.4e-7f};
    s.mode = movement::Mode::Fly;
    s.onGround = true;
    s.groundNormal = {0.1f, 0.2f, 0.97467943f};
    s.crouched = true;
    s.jumpHeld = true;
    s.timer = 0.123f;
    s.waterJump = true;
    s.waterLevel = 2;
    s.stuck = true;
    s.time = 12345.678901234567;
    r.viewYaw = -1234.5678f;
    r.viewPitch = 88.1f;
    for (int i = 0; i < 500; ++i) {
        replay::Tick t;
        t.input.forward = randomFloat(rng, 1.0f);
        t.input.right = i % 3 == 0 ? -1.0f : randomFloat(rng, 1.0f);
        t.input.up = i % 5 == 0 ? 1.0f : randomFloat(rng, 1.0f);
        t.input.jump = i % 2 == 0;
        t.input.crouch = i % 3 == 0;
        t.input.yaw = randomFloat(rng, 1e6f);
        t.input.pitch = randomFloat(rng, 90.0f);
        if (i % 7 != 0)
            t.origin = glm::vec3(randomFloat(rng, 1e6f), randomFloat(rng, 1e3f), randomFloat(rng, 1e-3f));
        r.ticks.push_back(t);
    }
    return r;
}

} // namespace

TEST(RecordingFormat, RoundTripIsExact) {
    const replay::Recording a = oddRecording();
    const std::string text = replay::writeRecording(a);
    auto parsed = replay::parseRecording(text, "odd.cliprec");
    ASSERT_TRUE(parsed) << parsed.error().message;
    const replay::Recording& b = parsed.value();
    EXPECT_EQ(b.map, a.map);
    EXPECT_TRUE(b.settings == a.settings);
    EXPECT_EQ(std::bit_cast<uint64_t>(b.settings.rate), std::bit_cast<uint64_t>(a.settings.rate));
    expectSameState(b.start, a.start);
    EXPECT_EQ(std::bit_cast<uint32_t>(b.viewYaw), std::bit_cast<uint32_t>(a.viewYaw));
    EXPECT_EQ(std::bit_cast<uint32_t>(b.viewPitch), std::bit_cast<uint32_t>(a.viewPitch));
    ASSERT_EQ(b.ticks.size(), a.ticks.size());
    for (size_t i = 0; i < a.ticks.size(); ++i) {
        const movement::Input &x = a.ticks[i].input, &y = b.ticks[i].input;
        EXPECT_EQ(std::bit_cast<uint32_t>(x.forward), std::bit_cast<uint32_t>(y.forward)) << i;
        EXPECT_EQ(std::bit_cast<uint32_t>(x.right), std::bit_cast<uint32_t>(y.right)) << i;
        EXPECT_EQ(std::bit_cast<uint32_t>(x.up), std::bit_cast<uint32_t>(y.up)) << i;
        EXPECT_EQ(x.jump, y.jump);
        EXPECT_EQ(x.crouch, y.crouch);
        EXPECT_EQ(std::bit_cast<uint32_t>(x.yaw), std::bit_cast<uint32_t>(y.yaw)) << i;
        EXPECT_EQ(std::bit_cast<uint32_t>(x.pitch), std::bit_cast<uint32_t>(y.pitch)) << i;
        ASSERT_EQ(a.ticks[i].origin.has_value(), b.ticks[i].origin.has_value()) << i;
        if (a.ticks[i].origin) {
            for (int k = 0; k < 3; ++k)
                EXPECT_EQ(std::bit_cast<uint32_t>((*a.ticks[i].origin)[k]),
                          std::bit_cast<uint32_t>((*b.ticks[i].origin)[k]));
        }
    }
    // Written again, the text is the same.
    EXPECT_EQ(replay::writeRecording(b), text);
    EXPECT_FALSE(b.hasOrigins()); // every 7th tick has none
}

TEST(RecordingFormat, EverySettingIsWritten) {
    // A Settings field added without a line in settingTexts would read back as its default.
    static_assert(sizeof(movement::Settings) == 152,
                  "movement::Settings changed: list the new field in settingTexts and in oddRecording");
    const replay::Recording a = oddRecording();
    movement::Settings fromDefaults;
    for (const auto& st : movement::settingTexts(a.settings.movement))
        ASSERT_EQ(movement::setSetting(fromDefaults, st.name, st.value), std::nullopt)
            << st.name << "=" << st.value;
    EXPECT_TRUE(fromDefaults == a.settings.movement);
    // And every field of oddRecording differs from the default, so none can pass unwritten.
    const movement::Settings d;
    for (const auto& st : movement::settingTexts(a.settings.movement)) {
        movement::Settings one = d;
        ASSERT_EQ(movement::setSetting(one, st.name, st.value), std::nullopt);
        EXPECT_FALSE(one == d) << st.name << " is at its default in oddRecording";
    }
}

TEST(RecordingFormat, RandomFloatsRoundTrip) {
    // %.9g then strtod and a cast to float gives back every finite float.
    std::mt19937 rng(99);
    replay::Recording r;
    r.map = "m";
    for (int i = 0; i < 20000; ++i) {
        replay::Tick t;
        t.input.yaw = randomFloat(rng, 3.4e38f);
        t.input.pitch = randomFloat(rng, 1e-30f);
        t.origin = glm::vec3(randomFloat(rng, 1e6f), randomFloat(rng, 1.0f), randomFloat(rng, 1e-38f));
        r.ticks.push_back(t);
    }
    const std::string text = replay::writeRecording(r);
    auto back = replay::parseRecording(text, "random");
    ASSERT_TRUE(back) << back.error().message;
    // The numbers are written as printf's %.9g writes them.
    const size_t firstTick = text.find('\n', text.find("\nticks ") + 1);
    const size_t line = text.find('\n', firstTick + 1) + 1; // past the column comment
    char expected[160];
    const auto& t0 = r.ticks.front();
    std::snprintf(expected, sizeof expected, "0 0 0 - %.9g %.9g %.9g %.9g %.9g\n", double(t0.input.yaw),
                  double(t0.input.pitch), double(t0.origin->x), double(t0.origin->y), double(t0.origin->z));
    EXPECT_EQ(text.substr(line, text.find('\n', line) - line + 1), expected);
    for (size_t i = 0; i < 2000; ++i) {
        char a[32];
        std::snprintf(a, sizeof a, "%.9g", double(r.ticks[i].input.yaw));
        ASSERT_NE(text.find(std::string(" ") + a + " "), std::string::npos) << a;
    }
    for (size_t i = 0; i < r.ticks.size(); ++i) {
        ASSERT_EQ(std::bit_cast<uint32_t>(back->ticks[i].input.yaw),
                  std::bit_cast<uint32_t>(r.ticks[i].input.yaw));
        ASSERT_EQ(std::bit_cast<uint32_t>(back->ticks[i].input.pitch),
                  std::bit_cast<uint32_t>(r.ticks[i].input.pitch));
        ASSERT_EQ(*back->ticks[i].origin, *r.ticks[i].origin);
    }
}

TEST(RecordingFormat, MinimalHeaderTakesDefaults) {
    auto r = replay::parseRecording(
        "# a hand-written recording\r\ncliprec 1\r\nmap oa_dm1\r\nhz 60\r\n"
        "start.origin 1 2 3\r\n\r\nticks 2\r\n1 0 0 j 90 0\r\n# comment\r\n0 -1 1 jc 0 -10 5 6 7\r\n",
        "hand.cliprec");
    ASSERT_TRUE(r) << r.error().message;
    EXPECT_EQ(r->map, "oa_dm1");
    EXPECT_EQ(r->settings.rate, 60.0);
    EXPECT_TRUE(r->settings.movement == movement::Settings{});
    EXPECT_EQ(r->start.origin, glm::vec3(1, 2, 3));
    ASSERT_EQ(r->ticks.size(), 2u);
    EXPECT_TRUE(r->ticks[0].input.jump);
    EXPECT_FALSE(r->ticks[0].input.crouch);
    EXPECT_FALSE(r->ticks[0].origin);
    EXPECT_TRUE(r->ticks[1].input.crouch);
    EXPECT_EQ(r->ticks[1].input.pitch, -10.0f);
    EXPECT_EQ(*r->ticks[1].origin, glm::vec3(5, 6, 7));
    auto hex = replay::parseRecording("cliprec 1\nmap m\nhz 125\nstart.origin +1 0x10 -0\nticks 0\n", "hex");
    ASSERT_TRUE(hex) << hex.error().message;
    EXPECT_EQ(hex->start.origin, glm::vec3(1, 16, 0));
    EXPECT_DOUBLE_EQ(r->seconds(), 2.0 / 60.0);
}

TEST(RecordingFormat, MalformedFilesNameTheLine) {
    const std::string head = "cliprec 1\nmap m\nhz 125\nstart.origin 0 0 0\n"; // lines 1-4
    struct Case {
        std::string text, message;
    } cases[] = {
        {"", "bad.cliprec: empty file"},
        {"# only a comment\n", "bad.cliprec: empty file"},
        {"hello world\n", "bad.cliprec:1: expected the first line 'cliprec 1'"},
        {"\n\ncliprec 2\n", "bad.cliprec:3: format version '2' is not supported"},
        {head + "gravity 800\nticks 0\n", "bad.cliprec:5: unknown key 'gravity'"},
        {head + "hz 60\nticks 0\n", "bad.cliprec:5: 'hz' is given twice"},
        {"cliprec 1\nmap m\nhz 20\n", "bad.cliprec:3: hz: 20 is outside [30, 333]"},
        {"cliprec 1\nmap m\nhz nan\n", "bad.cliprec:3: hz: 'nan' is not a finite number"},
        {"cliprec 1\nmap m\nhz 125 250\n", "bad.cliprec:3: hz: expected one value, got 2"},
        {head + "movement.minWalkNormal 2\n", "bad.cliprec:5: minWalkNormal: 2 is outside"},
        {head + "movement.nosuch 1\n", "bad.cliprec:5: unknown setting 'nosuch'"},
        {head + "movement.preset doom\n", "bad.cliprec:5: preset: expected melax or quake3"},
        {head + "trace.epsilon 17\n", "bad.cliprec:5: trace.epsilon: 17 is beyond +/-16"},
        {head + "trace.epsilon -1\n", "bad.cliprec:5: trace.epsilon: -1 is outside [0, 16]"},
        {head + "trace.method sweep\n", "bad.cliprec:5: trace.method: expected brush or planeshift"},
        {head + "trace.semantics doom\n",
         "bad.cliprec:5: trace.semantics: expected quake3, tutorial, robust or quake3e"},
        {head + "trace.curves maybe\n", "bad.cliprec:5: trace.curves: expected 0/1 or on/off"},
        {"cliprec 1\nmap m\nhz 125\nstart.origin 1 2\n",
         "bad.cliprec:4: start.origin: expected 3 numbers, got 2"},
        {"cliprec 1\nmap m\nhz 125\nstart.origin 1 2 1e7\n",
         "bad.cliprec:4: start.origin: 1e7 is beyond +/-1e+06"},
        {head + "start.velocity 0 inf 0\n", "bad.cliprec:5: start.velocity: 'inf' is not a finite number"},
        {head + "start.mode swim\n", "bad.cliprec:5: start.mode: expected walk, fly or noclip"},
        {head + "start.waterLevel 4\n", "bad.cliprec:5: start.waterLevel: expected 0, 1, 2 or 3"},
        {head + "start.timer -1\n", "bad.cliprec:5: start.timer: -1 is outside [0, 10]"},
        {head + "start.onGround yes\n", "bad.cliprec:5: start.onGround: expected 0/1 or on/off"},
        {head + "view.angles 1\n", "bad.cliprec:5: view.angles: expected YAW PITCH"},
        {"cliprec 1\nhz 125\nstart.origin 0 0 0\nticks 0\n", "bad.cliprec:4: the header has no 'map' line"},
        {"cliprec 1\nmap m\nstart.origin 0 0 0\nticks 0\n", "bad.cliprec:4: the header has no 'hz' line"},
        {"cliprec 1\nmap m\nhz 125\nticks 0\n", "bad.cliprec:4: the header has no 'start.origin' line"},
        {"cliprec 1\nmap   \nhz 125\nstart.origin 0 0 0\nticks 0\n", "bad.cliprec:5: 'map' names no map"},
        {"cliprec 1\nmap a\r\r\n", "bad.cliprec:2: map: the name holds a control character"},
        {head, "bad.cliprec:4: no 'ticks N' line"},
        {head + "ticks -1\n", "bad.cliprec:5: ticks: expected a whole number in [0, 200000], got -1"},
        {head + "ticks 1.5\n", "bad.cliprec:5: ticks: expected a whole number"},
        {head + "ticks 1e12\n", "bad.cliprec:5: ticks: expected a whole number"},
        {head + "ticks\n", "bad.cliprec:5: ticks: expected one count"},
        {head + "movement.minsx 20\nticks 0\n",
         "bad.cliprec:6: the settings do not hold together: minsx = 20 is above maxsx = 15"},
        {head + "ticks 1\n1 0 0 - 0\n",
         "bad.cliprec:6: expected 6 fields (FORWARD RIGHT UP BUTTONS YAW PITCH) or 9"},
        {head + "ticks 1\n1 0 0 - 0 0 1 2\n", "bad.cliprec:6: expected 6 fields"},
        {head + "ticks 2\n1 0 0 - 0 0\n2 0 0 - 0 0\n", "bad.cliprec:7: FORWARD must be in [-1, 1], got 2"},
        {head + "ticks 1\n0 0 -1.5 - 0 0\n", "bad.cliprec:6: UP must be in [-1, 1]"},
        {head + "ticks 1\n0 nan 0 - 0 0\n", "bad.cliprec:6: RIGHT: 'nan' is not a finite number"},
        {head + "ticks 1\n0 0 0 x 0 0\n", "bad.cliprec:6: BUTTONS 'x': unknown button 'x'"},
        {head + "ticks 1\n0 0 0 - inf 0\n", "bad.cliprec:6: YAW: 'inf' is not a finite number"},
        {head + "ticks 1\n0 0 0 - 0 0 1 2 3e9\n", "bad.cliprec:6: X Y Z: 3e9 is beyond"},
        {head + "ticks 1\n0 0 0 - 1e39 0\n", "bad.cliprec:6: YAW: 1e39 is beyond"},
        {head + "ticks 1\n0 0 0 - 0 0 0x1p30 0 0\n", "bad.cliprec:6: X Y Z: 0x1p30 is beyond"},
        {head + "ticks 2\n0 0 0 - 0 0\n",
         "bad.cliprec:6: the file ends after 1 tick lines; 'ticks 2' (line 5)"},
        {head + "ticks 1\n0 0 0 - 0 0\n0 0 0 - 0 0\n",
         "bad.cliprec:7: more tick lines than 'ticks 1' (line 5)"},
    };
    for (const auto& c : cases) {
        auto r = replay::parseRecording(c.text, "bad.cliprec");
        ASSERT_FALSE(r) << c.text;
        EXPECT_NE(r.error().message.find(c.message), std::string::npos)
            << "text:\n"
            << c.text << "\nerror: " << r.error().message << "\nexpected: " << c.message;
    }
}

TEST(RecordingFormat, FilesNameThemselves) {
    const std::string dir = test::makeTempDir("cliprec");
    auto missing = replay::loadRecording(dir + "/none.cliprec");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find(dir + "/none.cliprec: cannot open"), std::string::npos);
    test::writeFile(dir + "/bad.cliprec", std::string("cliprec 1\nmap m\nhz 5\n"));
    auto bad = replay::loadRecording(dir + "/bad.cliprec");
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find(dir + "/bad.cliprec:3: hz"), std::string::npos) << bad.error().message;

    const replay::Recording r = oddRecording();
    ASSERT_TRUE(replay::saveRecording(dir + "/odd.cliprec", r));
    auto back = replay::loadRecording(dir + "/odd.cliprec");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(replay::writeRecording(back.value()), replay::writeRecording(r));
    auto unwritable = replay::saveRecording(dir + "/no/such/folder/x.cliprec", r);
    ASSERT_FALSE(unwritable);
    EXPECT_NE(unwritable.error().message.find("x.cliprec: cannot open for writing"), std::string::npos);
}

TEST(RecordingFormat, SettingsOutOfRangeAreRecordedAsInEffect) {
    // What move() actually uses: sanitize's clamps, the trace's epsilon clamp, the rate's clamp.
    replay::RunSettings s;
    s.movement.minWalkNormal = 5.0f;
    s.movement.gravity = std::nanf("");
    s.trace.epsilon = 40.0f;
    s.rate = 1000.0;
    const replay::RunSettings e = replay::inEffect(s);
    EXPECT_EQ(e.movement.minWalkNormal, 1.0f);
    EXPECT_EQ(e.movement.gravity, movement::Settings{}.gravity);
    EXPECT_EQ(e.trace.epsilon, 16.0f);
    EXPECT_EQ(e.rate, 333.0);
    EXPECT_EQ(replay::validateRunSettings(e), std::nullopt);
    EXPECT_NE(replay::validateRunSettings(s), std::nullopt);
    replay::Capture capture("m", s, movement::PlayerState{});
    auto back = replay::parseRecording(replay::writeRecording(capture.recording()), "clamped");
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_TRUE(back->settings == e);
}
