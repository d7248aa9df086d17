#pragma once
/// \file PatchView.h
/// Draws what players collide with on curved surfaces: the facets of every patch collide, and for
/// one chosen facet its border and bevel planes, through the debug-draw interface.

#include "collision/Model.h"
#include "debugdraw/DebugDraw.h"

#include <glm/vec3.hpp>

#include <cstddef>
#include <cstdint>

namespace cliplab::viewer {

/// What drawPatchFacets() drew.
struct PatchViewStats {
    size_t patches = 0;      ///< Patches with at least one facet drawn.
    size_t facets = 0;       ///< Facet polygons drawn.
    size_t borderArrows = 0; ///< Border/bevel plane normals drawn for the highlighted facet.
};

/// Draws each facet of every patch whose contents block players (translucent green, white edges),
/// skipping patches farther than `maxDistance` units from `eye` (bounds centre). Facet `facet` of
/// surface `surface` (e.g. TraceResult::surface/facet of a hit; -1 = none) is drawn in red, with
/// each of its border planes (edges, axial and edge bevels; the back plane is left out) as a
/// yellow arrow of 16 units from the facet's centre along the plane's outward normal.
PatchViewStats drawPatchFacets(const collision::Model& model, debugdraw::DebugDraw& draw,
                               const glm::vec3& eye, float maxDistance, int32_t surface = -1,
                               int32_t facet = -1);

} // namespace cliplab::viewer
