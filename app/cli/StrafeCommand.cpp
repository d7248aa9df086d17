// `cliplab strafe --speed V [...]`: the strafe angles of one tick in closed form
// (movement/Strafe.h), and with --snap the quake3 preset's snap zones.

#include "cli/Commands.h"
#include "cli/MovementOptions.h"
#include "cli/SharedOptions.h"
#include "core/Format.h"
#include "movement/Simulation.h"
#include "movement/Strafe.h"

#include <cmath>
#include <cstdio>

namespace cliplab::cli {

namespace {

int usageError(const std::string& message) {
    return cli::usageError("strafe", message);
}

/// Largest --speed (units/s): movement's velocity clamp is far beyond any player.
constexpr double kMaxSpeed = 100000.0;

/// Prints the zones of a velocity of `speed` along `yaw` degrees, rounded to whole units as the
/// quake3 preset keeps it.
void printZones(const movement::StrafeModel& model, double speed, double yaw) {
    const double radians = yaw * 3.14159265358979323846 / 180.0;
    const glm::vec2 velocity(static_cast<float>(std::nearbyint(speed * std::cos(radians))),
                             static_cast<float>(std::nearbyint(speed * std::sin(radians))));
    const auto zones = movement::snapZones(model, velocity);
    std::printf("snap velocity=%g,%g speed=%.4f zones=%zu\n", double(velocity.x), double(velocity.y),
                std::hypot(double(velocity.x), double(velocity.y)), zones.size());
    for (const movement::SnapZone& z : zones)
        std::printf("zone from=%.4f to=%.4f velocity=%g,%g gain=%.4f\n", z.from, z.to, double(z.velocity.x),
                    double(z.velocity.y), z.gain);
}

} // namespace

std::vector<OptionSpec> strafeOptions() {
    return {
        {"--speed", 1, false, "V",
         "horizontal speed at the start of the tick, units/s in [0, 100000] (required)"},
        {"--preset", 1, false, "quake3|melax", "acceleration of the preset (default quake3, the game's)"},
        hzOption(),
        {"--air", 0, false, "", "a tick in the air (the default)"},
        {"--ground", 0, false, "", "a tick on flat ground: friction first, then the ground acceleration"},
        {"--set", 1, true, "NAME=VALUE",
         "any movement setting by name, as in walk (maxSpeed, airAccelerate, accelerate, friction, ...)"},
        {"--snap", 0, false, "",
         "also the snap zones: wish direction yaws (degrees) with the velocity after the tick rounded to "
         "whole units and the gain in each (quake3 preset with snapVelocity)"},
        {"--velocity-yaw", 1, false, "DEG",
         "with --snap: the yaw the velocity points to, degrees within +/-360 (default 0: along +x)"},
    };
}

int runStrafe(const Args& args) {
    auto cl = CommandLine::parse(args, strafeOptions());
    if (!cl)
        return usageError(cl.error().message);
    if (!cl->positionals().empty())
        return usageError("expected no argument besides the options, got '" + cl->positionals()[0] + "'");
    if (!cl->has("--speed"))
        return usageError("--speed V is required");
    const auto speed = parseNumber(cl->value("--speed"));
    if (!speed || *speed < 0.0 || *speed > kMaxSpeed)
        return usageError("--speed: expected units/s from 0 to 100000, got '" + cl->value("--speed") + "'");
    if (cl->has("--air") && cl->has("--ground"))
        return usageError("--air and --ground exclude each other");
    movement::Settings settings;
    settings.preset = movement::Preset::Quake3;
    if (cl->has("--preset")) {
        const auto preset = movement::parsePreset(cl->value("--preset"));
        if (!preset)
            return usageError("--preset: expected quake3 or melax, got '" + cl->value("--preset") + "'");
        settings.preset = *preset;
    }
    const auto hz = parseHz(cl.value());
    if (!hz)
        return usageError(hz.error().message);
    if (auto error = applySetOptions(cl.value(), settings))
        return usageError(*error);
    double velocityYaw = 0.0;
    if (cl->has("--velocity-yaw")) {
        const auto yaw = parseNumber(cl->value("--velocity-yaw"));
        if (!yaw || std::fabs(*yaw) > 360.0)
            return usageError("--velocity-yaw: expected degrees within +/-360, got '" +
                              cl->value("--velocity-yaw") + "'");
        if (!cl->has("--snap"))
            return usageError("--velocity-yaw is for --snap");
        velocityYaw = *yaw;
    }
    const double rate = hz->value_or(movement::Simulation::kDefaultRate);
    const auto phase = cl->has("--ground") ? movement::StrafePhase::Ground : movement::StrafePhase::Air;
    const movement::StrafeModel model = movement::strafeModel(settings, rate, phase);
    if (cl->has("--snap") && !model.snap)
        return usageError("--snap: only the quake3 preset with snapVelocity=1 rounds the velocity");
    const movement::StrafeAngles angles = movement::strafeAngles(model, *speed);
    std::printf("min=%.4f opt=%.4f max=%.4f accel_opt=%.4f\n", angles.min, angles.opt, angles.max,
                angles.accelOpt);
    if (cl->has("--snap"))
        printZones(model, *speed, velocityYaw);
    return kExitOk;
}

} // namespace cliplab::cli
