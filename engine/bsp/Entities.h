#pragma once
/// \file Entities.h
/// The entity lump: a list of `{ "key" "value" ... }` blocks.

#include "core/Result.h"

#include <glm/vec3.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cliplab::bsp {

/// One entity: its key/value pairs in file order (keys may repeat; the first one wins in get()).
struct Entity {
    std::vector<std::pair<std::string, std::string>> pairs;

    /// Value of `key`, or nullptr when absent.
    const std::string* get(std::string_view key) const;
    /// The "classname" value, or "" when absent.
    std::string_view classname() const;
    /// A vector key such as "origin" parsed as three numbers; nullopt when absent or malformed.
    std::optional<glm::vec3> vec3(std::string_view key) const;
    /// A number key such as "angle"; nullopt when absent or malformed.
    std::optional<float> number(std::string_view key) const;
    /// N of a "model" key "*N" (an inline model of the map, N a whole number up to 1e6); nullopt
    /// when absent or anything else (an .md3 path names no inline model).
    std::optional<int32_t> inlineModel() const;
};

/// Parses entity text (quoted keys and values, `//` comments). `name` is used in errors, which
/// give the line number.
core::Result<std::vector<Entity>> parseEntities(std::string_view text, const std::string& name);

/// A place where players start.
struct SpawnPoint {
    glm::vec3 origin{0.0f}; ///< Units; the centre of the player box in the game's coordinates.
    float angle = 0.0f;     ///< Yaw in degrees (0 = +X, 90 = +Y).
    std::string classname;  ///< info_player_deathmatch or info_player_start.
};

/// The spawn points (`info_player_deathmatch`, `info_player_start`) in entity order.
std::vector<SpawnPoint> spawnPoints(const std::vector<Entity>& entities);

} // namespace cliplab::bsp
