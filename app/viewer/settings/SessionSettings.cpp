// The session's settings, each declared once: the collision rules every trace follows, every
// movement setting (from the movement module's own table of names and ranges), the tick rate
// (also as the game's pmove_msec) and what happens to a player leaving the world.

#include "viewer/settings/SettingsRegistry.h"

#include "core/Format.h"
#include "viewer/Limits.h"
#include "viewer/Session.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace cliplab::viewer {

namespace {

/// The panel's label, doc line and slider of each movement setting (by its `--set` name).
struct MovementRow {
    const char* name;
    const char* label;
    const char* doc;
    SliderHint slider;
};

const MovementRow kMovementRows[] = {
    {"preset",
     "preset",
     "collision response: melax (slides against every plane of the tick) or quake3 (Pmove)",
     {}},
    {"method", "method", "position update: swept traces or step-and-correct", {}},
    {"shape",
     "player shape",
     "the player's swept shape (sphere, capsule and cylinder fitted to the box)",
     {}},
    {"crouchMaxsZ", "crouch maxs z", "player box top while crouched (units)", {0, 64, "%.1f"}},
    {"eyeHeight", "eye height", "eye above the origin, standing (units)", {0, 64, "%.1f"}},
    {"crouchEyeHeight", "crouch eye height", "eye above the origin, crouched (units)", {0, 64, "%.1f"}},
    {"stepHeight", "step height", "highest ledge walked onto (units)", {0, 64, "%.1f"}},
    {"climbHeight", "climb height", "melax: ledges up to this are climbed (units; 0 = off)", {0, 64, "%.1f"}},
    {"gravity", "gravity", "downward acceleration (units/s^2)", {0, 2000, "%.0f"}},
    {"maxSpeed", "max speed", "running speed (units/s)", {0, 1000, "%.0f"}},
    {"crouchSpeedScale", "crouch speed scale", "speed factor while crouched", {0, 1, "%.2f"}},
    {"accelerate", "accelerate", "ground acceleration (1/s, times the wished speed)", {0, 50, "%.1f"}},
    {"airAccelerate", "air accelerate", "air acceleration (1/s)", {0, 50, "%.1f"}},
    {"flyAccelerate", "fly accelerate", "acceleration in fly mode (1/s)", {0, 50, "%.1f"}},
    {"friction", "friction", "ground friction (1/s)", {0, 20, "%.1f"}},
    {"flyFriction", "fly friction", "friction in fly mode (1/s)", {0, 20, "%.1f"}},
    {"noclipFriction", "noclip friction", "friction in noclip mode (1/s)", {0, 20, "%.1f"}},
    {"stopSpeed",
     "stop speed",
     "below this speed friction acts as at this speed (units/s)",
     {0, 400, "%.0f"}},
    {"jumpVelocity", "jump velocity", "upward speed of a jump (units/s)", {0, 1000, "%.0f"}},
    {"minWalkNormal",
     "min walk normal",
     "a surface is walkable when its normal z is at least this",
     {0.01, 1, "%.3f"}},
    {"overclip", "overclip", "velocity clipping overshoot: keeps the player off planes", {1, 1.1, "%.4f"}},
    {"groundProbe", "ground probe", "length of the downward ground trace (units)", {0, 4, "%.3f"}},
    {"landTime",
     "land time",
     "quake3: after a hard landing collisions keep the velocity this long (s)",
     {0, 1, "%.3f"}},
    {"swimScale", "swim scale", "quake3 preset: speed factor when swimming", {0, 1, "%.2f"}},
    {"waterAccelerate", "water accelerate", "quake3 preset: acceleration in liquids (1/s)", {0, 20, "%.1f"}},
    {"waterFriction", "water friction", "quake3 preset: friction per water level (1/s)", {0, 10, "%.1f"}},
    {"maxCommandTime",
     "max command time",
     "longer moves are cut into pieces of at most this (s)",
     {0.001, 0.25, "%.3f"}},
    {"stepLength", "step length", "step-and-correct: longest step (units)", {0.25, 64, "%.2f", true}},
    {"maxSlideIterations", "max slide iterations", "traces per slide move (Quake 3's bumps)", {1, 16, "%d"}},
    {"maxPlanes", "max planes", "planes remembered per slide move", {2, 16, "%d"}},
    {"snapVelocity",
     "snap velocity",
     "quake3 preset: velocity rounded to whole units after each command",
     {}},
    {"quantizeAngles", "quantize angles", "quake3 preset: angles sent as 16-bit shorts, as in usercmd_t", {}},
    {"contentsMask", "player contents mask", "what blocks the player (contents bits)", {}},
    {"minsx", "box mins", "player box lower corner, x (units)", {-64, 0, "%.1f"}},
    {"minsy", "box mins", "player box lower corner, y (units)", {-64, 0, "%.1f"}},
    {"minsz", "box mins", "player box lower corner, z (units)", {-64, 0, "%.1f"}},
    {"maxsx", "box maxs", "player box upper corner, x (units)", {0, 96, "%.1f"}},
    {"maxsy", "box maxs", "player box upper corner, y (units)", {0, 96, "%.1f"}},
    {"maxsz", "box maxs", "player box upper corner, z (units)", {0, 96, "%.1f"}},
};

const MovementRow& movementRow(const std::string& name) {
    for (const MovementRow& row : kMovementRows)
        if (name == row.name)
            return row;
    // The movement module has a setting the viewer does not present: a programmer error.
    std::fprintf(stderr, "cliplab: movement setting '%s' has no row in kMovementRows\n", name.c_str());
    std::abort();
}

/// A player box corner's component, by its `--set` name (minsx .. maxsz).
float& corner(movement::Settings& s, const std::string& name) {
    return (name[1] == 'i' ? s.mins : s.maxs)[name[4] - 'x'];
}

} // namespace

