#pragma once
/// \file Settings.h
/// Tunable numbers of the player controller. Plain values; the defaults are Quake 3's.

#include "bsp/BspData.h"
#include "collision/Trace.h"
#include "core/EnumNames.h"
#include "stepcorrect/Correction.h"

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace cliplab::movement {

/// How the player moves.
enum class Mode {
    Walk,   ///< Gravity, ground, jump, crouch.
    Fly,    ///< No gravity, free 3D acceleration, still collides (Quake 3's flight powerup).
    Noclip, ///< No gravity, no collision at all.
};

/// Every mode and its name, in enum order (the command line's --mode, recordings, the viewer).
inline constexpr std::array<core::EnumName<Mode>, 3> kModeNames{{
    {Mode::Walk, "walk"},
    {Mode::Fly, "fly"},
    {Mode::Noclip, "noclip"},
}};
static_assert(core::inEnumOrder(kModeNames));

/// Which collision response is used.
enum class Preset {
    Melax,  ///< Position-target sliding against every plane of the tick, path-lifting steps (default).
    Quake3, ///< ioquake3's Pmove reproduced exactly (PM_SlideMove / PM_StepSlideMove / PM_GroundTrace).
};

/// Every preset and its name, in enum order (--preset, `--set preset=`, recordings, the viewer).
inline constexpr std::array<core::EnumName<Preset>, 2> kPresetNames{{
    {Preset::Melax, "melax"},
    {Preset::Quake3, "quake3"},
}};
static_assert(core::inEnumOrder(kPresetNames));

/// How the position is updated each command (velocity, friction, gravity, jump and crouch are the
/// preset's either way).
enum class Method {
    Swept,       ///< Swept traces: the preset's own slide and step moves (default).
    StepCorrect, ///< Discrete steps of at most Settings::stepLength, each pushed out of overlapped
                 ///< brushes (collision::correct, the block-engine point correction); needs a
                 ///< CorrectFunction, see move().
};

/// Every method and its name, in enum order (--method, `--set method=`, recordings, the viewer).
inline constexpr std::array<core::EnumName<Method>, 2> kMethodNames{{
    {Method::Swept, "swept"},
    {Method::StepCorrect, "step-correct"},
}};
static_assert(core::inEnumOrder(kMethodNames));

/// Settings of the controller. Every field has a default; units are game units and seconds.
struct Settings {
    Preset preset = Preset::Melax; ///< Collision response.
    Method method = Method::Swept; ///< Position update: swept traces or step-and-correct.
    /// Step-and-correct: longest step (units, [collision::kMinStepLength, collision::kMaxStepLength]).
    /// Walls thinner than twice this can be passed through (the half-thickness rule).
    float stepLength = collision::kDefaultStepLength;

    glm::vec3 mins{-15.0f, -15.0f, -24.0f}; ///< Player box lower corner relative to the origin (units).
    glm::vec3 maxs{15.0f, 15.0f, 32.0f};    ///< Player box upper corner, standing (units).
    float crouchMaxsZ = 16.0f;              ///< maxs.z while crouched (units).
    float eyeHeight = 26.0f;                ///< Eye above the origin, standing (units).
    float crouchEyeHeight = 12.0f;          ///< Eye above the origin, crouched (units).
    /// Swept shape; Box uses mins/maxs, Capsule derives its radius from them, Sphere uses half the
    /// box width as radius, Cylinder the half width and half height of the box around its middle,
    /// Ray sweeps a point.
    collision::ShapeKind shape = collision::ShapeKind::Box;

    float stepHeight = 18.0f;       ///< Highest ledge walked onto without jumping (units, >= 0).
    float climbHeight = 0.0f;       ///< Melax MDK2 climb: ledges up to this are climbed (units); 0 = off.
    float gravity = 800.0f;         ///< Downward acceleration (units/s^2).
    float maxSpeed = 320.0f;        ///< Running speed (units/s).
    float crouchSpeedScale = 0.25f; ///< Speed factor while crouched, [0, 1].
    float accelerate = 10.0f;       ///< Ground acceleration (1/s, times the wished speed).
    float airAccelerate = 1.0f;     ///< Air acceleration (1/s).
    float flyAccelerate = 8.0f;     ///< Acceleration in fly mode (1/s).
    float friction = 6.0f;          ///< Ground friction (1/s).
    float flyFriction = 3.0f;       ///< Friction in fly mode (1/s).
    float noclipFriction = 9.0f;    ///< Friction in noclip mode (1/s); Quake 3 uses 1.5 x friction.
    float stopSpeed = 100.0f;       ///< Below this speed friction acts as if moving this fast (units/s).
    float jumpVelocity = 270.0f;    ///< Upward speed of a jump (units/s).
    float minWalkNormal = 0.7f;     ///< A surface is walkable when its normal z >= this, [0.01, 1].
    float overclip = 1.001f;        ///< Velocity clipping overshoot (>= 1), keeps the player off planes.
    int maxSlideIterations = 4;     ///< Traces per slide move (Quake 3's bumps), >= 1.
    int maxPlanes = 5;              ///< Planes remembered per slide move, >= 2.
    float groundProbe = 0.25f;      ///< Length of the downward ground trace (units).
    float swimScale = 0.5f;         ///< Quake 3 preset: speed factor when swimming, [0, 1].
    float waterAccelerate = 4.0f;   ///< Quake 3 preset: acceleration in liquids (1/s).
    float waterFriction = 1.0f;     ///< Quake 3 preset: friction per water level (1/s).
    float landTime = 0.25f;         ///< Quake 3: after a landing faster than 200 u/s, velocity is kept
                                    ///< unchanged by collisions for this long (s).
    float maxCommandTime = 0.066f;  ///< Longer moves are cut into pieces of at most this (s).
    bool snapVelocity = true;       ///< Quake 3 preset: round velocity to whole units after each command.
    bool quantizeAngles = true;     ///< Quake 3 preset: angles travel as 16-bit shorts, as in usercmd_t.
    int32_t contentsMask = bsp::contents::MaskPlayerSolid; ///< What blocks the player.

    /// Every field equal (floats compared as numbers).
    bool operator==(const Settings&) const = default;
};

/// Sets a field of `settings` by its name in the CLI (`--set NAME=VALUE`): the field names above,
/// e.g. "gravity", "stepHeight", "minWalkNormal"; booleans take 0/1; box corners minsx..maxsz.
/// NaN, infinities and values outside the field's range are refused. Returns an error text, or
/// nothing on success. One field at a time: check the whole with validateSettings afterwards.
std::optional<std::string> setSetting(Settings& settings, const std::string& name, const std::string& value);

/// A float field of Settings: its name in setSetting, the member and the range setSetting accepts
/// and sanitize clamps to.
struct FloatSetting {
    const char* name;
    float Settings::*field;
    float min, max;
};

/// Every float field of Settings with its range, in settingNames() order (stepLength last).
std::span<const FloatSetting> floatSettings();

/// A name setSetting accepts and what it takes.
struct SettingName {
    std::string name;  ///< e.g. "gravity", "minsx", "preset".
    std::string range; ///< e.g. "[-100000, 100000]", "melax or quake3", "0 or 1".
};

/// Every name setSetting accepts, in a fixed order: preset, method, shape, the float fields, the
/// whole-number and 0/1 fields, contentsMask, then the box corners minsx..maxsz.
std::vector<SettingName> settingNames();

/// The value of setting `name` as text setSetting reads back to the same value (floats in their
/// shortest exact form: "800", "0.7"); nullopt for a name setSetting does not know.
std::optional<std::string> getSetting(const Settings& settings, const std::string& name);

/// `settings` with every field in the range setSetting accepts: a NaN field takes its default,
/// others are clamped. Ranges: crouchMaxsZ, eyeHeight, crouchEyeHeight [-1e4, 1e4]; stepHeight,
/// climbHeight [0, 1e4]; gravity [-1e5, 1e5]; maxSpeed, stopSpeed, jumpVelocity [0, 1e5];
/// accelerate, airAccelerate, flyAccelerate, friction, flyFriction, noclipFriction,
/// waterAccelerate, waterFriction [0, 1e4]; crouchSpeedScale, swimScale [0, 1]; minWalkNormal
/// [0.01, 1]; overclip [1, 2]; groundProbe [0, 1e3]; landTime [0, 10]; maxCommandTime
/// [0.001, 1] (docs/reliability.md, "Hostile numbers"). Box corners are clamped
/// to +/-10000 and swapped per axis when inverted, crouchMaxsZ is raised to mins.z when below it,
/// maxSlideIterations to [1, 16], maxPlanes to [2, 16], an invalid preset or shape takes its
/// default. In-range settings come back unchanged. move() applies it to every call.
Settings sanitize(const Settings& settings);

/// True when sanitize would change nothing: every field in range, no inverted box, valid enums.
bool inRange(const Settings& settings);

/// The first field of `settings` outside its range (or an inverted standing or crouched box), as
/// an error text naming it; nullopt when sanitize would change nothing of it. For front ends that
/// must refuse rather than clamp (the CLI after all its --set options).
std::optional<std::string> validateSettings(const Settings& settings);

/// One field of Settings: its name in setSetting and its value as text that setSetting reads back
/// to the very same value (floats with 9 significant digits, enums by name, booleans 0/1).
struct SettingText {
    std::string name;
    std::string value;
};

/// Every field of `settings`, in declaration order (box corners as minsx..maxsz), so that
/// applying them all with setSetting to any Settings gives back `settings` exactly. Values outside
/// setSetting's ranges are written as they are (setSetting then refuses them): write sanitize(s)
/// for a file that must read back.
std::vector<SettingText> settingTexts(const Settings& settings);

/// The name of `kind` in collision::kShapeNames, the names setSetting accepts for `shape`.
const char* shapeName(collision::ShapeKind kind);

/// The preset named in kPresetNames; nullopt for anything else.
std::optional<Preset> parsePreset(const std::string& text);
/// The mode named in kModeNames; nullopt for anything else.
std::optional<Mode> parseMode(const std::string& text);
/// The method named in kMethodNames; nullopt for anything else.
std::optional<Method> parseMethod(const std::string& text);
/// The name parseMethod accepts.
const char* methodName(Method method);
/// The name parsePreset accepts.
const char* presetName(Preset preset);
/// The name parseMode accepts.
const char* modeName(Mode mode);

} // namespace cliplab::movement
