// The game's Huffman code: the tree made from the codes the build wrote equals the one built from
// the 256 counts by single updates and by runs; a complete prefix code; decoding that refuses to
// read past the end or a code for no byte.

#include "demo/Huffman.h"
#include "demo/MessageReader.h"
#include "demo/MessageWriter.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>

using namespace cliplab::demo;

TEST(Huffman, RunsBuildTheSameTreeAsOneUpdatePerCount) {
    const HuffmanCode single(huffmanCounts(), HuffmanCode::BuildSteps::Single);
    const HuffmanCode& runs = HuffmanCode::game();
    for (int s = 0; s < 256; ++s) {
        ASSERT_EQ(runs.codeLength(s), single.codeLength(s)) << "byte " << s;
        ASSERT_EQ(runs.code(s), single.code(s)) << "byte " << s;
    }
}

TEST(Huffman, RunsMatchSingleUpdatesOnOtherCounts) {
    // Counts with many ties and small gaps: the runs must stop exactly where a single update swaps.
    std::array<int32_t, 256> counts{};
    for (int s = 0; s < 256; ++s)
        counts[size_t(s)] = 1 + (s * 37) % 11 + (s % 3 == 0 ? 200 : 0);
    const HuffmanCode single(counts, HuffmanCode::BuildSteps::Single);
    const HuffmanCode runs(counts, HuffmanCode::BuildSteps::Runs);
    for (int s = 0; s < 256; ++s) {
        ASSERT_EQ(runs.codeLength(s), single.codeLength(s)) << "byte " << s;
        ASSERT_EQ(runs.code(s), single.code(s)) << "byte " << s;
    }
}

TEST(Huffman, GameCodeIsAPrefixCodeOverEveryByte) {
    const HuffmanCode& code = HuffmanCode::game();
    // Kraft sum of the 256 byte codes: the tree's one spare leaf (never sent) takes the rest.
    double kraft = 0.0;
    for (int s = 0; s < 256; ++s) {
        ASSERT_GT(code.codeLength(s), 0);
        kraft += std::ldexp(1.0, -code.codeLength(s));
    }
    EXPECT_LT(kraft, 1.0);
    EXPECT_GT(kraft, 1.0 - std::ldexp(1.0, -code.maxLength()) - 1e-12);
    // The most frequent byte (0) has the shortest code; the longest is short enough for a table.
    for (int s = 1; s < 256; ++s)
        EXPECT_LE(code.codeLength(0), code.codeLength(s));
    EXPECT_LE(code.maxLength(), 16);
}

TEST(Huffman, EveryByteDecodesToItself) {
    MessageWriter w;
    for (int s = 0; s < 256; ++s)
        w.byte(uint8_t(s));
    const std::vector<uint8_t> bytes = w.bytes();
    MessageReader r(bytes);
    for (int s = 0; s < 256; ++s)
        ASSERT_EQ(r.byte(), s) << r.error();
    EXPECT_FALSE(r.failed());
}

TEST(Huffman, DecodingStopsAtTheEnd) {
    const HuffmanCode& code = HuffmanCode::game();
    const std::array<uint8_t, 2> data{0xff, 0xff};
    // A code longer than the bits left is refused, never read past endBit.
    for (size_t end = 0; end < 16; ++end) {
        const HuffmanCode::Decoded d = code.decode(data, 0, end);
        if (d.symbol >= 0) {
            EXPECT_LE(size_t(d.length), end);
        }
    }
    EXPECT_EQ(code.decode(data, 16, 16).symbol, -1);
}

TEST(Huffman, TheNotYetTransmittedCodeNamesNoByte) {
    // Walk every bit pattern of up to 12 bits: exactly one prefix decodes to the spare leaf.
    const HuffmanCode& code = HuffmanCode::game();
    int spare = 0;
    for (uint32_t bits = 0; bits < (1u << 12); ++bits) {
        const std::array<uint8_t, 2> data{uint8_t(bits), uint8_t(bits >> 8)};
        const HuffmanCode::Decoded d = code.decode(data, 0, 16);
        ASSERT_GE(d.symbol, 0);
        if (d.symbol == HuffmanCode::kNotYetTransmitted && (bits >> d.length) == 0)
            ++spare;
    }
    EXPECT_EQ(spare, 1);
}

TEST(Huffman, FromCodesTakesOnlyACompletePrefixCode) {
    const HuffmanCode& game = HuffmanCode::game();
    std::array<HuffmanCode::Code, 256> codes;
    for (int s = 0; s < 256; ++s)
        codes[size_t(s)] = {game.code(s), uint8_t(game.codeLength(s))};
    auto same = HuffmanCode::fromCodes(codes);
    ASSERT_TRUE(same.has_value());
    for (int s = 0; s < 256; ++s)
        EXPECT_EQ(same->code(s), game.code(s));
    auto broken = codes;
    broken[7] = broken[8]; // two bytes with one code
    EXPECT_FALSE(HuffmanCode::fromCodes(broken).has_value());
    broken = codes;
    broken[9].length = 0;
    EXPECT_FALSE(HuffmanCode::fromCodes(broken).has_value());
    broken = codes;
    broken[10].length = uint8_t(broken[10].length + 1); // a code one bit longer: two free places
    EXPECT_FALSE(HuffmanCode::fromCodes(broken).has_value());
    broken = codes;
    broken[11] = {broken[12].bits, uint8_t(broken[12].length - 1)}; // a prefix of another code
    EXPECT_FALSE(HuffmanCode::fromCodes(broken).has_value());
}
