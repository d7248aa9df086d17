// One malformed file per check of the MD3 loader, each made from the valid test model by changing
// a field. Every case asserts the error text: the file name and what is wrong.

#include "md3/Md3.h"
#include "md3/TestModel.h"

#include <gtest/gtest.h>

#include <cstring>
#include <limits>

using namespace cliplab;
namespace f = cliplab::test::md3field;

namespace {

constexpr size_t kSurface0 = 108 + 2 * 56 + 2 * 112; // after the header, 2 frames and 2 tags
constexpr size_t kSurface0Size = 320;
constexpr size_t kSurface1 = kSurface0 + kSurface0Size;

std::vector<uint8_t> validBytes() {
    return md3::write(test::makeTestModel());
}

std::string loadError(const std::vector<uint8_t>& bytes) {
    auto r = md3::load(bytes, "bad.md3");
    return r.ok() ? std::string("(loaded without error)") : r.error().message;
}

void putI32(std::vector<uint8_t>& bytes, size_t offset, int32_t v) {
    const auto u = static_cast<uint32_t>(v);
    for (int i = 0; i < 4; ++i)
        bytes[offset + static_cast<size_t>(i)] = static_cast<uint8_t>(u >> (8 * i));
}

void putF32(std::vector<uint8_t>& bytes, size_t offset, float v) {
    int32_t i;
    std::memcpy(&i, &v, 4);
    putI32(bytes, offset, i);
}

/// The error after setting the 32-bit field at `offset` to `value`.
std::string errorWith(size_t offset, int32_t value) {
    auto bytes = validBytes();
    putI32(bytes, offset, value);
    return loadError(bytes);
}

} // namespace

TEST(Md3Malformed, EmptyFile) {
    EXPECT_EQ(loadError({}), "bad.md3: empty file");
}

TEST(Md3Malformed, TruncatedHeader) {
    auto bytes = validBytes();
    bytes.resize(60);
    EXPECT_EQ(loadError(bytes), "bad.md3: truncated file: 60 bytes, the header alone needs 108");
}

TEST(Md3Malformed, BadMagic) {
    auto bytes = validBytes();
    bytes[3] = '2';
    EXPECT_EQ(loadError(bytes), "bad.md3: not an MD3 model (bad magic, expected \"IDP3\")");
}

TEST(Md3Malformed, BadVersion) {
    EXPECT_EQ(errorWith(f::kVersion, 16), "bad.md3: unsupported MD3 version 16 (expected 15)");
}

TEST(Md3Malformed, NoFrames) {
    EXPECT_EQ(errorWith(f::kNumFrames, 0), "bad.md3: no frames");
}

TEST(Md3Malformed, CountsOutOfRange) {
    EXPECT_EQ(errorWith(f::kNumFrames, -3), "bad.md3: negative frame count -3");
    EXPECT_EQ(errorWith(f::kNumFrames, 1025), "bad.md3: frame count 1025 exceeds the format's limit of 1024");
    EXPECT_EQ(errorWith(f::kNumFrames, std::numeric_limits<int32_t>::max()),
              "bad.md3: frame count 2147483647 exceeds the format's limit of 1024");
    EXPECT_EQ(errorWith(f::kNumTags, -1), "bad.md3: negative tag count -1");
    EXPECT_EQ(errorWith(f::kNumTags, 17), "bad.md3: tag count 17 exceeds the format's limit of 16");
    EXPECT_EQ(errorWith(f::kNumSurfaces, 33), "bad.md3: surface count 33 exceeds the format's limit of 32");
    EXPECT_EQ(errorWith(f::kNumSurfaces, std::numeric_limits<int32_t>::min()),
              "bad.md3: negative surface count -2147483648");
}

TEST(Md3Malformed, TruncatedBody) {
    auto bytes = validBytes();
    const size_t size = bytes.size();
    bytes.resize(size - 10);
    EXPECT_EQ(loadError(bytes), "bad.md3: truncated file: " + std::to_string(size - 10) +
                                    " bytes, the header says " + std::to_string(size));
}

