#include "core/ByteReader.h"
#include "core/Result.h"

#include <gtest/gtest.h>

using namespace cliplab::core;

TEST(ByteReader, ReadsLittleEndianValues) {
    ByteWriter w;
    w.u32(0x11223344);
    w.i32(-5);
    w.f32(1.5f);
    w.fixedString("abc", 8);
    ByteReader r(w.data());
    EXPECT_EQ(r.u32(), 0x11223344u);
    EXPECT_EQ(r.i32(), -5);
    EXPECT_EQ(r.f32(), 1.5f);
    EXPECT_EQ(r.fixedString(8), "abc");
    EXPECT_TRUE(r.good());
    EXPECT_EQ(r.remaining(), 0u);
}

TEST(ByteReader, ReadPastEndFailsWithoutTouchingMemory) {
    std::vector<uint8_t> bytes{1, 2, 3};
    ByteReader r(bytes);
    EXPECT_EQ(r.u32(), 0u);
    EXPECT_FALSE(r.good());
    EXPECT_EQ(r.u8(), 0u); // sticky: still failing, still zero
    EXPECT_FALSE(r.good());
}

TEST(ByteReader, SeekOutOfRangeFails) {
    std::vector<uint8_t> bytes(4, 0);
    ByteReader r(bytes);
    r.seek(5);
    EXPECT_FALSE(r.good());
}

TEST(ByteReader, FixedStringWithoutTerminatorKeepsWholeField) {
    std::vector<uint8_t> bytes{'a', 'b', 'c', 'd'};
    ByteReader r(bytes);
    EXPECT_EQ(r.fixedString(4), "abcd");
}

TEST(Result, HoldsValueOrError) {
    Result<int> good(5);
    ASSERT_TRUE(good.ok());
    EXPECT_EQ(good.value(), 5);
    Result<int> bad(Error{"x.bsp: broken"});
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().message, "x.bsp: broken");
}
