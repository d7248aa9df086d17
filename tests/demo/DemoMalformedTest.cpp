// Every check of the demo reader, each with a file made to fail it: the error names the file, the
// message number and the byte of the problem (inside that message's record), and says what is wrong.

#include "demo/Demo.h"
#include "demo/DemoBuilder.h"
#include "demo/DemoFile.h"

#include <gtest/gtest.h>

#include <cmath>
#include <regex>

using namespace cliplab;
using namespace cliplab::demo;
using test::message;

namespace {

const std::map<int, std::string> kStrings = {{0, "\\mapname\\testmap"}};

std::vector<uint8_t> gamestate() {
    return message([](MessageWriter& w) { test::writeGamestate(w, kStrings, {}, 0); });
}

const PlayerState& standing() {
    static const PlayerState ps = test::makePlayerState(0, {0, 0, 24}, {}, 100, true);
    return ps;
}

/// A file of the gamestate record (sequence 1) then `messages` (sequences 2, 3, ...) and the end marker.
std::vector<uint8_t> demoOf(const std::vector<std::vector<uint8_t>>& messages, bool withGamestate = true) {
    DemoFileWriter file;
    int32_t sequence = 1;
    if (withGamestate)
        file.record(sequence++, gamestate());
    for (const auto& m : messages)
        file.record(sequence++, m);
    file.end();
    return file.bytes();
}

/// Reads `bytes` as "bad.dm_71" and checks the error: "bad.dm_71: message N at byte B: ..." with B
/// inside message N's record, containing `what`.
void expectError(const std::vector<uint8_t>& bytes, size_t messageNumber, const std::string& what) {
    auto d = readDemo(bytes, "bad.dm_71");
    ASSERT_FALSE(d.ok()) << "read without error; expected: " << what;
    const std::string& e = d.error().message;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(e, m, std::regex("^bad\\.dm_71: message ([0-9]+) at byte ([0-9]+): ")))
        << e;
    EXPECT_EQ(std::stoul(m[1]), messageNumber) << e;
    auto records = splitRecords(bytes, "bad.dm_71");
    if (records.ok() && messageNumber <= records->records.size()) {
        const DemoRecord& r = records->records[messageNumber - 1];
        const size_t at = std::stoul(m[2]);
        EXPECT_GE(at, r.offset + 8) << e;
        if (r.message.empty())
            EXPECT_EQ(at, r.offset + 8) << e;
        else
            EXPECT_LT(at, r.offset + 8 + r.message.size()) << e;
    }
    EXPECT_NE(e.find(what), std::string::npos) << e;
}

} // namespace

TEST(DemoMalformed, RecordLengthOutOfRange) {
    for (int32_t length : {-2, -100000, 16385}) {
        std::vector<uint8_t> bytes = demoOf({});
        const size_t at = bytes.size() - 8; // the end marker: make it a record of a bad length
        for (int i = 0; i < 4; ++i)
            bytes[at + 4 + size_t(i)] = uint8_t(uint32_t(length) >> (8 * i));
        auto d = readDemo(bytes, "bad.dm_71");
        ASSERT_FALSE(d.ok());
        EXPECT_EQ(d.error().message, "bad.dm_71: message 2 at byte " + std::to_string(at) + ": length " +
                                         std::to_string(length) +
                                         " is not 0 to 16384 (or -1, the end marker)");
    }
}

TEST(DemoMalformed, NoGamestate) {
    for (const std::vector<uint8_t>& bytes : {std::vector<uint8_t>{}, demoOf({}, false)}) {
        auto d = readDemo(bytes, "bad.dm_71");
        ASSERT_FALSE(d.ok());
        EXPECT_NE(d.error().message.find("bad.dm_71: no gamestate in 0 whole messages"), std::string::npos)
            << d.error().message;
    }
}

TEST(DemoMalformed, EmptyMessage) {
    expectError(demoOf({{}}, true), 2, "read past the end of the message");
}

TEST(DemoMalformed, HuffmanCodeRunsPastTheEnd) {
    // A snapshot message with its last bytes dropped: a value is cut in the middle.
    std::vector<uint8_t> m =
        message([](MessageWriter& w) { test::writeSnapshot(w, 100, 0, standing(), {}); });
    m.resize(m.size() / 2);
    expectError(demoOf({m}), 2, "read past the end of the message");
}

