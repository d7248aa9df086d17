#include "movement/Settings.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace cliplab::movement {

namespace {

std::optional<double> number(const std::string& text) {
    if (text.empty())
        return std::nullopt;
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (errno != 0 || end != text.c_str() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

} // namespace

std::optional<std::string> setSetting(Settings& s, const std::string& name, const std::string& value) {
    if (name == "preset") {
        const auto p = parsePreset(value);
        if (!p)
            return "preset: expected melax or quake3, got '" + value + "'";
        s.preset = *p;
        return std::nullopt;
    }
    if (name == "method") {
        const auto m = parseMethod(value);
        if (!m)
            return "method: expected swept or step-correct, got '" + value + "'";
        s.method = *m;
        return std::nullopt;
    }
    if (name == "shape") {
        if (value == "box")
            s.shape = collision::ShapeKind::Box;
        else if (value == "capsule")
            s.shape = collision::ShapeKind::Capsule;
        else if (value == "sphere")
            s.shape = collision::ShapeKind::Sphere;
        else if (value == "cylinder")
            s.shape = collision::ShapeKind::Cylinder;
        else if (value == "ray")
            s.shape = collision::ShapeKind::Ray;
        else
            return "shape: expected box, capsule, sphere, cylinder or ray, got '" + value + "'";
        return std::nullopt;
    }
    const auto v = number(value);
    if (!v)
        return name + ": '" + value + "' is not a number";
    const auto f = static_cast<float>(*v);
    struct FloatField {
        const char* name;
        float Settings::*field;
        double min, max;
    };
    static constexpr FloatField kFloats[] = {
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
        {"minWalkNormal", &Settings::minWalkNormal, 0, 1},
        {"overclip", &Settings::overclip, 1, 2},
        {"groundProbe", &Settings::groundProbe, 0, 1e3},
        {"landTime", &Settings::landTime, 0, 10},
        {"swimScale", &Settings::swimScale, 0, 1},
        {"waterAccelerate", &Settings::waterAccelerate, 0, 1e4},
        {"waterFriction", &Settings::waterFriction, 0, 1e4},
        {"maxCommandTime", &Settings::maxCommandTime, 0.001, 1},
        {"stepLength", &Settings::stepLength, 0.01, 1e4},
    };
    for (const auto& ff : kFloats)
        if (name == ff.name) {
            if (*v < ff.min || *v > ff.max)
                return name + ": " + value + " is outside [" + std::to_string(ff.min) + ", " +
                       std::to_string(ff.max) + "]";
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
        glm::vec3& vec = name[1] == 'i' ? s.mins : s.maxs;
        vec[name[4] - 'x'] = f;
        return std::nullopt;
    }
    return "unknown setting '" + name + "'";
}

std::optional<Preset> parsePreset(const std::string& text) {
    if (text == "melax")
        return Preset::Melax;
    if (text == "quake3")
        return Preset::Quake3;
    return std::nullopt;
}

std::optional<Mode> parseMode(const std::string& text) {
    if (text == "walk")
        return Mode::Walk;
    if (text == "fly")
        return Mode::Fly;
    if (text == "noclip")
        return Mode::Noclip;
    return std::nullopt;
}

std::optional<Method> parseMethod(const std::string& text) {
    if (text == "swept")
        return Method::Swept;
    if (text == "step-correct")
        return Method::StepCorrect;
    return std::nullopt;
}

const char* methodName(Method method) {
    return method == Method::StepCorrect ? "step-correct" : "swept";
}

const char* presetName(Preset preset) {
    return preset == Preset::Quake3 ? "quake3" : "melax";
}

const char* modeName(Mode mode) {
    switch (mode) {
    case Mode::Fly:
        return "fly";
    case Mode::Noclip:
        return "noclip";
    case Mode::Walk:
        break;
    }
    return "walk";
}

} // namespace cliplab::movement
