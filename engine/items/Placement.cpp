#include "items/Placement.h"

#include "core/Format.h"

#include <cmath>
#include <optional>
#include <set>

namespace cliplab::items {

namespace {

/// Entities the game frees while spawning (no spawn function keeps them), so they use no number.
bool freedAtSpawn(std::string_view classname) {
    return classname == "light" || classname == "info_null" || classname == "func_group" ||
           classname == "misc_model" || classname == "worldspawn";
}

bool usable(const glm::vec3& v) {
    // Beyond the trace limits a position means nothing in a map (maps fit in +/-65536).
    for (int i = 0; i < 3; ++i)
        if (!std::isfinite(v[i]) || std::fabs(v[i]) > 65536.0f)
            return false;
    return true;
}

bool flag(const bsp::Entity& e, std::string_view key) {
    const auto v = e.number(key);
    return v && *v != 0.0f;
}

/// False when a "gametype" key lists game types and free-for-all is not among them.
bool inFreeForAll(const bsp::Entity& e) {
    const std::string* types = e.get("gametype");
    return !types || types->find("ffa") != std::string::npos;
}

std::string where(const bsp::Entity& e, size_t index) {
    return core::format("entity %zu (%.*s)", index, static_cast<int>(e.classname().size()),
                        e.classname().data());
}

} // namespace

std::array<glm::vec3, 3> anglesToAxis(const glm::vec3& a) {
    constexpr float kRad = 3.14159265358979f / 180.0f;
    const float sp = std::sin(a.x * kRad), cp = std::cos(a.x * kRad);
    const float sy = std::sin(a.y * kRad), cy = std::cos(a.y * kRad);
    const float sr = std::sin(a.z * kRad), cr = std::cos(a.z * kRad);
    const glm::vec3 forward(cp * cy, cp * sy, -sp);
    const glm::vec3 right(-sr * sp * cy + cr * sy, -sr * sp * sy - cr * cy, -sr * cp);
    const glm::vec3 up(cr * sp * cy + sr * sy, cr * sp * sy - sr * cy, cr * cp);
    return {forward, -right, up};
}

namespace {

/// A misc_model with a model key: its model turned by angle/angles and scaled by modelscale or
/// modelscale_vec. Nothing (with a warning) when a number is out of range.
std::optional<Placement> placeModel(const bsp::Entity& e, size_t i, std::vector<std::string>& warnings) {
    const std::string* model = e.get("model");
    if (!model || model->empty())
        return std::nullopt;
    const glm::vec3 origin = e.vec3("origin").value_or(glm::vec3(0.0f));
    if (!usable(origin)) {
        warnings.push_back(where(e, i) + ": origin out of range, not drawn");
        return std::nullopt;
    }
    Placement p;
    p.model = *model;
    p.origin = origin;
    glm::vec3 angles(0.0f);
    if (auto yaw = e.number("angle"))
        angles.y = *yaw;
    if (auto pyr = e.vec3("angles"))
        angles = *pyr;
    glm::vec3 scale(e.number("modelscale").value_or(1.0f));
    if (auto s = e.vec3("modelscale_vec"))
        scale = *s;
    if (!usable(angles) || !usable(scale)) {
        warnings.push_back(where(e, i) + ": angles or scale out of range, not drawn");
        return std::nullopt;
    }
    p.axis = anglesToAxis(angles);
    for (int k = 0; k < 3; ++k)
        p.axis[static_cast<size_t>(k)] *= scale[k];
    p.entityIndex = static_cast<int32_t>(i);
    return p;
}

/// An item the game shows in free-for-all, dropped to the floor as the game drops it (unless
/// spawnflags 1 hangs it); nothing for other entities, targeted items, team slaves, persistent
/// powerups and the neutral flag, or (with a warning) one out of range or starting in solid.
std::optional<Placement> placeItem(const bsp::Entity& e, size_t i, int32_t entityNumber, bool teamSlave,
                                   const DropFunction& drop, std::vector<std::string>& warnings) {
    const ItemDef* item = findItem(e.classname());
    if (!item)
        return std::nullopt;
    if (e.get("targetname") || teamSlave || item->type == ItemType::PersistentPowerup ||
        item->classname == "team_CTF_neutralflag")
        return std::nullopt;
    const glm::vec3 origin = e.vec3("origin").value_or(glm::vec3(0.0f));
    if (!usable(origin)) {
        warnings.push_back(where(e, i) + ": origin out of range, not drawn");
        return std::nullopt;
    }
    Placement p;
    p.item = item;
    p.model = std::string(item->model);
    p.origin = origin;
    p.entityNumber = entityNumber;
    p.entityIndex = static_cast<int32_t>(i);
    p.appearsLater = item->type == ItemType::Powerup;
    const auto spawnflags = static_cast<int32_t>(e.number("spawnflags").value_or(0.0f));
    if ((spawnflags & 1) == 0 && drop) {
        const glm::vec3 box(kItemRadius);
        const auto rest = drop(origin, origin - glm::vec3(0, 0, 4096), -box, box);
        if (!rest) {
            warnings.push_back(core::format("%s: starts in solid at (%g %g %g), not drawn (as in the game)",
                                            where(e, i).c_str(), static_cast<double>(origin.x),
                                            static_cast<double>(origin.y), static_cast<double>(origin.z)));
            return std::nullopt;
        }
        p.origin = *rest;
    }
    return p;
}

} // namespace

PlacementResult placeEntities(const std::vector<bsp::Entity>& entities, const DropFunction& drop) {
    PlacementResult out;
    std::set<std::string> teams;
    int32_t number = kFirstEntityNumber;
    for (size_t i = 0; i < entities.size(); ++i) {
        const bsp::Entity& e = entities[i];
        const std::string_view classname = e.classname();
        // The game skips entities of other game types before spawning them: they take no number.
        if (flag(e, "notfree") || !inFreeForAll(e))
            continue;
        const int32_t entityNumber = freedAtSpawn(classname) ? -1 : number++;
        const std::string* team = e.get("team");
        const bool teamSlave = team && !teams.insert(*team).second;
        std::optional<Placement> placed = classname == "misc_model"
                                              ? placeModel(e, i, out.warnings)
                                              : placeItem(e, i, entityNumber, teamSlave, drop, out.warnings);
        if (placed)
            out.placements.push_back(std::move(*placed));
    }
    return out;
}

} // namespace cliplab::items
