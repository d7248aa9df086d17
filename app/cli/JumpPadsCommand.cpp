// `cliplab pads MAP [...]`: every trigger_push, the velocity the game launches players with,
// and the flight of a player standing on it simulated with the movement code (analysis/JumpPads.h).

#include "analysis/JumpPads.h"
#include "bsp/Entities.h"
#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "cli/MovementOptions.h"
#include "cli/SharedOptions.h"
#include "cli/VectorText.h"
#include "collision/Model.h"
#include "core/Format.h"
#include "movement/Simulation.h"

#include <cstdio>

namespace cliplab::cli {

namespace {

int jumpPadsUsage(const std::string& message) {
    return cli::usageError("pads", message);
}

/// The pad's line (see the command's details).
std::string padLine(size_t index, const analysis::JumpPad& pad, const analysis::Flight* flight) {
    std::string line =
        core::format("pad %zu origin %s target ", index, vectorText(pad.centre, "%.1f").c_str());
    if (!pad.launch) {
        return line + "- apex 0 time 0 blocked=0 entity " + std::to_string(pad.entity) + " model *" +
               std::to_string(pad.model) + " problem " + pad.problem;
    }
    line += core::format(
        "%s apex %.1f time %.3f blocked=%d entity %d model *%d launch %s velocity %s landing %s "
        "airtime %.3f",
        vectorText(*pad.targetOrigin, "%.1f").c_str(), double(pad.launch->apexHeight),
        double(pad.launch->apexTime), flight->blocked ? 1 : 0, pad.entity, pad.model,
        vectorText(flight->launch, "%.1f").c_str(), vectorText(flight->launchVelocity, "%.1f").c_str(),
        flight->landing ? vectorText(*flight->landing, "%.1f").c_str() : "none", flight->airtime);
    if (flight->blockedAt)
        line += " blocked_at " + vectorText(*flight->blockedAt, "%.1f");
    if (flight->returnedTo >= 0)
        line += " returns_to " + std::to_string(flight->returnedTo);
    if (flight->padsTouched.size() > 1) {
        line += " via";
        for (size_t i = 1; i < flight->padsTouched.size(); ++i) {
            line += ' ';
            line += std::to_string(flight->padsTouched[i]);
        }
    }
    return line;
}

} // namespace

std::vector<OptionSpec> jumppadsOptions() {
    return {{"--preset", 1, false, "melax|quake3",
             "collision response of the flights (default quake3, the game's)"},
            {"--hz", 1, false, "N", "ticks per second, 30-333 (default 125)"},
            {"--curves", 1, false, "on|off", "patches collide (default on, as in the game)"},
            {"--semantics", 1, false, collision::semanticsNames(),
             "the collision rules (default quake3, the game's)"},
            {"--max-time", 1, false, "S", "seconds of flight simulated at most, 0.1-60 (default 10)"},
            {"--set", 1, true, "NAME=VALUE",
             "any movement setting by name, as in walk; gravity also aims the pads"},
            basepathOption()};
}

int runJumppads(const Args& args) {
    auto cl = CommandLine::parse(args, jumppadsOptions());
    if (!cl)
        return jumpPadsUsage(cl.error().message);
    if (cl->positionals().size() != 1)
        return jumpPadsUsage("expected one MAP argument");
    analysis::FlightSettings fs;
    fs.movement.preset = movement::Preset::Quake3;
    if (cl->has("--preset")) {
        const auto preset = movement::parsePreset(cl->value("--preset"));
        if (!preset)
            return jumpPadsUsage("--preset: expected melax or quake3, got '" + cl->value("--preset") + "'");
        fs.movement.preset = *preset;
    }
    if (cl->has("--hz")) {
        const auto hz = parseNumber(cl->value("--hz"));
        if (!hz || *hz < movement::Simulation::kMinRate || *hz > movement::Simulation::kMaxRate)
            return jumpPadsUsage("--hz: expected a rate from 30 to 333, got '" + cl->value("--hz") + "'");
        fs.rate = *hz;
    }
    if (auto error = readCollisionRules(cl.value(), fs.trace, collision::Semantics::Quake3))
        return jumpPadsUsage(*error);
    if (cl->has("--max-time")) {
        const auto t = parseNumber(cl->value("--max-time"));
        if (!t || *t < 0.1 || *t > 60.0)
            return jumpPadsUsage("--max-time: expected seconds from 0.1 to 60, got '" +
                                 cl->value("--max-time") + "'");
        fs.maxTime = *t;
    }
    if (auto error = applySetOptions(cl.value(), fs.movement))
        return jumpPadsUsage(*error);

    auto map = openMap(cl.value(), cl->positionals()[0]);
    if (!map) {
        std::fprintf(stderr, "cliplab pads: %s\n", map.error().message.c_str());
        return kExitFailure;
    }
    const bsp::BspData& data = map->data;
    auto entities = bsp::parseEntities(data.entities, data.name);
    if (!entities) {
        std::fprintf(stderr, "cliplab pads: %s\n", entities.error().message.c_str());
        return kExitFailure;
    }
    const collision::Model model(data);
    const auto pads = analysis::findJumpPads(data, entities.value(), fs.movement.gravity);
    int blocked = 0, unlanded = 0, aimless = 0;
    for (size_t i = 0; i < pads.size(); ++i) {
        if (!pads[i].launch) {
            ++aimless;
            std::printf("%s\n", padLine(i, pads[i], nullptr).c_str());
            continue;
        }
        const analysis::Flight flight = analysis::simulatePad(model, pads[i], pads, fs);
        blocked += flight.blocked;
        unlanded += !flight.landing;
        std::printf("%s\n", padLine(i, pads[i], &flight).c_str());
    }
    std::printf("pads=%zu blocked=%d unlanded=%d without_target=%d\n", pads.size(), blocked, unlanded,
                aimless);
    return kExitOk;
}

} // namespace cliplab::cli
