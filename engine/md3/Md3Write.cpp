// Serialising MD3 models: header, frames, tags, then each surface (header, shaders, triangles,
// texture coordinates, vertices), the order q3data writes.

#include "md3/Md3.h"

#include <algorithm>
#include <cstring>

namespace cliplab::md3 {

namespace {

class Writer {
public:
    void bytes(const void* data, size_t n) {
        const auto* p = static_cast<const uint8_t*>(data);
        out.insert(out.end(), p, p + n);
    }
    void i32(int32_t v) {
        const auto u = static_cast<uint32_t>(v);
        for (int i = 0; i < 4; ++i)
            out.push_back(static_cast<uint8_t>(u >> (8 * i)));
    }
    void u16(uint16_t v) {
        out.push_back(static_cast<uint8_t>(v));
        out.push_back(static_cast<uint8_t>(v >> 8));
    }
    void f32(float f) {
        uint32_t u;
        std::memcpy(&u, &f, 4);
        i32(static_cast<int32_t>(u));
    }
    void vec3(const glm::vec3& v) {
        f32(v.x);
        f32(v.y);
        f32(v.z);
    }
    /// A fixed field of `length` bytes: the text cut to length - 1, NUL-padded.
    void name(const std::string& s, size_t length) {
        const size_t n = std::min(s.size(), length - 1);
        bytes(s.data(), n);
        out.insert(out.end(), length - n, 0);
    }
    void magic() { bytes("IDP3", 4); }
    void patch(size_t at, int32_t v) {
        const auto u = static_cast<uint32_t>(v);
        for (int i = 0; i < 4; ++i)
            out[at + static_cast<size_t>(i)] = static_cast<uint8_t>(u >> (8 * i));
    }
    std::vector<uint8_t> out;
};

int32_t count(size_t n) {
    return static_cast<int32_t>(n);
}

void writeSurface(Writer& w, const Surface& s, size_t frames) {
    const int32_t ofsShaders = count(kSurfaceHeaderSize);
    const int32_t ofsTriangles = ofsShaders + count(s.shaders.size() * kShaderSize);
    const int32_t ofsSt = ofsTriangles + count(s.triangles.size() * kTriangleSize);
    const int32_t ofsXyz = ofsSt + count(s.st.size() * kStSize);
    const int32_t ofsEnd = ofsXyz + count(s.vertices.size() * kXyzNormalSize);
    w.magic();
    w.name(s.name, 64);
    w.i32(s.flags);
    w.i32(count(frames));
    w.i32(count(s.shaders.size()));
    w.i32(s.vertexCount);
    w.i32(count(s.triangles.size()));
    w.i32(ofsTriangles);
    w.i32(ofsShaders);
    w.i32(ofsSt);
    w.i32(ofsXyz);
    w.i32(ofsEnd);
    for (const std::string& shader : s.shaders) {
        w.name(shader, 64);
        w.i32(0);
    }
    for (const auto& t : s.triangles)
        for (int32_t v : t)
            w.i32(v);
    for (const glm::vec2& st : s.st) {
        w.f32(st.x);
        w.f32(st.y);
    }
    for (const XyzNormal& v : s.vertices) {
        for (int16_t c : v.xyz)
            w.u16(static_cast<uint16_t>(c));
        w.u16(v.normal);
    }
}

} // namespace

std::vector<uint8_t> write(const Model& model) {
    Writer w;
    const int32_t ofsFrames = count(kHeaderSize);
    const int32_t ofsTags = ofsFrames + count(model.frames.size() * kFrameSize);
    const int32_t ofsSurfaces = ofsTags + count(model.tags.size() * kTagSize);
    w.magic();
    w.i32(kVersion);
    w.name(model.name, 64);
    w.i32(model.flags);
    w.i32(count(model.frames.size()));
    w.i32(model.tagCount);
    w.i32(count(model.surfaces.size()));
    w.i32(0); // skins
    w.i32(ofsFrames);
    w.i32(ofsTags);
    w.i32(ofsSurfaces);
    const size_t endField = w.out.size();
    w.i32(0); // end offset, patched below
    for (const Frame& f : model.frames) {
        w.vec3(f.mins);
        w.vec3(f.maxs);
        w.vec3(f.localOrigin);
        w.f32(f.radius);
        w.name(f.name, 16);
    }
    for (const Tag& t : model.tags) {
        w.name(t.name, 64);
        w.vec3(t.origin);
        for (const glm::vec3& a : t.axis)
            w.vec3(a);
    }
    for (const Surface& s : model.surfaces)
        writeSurface(w, s, model.frames.size());
    w.patch(endField, count(w.out.size()));
    return std::move(w.out);
}

} // namespace cliplab::md3
