// Parsing of MD3 files. Every count is checked against the format's limits and every section
// (offset + count x record size) against the end of its container before anything is read, so the
// reads below cannot leave the file.

#include "md3/Md3.h"

#include "core/ByteReader.h"
#include "core/Format.h"

#include <cmath>

namespace cliplab::md3 {

using core::ByteReader;
using core::Error;
using core::format;
using core::Result;

namespace {

constexpr uint8_t kMagic[4] = {'I', 'D', 'P', '3'};

bool hasMagic(std::span<const uint8_t> bytes, size_t at) {
    return bytes.size() >= at + 4 && bytes[at] == kMagic[0] && bytes[at + 1] == kMagic[1] &&
           bytes[at + 2] == kMagic[2] && bytes[at + 3] == kMagic[3];
}

glm::vec3 readVec3(ByteReader& r) {
    glm::vec3 v;
    v.x = r.f32();
    v.y = r.f32();
    v.z = r.f32();
    return v;
}

bool finite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

/// Checks a count against [0, limit]; `what` names it in the message ("frame count").
std::string countProblem(const char* what, int32_t count, int32_t limit) {
    if (count < 0)
        return format("negative %s %d", what, count);
    if (count > limit)
        return format("%s %d exceeds the format's limit of %d", what, count, limit);
    return {};
}

/// Checks that `count` records of `recordSize` bytes at `offset` (relative to `base`) lie within
/// [base + minOffset, base + end). Returns the problem, or "" when they fit.
std::string sectionProblem(const char* what, int32_t offset, int32_t count, size_t recordSize,
                           size_t minOffset, size_t end) {
    if (count == 0)
        return {};
    if (offset < 0)
        return format("%s: negative offset %d", what, offset);
    const uint64_t start = static_cast<uint64_t>(offset);
    if (start < minOffset)
        return format("%s: offset %d overlaps the header (%zu bytes)", what, offset, minOffset);
    const uint64_t last = start + static_cast<uint64_t>(count) * recordSize;
    if (last > end)
        return format("%s: offset %d + %d x %zu bytes lies past the end (%zu)", what, offset, count,
                      recordSize, end);
    return {};
}

class Loader {
public:
    Loader(std::span<const uint8_t> bytes, const std::string& name) : m_bytes(bytes), m_name(name) {}

