#pragma once
/// \file Placement.h
/// Which map entities are drawn as models and where they rest: items (by classname, dropped to the
/// floor as the game drops them) and the misc_model entities q3map left in the entity list (it
/// removes the ones it bakes into the map's surfaces). Pure data: the world is seen only through a
/// drop function.

#include "bsp/Entities.h"
#include "items/ItemList.h"

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::items {

/// Half size of the box the game drops items with (units).
inline constexpr float kItemRadius = 15.0f;

/// The game gives entity numbers from this one up (below are the clients).
inline constexpr int32_t kFirstEntityNumber = 64;

/// An entity drawn as a model.
struct Placement {
    const ItemDef* item = nullptr; ///< The item, or nullptr for a misc_model.
    std::string model;             ///< Model path (the item's world model or the misc_model's "model").
    glm::vec3 origin{0.0f};        ///< Where it rests (units): items after the drop to the floor.
    /// Orientation and scale of a misc_model ("angle"/"angles", "modelscale"/"modelscale_vec"):
    /// the model's x, y, z axes in the world. Items turn with time instead (see Pose.h).
    std::array<glm::vec3, 3> axis{glm::vec3(1, 0, 0), glm::vec3(0, 1, 0), glm::vec3(0, 0, 1)};
    int32_t entityNumber = 0;  ///< The game's entity number (it sets the bob speed of items).
    int32_t entityIndex = 0;   ///< Position in the entity list (for messages).
    bool appearsLater = false; ///< A powerup: the game shows it 30 to 60 s into a match.
};

/// Sweeps a box from `start` down to `end` (units) through the world's solid brushes; returns
/// where it stops, or nullopt when the box starts in solid.
using DropFunction = std::function<std::optional<glm::vec3>(const glm::vec3& start, const glm::vec3& end,
                                                            const glm::vec3& mins, const glm::vec3& maxs)>;

/// What placeEntities() found.
struct PlacementResult {
    std::vector<Placement> placements;
    std::vector<std::string>
        warnings; ///< Entities left out for a reason worth telling (bad origin, stuck in solid).
};

/// The entities a free-for-all game (what `devmap` starts) shows as models, in entity order:
/// - items known to the game's item list, unless "notfree" is set, a "gametype" key leaves out
///   "ffa", they are targeted ("targetname": they appear only when triggered), a team slave (a
///   later entity with the "team" of an earlier one), persistent powerups (off unless runes are
///   on) or the neutral flag (one-flag games only);
/// - items without the "suspended" spawn flag (1) are dropped: a box of +/-kItemRadius swept
///   4096 units down with `drop`; one that starts in solid is left out, as the game frees it;
/// - misc_model entities with a "model" key (the game itself never draws them: q3map bakes them).
/// Entity numbers count the entities the game keeps from kFirstEntityNumber (lights, info_null,
/// func_group and misc_model are freed at spawn and give their number to the next).
PlacementResult placeEntities(const std::vector<bsp::Entity>& entities, const DropFunction& drop);

/// The axes of Quake 3 angles (pitch, yaw, roll in degrees; positive pitch looks down): forward,
/// left, up, as the game's AnglesToAxis.
std::array<glm::vec3, 3> anglesToAxis(const glm::vec3& pitchYawRoll);

} // namespace cliplab::items
