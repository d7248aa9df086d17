#pragma once
/// \file MapSource.h
/// A Quake 3 .map source file as parsed text: entities with their key/value pairs, brushes
/// (classic or brush-primitive texturing) and bezier patches. No geometry is computed here.

#include "core/Result.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cliplab::mapc {

/// A place in the source text, for error messages. Both are 1-based.
struct SourcePos {
    int line = 1;
    int column = 1;
};

/// How a brush side maps its texture.
enum class TexMode {
    Classic,        ///< shift, rotation and scale on the closest axial plane (Quake 3 "old brushes").
    BrushPrimitive, ///< a 2x3 matrix on the face's own axis base (Radiant `brushDef`).
};

/// One plane of a brush, as written: three points, a texture and its projection.
struct MapSide {
    std::array<glm::dvec3, 3> points{}; ///< Units. The plane's normal is (p2-p0) x (p1-p0), pointing out.
    std::string texture;                ///< As written, e.g. "common/caulk" (no "textures/" prefix).
    TexMode mode = TexMode::Classic;
    glm::dvec2 shift{0.0};              ///< Classic: texture offset (texels).
    double rotation = 0.0;              ///< Classic: degrees.
    glm::dvec2 scale{0.5};              ///< Classic: texels per unit inverse (0 means 1).
    std::array<glm::dvec3, 2> matrix{}; ///< Brush primitive: rows (a b c), (d e f) in texture space.
    bool hasFlags = false;              ///< The optional "content surface value" triple was present.
    int32_t contents = 0;               ///< Extra contents bits from the line (when hasFlags).
    int32_t surfaceFlags = 0;           ///< Extra surface bits from the line (when hasFlags).
    int32_t value = 0;                  ///< Light value from the line (unused).
    SourcePos pos;                      ///< Where the side's first '(' is.
};

/// A convex brush: the intersection of the back half-spaces of its sides.
struct MapBrush {
    std::vector<MapSide> sides;
    SourcePos pos; ///< Where the brush's '{' is.
};

/// One control point of a patch.
struct PatchPoint {
    glm::dvec3 xyz{0.0}; ///< Units.
    glm::dvec2 st{0.0};  ///< Texture coordinates.
};

/// A bezier patch (`patchDef2`): a grid of control points, width x height, both odd and >= 3.
struct MapPatch {
    std::string texture;
    int width = 0;                  ///< Control points per row (the number of column groups in the file).
    int height = 0;                 ///< Rows.
    std::vector<PatchPoint> points; ///< Row-major: point (row i, column j) at i * width + j.
    SourcePos pos;                  ///< Where the patch's '{' is.
};

/// One entity block.
struct MapEntity {
    std::vector<std::pair<std::string, std::string>> pairs; ///< In file order.
    std::vector<MapBrush> brushes;
    std::vector<MapPatch> patches;
    SourcePos pos; ///< Where the entity's '{' is.

    /// Value of `key` (the first one), or nullptr.
    const std::string* get(std::string_view key) const;
    /// The classname, or "".
    std::string_view classname() const;
};

/// A whole .map file.
struct MapSource {
    std::string name; ///< File name used in messages.
    std::vector<MapEntity> entities;
};

/// Parses .map text. Errors read "NAME:LINE:COLUMN: what is wrong": unbalanced braces, planes with
/// fewer than three points, bad numbers, unknown blocks, bad patch sizes and the like.
core::Result<MapSource> parseMap(std::string_view text, const std::string& name);

/// An error "NAME:LINE:COLUMN: message" that also carries the file, line and column.
core::Error sourceError(const std::string& name, SourcePos pos, const std::string& message);

} // namespace cliplab::mapc
