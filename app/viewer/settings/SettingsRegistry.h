#pragma once
/// \file SettingsRegistry.h
/// The one list of the viewer's settings. Each is declared once here (SessionSettings.cpp,
/// ViewSettings.cpp) with its viewer.cfg key, console name, label, doc line, range or names (from
/// the names table beside each enum), default and binding to its owner: the session (movement
/// settings, tick rate, collision rules), the probes, the view options and the analysis views.
/// Only the registry writes those values (SettingsKey); the console, viewer.cfg and the panels go
/// through its settings.

#include "viewer/settings/Setting.h"
#include "viewer/settings/SettingsKey.h"

#include "movement/Settings.h"

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

namespace cliplab::viewer {

class Session;
class Probes;
class ViewOptions;
class AnalysisViews;

class SettingsRegistry {
public:
    /// Declares every setting, bound to its owner; the owners must outlive the registry.
    SettingsRegistry(Session& session, Probes& probes, ViewOptions& view, AnalysisViews& analysis);
    ~SettingsRegistry();
    SettingsRegistry(const SettingsRegistry&) = delete;
    SettingsRegistry& operator=(const SettingsRegistry&) = delete;

    /// Every setting, in declaration order (the order viewer.cfg is written in).
    const std::vector<Setting*>& all() const { return m_all; }
    /// The setting with console name or alias `name` (exact), or null.
    Setting* find(std::string_view name) const;
    /// The setting with viewer.cfg key `key`, or null.
    Setting* findKey(std::string_view key) const;

    /// The setting called `name` (console name or alias, else viewer.cfg key: "trace.curves" reads
    /// better than the game's inverted cm_noCurves) as its kind: how the panels take their settings. A name
    /// that is not declared, or of another kind, is a programmer error: the viewer aborts with a message (the
    /// tests draw every panel).
    FlagSetting& flag(std::string_view name) const;
    WholeSetting& whole(std::string_view name) const;
    NumberSetting& number(std::string_view name) const;
    VectorSetting& vector(std::string_view name) const;
    ChoiceSetting& choice(std::string_view name) const;
    NameSetSetting& nameSet(std::string_view name) const;
    MaskSetting& mask(std::string_view name) const;

    /// All movement settings at once (the Movement panel's "defaults", the thin-wall demo):
    /// sanitized whole, so no order of single writes can leave a box inverted on the way; the
    /// listeners hear each setting that changed.
    void applyMovement(const movement::Settings& settings);

    /// Heard after every change of any setting, whichever front made it.
    void setListener(std::function<void(const Setting&)> listener);

private:
    /// Keeps `setting` (declaration order) and tells the registry's listener of its changes.
    void addSetting(std::unique_ptr<Setting> setting);
    template <typename T> T& add(std::unique_ptr<T> setting) {
        T& ref = *setting;
        addSetting(std::move(setting));
        return ref;
    }
    template <typename T> T& typed(std::string_view name) const;
    void addTraceRules();
    void addMovement();
    void addMovementField(const movement::SettingName& field);
    Setting& addMovementKind(SettingInfo info, const std::string& name);
    NumberSetting& addMovementNumber(SettingInfo info, const std::string& name);
    void addSession();
    void addProbe();
    void addView();
    void addStrafeHud();
    void addOverlays();
    void addTraceOverlays();
    void addAnalysis();

    Session& m_session;
    Probes& m_probes;
    ViewOptions& m_view;
    AnalysisViews& m_analysis;
    SettingsKey m_key;
    std::vector<std::unique_ptr<Setting>> m_owned;
    std::vector<Setting*> m_all;
    std::vector<Setting*> m_movement; ///< The movement settings, for applyMovement.
    std::function<void(const Setting&)> m_listener;
};

/// The console name of a movement setting: the game's cvar where it has one (gravity: g_gravity,
/// maxSpeed: g_speed), else the `--set` name itself.
std::string movementCvarName(const std::string& settingName);

} // namespace cliplab::viewer
