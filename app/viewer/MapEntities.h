#pragma once
/// \file MapEntities.h
/// The map entities drawn as models, placed against the map's collision model (items drop to the
/// floor through the world's solid brushes and patches, as the game drops them).

#include "bsp/BspData.h"
#include "collision/Model.h"
#include "items/Placement.h"

#include <vector>

namespace cliplab::viewer {

/// items::placeEntities over the entities of `data`, dropping with `model`'s traces (MASK_SOLID,
/// curves on). Entity text that does not parse, and entities left out for a reason worth telling,
/// are logged as warnings.
std::vector<items::Placement> placeMapEntities(const bsp::BspData& data, const collision::Model& model);

} // namespace cliplab::viewer
