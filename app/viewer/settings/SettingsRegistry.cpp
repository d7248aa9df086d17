#include "viewer/settings/SettingsRegistry.h"

#include "viewer/AnalysisViews.h"
#include "viewer/Probes.h"
#include "viewer/Session.h"
#include "viewer/ViewOptions.h"

#include <cstdio>
#include <cstdlib>

namespace cliplab::viewer {

SettingsRegistry::SettingsRegistry(Session& session, Probes& probes, ViewOptions& view,
                                   AnalysisViews& analysis)
    : m_session(session), m_probes(probes), m_view(view), m_analysis(analysis) {
    addTraceRules();
    addMovement();
    addSession();
    addProbe();
    addView();
    addOverlays();
    addAnalysis();
}

SettingsRegistry::~SettingsRegistry() = default;

void SettingsRegistry::addSetting(std::unique_ptr<Setting> setting) {
    setting->setListener([this](const Setting& s) {
        if (m_listener)
            m_listener(s);
    });
    m_all.push_back(setting.get());
    m_owned.push_back(std::move(setting));
}

Setting* SettingsRegistry::find(std::string_view name) const {
    for (Setting* s : m_all) {
        if (s->info().name == name)
            return s;
        for (const std::string& alias : s->info().aliases)
            if (alias == name)
                return s;
    }
    return nullptr;
}

Setting* SettingsRegistry::findKey(std::string_view key) const {
    for (Setting* s : m_all)
        if (s->info().key == key)
            return s;
    return nullptr;
}

template <typename T> T& SettingsRegistry::typed(std::string_view name) const {
    Setting* found = find(name);
    if (auto* s = dynamic_cast<T*>(found ? found : findKey(name)))
        return *s;
    // A panel asking for a setting that is not declared (or not of this kind): a programmer error.
    std::fprintf(stderr, "cliplab: no setting '%.*s' of the kind asked for\n", int(name.size()), name.data());
    std::abort();
}

FlagSetting& SettingsRegistry::flag(std::string_view name) const {
    return typed<FlagSetting>(name);
}
WholeSetting& SettingsRegistry::whole(std::string_view name) const {
    return typed<WholeSetting>(name);
}
NumberSetting& SettingsRegistry::number(std::string_view name) const {
    return typed<NumberSetting>(name);
}
VectorSetting& SettingsRegistry::vector(std::string_view name) const {
    return typed<VectorSetting>(name);
}
ChoiceSetting& SettingsRegistry::choice(std::string_view name) const {
    return typed<ChoiceSetting>(name);
}
NameSetSetting& SettingsRegistry::nameSet(std::string_view name) const {
    return typed<NameSetSetting>(name);
}
MaskSetting& SettingsRegistry::mask(std::string_view name) const {
    return typed<MaskSetting>(name);
}

void SettingsRegistry::applyMovement(const movement::Settings& settings) {
    std::vector<std::string> before;
    for (const Setting* s : m_movement)
        before.push_back(s->text());
    m_session.setMovement(settings, m_key);
    for (size_t i = 0; i < m_movement.size(); ++i)
        if (m_movement[i]->text() != before[i])
            m_movement[i]->changed();
}

void SettingsRegistry::setListener(std::function<void(const Setting&)> listener) {
    m_listener = std::move(listener);
}

std::string movementCvarName(const std::string& settingName) {
    if (settingName == "gravity")
        return "g_gravity";
    if (settingName == "maxSpeed")
        return "g_speed";
    return settingName;
}

} // namespace cliplab::viewer
