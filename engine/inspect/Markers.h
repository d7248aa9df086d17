#pragma once
/// \file Markers.h
/// Entities worth marking in a 3D view: where players spawn, items, teleporter destinations and
/// trigger volumes, from the entity lump and the inline models' bounds.

#include "bsp/BspData.h"
#include "bsp/Entities.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::inspect {

/// What a marker stands for; one toggle per kind in the viewer.
enum class MarkerKind {
    Spawn,               ///< info_player_deathmatch, info_player_start, team_CTF_{red,blue}{player,spawn}.
    Item,                ///< item_*, weapon_*, ammo_*, holdable_*, team_CTF_{red,blue}flag.
    TeleportDestination, ///< misc_teleporter_dest, and any entity a trigger_teleport targets.
    Trigger,             ///< trigger_* entities with an inline model: their volume.
};
inline constexpr int kMarkerKindCount = 4;

/// "spawn points", "items", "teleporter destinations", "triggers".
const char* markerKindName(MarkerKind kind);

/// One marked entity.
struct Marker {
    MarkerKind kind = MarkerKind::Item;
    int32_t entity = -1; ///< Index in the entity list.
    std::string classname;
    /// Text for the view: the classname, with " (targetname)" when it has one and " -> target"
    /// when a trigger points somewhere.
    std::string label;
    glm::vec3 origin{0.0f}; ///< The entity's origin; a trigger's volume centre (units).
    /// A trigger's volume (units, world coordinates); mins = maxs = origin for point entities.
    glm::vec3 mins{0.0f}, maxs{0.0f};
    float yaw = 0.0f; ///< "angle" key (degrees), for spawn points and destinations.
    /// Where a trigger sends the player: the origin of the entity its "target" names
    /// (trigger_teleport's destination, trigger_push's apex); nullopt when it names none.
    std::optional<glm::vec3> target;
};

/// The markers of a map's entities, in entity order. Entities without an origin are skipped,
/// except triggers, whose volume is their inline model's bounds (moved by their "origin" key);
/// a trigger naming no valid inline model is skipped.
std::vector<Marker> entityMarkers(const bsp::BspData& data, const std::vector<bsp::Entity>& entities);

} // namespace cliplab::inspect
