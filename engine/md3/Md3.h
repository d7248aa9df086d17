#pragma once
/// \file Md3.h
/// Quake 3 MD3 triangle models ("IDP3", version 15): frames, tags and surfaces with their
/// shaders, triangles, texture coordinates and compressed vertices. Pure data, no graphics API.
///
/// The loader checks every count, offset and index against the file before reading: a malformed
/// model is an error naming the file and what is wrong, never a crash.

#include "core/Result.h"

#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace cliplab::md3 {

inline constexpr int32_t kVersion = 15;
/// Vertex positions are stored as integers in 1/64 units.
inline constexpr float kXyzScale = 1.0f / 64.0f;

/// Limits of the format (q3data and the game's tools write nothing larger). Counts beyond them are
/// refused, which also bounds what a hostile file can make the loader allocate.
inline constexpr int32_t kMaxFrames = 1024;    ///< Per model.
inline constexpr int32_t kMaxTags = 16;        ///< Per frame.
inline constexpr int32_t kMaxSurfaces = 32;    ///< Per model.
inline constexpr int32_t kMaxShaders = 256;    ///< Per surface.
inline constexpr int32_t kMaxVerts = 4096;     ///< Per surface.
inline constexpr int32_t kMaxTriangles = 8192; ///< Per surface.

/// Record sizes on disk (bytes).
inline constexpr size_t kHeaderSize = 108, kFrameSize = 56, kTagSize = 112, kSurfaceHeaderSize = 108,
                        kShaderSize = 68, kTriangleSize = 12, kStSize = 8, kXyzNormalSize = 8;

/// One animation frame's bounds.
struct Frame {
    glm::vec3 mins{0.0f}, maxs{0.0f}; ///< Bounds of the frame's vertices (units, model space).
    glm::vec3 localOrigin{0.0f};      ///< Units.
    float radius = 0.0f;              ///< Bounding sphere radius (units).
    std::string name;                 ///< Up to 15 characters.
};

/// An attachment point (e.g. "tag_barrel"), one per tag and frame.
struct Tag {
    std::string name;       ///< Up to 63 characters.
    glm::vec3 origin{0.0f}; ///< Units, model space.
    std::array<glm::vec3, 3> axis{glm::vec3(1, 0, 0), glm::vec3(0, 1, 0),
                                  glm::vec3(0, 0, 1)}; ///< Forward, left, up.
};

/// A vertex as stored: position in 1/64 units and the normal as two angle bytes.
struct XyzNormal {
    std::array<int16_t, 3> xyz{};
    uint16_t normal = 0; ///< High byte: latitude, low byte: longitude, each 256 steps per turn.

    /// Position (units).
    glm::vec3 position() const;
    /// Unit normal decoded from the two angles as the game does (x = cos lat sin lng,
    /// y = sin lat sin lng, z = cos lng).
    glm::vec3 decodedNormal() const;
};

/// A mesh with one shader (or several alternatives) and its own vertices.
struct Surface {
    std::string name; ///< As stored (the game lower-cases it for skins).
    int32_t flags = 0;
    std::vector<std::string> shaders;              ///< Shader names, as stored (may carry an extension).
    std::vector<std::array<int32_t, 3>> triangles; ///< Vertex indices, each in [0, vertexCount).
    std::vector<glm::vec2> st;                     ///< Texture coordinates, one per vertex.
    int32_t vertexCount = 0;                       ///< Vertices per frame.
    std::vector<XyzNormal> vertices;               ///< frames x vertexCount, frame after frame.

    /// The vertices of frame `frame` (must be < the model's frame count).
    std::span<const XyzNormal> frameVertices(size_t frame) const {
        return std::span<const XyzNormal>(vertices).subspan(frame * static_cast<size_t>(vertexCount),
                                                            static_cast<size_t>(vertexCount));
    }
};

/// A whole model.
struct Model {
    std::string name; ///< The name stored in the file (often the author's path).
    int32_t flags = 0;
    std::vector<Frame> frames; ///< At least one.
    int32_t tagCount = 0;      ///< Tags per frame.
    std::vector<Tag> tags;     ///< frames x tagCount, frame after frame.
    std::vector<Surface> surfaces;

    /// The tag called `tagName` in frame `frame`, or nullptr.
    const Tag* findTag(std::string_view tagName, size_t frame = 0) const;
};

/// Parses an MD3 file. `name` (the file's path) starts every error message.
core::Result<Model> load(std::span<const uint8_t> bytes, const std::string& name);

/// Serialises a model in the on-disk layout (header, frames, tags, surfaces), the inverse of
/// load() for any model load() returns. Names longer than their fields are cut.
std::vector<uint8_t> write(const Model& model);

} // namespace cliplab::md3
