#pragma once
/// \file Obj.h
/// Wavefront OBJ text for expanded brushes and patch facets: one object per polyhedron, triangles
/// wound counter-clockwise seen from outside, world units.

#include "analysis/Hull.h"

#include <string>
#include <vector>

namespace cliplab::analysis {

/// The OBJ text: a comment line `header` (may be empty), then per brush an object `brush_N`
/// (N = HullBrush::brush) and per facet an object `patch_S_F` (S = surface index, F = facet
/// index), each with its own vertices (corners shared by its faces written once; corners closer
/// than 1e-5 units are one) and its faces fanned into triangles. A facet's faces are in group
/// `sides` but for its back face, last, in group `back` (the game never stops a sweep entering
/// there). Coordinates with 12 significant digits (distinct vertices never print alike).
std::string hullObj(const std::vector<HullBrush>& brushes, const std::vector<HullFacet>& facets,
                    const std::string& header = {});

} // namespace cliplab::analysis