    Result<Model> run() {
        if (m_bytes.empty())
            return fail("empty file");
        if (m_bytes.size() < kHeaderSize)
            return fail(
                format("truncated file: %zu bytes, the header alone needs %zu", m_bytes.size(), kHeaderSize));
        if (!hasMagic(m_bytes, 0))
            return fail("not an MD3 model (bad magic, expected \"IDP3\")");
        ByteReader r(m_bytes);
        r.skip(4);
        const int32_t version = r.i32();
        if (version != kVersion)
            return fail(format("unsupported MD3 version %d (expected %d)", version, kVersion));
        Model m;
        m.name = r.fixedString(64);
        m.flags = r.i32();
        const int32_t numFrames = r.i32(), numTags = r.i32(), numSurfaces = r.i32();
        r.skip(4); // skin count: unused by the format's readers
        const int32_t ofsFrames = r.i32(), ofsTags = r.i32(), ofsSurfaces = r.i32(), ofsEnd = r.i32();

        if (numFrames == 0)
            return fail("no frames");
        for (const std::string& p : {countProblem("frame count", numFrames, kMaxFrames),
                                     countProblem("tag count", numTags, kMaxTags),
                                     countProblem("surface count", numSurfaces, kMaxSurfaces)})
            if (!p.empty())
                return fail(p);
        if (ofsEnd < 0 || static_cast<size_t>(ofsEnd) < kHeaderSize)
            return fail(format("end offset %d is inside the header", ofsEnd));
        if (static_cast<size_t>(ofsEnd) > m_bytes.size())
            return fail(format("truncated file: %zu bytes, the header says %d", m_bytes.size(), ofsEnd));
        const size_t end = static_cast<size_t>(ofsEnd);
        for (const std::string& p :
             {sectionProblem("frames", ofsFrames, numFrames, kFrameSize, kHeaderSize, end),
              sectionProblem("tags", ofsTags, numFrames * numTags, kTagSize, kHeaderSize, end)})
            if (!p.empty())
                return fail(p);
        if (numSurfaces > 0 && (ofsSurfaces < 0 || static_cast<size_t>(ofsSurfaces) < kHeaderSize ||
                                static_cast<size_t>(ofsSurfaces) >= end))
            return fail(format("surfaces: offset %d is outside the model (%zu bytes after the header)",
                               ofsSurfaces, end - kHeaderSize));

        r.seek(static_cast<size_t>(ofsFrames));
        m.frames.resize(static_cast<size_t>(numFrames));
        for (size_t i = 0; i < m.frames.size(); ++i) {
            Frame& f = m.frames[i];
            f.mins = readVec3(r);
            f.maxs = readVec3(r);
            f.localOrigin = readVec3(r);
            f.radius = r.f32();
            f.name = r.fixedString(16);
            if (!finite(f.mins) || !finite(f.maxs) || !finite(f.localOrigin) || !std::isfinite(f.radius))
                return fail(format("frame %zu: a bound, origin or radius is not a finite number", i));
        }
        m.tagCount = numTags;
        r.seek(static_cast<size_t>(ofsTags));
        m.tags.resize(static_cast<size_t>(numFrames) * static_cast<size_t>(numTags));
        for (size_t i = 0; i < m.tags.size(); ++i) {
            Tag& t = m.tags[i];
            t.name = r.fixedString(64);
            t.origin = readVec3(r);
            for (glm::vec3& a : t.axis)
                a = readVec3(r);
            if (!finite(t.origin) || !finite(t.axis[0]) || !finite(t.axis[1]) || !finite(t.axis[2]))
                return fail(
                    format("tag %zu (\"%s\"): origin or axis is not a finite number", i, t.name.c_str()));
        }

        size_t at = static_cast<size_t>(ofsSurfaces);
        m.surfaces.resize(static_cast<size_t>(numSurfaces));
        for (size_t s = 0; s < m.surfaces.size(); ++s) {
            auto next = readSurface(at, end, numFrames, s, m.surfaces[s]);
            if (!next)
                return next.error();
            at = next.value();
        }
        if (!r.good())
            return fail("read past the end of the file"); // unreachable after the checks above
        return m;
    }

private:
    Error fail(const std::string& what) const {
        return Error{format("%s: %s", m_name.c_str(), what.c_str())};
    }

