#pragma once
/// \file BrushBuild.h
/// From a parsed brush to a compiled one, as q3map2 builds it: side planes, the brush's contents
/// and compile flags from its sides, face windings, checks that the planes enclose a volume, and
/// q3map2's bevel sides.

#include "core/Result.h"
#include "mapc/MapSource.h"
#include "mapc/PlaneSet.h"
#include "mapc/ShaderTable.h"

#include <string>
#include <vector>

namespace cliplab::mapc {

/// One side of a compiled brush.
struct BuiltSide {
    int32_t plane = 0;         ///< Index in the PlaneSet; the normal points out of the brush.
    int32_t shader = 0;        ///< Index in the ShaderTable ("noshader" for bevels, as q3map2 writes).
    uint32_t compileFlags = 0; ///< cflags:: bits of the side (its shader's, plus the .map line's detail bit).
    bool bevel = false;        ///< Added for box traces only: no face, never drawn.
    /// The face as q3map2 cuts it (points within 0.1 units welded, floats), clockwise from the front:
    /// what is drawn and what bevels and bounds are read from. Empty when it welds to a sliver.
    Winding winding;
    /// The face cut exactly (no weld), clockwise: the brush's true shape, for checks and the tree.
    Winding exact;
    const MapSide* source = nullptr; ///< The side as written (texture projection); null for bevels.
};

/// A brush ready for output.
struct BuiltBrush {
    std::vector<BuiltSide> sides;    ///< With bevels: -x, +x, -y, +y, -z, +z first, edge bevels last.
    glm::dvec3 mins{0.0}, maxs{0.0}; ///< Bounds of the face windings (units).
    int32_t shader = 0;              ///< The brush's contents: its first side's shader, as q3map2 writes it.
    uint32_t compileFlags = 0;       ///< cflags:: bits: its first side's (see BrushBuild.cpp).
    bool detail = false;             ///< Detail (or translucent and not structural): not part of the hull.
    bool opaque = true;              ///< Not translucent: seals the map when structural.
    SourcePos pos;                   ///< Where the brush is in the source.
    int entity = 0;                  ///< Index of its entity in the source.
    int index = 0;                   ///< Its number within the entity in the source (0-based).

    /// True when the brush seals the map: structural and opaque (the flood stops at it).
    bool seals() const { return !detail && opaque; }
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

/// Builds `brush` in world coordinates. Adds planes to `planes` and shaders to `shaders`. With
/// `bevels`, adds axial bevel sides where the brush lacks an axial side, puts the six axial sides
/// first (-x, +x, -y, +y, -z, +z) and appends edge bevels, as q3map2 does. A plane written twice is
/// kept once. Errors: a plane whose points are in a line, a brush whose planes do not enclose a
/// volume (open, mirrored or degenerate), a texture name over 63 characters.
core::Result<BuiltBrush> buildBrush(const MapBrush& brush, PlaneSet& planes, ShaderTable& shaders,
                                    bool bevels, const BrushOrigin& where);

/// Moves a built brush by -offset (an entity's origin: the game places the model there): every
/// side's plane is found again at its new distance and the faces are cut anew.
void moveBrush(BuiltBrush& brush, const glm::dvec3& offset, PlaneSet& planes);

/// Volume of a convex polyhedron given by its face windings (cubic units).
double polyhedronVolume(const std::vector<const Winding*>& faces);

} // namespace cliplab::mapc
