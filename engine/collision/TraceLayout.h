#pragma once
/// \file TraceLayout.h
/// The sweep's packed copy of a Model's tree, leafs and leaf brush lists. Model keeps the plain
/// arrays for everything else; the sweep reads these so that a node is one cache line (its plane,
/// children and the bounds of everything below it), and a leaf's brushes can be culled by their
/// bounds and contents without touching the brushes themselves.

#include <cmath>
#include <cstdint>
#include <vector>

namespace cliplab::collision {

/// One world node as the sweep reads it (64 bytes, one cache line).
struct alignas(64) WalkNode {
    /// Bounds (units) of every brush and patch listed in the leafs below (Model::nodeContentBounds),
    /// x y z then 0, so four-wide compares need no masking.
    float mins[4]{3.0e38f, 3.0e38f, 3.0e38f, 0.0f};
    float maxs[4]{-3.0e38f, -3.0e38f, -3.0e38f, 0.0f};
    float normal[3]{0.0f, 0.0f, 0.0f}; ///< Splitting plane normal.
    float dist = 0.0f;                 ///< Splitting plane distance (units).
    int32_t type = 3;                  ///< 0/1/2: the plane is x/y/z = dist; 3: any other.
    int32_t children[2]{0, 0};         ///< As CollisionNode::children.
    int32_t unused = 0;
};

/// One world leaf as the sweep reads it: its content bounds (Model::leafContentBounds, padded as in
/// WalkNode) and its ranges.
struct alignas(32) WalkLeaf {
    float mins[4]{3.0e38f, 3.0e38f, 3.0e38f, 0.0f};
    float maxs[4]{-3.0e38f, -3.0e38f, -3.0e38f, 0.0f};
};

/// One entry of Model::leafBrushes() with what culls it: the brush's bounds and contents (32 bytes).
/// The bounds' fourth lanes hold the two integers; compares mask them out.
struct alignas(32) LeafBrushRef {
    float mins[3]{0.0f, 0.0f, 0.0f};
    int32_t contents = 0; ///< contents:: of the brush.
    float maxs[3]{0.0f, 0.0f, 0.0f};
    int32_t brush = 0; ///< Index in Model::brushes().
};

/// One patch of a leaf's surface list with what culls it: the collide's bounds and the patch's
/// contents (32 bytes, laid out as LeafBrushRef).
struct alignas(32) LeafPatchRef {
    float mins[3]{0.0f, 0.0f, 0.0f};
    int32_t contents = 0; ///< contents:: of the patch.
    float maxs[3]{0.0f, 0.0f, 0.0f};
    int32_t patch = 0; ///< Index in Model::patches().
};

/// Four planes of a patch facet side by side, as the box sweep reads them (PatchTrace.cpp), each
/// facing away from the facet as the facet test uses it (a border negated when inward): unit
/// normal and distance (units). Unused lanes have a zero normal and distance +infinity, which no
/// segment is in front of (64 bytes).
struct alignas(64) FacetPlaneGroup {
    float nx[4]{}, ny[4]{}, nz[4]{};
    float dist[4]{INFINITY, INFINITY, INFINITY, INFINITY};
};

/// Where one facet's planes are in CollisionPatch::planeGroups, in the facet test's order: lane 0
/// the surface plane, lane j + 1 border j (the last one is the back plane).
struct FacetLanes {
    int32_t firstGroup = 0; ///< Index in CollisionPatch::planeGroups.
    int32_t numLanes = 0;   ///< 1 + PatchFacet::numBorders.
    uint32_t inward = 0;    ///< Bit l set when lane l is a border used negated (PatchBorder::inward).
};

/// The arrays the sweep reads: nodes, leafs and leafBrushes indexed as Model::nodes(),
/// Model::leafs() and Model::leafBrushes(); leafPatches holds, per leaf, the built patches of its
/// surface list in list order (the other surfaces never collide), at CollisionLeaf::firstLeafPatch.
struct TraceLayout {
    std::vector<WalkNode> nodes;
    std::vector<WalkLeaf> leafs;
    std::vector<LeafBrushRef> leafBrushes;
    std::vector<LeafPatchRef> leafPatches;
};

} // namespace cliplab::collision