TEST(Md3Malformed, EndOffsetInsideHeader) {
    EXPECT_EQ(errorWith(f::kOfsEnd, 50), "bad.md3: end offset 50 is inside the header");
    EXPECT_EQ(errorWith(f::kOfsEnd, -8), "bad.md3: end offset -8 is inside the header");
}

TEST(Md3Malformed, FramesOutOfRange) {
    const int32_t size = static_cast<int32_t>(validBytes().size());
    EXPECT_EQ(errorWith(f::kOfsFrames, size - 60), "bad.md3: frames: offset " + std::to_string(size - 60) +
                                                       " + 2 x 56 bytes lies past the end (" +
                                                       std::to_string(size) + ")");
    EXPECT_EQ(errorWith(f::kOfsFrames, -4), "bad.md3: frames: negative offset -4");
    EXPECT_EQ(errorWith(f::kOfsFrames, 0), "bad.md3: frames: offset 0 overlaps the header (108 bytes)");
    // Many frames in a small file: caught by the section check before anything is allocated.
    EXPECT_NE(errorWith(f::kNumFrames, 1000)
                  .find("bad.md3: frames: offset 108 + 1000 x 56 bytes lies past the end"),
              std::string::npos);
}

TEST(Md3Malformed, TagsOutOfRange) {
    const int32_t size = static_cast<int32_t>(validBytes().size());
    EXPECT_EQ(errorWith(f::kOfsTags, size - 100), "bad.md3: tags: offset " + std::to_string(size - 100) +
                                                      " + 2 x 112 bytes lies past the end (" +
                                                      std::to_string(size) + ")");
    EXPECT_EQ(errorWith(f::kNumTags, 16).find("bad.md3: tags: offset 220 + 32 x 112 bytes lies past the end"),
              0u);
}

TEST(Md3Malformed, SurfacesOffsetOutsideTheModel) {
    const int32_t size = static_cast<int32_t>(validBytes().size());
    const std::string body = std::to_string(size - 108);
    EXPECT_EQ(errorWith(f::kOfsSurfaces, size), "bad.md3: surfaces: offset " + std::to_string(size) +
                                                    " is outside the model (" + body +
                                                    " bytes after the header)");
    EXPECT_EQ(errorWith(f::kOfsSurfaces, -1),
              "bad.md3: surfaces: offset -1 is outside the model (" + body + " bytes after the header)");
}

TEST(Md3Malformed, SurfaceHeaderPastTheEnd) {
    // A third surface is announced but the second one ends the file.
    EXPECT_EQ(errorWith(f::kNumSurfaces, 3),
              "bad.md3: surface 2: header at offset " + std::to_string(validBytes().size()) +
                  " lies past the end of the model (" + std::to_string(validBytes().size()) + ")");
}

TEST(Md3Malformed, SurfaceBadMagic) {
    auto bytes = validBytes();
    bytes[kSurface1] = 'X';
    EXPECT_EQ(loadError(bytes), "bad.md3: surface 1: bad magic (expected \"IDP3\")");
}

TEST(Md3Malformed, SurfaceFrameCountDiffers) {
    EXPECT_EQ(errorWith(kSurface0 + f::kSurfNumFrames, 1),
              "bad.md3: surface 0 (\"body\"): frame count 1 differs from the model's 2");
}

TEST(Md3Malformed, SurfaceCountsOutOfRange) {
    EXPECT_EQ(errorWith(kSurface1 + f::kSurfNumShaders, 257),
              "bad.md3: surface 1 (\"fin\"): shader count 257 exceeds the format's limit of 256");
    EXPECT_EQ(errorWith(kSurface1 + f::kSurfNumVerts, 4097),
              "bad.md3: surface 1 (\"fin\"): vertex count 4097 exceeds the format's limit of 4096");
    EXPECT_EQ(errorWith(kSurface1 + f::kSurfNumVerts, -1),
              "bad.md3: surface 1 (\"fin\"): negative vertex count -1");
    EXPECT_EQ(errorWith(kSurface0 + f::kSurfNumTriangles, 8193),
              "bad.md3: surface 0 (\"body\"): triangle count 8193 exceeds the format's limit of 8192");
}

