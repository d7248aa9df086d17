// The bit reader against the writer: every width, signed values, strings, and the checks that
// stop it at the end of a message.

#include "demo/MessageReader.h"
#include "demo/Huffman.h"
#include "demo/MessageWriter.h"

#include <gtest/gtest.h>

#include <random>

using namespace cliplab::demo;

TEST(MessageReader, ValuesOfEveryWidthReadBackAsWritten) {
    std::mt19937 rng(7);
    std::vector<std::pair<uint32_t, int>> values;
    MessageWriter w;
    for (int round = 0; round < 20; ++round)
        for (int bits = 1; bits <= 32; ++bits) {
            const uint32_t v = bits == 32 ? uint32_t(rng()) : uint32_t(rng()) & ((1u << bits) - 1u);
            values.emplace_back(v, bits);
            w.bits(v, bits);
        }
    const std::vector<uint8_t> bytes = w.bytes();
    MessageReader r(bytes);
    for (const auto& [v, bits] : values)
        ASSERT_EQ(r.bits(bits), v) << bits << " bits: " << r.error();
    EXPECT_FALSE(r.failed());
}

TEST(MessageReader, SignedValuesAreSignExtended) {
    MessageWriter w;
    w.i16(-2);
    w.bits(uint32_t(-100) & 0xff, 8);
    w.i32(-123456);
    const std::vector<uint8_t> bytes = w.bytes();
    MessageReader r(bytes);
    EXPECT_EQ(r.i16(), -2);
    EXPECT_EQ(r.signedBits(8), -100);
    EXPECT_EQ(r.i32(), -123456);
}

TEST(MessageReader, StringsStopAtZeroAndAreCutAtTheLimit) {
    MessageWriter w;
    w.string("hello%world");
    w.string("abcdefgh");
    w.byte(0xc8); // a byte above 127
    w.byte(0);
    const std::vector<uint8_t> bytes = w.bytes();
    MessageReader r(bytes);
    EXPECT_EQ(r.string(100), "hello.world"); // '%' reads as '.', as in the game
    EXPECT_EQ(r.string(3), "abc");           // the rest is read and dropped
    EXPECT_EQ(r.string(100), ".");
    EXPECT_FALSE(r.failed());
}

TEST(MessageReader, ReadingPastTheEndFailsAndStays) {
    MessageWriter w;
    w.byte(7);
    std::vector<uint8_t> bytes = w.bytes();
    MessageReader r(bytes);
    EXPECT_EQ(r.byte(), 7);
    r.i32(); // more than the message holds
    EXPECT_TRUE(r.failed());
    EXPECT_NE(r.error().find("past the end"), std::string::npos) << r.error();
    EXPECT_EQ(r.byte(), 0); // later reads return zero
    EXPECT_TRUE(r.failed());
}

TEST(MessageReader, TheLastBitOfAMessageIsNeverData) {
    // The game sizes a message as its bits rounded up plus one byte; a read reaching the very last
    // bit is past the end for it. One byte holds 7 usable bits.
    const std::vector<uint8_t> one{0x7f};
    MessageReader r(one);
    EXPECT_EQ(r.bitLimit(), 7u);
    EXPECT_EQ(r.bits(7), 0x7fu);
    EXPECT_FALSE(r.failed());
    r.bits(1);
    EXPECT_TRUE(r.failed());
}

TEST(MessageReader, AnEmptyMessageHasNothingToRead) {
    MessageReader r(std::span<const uint8_t>{});
    r.byte();
    EXPECT_TRUE(r.failed());
}

TEST(MessageReader, ACodeForNoByteFails) {
    // Find the spare leaf's code and put it where a byte is expected.
    const HuffmanCode& code = HuffmanCode::game();
    for (uint32_t bits = 0; bits < (1u << 16); ++bits) {
        const std::array<uint8_t, 3> data{uint8_t(bits), uint8_t(bits >> 8), 0};
        const HuffmanCode::Decoded d = code.decode(data, 0, 24);
        if (d.symbol != HuffmanCode::kNotYetTransmitted)
            continue;
        MessageReader r(data);
        r.byte();
        EXPECT_TRUE(r.failed());
        EXPECT_NE(r.error().find("names no byte"), std::string::npos) << r.error();
        return;
    }
    FAIL() << "no code reaches the spare leaf";
}
