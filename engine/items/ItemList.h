#pragma once
/// \file ItemList.h
/// The items a map can place by classname, with the models the game draws for them: the facts of
/// OpenArena's item list (game code bg_misc.c), the maps' names for pickups. Pure data.

#include <span>
#include <string_view>

namespace cliplab::items {

/// What kind of pickup an item is; it decides how the game presents it.
enum class ItemType { Armor, Health, Weapon, Ammo, Holdable, Powerup, PersistentPowerup, Team };

/// One entry of the item list.
struct ItemDef {
    std::string_view classname; ///< The entity classname (case-sensitive, as the game compares).
    ItemType type = ItemType::Ammo;
    std::string_view model;       ///< The world model.
    std::string_view secondModel; ///< Drawn with health and powerups ("" = none): sphere or ring.
    float scale = 1.0f;           ///< Extra scale of the world model (the kamikaze is drawn twice as large).
};

/// The whole list, in the game's order.
std::span<const ItemDef> itemList();

/// The item spawned by `classname`, or nullptr when the game has none of that name.
const ItemDef* findItem(std::string_view classname);

} // namespace cliplab::items