TEST(DemoMalformed, HuffmanCodeForNoByte) {
    // The first bits of the message (the acknowledge) are the code of the coder's spare leaf.
    const HuffmanCode& code = HuffmanCode::game();
    for (uint32_t bits = 0; bits < (1u << 16); ++bits) {
        const std::vector<uint8_t> m{uint8_t(bits), uint8_t(bits >> 8), 0, 0, 0, 0, 0};
        if (code.decode(m, 0, 56).symbol != HuffmanCode::kNotYetTransmitted)
            continue;
        expectError(demoOf({m}), 2, "names no byte");
        return;
    }
    FAIL() << "no code reaches the spare leaf";
}

TEST(DemoMalformed, ConfigstringIndexOutOfRange) {
    for (int index : {1024, -1}) {
        const std::vector<uint8_t> m = message([&](MessageWriter& w) {
            test::writeGamestate(w, {{0, "\\mapname\\x"}, {index, "oops"}}, {}, 0);
        });
        expectError(demoOf({m}, false), 1, "configstring index " + std::to_string(index) + " is not 0-1023");
    }
    const std::vector<uint8_t> cs =
        message([](MessageWriter& w) { test::writeServerCommand(w, 1, "cs 2000 \"x\""); });
    expectError(demoOf({cs}), 2, "cs command names configstring '2000' (not 0-1023)");
    const std::vector<uint8_t> notNumber =
        message([](MessageWriter& w) { test::writeServerCommand(w, 1, "cs 5x \"x\""); });
    expectError(demoOf({notNumber}), 2, "cs command names configstring '5x'");
}

TEST(DemoMalformed, GamestateTextTooLong) {
    // 'h' has one of the shortest codes (6 bits): 16,000 characters fit in one message.
    std::map<int, std::string> strings = kStrings;
    for (int i = 0; i < 3; ++i)
        strings[100 + i] = std::string(6000, 'h');
    const std::vector<uint8_t> m =
        message([&](MessageWriter& w) { test::writeGamestate(w, strings, {}, 0); });
    expectError(demoOf({m}, false), 1, "gamestate text over 16000 characters");
}

TEST(DemoMalformed, UnknownCommandInTheGamestate) {
    const std::vector<uint8_t> m = message([](MessageWriter& w) {
        w.byte(test::kSvcGamestate);
        w.i32(0);
        w.byte(test::kSvcSnapshot);
    });
    expectError(demoOf({m}, false), 1, "unknown command byte 7 in the gamestate");
}

TEST(DemoMalformed, RecordingClientOutOfRange) {
    for (int32_t client : {-1, 64}) {
        const std::vector<uint8_t> m =
            message([&](MessageWriter& w) { test::writeGamestate(w, kStrings, {}, client); });
        expectError(demoOf({m}, false), 1,
                    "recording client number " + std::to_string(client) + " is not 0-63");
    }
}

TEST(DemoMalformed, EntityNumbersOutOfOrder) {
    for (int second : {3, 5}) {
        const std::vector<uint8_t> m = message([&](MessageWriter& w) {
            w.byte(test::kSvcSnapshot);
            w.i32(100);
            w.byte(0);
            w.byte(0);
            w.byte(0);
            writePlayerStateDelta(w, nullptr, standing());
            writeEntityDelta(w, EntityState{}, test::makePlayerEntity(5, {1, 2, 3}, {}, true), true);
            writeEntityDelta(w, EntityState{}, test::makePlayerEntity(second, {1, 2, 3}, {}, true), true);
            w.bits(1023, 10);
        });
        expectError(demoOf({m}), 2,
                    "entity " + std::to_string(second) + " follows entity 5: numbers must increase");
    }
}

TEST(DemoMalformed, DeltaFromUnknownSnapshot) {
    // The first snapshot cannot be a delta; a later one cannot refer past the 32 kept, nor to a
    // message that brought no snapshot.
    const std::vector<uint8_t> first =
        message([](MessageWriter& w) { test::writeSnapshot(w, 100, 1, standing(), {}, &standing()); });
    expectError(demoOf({first}), 2,
                "snapshot delta from message 1, which brought no snapshot among the last 32");
    const std::vector<uint8_t> full =
        message([](MessageWriter& w) { test::writeSnapshot(w, 100, 0, standing(), {}); });
    const std::vector<uint8_t> far =
        message([](MessageWriter& w) { test::writeSnapshot(w, 150, 40, standing(), {}, &standing()); });
    expectError(demoOf({full, far}), 3, "snapshot delta from message -37");
}

