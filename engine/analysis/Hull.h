#pragma once
/// \file Hull.h
/// Brushes as a box trace sees them: every side (bevels included) moved out by the box's support,
/// so that sweeping the box becomes moving its origin as a point. The result is a closed convex
/// polyhedron per brush, for drawing and for export.

#include "collision/Model.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <vector>

namespace cliplab::analysis {

/// One face of an expanded brush: a convex polygon on a shifted side plane.
struct HullFace {
    int32_t side = -1;              ///< Index in collision::Model::sides() (= BspData::brushSides).
    glm::dvec3 normal{0.0};         ///< Outward unit normal (the side's).
    double dist = 0.0;              ///< normal . x = dist on the face (units): the side's distance moved out.
    std::vector<glm::dvec3> points; ///< At least 3, counter-clockwise seen from outside (units).
};

/// One expanded brush.
struct HullBrush {
    int32_t brush = -1;   ///< Index in collision::Model::brushes() (= BspData::brushes).
    int32_t contents = 0; ///< contents:: of the brush.
    std::vector<HullFace> faces;
};

/// Brush `brush` of `model` grown by the box `mins`..`maxs` (relative to the origin, units):
/// side i's plane n.x = d becomes n.x = d - n.c, c the box corner the game's trace shifts by
/// (per axis maxs where n < 0, else mins), i.e. the origins at which the box touches the side.
/// The faces are the shifted planes clipped by each other (geometry::brushFace, in double); a plane
/// that repeats another's normal keeps the tighter one, and faces left with no area (a bevel
/// meeting the rest at an edge only) are dropped. Empty faces when the sides enclose nothing.
HullBrush expandBrush(const collision::Model& model, int32_t brush, const glm::vec3& mins,
                      const glm::vec3& maxs);

/// expandBrush() for brushes [first, first + count) of `model` whose contents intersect `mask`,
/// in index order; brushes that enclose nothing are left out.
std::vector<HullBrush> expandBrushes(const collision::Model& model, int32_t first, int32_t count,
                                     const glm::vec3& mins, const glm::vec3& maxs, int32_t mask);

/// One facet of a patch as a box sweep sees it: its surface plane, its borders and its back
/// plane moved out by the box's support (a slab twice the support thick around the facet).
/// A sweep that would enter through the back face (HullFace::side -2) is not stopped there by the
/// game. HullFace::side is the facet's border index (-1 the surface plane, -2 the back plane).
/// For a box of zero size (a ray) the slab is flat: its front and back faces coincide.
struct HullFacet {
    int32_t patch = -1;   ///< Index in collision::Model::patches().
    int32_t surface = -1; ///< Index in BspData::surfaces.
    int32_t facet = -1;   ///< Index in the patch's PatchCollide::facets.
    int32_t contents = 0;
    std::vector<HullFace> faces;
};

/// The facets of every patch of `model` whose contents intersect `mask`, grown by the box as the
/// game's patch sweep grows them (surface plane by the corner's support, borders and back plane
/// by |n.c|, the box made symmetric about its centre first, then moved back by the centre).
/// Only patches of surfaces [firstSurface, firstSurface + surfaceCount) (a model's surfaces) count.
std::vector<HullFacet> expandPatches(const collision::Model& model, int32_t firstSurface,
                                     int32_t surfaceCount, const glm::vec3& mins, const glm::vec3& maxs,
                                     int32_t mask);

/// Signed volume of a closed polyhedron given as faces (cubic units; positive when the faces
/// are wound counter-clockwise seen from outside).
double hullVolume(const std::vector<HullFace>& faces);

} // namespace cliplab::analysis