void SettingsRegistry::addTraceRules() {
    Session& se = m_session;
    const SettingsKey key = m_key;
    // Every rules field goes through one write, so the session hears one change.
    auto write = [&se, key](auto change) {
        return [&se, key, change](auto v) {
            tracing::Rules r = se.rules();
            change(r, v);
            se.setRules(r, key);
        };
    };
    const tracing::Rules d{viewerTraceOptions(), TraceMethod::Brush, true};
    add(std::make_unique<NumberSetting>(
        settingInfo("trace.epsilon", "trace_epsilon", "epsilon",
                    "distance traces keep from surfaces (units; the game's 0.125)", true,
                    {0, limits::kEpsilon, "%.5f", true}),
        0.0, limits::kEpsilon, d.options.epsilon,
        Binding<double>{[&se] { return double(se.rules().options.epsilon); },
                        write([](tracing::Rules& r, double v) { r.options.epsilon = float(v); })}));
    add(std::make_unique<ChoiceSetting>(
        settingInfo("trace.semantics", "trace_semantics", "semantics",
                    "brush test rules (docs/collision-modes.md)", true),
        namesOf(collision::kSemanticsNames), int(d.options.semantics),
        Binding<int>{[&se] { return int(se.rules().options.semantics); }, write([](tracing::Rules& r, int v) {
                         r.options.semantics = collision::Semantics(v);
                     })}));
    SettingInfo curves =
        settingInfo("trace.curves", "cm_noCurves", "curves (patches collide)",
                    "1: traces ignore patches (curved surfaces), as the game's cm_noCurves", true);
    curves.consoleInverted = true;
    add(std::make_unique<FlagSetting>(
        std::move(curves), d.options.curves,
        Binding<bool>{[&se] { return se.rules().options.curves; },
                      write([](tracing::Rules& r, bool v) { r.options.curves = v; })}));
    add(std::make_unique<FlagSetting>(
        settingInfo("trace.rayCurveClip", "cm_playerCurveClip", "rays collide with patches",
                    "0: rays pass through patches, as the game's cm_playerCurveClip"),
        d.options.rayCurveClip,
        Binding<bool>{[&se] { return se.rules().options.rayCurveClip; },
                      write([](tracing::Rules& r, bool v) { r.options.rayCurveClip = v; })}));
    add(std::make_unique<ChoiceSetting>(
        settingInfo(
            "trace.method", "trace_method", "method",
            "which trace answers: brush, planeshift (Melax's plane shifting) or both (probe and sweep side "
            "by "
            "side; the player moves by the brush trace)",
            true),
        namesOf(tracing::kTraceMethodNames), int(d.method),
        Binding<int>{[&se] { return int(se.rules().method); },
                     write([](tracing::Rules& r, int v) { r.method = TraceMethod(v); })}));
    add(std::make_unique<FlagSetting>(settingInfo("trace.bevels", "trace_bevels", "bevels (planeshift tree)",
                                                  "bevel planes in the plane-shift tree", true),
                                      d.bevels,
                                      Binding<bool>{[&se] { return se.rules().bevels; },
                                                    write([](tracing::Rules& r, bool v) { r.bevels = v; })}));
}

