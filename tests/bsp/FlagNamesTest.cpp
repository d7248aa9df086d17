#include "bsp/FlagNames.h"
#include "bsp/BspData.h"

#include <gtest/gtest.h>

using namespace cliplab;

TEST(FlagNames, ContentsJoinedLowestBitFirst) {
    EXPECT_EQ(bsp::contentsNames(bsp::contents::PlayerClip | bsp::contents::Solid), "SOLID|PLAYERCLIP");
    EXPECT_EQ(bsp::contentsNames(bsp::contents::MaskPlayerSolid), "SOLID|PLAYERCLIP|BODY");
    EXPECT_EQ(bsp::contentsNames(bsp::contents::Trigger), "TRIGGER");
    EXPECT_EQ(bsp::contentsNames(bsp::contents::NoDrop), "NODROP");
    EXPECT_EQ(bsp::contentsNames(0), "0");
}

TEST(FlagNames, UnnamedBitsAreOneHexNumber) {
    // Bits 2 and 10..14 have no CONTENTS_ name in surfaceflags.h.
    EXPECT_EQ(bsp::contentsNames(bsp::contents::Water | 0x4 | 0x400), "WATER|0x404");
    EXPECT_EQ(bsp::contentsNames(0x4), "0x4");
    EXPECT_EQ(bsp::surfaceFlagNames(bsp::surf::Dust | 0x80000), "DUST|0x80000");
}

TEST(FlagNames, SurfaceFlags) {
    EXPECT_EQ(bsp::surfaceFlagNames(bsp::surf::NoDraw | bsp::surf::NoImpact), "NOIMPACT|NODRAW");
    EXPECT_EQ(bsp::surfaceFlagNames(bsp::surf::Sky | bsp::surf::NoLightmap), "SKY|NOLIGHTMAP");
    EXPECT_EQ(bsp::surfaceFlagNames(0), "0");
}

TEST(FlagNames, EveryNamedBitIsOneBitAndRoundTrips) {
    int32_t all = 0;
    for (const auto& f : bsp::contentsBits()) {
        const auto bit = static_cast<uint32_t>(f.bit); // NODROP is the sign bit
        EXPECT_EQ(bit & (bit - 1u), 0u) << f.name;     // one bit
        EXPECT_EQ(all & f.bit, 0) << f.name;           // no two names for a bit
        all |= f.bit;
        EXPECT_EQ(bsp::parseContents(f.name), f.bit) << f.name;
        EXPECT_EQ(bsp::contentsNames(f.bit), f.name);
    }
    EXPECT_EQ(bsp::contentsBits().size(), 25u);
    EXPECT_EQ(bsp::surfaceFlagBits().size(), 19u);
    for (const auto& f : bsp::surfaceFlagBits())
        EXPECT_EQ(bsp::parseSurfaceFlags(f.name), f.bit) << f.name;
    // Any value survives names -> parse.
    for (int32_t v : {0, 1, 0x10001, 0x7fffffff, -1, static_cast<int32_t>(0x80000004u), 0x2000000 | 0x400}) {
        EXPECT_EQ(bsp::parseContents(bsp::contentsNames(v)), v) << bsp::contentsNames(v);
        EXPECT_EQ(bsp::parseSurfaceFlags(bsp::surfaceFlagNames(v)), v) << bsp::surfaceFlagNames(v);
    }
}

TEST(FlagNames, ParseAcceptsPrefixesCaseNumbersAndMasks) {
    EXPECT_EQ(bsp::parseContents("solid | playerclip"), bsp::contents::Solid | bsp::contents::PlayerClip);
    EXPECT_EQ(bsp::parseContents("CONTENTS_WATER|CONTENTS_SLIME"),
              bsp::contents::Water | bsp::contents::Slime);
    EXPECT_EQ(bsp::parseContents("MASK_PLAYERSOLID"), bsp::contents::MaskPlayerSolid);
    EXPECT_EQ(bsp::parseContents("mask_all"), -1);
    EXPECT_EQ(bsp::parseContents("33619969"), bsp::contents::MaskPlayerSolid);
    EXPECT_EQ(bsp::parseContents("0x10000|1"), bsp::contents::PlayerClip | 1);
    EXPECT_EQ(bsp::parseContents("-1"), -1);
    EXPECT_EQ(bsp::parseSurfaceFlags("surf_nodraw|noimpact"), bsp::surf::NoDraw | bsp::surf::NoImpact);
}

TEST(FlagNames, ParseRefusesWhatItCannotRead) {
    for (const char* bad : {"", " ", "|", "SOLID|", "|SOLID", "SOLID||WATER", "SOLIDS", "0x", "0x100000000",
                            "4294967296", "12abc", "-", "-99999999999", "SURF_NODRAW", "MASK_PLAYERSOLIDX"})
        EXPECT_FALSE(bsp::parseContents(bad).has_value()) << bad;
    // Masks are contents, not surface flags; contents names are not surface flags.
    EXPECT_FALSE(bsp::parseSurfaceFlags("MASK_ALL").has_value());
    EXPECT_FALSE(bsp::parseSurfaceFlags("SOLID").has_value());
    EXPECT_FALSE(bsp::parseSurfaceFlags("CONTENTS_NODRAW").has_value());
}