TEST(Md3Malformed, SurfaceEndOffsetOutOfRange) {
    EXPECT_EQ(errorWith(kSurface0 + f::kSurfOfsEnd, 100),
              "bad.md3: surface 0 (\"body\"): end offset 100 is inside the surface header");
    EXPECT_EQ(errorWith(kSurface1 + f::kSurfOfsEnd, 1000),
              "bad.md3: surface 1 (\"fin\"): end offset 1000 lies past the end of the model (260)");
}

TEST(Md3Malformed, SurfaceSectionsOutOfRange) {
    EXPECT_EQ(errorWith(kSurface0 + f::kSurfOfsTriangles, 300),
              "bad.md3: surface 0 (\"body\"): triangles: offset 300 + 4 x 12 bytes lies past the end (320)");
    EXPECT_EQ(errorWith(kSurface0 + f::kSurfOfsShaders, -68),
              "bad.md3: surface 0 (\"body\"): shaders: negative offset -68");
    EXPECT_EQ(errorWith(kSurface0 + f::kSurfOfsSt, 8),
              "bad.md3: surface 0 (\"body\"): texture coordinates: offset 8 overlaps the header (108 bytes)");
    EXPECT_EQ(errorWith(kSurface0 + f::kSurfOfsXyz, 260),
              "bad.md3: surface 0 (\"body\"): vertices: offset 260 + 8 x 8 bytes lies past the end (320)");
    // More vertices than the surface holds.
    EXPECT_EQ(errorWith(kSurface0 + f::kSurfNumVerts, 30),
              "bad.md3: surface 0 (\"body\"): texture coordinates: offset 224 + 30 x 8 bytes lies past the "
              "end (320)");
}

TEST(Md3Malformed, TriangleIndexOutOfRange) {
    // Body triangles start after its header and shader: 108 + 68.
    const size_t triangles = kSurface0 + 108 + 68;
    EXPECT_EQ(errorWith(triangles + 12 + 4, 4),
              "bad.md3: surface 0 (\"body\"): triangle 1: vertex index 4 out of range (4 vertices)");
    EXPECT_EQ(errorWith(triangles, -1),
              "bad.md3: surface 0 (\"body\"): triangle 0: vertex index -1 out of range (4 vertices)");
}

TEST(Md3Malformed, NonFiniteNumbers) {
    auto bytes = validBytes();
    putF32(bytes, 108 + 56 + 4, std::numeric_limits<float>::quiet_NaN()); // frame 1 mins.y
    EXPECT_EQ(loadError(bytes), "bad.md3: frame 1: a bound, origin or radius is not a finite number");
    bytes = validBytes();
    putF32(bytes, 108 + 2 * 56 + 64 + 8, std::numeric_limits<float>::infinity()); // tag 0 origin.z
    EXPECT_EQ(loadError(bytes), "bad.md3: tag 0 (\"tag_top\"): origin or axis is not a finite number");
    bytes = validBytes();
    putF32(bytes, kSurface1 + 108 + 68 + 12 + 8 + 4, -std::numeric_limits<float>::infinity()); // fin st[1].t
    EXPECT_EQ(loadError(bytes), "bad.md3: surface 1 (\"fin\"): texture coordinate 1 is not a finite number");
}

TEST(Md3Malformed, EveryTruncationIsAnError) {
    // Cutting the file anywhere is a clear error, never a crash or a partly read model.
    const auto bytes = validBytes();
    for (size_t n = 0; n < bytes.size(); ++n) {
        const std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
        auto r = md3::load(cut, "cut.md3");
        ASSERT_FALSE(r.ok()) << n;
        EXPECT_EQ(r.error().message.rfind("cut.md3: ", 0), 0u) << r.error().message;
    }
}
