#include "movement/Settings.h"

#include "core/Format.h"
#include "core/Parse.h"

#include <algorithm>
#include <charconv>

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace cliplab::movement {

namespace {

/// The float settings, their names in setSetting and their ranges (what sanitize clamps to).
constexpr FloatSetting kFloats[] = {
    {"crouchMaxsZ", &Settings::crouchMaxsZ, -1e4, 1e4},
    {"eyeHeight", &Settings::eyeHeight, -1e4, 1e4},
    {"crouchEyeHeight", &Settings::crouchEyeHeight, -1e4, 1e4},
    {"stepHeight", &Settings::stepHeight, 0, 1e4},
    {"climbHeight", &Settings::climbHeight, 0, 1e4},
    {"gravity", &Settings::gravity, -1e5, 1e5},
    {"maxSpeed", &Settings::maxSpeed, 0, 1e5},
    {"crouchSpeedScale", &Settings::crouchSpeedScale, 0, 1},
    {"accelerate", &Settings::accelerate, 0, 1e4},
    {"airAccelerate", &Settings::airAccelerate, 0, 1e4},
    {"flyAccelerate", &Settings::flyAccelerate, 0, 1e4},
    {"friction", &Settings::friction, 0, 1e4},
    {"flyFriction", &Settings::flyFriction, 0, 1e4},
    {"noclipFriction", &Settings::noclipFriction, 0, 1e4},
    {"stopSpeed", &Settings::stopSpeed, 0, 1e5},
    {"jumpVelocity", &Settings::jumpVelocity, 0, 1e5},
    {"minWalkNormal", &Settings::minWalkNormal, 0.01f, 1},
    {"overclip", &Settings::overclip, 1, 2},
    {"groundProbe", &Settings::groundProbe, 0, 1e3},
    {"landTime", &Settings::landTime, 0, 10},
    {"swimScale", &Settings::swimScale, 0, 1},
    {"waterAccelerate", &Settings::waterAccelerate, 0, 1e4},
    {"waterFriction", &Settings::waterFriction, 0, 1e4},
    {"maxCommandTime", &Settings::maxCommandTime, 0.001f, 1},
    {"stepLength", &Settings::stepLength, collision::kMinStepLength, collision::kMaxStepLength},
};
/// Range of each box corner component (units): far beyond any player, well inside float precision.
constexpr double kBoxLimit = 1e4;

bool validPreset(Preset p) {
    return p == Preset::Melax || p == Preset::Quake3;
}
bool validMethod(Method m) {
    return m == Method::Swept || m == Method::StepCorrect;
}
bool validShape(collision::ShapeKind k) {
    return static_cast<size_t>(k) < collision::kShapeNames.size();
}

/// A literal's name as the C string the *Name functions return.
const char* cName(std::string_view name) {
    return name.data(); // every table's names are literals
}

} // namespace

std::span<const FloatSetting> floatSettings() {
    return kFloats;
}

std::optional<std::string> setSetting(Settings& s, const std::string& name, const std::string& value) {
    if (name == "preset") {
        const auto p = parsePreset(value);
        if (!p)
            return "preset: expected " + core::choiceText(kPresetNames) + ", got '" + value + "'";
        s.preset = *p;
        return std::nullopt;
    }
    if (name == "method") {
        const auto m = parseMethod(value);
        if (!m)
            return "method: expected " + core::choiceText(kMethodNames) + ", got '" + value + "'";
        s.method = *m;
        return std::nullopt;
    }
    if (name == "shape") {
        const auto k = core::valueOf(collision::kShapeNames, value);
        if (!k)
            return "shape: expected " + core::choiceText(collision::kShapeNames) + ", got '" + value + "'";
        s.shape = *k;
        return std::nullopt;
    }
    const auto v = core::parseFiniteNumber(value);
    if (!v)
        return name + ": '" + value + "' is not a number";
    for (const auto& ff : kFloats)
        if (name == ff.name) {
            // Compared as the float that is stored (a typed 0.01 is exactly the 0.01f bound), once
            // the double is known to fit a float (1e300 does not).
            const bool fits = std::fabs(*v) <= 1e30;
            const float f = fits ? static_cast<float>(*v) : 0.0f;
            if (!fits || !(f >= ff.min && f <= ff.max))
                return core::format("%s: %s is outside [%g, %g]", name.c_str(), value.c_str(), double(ff.min),
                                    double(ff.max));
            s.*ff.field = f;
            return std::nullopt;
        }
    if (name == "maxSlideIterations" || name == "maxPlanes") {
        const double lo = name == "maxPlanes" ? 2 : 1;
        if (*v != std::floor(*v) || *v < lo || *v > 16)
            return name + ": expected a whole number in [" + std::to_string(static_cast<int>(lo)) + ", 16]";
        (name == "maxPlanes" ? s.maxPlanes : s.maxSlideIterations) = static_cast<int>(*v);
        return std::nullopt;
    }
    if (name == "snapVelocity" || name == "quantizeAngles") {
        if (*v != 0 && *v != 1)
            return name + ": expected 0 or 1";
        (name == "snapVelocity" ? s.snapVelocity : s.quantizeAngles) = *v != 0;
        return std::nullopt;
    }
    if (name == "contentsMask") {
        if (*v != std::floor(*v) || *v < 0 || *v > 2147483647.0)
            return name + ": expected a whole number >= 0";
        s.contentsMask = static_cast<int32_t>(*v);
        return std::nullopt;
    }
    if (name.size() == 5 && (name.rfind("mins", 0) == 0 || name.rfind("maxs", 0) == 0) && name[4] >= 'x' &&
        name[4] <= 'z') {
        if (*v < -kBoxLimit || *v > kBoxLimit)
            return name + ": " + value + " is outside [-10000, 10000]";
        glm::vec3& vec = name[1] == 'i' ? s.mins : s.maxs;
        vec[name[4] - 'x'] = static_cast<float>(*v);
        return std::nullopt;
    }
    return "unknown setting '" + name + "'";
}

namespace {

std::string floatText(float v) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

} // namespace

std::vector<SettingName> settingNames() {
    std::vector<SettingName> out = {{"preset", core::choiceText(kPresetNames)},
                                    {"method", core::choiceText(kMethodNames)},
                                    {"shape", core::choiceText(collision::kShapeNames)}};
    for (const auto& ff : kFloats)
        out.push_back({ff.name, core::format("[%g, %g]", double(ff.min), double(ff.max))});
    out.push_back({"maxSlideIterations", "[1, 16], whole"});
    out.push_back({"maxPlanes", "[2, 16], whole"});
    out.push_back({"snapVelocity", "0 or 1"});
    out.push_back({"quantizeAngles", "0 or 1"});
    out.push_back({"contentsMask", "[0, 2147483647], whole"});
    for (const char* corner : {"mins", "maxs"})
        for (const char* axis : {"x", "y", "z"})
            out.push_back({std::string(corner) + axis, "[-10000, 10000]"});
    return out;
}

std::optional<std::string> getSetting(const Settings& s, const std::string& name) {
    if (name == "preset")
        return presetName(s.preset);
    if (name == "method")
        return methodName(s.method);
    if (name == "shape")
        return shapeName(s.shape);
    for (const auto& ff : kFloats)
        if (name == ff.name)
            return floatText(s.*ff.field);
    if (name == "maxSlideIterations")
        return std::to_string(s.maxSlideIterations);
    if (name == "maxPlanes")
        return std::to_string(s.maxPlanes);
    if (name == "snapVelocity")
        return s.snapVelocity ? "1" : "0";
    if (name == "quantizeAngles")
        return s.quantizeAngles ? "1" : "0";
    if (name == "contentsMask")
        return std::to_string(s.contentsMask);
    if (name.size() == 5 && (name.rfind("mins", 0) == 0 || name.rfind("maxs", 0) == 0) && name[4] >= 'x' &&
        name[4] <= 'z')
        return floatText((name[1] == 'i' ? s.mins : s.maxs)[name[4] - 'x']);
    return std::nullopt;
}

Settings sanitize(const Settings& in) {
    const Settings defaults;
    Settings s = in;
    for (const auto& ff : kFloats) {
        float& v = s.*ff.field;
        v = std::isnan(v) ? defaults.*ff.field : std::clamp(v, ff.min, ff.max);
    }
    const auto box = static_cast<float>(kBoxLimit);
    for (int i = 0; i < 3; ++i) {
        float lo = std::isnan(s.mins[i]) ? defaults.mins[i] : std::clamp(s.mins[i], -box, box);
        float hi = std::isnan(s.maxs[i]) ? defaults.maxs[i] : std::clamp(s.maxs[i], -box, box);
        if (lo > hi)
            std::swap(lo, hi);
        s.mins[i] = lo;
        s.maxs[i] = hi;
    }
    // The crouched box must not be inverted either.
    s.crouchMaxsZ = std::max(s.crouchMaxsZ, s.mins.z);
    s.maxSlideIterations = std::clamp(s.maxSlideIterations, 1, 16);
    s.maxPlanes = std::clamp(s.maxPlanes, 2, 16);
    if (!validPreset(s.preset))
        s.preset = defaults.preset;
    if (!validMethod(s.method))
        s.method = defaults.method;
    if (!validShape(s.shape))
        s.shape = defaults.shape;
    return s;
}

bool inRange(const Settings& s) {
    for (const auto& ff : kFloats) {
        const float v = s.*ff.field;
        if (!(v >= ff.min && v <= ff.max))
            return false;
    }
    const auto box = static_cast<float>(kBoxLimit);
    for (int i = 0; i < 3; ++i)
        if (!(s.mins[i] >= -box && s.maxs[i] <= box && s.mins[i] <= s.maxs[i]))
            return false;
    return s.crouchMaxsZ >= s.mins.z && s.maxSlideIterations >= 1 && s.maxSlideIterations <= 16 &&
           s.maxPlanes >= 2 && s.maxPlanes <= 16 && validPreset(s.preset) && validMethod(s.method) &&
           validShape(s.shape);
}

std::optional<std::string> validateSettings(const Settings& s) {
    for (const auto& ff : kFloats) {
        const float v = s.*ff.field;
        if (!(v >= ff.min && v <= ff.max))
            return core::format("%s: %g is outside [%g, %g]", ff.name, double(v), double(ff.min),
                                double(ff.max));
    }
    static const char* axes[3] = {"x", "y", "z"};
    for (int i = 0; i < 3; ++i) {
        if (!(std::fabs(s.mins[i]) <= kBoxLimit) || !(std::fabs(s.maxs[i]) <= kBoxLimit))
            return core::format("mins%s/maxs%s: %g/%g is outside [-10000, 10000]", axes[i], axes[i],
                                double(s.mins[i]), double(s.maxs[i]));
        if (s.mins[i] > s.maxs[i])
            return core::format("mins%s = %g is above maxs%s = %g (inverted player box)", axes[i],
                                double(s.mins[i]), axes[i], double(s.maxs[i]));
    }
    if (s.crouchMaxsZ < s.mins.z)
        return core::format("crouchMaxsZ = %g is below minsz = %g (inverted crouched box)",
                            double(s.crouchMaxsZ), double(s.mins.z));
    if (s.maxSlideIterations < 1 || s.maxSlideIterations > 16)
        return core::format("maxSlideIterations: %d is outside [1, 16]", s.maxSlideIterations);
    if (s.maxPlanes < 2 || s.maxPlanes > 16)
        return core::format("maxPlanes: %d is outside [2, 16]", s.maxPlanes);
    if (!validPreset(s.preset))
        return core::format("preset: %d is not a preset", static_cast<int>(s.preset));
    if (!validMethod(s.method))
        return core::format("method: %d is not a movement method", static_cast<int>(s.method));
    if (!validShape(s.shape))
        return core::format("shape: %d is not a shape kind", static_cast<int>(s.shape));
    return std::nullopt;
}

std::vector<SettingText> settingTexts(const Settings& s) {
    std::vector<SettingText> out;
    auto real = [&](const char* name, float v) { out.push_back({name, core::format("%.9g", double(v))}); };
    out.push_back({"preset", presetName(s.preset)});
    out.push_back({"method", methodName(s.method)});
    real("stepLength", s.stepLength);
    static const char* corners[6] = {"minsx", "minsy", "minsz", "maxsx", "maxsy", "maxsz"};
    for (int i = 0; i < 3; ++i)
        real(corners[i], s.mins[i]);
    for (int i = 0; i < 3; ++i)
        real(corners[3 + i], s.maxs[i]);
    out.push_back({"shape", shapeName(s.shape)});
    for (const auto& ff : kFloats)
        if (ff.field != &Settings::stepLength)
            real(ff.name, s.*ff.field);
    out.push_back({"maxSlideIterations", std::to_string(s.maxSlideIterations)});
    out.push_back({"maxPlanes", std::to_string(s.maxPlanes)});
    out.push_back({"snapVelocity", s.snapVelocity ? "1" : "0"});
    out.push_back({"quantizeAngles", s.quantizeAngles ? "1" : "0"});
    out.push_back({"contentsMask", std::to_string(s.contentsMask)});
    return out;
}

const char* shapeName(collision::ShapeKind kind) {
    return cName(core::nameOf(collision::kShapeNames, kind, "box"));
}

std::optional<Preset> parsePreset(const std::string& text) {
    return core::valueOf(kPresetNames, text);
}

std::optional<Mode> parseMode(const std::string& text) {
    return core::valueOf(kModeNames, text);
}

std::optional<Method> parseMethod(const std::string& text) {
    return core::valueOf(kMethodNames, text);
}

const char* methodName(Method method) {
    return cName(core::nameOf(kMethodNames, method, "swept"));
}

const char* presetName(Preset preset) {
    return cName(core::nameOf(kPresetNames, preset, "melax"));
}

const char* modeName(Mode mode) {
    return cName(core::nameOf(kModeNames, mode, "walk"));
}

} // namespace cliplab::movement