    /// Reads the surface at `at` (which must end by `end`); returns where the next one starts.
    Result<size_t> readSurface(size_t at, size_t end, int32_t modelFrames, size_t index, Surface& out) {
        auto sfail = [&](const std::string& what) {
            return fail(out.name.empty()
                            ? format("surface %zu: %s", index, what.c_str())
                            : format("surface %zu (\"%s\"): %s", index, out.name.c_str(), what.c_str()));
        };
        if (at + kSurfaceHeaderSize > end)
            return sfail(format("header at offset %zu lies past the end of the model (%zu)", at, end));
        ByteReader r(m_bytes.subspan(0, end));
        r.seek(at);
        if (!hasMagic(m_bytes, at))
            return sfail("bad magic (expected \"IDP3\")");
        r.skip(4);
        out.name = r.fixedString(64);
        out.flags = r.i32();
        const int32_t numFrames = r.i32(), numShaders = r.i32(), numVerts = r.i32(), numTriangles = r.i32();
        const int32_t ofsTriangles = r.i32(), ofsShaders = r.i32(), ofsSt = r.i32(), ofsXyzNormals = r.i32(),
                      ofsEnd = r.i32();
        // The game indexes every surface's vertices with the model's frame number.
        if (numFrames != modelFrames)
            return sfail(format("frame count %d differs from the model's %d", numFrames, modelFrames));
        for (const std::string& p : {countProblem("shader count", numShaders, kMaxShaders),
                                     countProblem("vertex count", numVerts, kMaxVerts),
                                     countProblem("triangle count", numTriangles, kMaxTriangles)})
            if (!p.empty())
                return sfail(p);
        if (ofsEnd < 0 || static_cast<size_t>(ofsEnd) < kSurfaceHeaderSize)
            return sfail(format("end offset %d is inside the surface header", ofsEnd));
        if (at + static_cast<size_t>(ofsEnd) > end)
            return sfail(format("end offset %d lies past the end of the model (%zu)", ofsEnd, end - at));
        const size_t size = static_cast<size_t>(ofsEnd);
        for (const std::string& p :
             {sectionProblem("shaders", ofsShaders, numShaders, kShaderSize, kSurfaceHeaderSize, size),
              sectionProblem("triangles", ofsTriangles, numTriangles, kTriangleSize, kSurfaceHeaderSize,
                             size),
              sectionProblem("texture coordinates", ofsSt, numVerts, kStSize, kSurfaceHeaderSize, size),
              sectionProblem("vertices", ofsXyzNormals, numVerts * numFrames, kXyzNormalSize,
                             kSurfaceHeaderSize, size)})
            if (!p.empty())
                return sfail(p);

        out.shaders.resize(static_cast<size_t>(numShaders));
        r.seek(at + static_cast<size_t>(ofsShaders));
        for (std::string& shader : out.shaders) {
            shader = r.fixedString(64);
            r.skip(4); // shader index: filled in by the game at load
        }
        out.triangles.resize(static_cast<size_t>(numTriangles));
        r.seek(at + static_cast<size_t>(ofsTriangles));
        for (size_t t = 0; t < out.triangles.size(); ++t)
            for (int32_t& v : out.triangles[t]) {
                v = r.i32();
                if (v < 0 || v >= numVerts)
                    return sfail(
                        format("triangle %zu: vertex index %d out of range (%d vertices)", t, v, numVerts));
            }
        out.vertexCount = numVerts;
        out.st.resize(static_cast<size_t>(numVerts));
        r.seek(at + static_cast<size_t>(ofsSt));
        for (size_t v = 0; v < out.st.size(); ++v) {
            out.st[v].x = r.f32();
            out.st[v].y = r.f32();
            if (!std::isfinite(out.st[v].x) || !std::isfinite(out.st[v].y))
                return sfail(format("texture coordinate %zu is not a finite number", v));
        }
        out.vertices.resize(static_cast<size_t>(numVerts) * static_cast<size_t>(numFrames));
        r.seek(at + static_cast<size_t>(ofsXyzNormals));
        auto u16 = [&r] {
            const uint8_t lo = r.u8(); // two statements: the order of reads matters
            const uint8_t hi = r.u8();
            return static_cast<uint16_t>(lo | hi << 8);
        };
        for (XyzNormal& v : out.vertices) {
            for (int16_t& c : v.xyz)
                c = static_cast<int16_t>(u16());
            v.normal = u16();
        }
        return at + size;
    }

    std::span<const uint8_t> m_bytes;
    const std::string& m_name;
};

} // namespace

glm::vec3 XyzNormal::position() const {
    return glm::vec3(static_cast<float>(xyz[0]), static_cast<float>(xyz[1]), static_cast<float>(xyz[2])) *
           kXyzScale;
}

glm::vec3 XyzNormal::decodedNormal() const {
    constexpr float kStep = 6.28318530718f / 256.0f;
    const float lat = static_cast<float>((normal >> 8) & 0xff) * kStep;
    const float lng = static_cast<float>(normal & 0xff) * kStep;
    return {std::cos(lat) * std::sin(lng), std::sin(lat) * std::sin(lng), std::cos(lng)};
}

const Tag* Model::findTag(std::string_view tagName, size_t frame) const {
    if (frame >= frames.size())
        return nullptr;
    for (size_t i = 0; i < static_cast<size_t>(tagCount); ++i) {
        const Tag& t = tags[frame * static_cast<size_t>(tagCount) + i];
        if (t.name == tagName)
            return &t;
    }
    return nullptr;
}

Result<Model> load(std::span<const uint8_t> bytes, const std::string& name) {
    return Loader(bytes, name).run();
}

} // namespace cliplab::md3
