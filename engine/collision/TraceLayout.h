#pragma once
/// \file TraceLayout.h
/// The sweep's packed copy of a Model's tree, leafs and leaf brush lists. Model keeps the plain
/// arrays for everything else; the sweep reads these so that a node is one cache line (its plane,
/// children and the bounds of everything below it), and a leaf's brushes can be culled by their
/// bounds and contents without touching the brushes themselves.

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

/// The three arrays, indexed as Model::nodes(), Model::leafs() and Model::leafBrushes().
struct TraceLayout {
    std::vector<WalkNode> nodes;
    std::vector<WalkLeaf> leafs;
    std::vector<LeafBrushRef> leafBrushes;
};

} // namespace cliplab::collision
