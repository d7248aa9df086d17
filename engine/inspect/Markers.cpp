#include "inspect/Markers.h"

#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace cliplab::inspect {

namespace {

bool startsWith(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

bool isSpawn(std::string_view c) {
    return c == "info_player_deathmatch" || c == "info_player_start" || c == "team_CTF_redplayer" ||
           c == "team_CTF_blueplayer" || c == "team_CTF_redspawn" || c == "team_CTF_bluespawn";
}

bool isItem(std::string_view c) {
    return startsWith(c, "item_") || startsWith(c, "weapon_") || startsWith(c, "ammo_") ||
           startsWith(c, "holdable_") || c == "team_CTF_redflag" || c == "team_CTF_blueflag";
}

} // namespace

const char* markerKindName(MarkerKind kind) {
    switch (kind) {
    case MarkerKind::Spawn:
        return "spawn points";
    case MarkerKind::Item:
        return "items";
    case MarkerKind::TeleportDestination:
        return "teleporter destinations";
    case MarkerKind::Trigger:
        return "triggers";
    }
    return "?";
}

std::vector<Marker> entityMarkers(const bsp::BspData& data, const std::vector<bsp::Entity>& entities) {
    // Targets by name (the first entity with a targetname wins, as G_Find's first match does for
    // teleporters), and which names a trigger_teleport points at.
    std::unordered_map<std::string, size_t> byName;
    std::unordered_set<std::string> teleportTargets;
    for (size_t i = 0; i < entities.size(); ++i) {
        if (const std::string* t = entities[i].get("targetname"))
            byName.emplace(*t, i);
        if (entities[i].classname() == "trigger_teleport")
            if (const std::string* t = entities[i].get("target"))
                teleportTargets.insert(*t);
    }
    std::vector<Marker> out;
    for (size_t i = 0; i < entities.size(); ++i) {
        const bsp::Entity& e = entities[i];
        const std::string_view cls = e.classname();
        const std::string* targetname = e.get("targetname");
        Marker m;
        m.entity = static_cast<int32_t>(i);
        m.classname = std::string(cls);
        m.label = m.classname;
        if (targetname)
            m.label += " (" + *targetname + ")";
        m.yaw = e.number("angle").value_or(0.0f);
        const auto origin = e.vec3("origin");
        if (startsWith(cls, "trigger_")) {
            const auto model = e.inlineModel();
            if (!model || *model == 0 || static_cast<size_t>(*model) >= data.models.size())
                continue;
            const glm::vec3 offset = origin.value_or(glm::vec3(0.0f));
            m.kind = MarkerKind::Trigger;
            m.mins = data.models[size_t(*model)].mins + offset;
            m.maxs = data.models[size_t(*model)].maxs + offset;
            m.origin = (m.mins + m.maxs) * 0.5f;
            if (const std::string* t = e.get("target")) {
                m.label += " -> " + *t;
                if (auto it = byName.find(*t); it != byName.end())
                    m.target = entities[it->second].vec3("origin");
            }
            out.push_back(std::move(m));
            continue;
        }
        if (!origin)
            continue;
        if (isSpawn(cls))
            m.kind = MarkerKind::Spawn;
        else if (isItem(cls))
            m.kind = MarkerKind::Item;
        else if (cls == "misc_teleporter_dest" || (targetname && teleportTargets.count(*targetname)))
            m.kind = MarkerKind::TeleportDestination;
        else
            continue;
        m.origin = m.mins = m.maxs = *origin;
        out.push_back(std::move(m));
    }
    return out;
}

} // namespace cliplab::inspect
