#pragma once
/// \file PointLeaf.h
/// Which leaf of a map's BSP tree holds a point.

#include "bsp/BspData.h"

#include <glm/vec3.hpp>

#include <cstdint>

namespace cliplab::bsp {

/// Index of the leaf containing `point` (units), walking the nodes from the root as the game's
/// point-leaf lookup does (a point on a plane goes to the front). A map without nodes has leaf 0
/// (-1 without leafs); a malformed tree that does not end in a leaf gives -1.
int32_t findLeaf(const BspData& data, const glm::vec3& point);

} // namespace cliplab::bsp
