#include "items/ItemList.h"

#include <array>

namespace cliplab::items {

namespace {

using T = ItemType;

// Classnames and model paths of OpenArena's item list. Entries the editor never places (domination
// and double-domination points, harvester cubes) are left out: no map spawns them by classname.
constexpr std::array kItems = {
    ItemDef{"item_armor_shard", T::Armor, "models/powerups/armor/shard.md3", "", 1.0f},
    ItemDef{"item_armor_combat", T::Armor, "models/powerups/armor/armor_yel.md3", "", 1.0f},
    ItemDef{"item_armor_body", T::Armor, "models/powerups/armor/armor_red.md3", "", 1.0f},
    ItemDef{"item_health_small", T::Health, "models/powerups/health/small_cross.md3",
            "models/powerups/health/small_sphere.md3", 1.0f},
    ItemDef{"item_health", T::Health, "models/powerups/health/medium_cross.md3",
            "models/powerups/health/medium_sphere.md3", 1.0f},
    ItemDef{"item_health_large", T::Health, "models/powerups/health/large_cross.md3",
            "models/powerups/health/large_sphere.md3", 1.0f},
    ItemDef{"item_health_mega", T::Health, "models/powerups/health/mega_cross.md3",
            "models/powerups/health/mega_sphere.md3", 1.0f},
    ItemDef{"weapon_gauntlet", T::Weapon, "models/weapons2/gauntlet/gauntlet.md3", "", 1.0f},
    ItemDef{"weapon_shotgun", T::Weapon, "models/weapons2/shotgun/shotgun.md3", "", 1.0f},
    ItemDef{"weapon_machinegun", T::Weapon, "models/weapons2/machinegun/machinegun.md3", "", 1.0f},
    ItemDef{"weapon_grenadelauncher", T::Weapon, "models/weapons2/grenadel/grenadel.md3", "", 1.0f},
    ItemDef{"weapon_rocketlauncher", T::Weapon, "models/weapons2/rocketl/rocketl.md3", "", 1.0f},
    ItemDef{"weapon_lightning", T::Weapon, "models/weapons2/lightning/lightning.md3", "", 1.0f},
    ItemDef{"weapon_railgun", T::Weapon, "models/weapons2/railgun/railgun.md3", "", 1.0f},
    ItemDef{"weapon_plasmagun", T::Weapon, "models/weapons2/plasma/plasma.md3", "", 1.0f},
    ItemDef{"weapon_bfg", T::Weapon, "models/weapons2/bfg/bfg.md3", "", 1.0f},
    ItemDef{"weapon_grapplinghook", T::Weapon, "models/weapons2/grapple/grapple.md3", "", 1.0f},
    ItemDef{"ammo_shells", T::Ammo, "models/powerups/ammo/shotgunam.md3", "", 1.0f},
    ItemDef{"ammo_bullets", T::Ammo, "models/powerups/ammo/machinegunam.md3", "", 1.0f},
    ItemDef{"ammo_grenades", T::Ammo, "models/powerups/ammo/grenadeam.md3", "", 1.0f},
    ItemDef{"ammo_cells", T::Ammo, "models/powerups/ammo/plasmaam.md3", "", 1.0f},
    ItemDef{"ammo_lightning", T::Ammo, "models/powerups/ammo/lightningam.md3", "", 1.0f},
    ItemDef{"ammo_rockets", T::Ammo, "models/powerups/ammo/rocketam.md3", "", 1.0f},
    ItemDef{"ammo_slugs", T::Ammo, "models/powerups/ammo/railgunam.md3", "", 1.0f},
    ItemDef{"ammo_bfg", T::Ammo, "models/powerups/ammo/bfgam.md3", "", 1.0f},
    ItemDef{"holdable_teleporter", T::Holdable, "models/powerups/holdable/teleporter.md3", "", 1.0f},
    // The medkit's second model is not drawn: the game draws second models for health and powerups only.
    ItemDef{"holdable_medkit", T::Holdable, "models/powerups/holdable/medkit.md3", "", 1.0f},
    ItemDef{"item_quad", T::Powerup, "models/powerups/instant/quad.md3",
            "models/powerups/instant/quad_ring.md3", 1.0f},
    ItemDef{"item_enviro", T::Powerup, "models/powerups/instant/enviro.md3",
            "models/powerups/instant/enviro_ring.md3", 1.0f},
    ItemDef{"item_haste", T::Powerup, "models/powerups/instant/haste.md3",
            "models/powerups/instant/haste_ring.md3", 1.0f},
    ItemDef{"item_invis", T::Powerup, "models/powerups/instant/invis.md3",
            "models/powerups/instant/invis_ring.md3", 1.0f},
    ItemDef{"item_regen", T::Powerup, "models/powerups/instant/regen.md3",
            "models/powerups/instant/regen_ring.md3", 1.0f},
    ItemDef{"item_flight", T::Powerup, "models/powerups/instant/flight.md3",
            "models/powerups/instant/flight_ring.md3", 1.0f},
    ItemDef{"team_CTF_redflag", T::Team, "models/flags/r_flag.md3", "", 1.0f},
    ItemDef{"team_CTF_blueflag", T::Team, "models/flags/b_flag.md3", "", 1.0f},
    ItemDef{"holdable_kamikaze", T::Holdable, "models/powerups/kamikazi.md3", "", 2.0f},
    ItemDef{"holdable_portal", T::Holdable, "models/powerups/holdable/porter.md3", "", 1.0f},
    ItemDef{"holdable_invulnerability", T::Holdable, "models/powerups/holdable/invulnerability.md3", "",
            1.0f},
    ItemDef{"ammo_nails", T::Ammo, "models/powerups/ammo/nailgunam.md3", "", 1.0f},
    ItemDef{"ammo_mines", T::Ammo, "models/powerups/ammo/proxmineam.md3", "", 1.0f},
    ItemDef{"ammo_belt", T::Ammo, "models/powerups/ammo/chaingunam.md3", "", 1.0f},
    ItemDef{"item_scout", T::PersistentPowerup, "models/powerups/scout.md3", "", 1.0f},
    ItemDef{"item_guard", T::PersistentPowerup, "models/powerups/guard.md3", "", 1.0f},
    ItemDef{"item_doubler", T::PersistentPowerup, "models/powerups/doubler.md3", "", 1.0f},
    ItemDef{"item_ammoregen", T::PersistentPowerup, "models/powerups/ammo.md3", "", 1.0f},
    ItemDef{"team_CTF_neutralflag", T::Team, "models/flags/n_flag.md3", "", 1.0f},
    ItemDef{"weapon_nailgun", T::Weapon, "models/weapons/nailgun/nailgun.md3", "", 1.0f},
    ItemDef{"weapon_prox_launcher", T::Weapon, "models/weapons/proxmine/proxmine.md3", "", 1.0f},
    ItemDef{"weapon_chaingun", T::Weapon, "models/weapons/vulcan/vulcan.md3", "", 1.0f},
};

} // namespace

std::span<const ItemDef> itemList() {
    return kItems;
}

const ItemDef* findItem(std::string_view classname) {
    for (const ItemDef& item : kItems)
        if (item.classname == classname)
            return &item;
    return nullptr;
}

} // namespace cliplab::items