TEST(DemoMalformed, FieldCountsPastTheTables) {
    const std::vector<uint8_t> ps = message([](MessageWriter& w) {
        w.byte(test::kSvcSnapshot);
        w.i32(100);
        w.byte(0);
        w.byte(0);
        w.byte(0);
        w.byte(60); // player state fields
    });
    expectError(demoOf({ps}), 2, "player state delta changes 60 fields, the table has 48");
    const std::vector<uint8_t> es = message([](MessageWriter& w) {
        w.byte(test::kSvcSnapshot);
        w.i32(100);
        w.byte(0);
        w.byte(0);
        w.byte(0);
        writePlayerStateDelta(w, nullptr, standing());
        w.bits(7, 10);
        w.bits(0, 1);
        w.bits(1, 1);
        w.byte(200);
    });
    expectError(demoOf({es}), 2, "entity delta changes 200 fields, the table has 51");
}

TEST(DemoMalformed, AreaMaskTooLong) {
    const std::vector<uint8_t> m = message([](MessageWriter& w) {
        w.byte(test::kSvcSnapshot);
        w.i32(100);
        w.byte(0);
        w.byte(0);
        w.byte(33);
    });
    expectError(demoOf({m}), 2, "area mask of 33 bytes (at most 32)");
}

TEST(DemoMalformed, PlayerStateClientOutOfRange) {
    const PlayerState ps = test::makePlayerState(200, {0, 0, 24}, {}, 100, true);
    const std::vector<uint8_t> m = message([&](MessageWriter& w) { test::writeSnapshot(w, 100, 0, ps, {}); });
    expectError(demoOf({m}), 2, "player state client number 200 is not 0-63");
}

TEST(DemoMalformed, SnapshotTimeGoesBack) {
    const std::vector<uint8_t> a =
        message([](MessageWriter& w) { test::writeSnapshot(w, 5000, 0, standing(), {}); });
    const std::vector<uint8_t> b =
        message([](MessageWriter& w) { test::writeSnapshot(w, 4000, 0, standing(), {}); });
    expectError(demoOf({a, b}), 3, "snapshot time 4000 ms is before the previous snapshot's 5000 ms");
}

TEST(DemoMalformed, UnknownCommands) {
    for (uint8_t command : {uint8_t(0), uint8_t(11), uint8_t(200)}) {
        const std::vector<uint8_t> m = message([&](MessageWriter& w) { w.byte(command); });
        expectError(demoOf({m}), 2, "unknown command byte " + std::to_string(command));
    }
    const std::vector<uint8_t> download = message([](MessageWriter& w) { w.byte(test::kSvcDownload); });
    expectError(demoOf({download}), 2, "a download message");
}

TEST(DemoMalformed, CommandBeforeTheGamestate) {
    const std::vector<uint8_t> m =
        message([](MessageWriter& w) { test::writeSnapshot(w, 100, 0, standing(), {}); });
    expectError(demoOf({m}, false), 1, "command 7 before the gamestate");
}

TEST(DemoMalformed, VoipPacketOfNegativeSize) {
    const std::vector<uint8_t> m = message([](MessageWriter& w) {
        w.byte(9);
        w.i16(0);
        w.byte(0);
        w.i32(0);
        w.byte(0);
        w.i16(-5);
        w.bits(0, 2);
    });
    expectError(demoOf({m}), 2, "VoIP packet of -5 bytes");
}

TEST(DemoMalformed, MissingEndCommand) {
    // A message whose commands run to its end without svc_EOF reads past it.
    MessageWriter w;
    w.i32(0);
    w.byte(test::kSvcNop);
    expectError(demoOf({w.bytes()}), 2, "read past the end of the message");
}

TEST(DemoMalformed, PlayerPositionNotANumber) {
    for (float bad : {std::nanf(""), 1.0e7f, -INFINITY}) {
        const PlayerState ps = test::makePlayerState(0, {0, bad, 24}, {}, 100, true);
        const std::vector<uint8_t> m =
            message([&](MessageWriter& w) { test::writeSnapshot(w, 100, 0, ps, {}); });
        expectError(demoOf({m}), 2,
                    "player 0 has a position or velocity that is not a number within +/-1e+06 units");
        const std::vector<EntityState> es = {test::makePlayerEntity(3, {}, {bad, 0, 0}, true)};
        const std::vector<uint8_t> e =
            message([&](MessageWriter& w) { test::writeSnapshot(w, 100, 0, standing(), es); });
        expectError(demoOf({e}), 2, "player 3 has a position or velocity");
    }
}
