// The entity lump as q3map2 leaves it. Which entities go: func_group and group_info (their brushes
// are elsewhere), misc_model, _decal and _skybox (compile-time only), and lights without a
// targetname (the light compiler reads them from the .map; the game never needs them).

#include "core/Format.h"
#include "core/Text.h"
#include "mapc/EntityModels.h"

#include <cctype>
#include <cstdlib>
#include <utility>

namespace cliplab::mapc {

namespace {

using core::equalsNoCase;

bool isLight(std::string_view classname) {
    return classname.size() >= 5 && equalsNoCase(classname.substr(0, 5), "light");
}

bool leftOut(std::string_view classname) {
    for (const char* name : {"func_group", "group_info", "misc_model", "_decal", "_skybox"})
        if (equalsNoCase(classname, name))
            return true;
    return false;
}

/// Cuts control characters and blanks off the end.
std::string trimmed(const std::string& s) {
    size_t end = s.size();
    while (end > 0 && static_cast<unsigned char>(s[end - 1]) <= ' ')
        --end;
    return s.substr(0, end);
}

using Pairs = std::vector<std::pair<std::string, std::string>>;

/// Sets `key` in place when present, else adds it at the end.
void setKey(Pairs& pairs, const std::string& key, const std::string& value) {
    for (auto& [k, v] : pairs)
        if (k == key) {
            v = value;
            return;
        }
    pairs.emplace_back(key, value);
}

/// q3map2's switchable light styles: each (targetname, style) pair gets its own style from 32 up.
void setLightStyle(Pairs& pairs, const MapEntity& e, std::vector<std::pair<std::string, int>>& styles) {
    const std::string* t = e.get("targetname");
    const std::string* s = e.get("style");
    const int style = s ? std::atoi(s->c_str()) : 0;
    size_t j = 0;
    while (j < styles.size() && !(styles[j].first == *t && styles[j].second == style))
        ++j;
    if (j == styles.size())
        styles.emplace_back(*t, style);
    setKey(pairs, "style", std::to_string(32 + j));
    if (style != 0)
        setKey(pairs, "switch_style", std::to_string(style));
}

} // namespace

std::string entityLump(const MapSource& source, const EntityModels& models) {
    const MapEntity* world = source.entities.empty() ? nullptr : &source.entities[0];
    const std::string* keep = world ? world->get("_keepLights") : nullptr;
    const bool keepLights = keep && !keep->empty() && (*keep)[0] == '1';
    std::vector<std::pair<std::string, int>> styles;
    std::string out;
    for (size_t i = 0; i < source.entities.size(); ++i) {
        const MapEntity& e = source.entities[i];
        const std::string_view cls = e.classname();
        if (i > 0 && leftOut(cls))
            continue;
        const bool light = i > 0 && isLight(cls);
        const std::string* target = e.get("targetname");
        const bool switchable = light && target && !target->empty();
        if (light && !switchable && !keepLights)
            continue;
        Pairs pairs;
        for (const auto& [k, v] : e.pairs)
            if (!k.empty() && !v.empty())
                pairs.emplace_back(trimmed(k), trimmed(v));
        // New keys in the order q3map2 sets them: origin (while reading), model, light style.
        if (models.originFromBrush[i])
            setKey(pairs, "origin", *models.originFromBrush[i]);
        if (models.modelOfEntity[i] > 0)
            setKey(pairs, "model", core::format("*%d", models.modelOfEntity[i]));
        if (switchable)
            setLightStyle(pairs, e, styles);
        out += "{\n";
        for (const auto& [k, v] : pairs)
            out += "\"" + k + "\" \"" + v + "\"\n";
        out += "}\n";
    }
    return out;
}

} // namespace cliplab::mapc