void SettingsRegistry::addMovement() {
    for (const movement::SettingName& field : movement::settingNames())
        addMovementField(field);
}

void SettingsRegistry::addMovementField(const movement::SettingName& field) {
    Session& se = m_session;
    const std::string name = field.name;
    const MovementRow& row = movementRow(name);
    const bool archived = name == "preset" || name == "method" || name == "stepLength";
    SettingInfo i =
        settingInfo("movement." + name, movementCvarName(name), row.label, row.doc, archived, row.slider);
    if (i.name != name)
        i.aliases = {name};
    Setting& added = addMovementKind(std::move(i), name);
    // The console and viewer.cfg read and write these as the command line's --set does
    // (contentsMask as the number --set takes, not by names: no completions).
    std::optional<std::vector<std::string>> words;
    if (name == "contentsMask")
        words.emplace();
    added.setTextForm(TextForm{
        [&se, name] { return movement::getSetting(se.movement(), name).value_or("?"); },
        [this, &se, name, shown = added.info().name](const std::string& w) -> std::optional<std::string> {
            movement::Settings s = se.movement();
            if (auto e = movement::setSetting(s, name, w))
                // setSetting names the field: the message names the setting.
                return e->rfind(name + ":", 0) == 0 ? shown + e->substr(name.size()) : shown + ": " + *e;
            // Checked whole: a value that would invert the box is refused.
            if (auto e = movement::validateSettings(s))
                return shown + ": " + *e;
            applyMovement(s);
            return std::nullopt;
        },
        field.range, movement::getSetting(movement::Settings{}, name).value_or(""), words});
    m_movement.push_back(&added);
}

Setting& SettingsRegistry::addMovementKind(SettingInfo i, const std::string& name) {
    Session& se = m_session;
    const SettingsKey key = m_key;
    const movement::Settings d;
    // Reads and writes one field of a copy of the settings; the session sanitizes the whole.
    auto binding = [&se, key](auto get, auto set) {
        using T = decltype(get(std::declval<const movement::Settings&>()));
        return Binding<T>{[&se, get] { return get(se.movement()); },
                          [&se, key, set](T v) {
                              movement::Settings s = se.movement();
                              set(s, v);
                              se.setMovement(s, key);
                          }};
    };
    using S = movement::Settings;
    if (name == "preset")
        return add(
            std::make_unique<ChoiceSetting>(std::move(i), namesOf(movement::kPresetNames), int(d.preset),
                                            binding([](const S& s) { return int(s.preset); },
                                                    [](S& s, int v) { s.preset = movement::Preset(v); })));
    if (name == "method")
        return add(
            std::make_unique<ChoiceSetting>(std::move(i), namesOf(movement::kMethodNames), int(d.method),
                                            binding([](const S& s) { return int(s.method); },
                                                    [](S& s, int v) { s.method = movement::Method(v); })));
    if (name == "shape")
        return add(
            std::make_unique<ChoiceSetting>(std::move(i), namesOf(collision::kShapeNames), int(d.shape),
                                            binding([](const S& s) { return int(s.shape); },
                                                    [](S& s, int v) { s.shape = collision::ShapeKind(v); })));
    if (name == "maxSlideIterations" || name == "maxPlanes") {
        int S::*f = name == "maxPlanes" ? &S::maxPlanes : &S::maxSlideIterations;
        return add(std::make_unique<WholeSetting>(
            std::move(i), name == "maxPlanes" ? 2 : 1, 16, d.*f,
            binding([f](const S& s) { return int64_t(s.*f); }, [f](S& s, int64_t v) { s.*f = int(v); })));
    }
    if (name == "snapVelocity" || name == "quantizeAngles") {
        bool S::*f = name == "snapVelocity" ? &S::snapVelocity : &S::quantizeAngles;
        return add(std::make_unique<FlagSetting>(
            std::move(i), d.*f, binding([f](const S& s) { return s.*f; }, [f](S& s, bool v) { s.*f = v; })));
    }
    if (name == "contentsMask")
        return add(std::make_unique<MaskSetting>(
            std::move(i), d.contentsMask,
            binding([](const S& s) { return s.contentsMask; }, [](S& s, int32_t v) { s.contentsMask = v; }),
            false));
    return addMovementNumber(std::move(i), name);
}

