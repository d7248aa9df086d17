#pragma once
/// \file BrushBuild.h
/// From a parsed brush to a compiled one: side planes, face windings, checks that the planes
/// enclose a volume, and q3map's bevel sides.

#include "core/Result.h"
#include "mapc/MapSource.h"
#include "mapc/PlaneSet.h"
#include "mapc/ShaderTable.h"

#include <string>
#include <vector>

namespace cliplab::mapc {

/// One side of a compiled brush.
struct BuiltSide {
    int32_t plane = 0;               ///< Index in the PlaneSet; the normal points out of the brush.
    int32_t shader = 0;              ///< Index in the ShaderTable.
    bool bevel = false;              ///< Added for box traces only: no face, never drawn.
    Winding winding;                 ///< The face polygon (empty for bevels).
    const MapSide* source = nullptr; ///< The side as written (texture projection); null for bevels.
};

/// A brush ready for output.
struct BuiltBrush {
    std::vector<BuiltSide> sides;    ///< With bevels: -x, +x, -y, +y, -z, +z first, edge bevels last.
    glm::dvec3 mins{0.0}, maxs{0.0}; ///< Bounds of the face windings (units).
    int32_t shader = 0;              ///< Gives the brush's contents (the first side's shader).
    SourcePos pos;                   ///< Where the brush is in the source.
};

/// Largest coordinate a brush plane point or patch point may have (units). Quake 3 maps fit in
/// +/-65536; points a little outside are fine (planes are often written with far points).
inline constexpr double kMaxCoordinate = 1 << 20;

/// Where a brush comes from, for error messages: "brush B of entity E".
struct BrushOrigin {
    const std::string* file = nullptr;
    int entity = 0;
    int brush = 0;
};

/// Builds `brush`, offset by `-offset` (an entity origin). Adds planes to `planes` and shaders to
/// `shaders`. With `bevels`, adds axial bevel sides where the brush lacks an axial side, puts the six
/// axial sides first (-x, +x, -y, +y, -z, +z) and appends edge bevels, as q3map does. Errors: a plane
/// whose points are in a line, a brush whose planes do not enclose a volume (open or degenerate).
core::Result<BuiltBrush> buildBrush(const MapBrush& brush, const glm::dvec3& offset, PlaneSet& planes,
                                    ShaderTable& shaders, bool bevels, const BrushOrigin& where);

/// Volume of a convex polyhedron given by its face windings (cubic units).
double polyhedronVolume(const std::vector<const Winding*>& faces);

} // namespace cliplab::mapc