NumberSetting& SettingsRegistry::addMovementNumber(SettingInfo i, const std::string& name) {
    Session& se = m_session;
    const SettingsKey key = m_key;
    const movement::Settings d;
    if (name.size() == 5 && (name.rfind("mins", 0) == 0 || name.rfind("maxs", 0) == 0)) {
        movement::Settings dc = d;
        return add(std::make_unique<NumberSetting>(std::move(i), -1e4, 1e4, double(corner(dc, name)),
                                                   Binding<double>{[&se, name] {
                                                                       movement::Settings s = se.movement();
                                                                       return double(corner(s, name));
                                                                   },
                                                                   [&se, key, name](double v) {
                                                                       movement::Settings s = se.movement();
                                                                       corner(s, name) = float(v);
                                                                       se.setMovement(s, key);
                                                                   }}));
    }
    for (const movement::FloatSetting& f : movement::floatSettings())
        if (name == f.name) {
            float movement::Settings::*field = f.field;
            return add(std::make_unique<NumberSetting>(
                std::move(i), double(f.min), double(f.max), double(d.*field),
                Binding<double>{[&se, field] { return double(se.movement().*field); },
                                [&se, key, field](double v) {
                                    movement::Settings s = se.movement();
                                    s.*field = float(v);
                                    se.setMovement(s, key);
                                }}));
        }
    std::fprintf(stderr, "cliplab: movement setting '%s' is of no known kind\n", name.c_str());
    std::abort();
}

void SettingsRegistry::addSession() {
    Session& se = m_session;
    const SettingsKey key = m_key;
    using movement::Simulation;
    add(std::make_unique<NumberSetting>(
        settingInfo("movement.tickRate", "tickRate", "tick rate (Hz)", "movement ticks per second (Hz)", true,
                    {Simulation::kMinRate, Simulation::kMaxRate, "%.0f"}),
        Simulation::kMinRate, Simulation::kMaxRate, Simulation::kDefaultRate,
        Binding<double>{[&se] { return se.tickRate(); }, [&se, key](double v) { se.setTickRate(v, key); }},
        false));
    auto& msec = add(std::make_unique<WholeSetting>(
        settingInfo("movement.pmoveMsec", "pmove_msec", "",
                    "milliseconds per movement tick (8 = 125 Hz; tickRate in Hz)"),
        3, 33, 8,
        Binding<int64_t>{[&se] { return int64_t(std::llround(1000.0 / se.tickRate())); },
                         [&se, key](int64_t ms) { se.setTickRate(1000.0 / double(ms), key); }}));
    // The rate need not be a whole number of milliseconds: shown as it is.
    TextForm shown;
    shown.get = [&se] { return core::format("%.4g", 1000.0 / se.tickRate()); };
    msec.setTextForm(std::move(shown));
    add(std::make_unique<ChoiceSetting>(
        settingInfo(
            "movement.leaveWorld", "leaveWorld", "leaving the world",
            "what happens to a walking or flying player that leaves the world: respawn, or stop there", true),
        namesOf(kLeaveWorldNames), int(LeaveWorld::Respawn),
        Binding<int>{[&se] { return int(se.leaveWorld()); },
                     [&se, key](int v) { se.setLeaveWorld(LeaveWorld(v), key); }}));
}

} // namespace cliplab::viewer
