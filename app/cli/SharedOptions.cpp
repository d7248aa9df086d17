// Options shared by several commands (SharedOptions.h).

#include "cli/SharedOptions.h"

#include "core/Format.h"
#include "movement/Simulation.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace cliplab::cli {

OptionSpec sizeOption(const std::string& what) {
    return {
        "--size", 1, false, "WxH",
        core::format("%s size, %d..%d each (default 1280x720)", what.c_str(), kMinImageSide, kMaxImageSide)};
}

core::Result<std::optional<ImageSize>> parseSize(const CommandLine& cl) {
    if (!cl.has("--size"))
        return std::optional<ImageSize>();
    const std::string text = cl.value("--size");
    ImageSize size;
    char extra = 0;
    if (std::sscanf(text.c_str(), "%dx%d%c", &size.width, &size.height, &extra) != 2 ||
        size.width < kMinImageSide || size.height < kMinImageSide || size.width > kMaxImageSide ||
        size.height > kMaxImageSide)
        return core::makeError(core::format("--size must be WIDTHxHEIGHT with %d..%d each, got '%s'",
                                            kMinImageSide, kMaxImageSide, text.c_str()));
    return std::optional<ImageSize>(size);
}

OptionSpec hzOption(const std::string& context) {
    return {"--hz", 1, false, "N",
            core::format("%sticks per second, %g-%g (default %g)", context.c_str(),
                         movement::Simulation::kMinRate, movement::Simulation::kMaxRate,
                         movement::Simulation::kDefaultRate)};
}

core::Result<std::optional<double>> parseHz(const CommandLine& cl) {
    if (!cl.has("--hz"))
        return std::optional<double>();
    const auto hz = parseNumber(cl.value("--hz"));
    if (!hz || *hz < movement::Simulation::kMinRate || *hz > movement::Simulation::kMaxRate)
        return core::makeError(core::format("--hz: expected a rate from %g to %g, got '%s'",
                                            movement::Simulation::kMinRate, movement::Simulation::kMaxRate,
                                            cl.value("--hz").c_str()));
    return std::optional<double>(*hz);
}

ScriptLoad loadWalkScript(const std::string& path) {
    ScriptLoad out;
    std::stringstream text;
    if (path == "-") {
        text << std::cin.rdbuf();
    } else {
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            out.error = path + ": cannot open the script";
            out.exitCode = kExitFailure;
            return out;
        }
        text << in.rdbuf();
    }
    auto steps = movement::parseWalkScript(text.str(), path);
    if (!steps) {
        out.error = steps.error().message;
        out.exitCode = kExitUsage;
        return out;
    }
    out.steps = std::move(steps.value());
    return out;
}

std::optional<std::string> readReachGrid(const CommandLine& cl, analysis::ReachSettings& settings) {
    if (cl.has("--grid")) {
        const auto v = parseNumber(cl.value("--grid"));
        if (!v || *v < 4.0 || *v > 256.0)
            return "--grid: expected a cell size from 4 to 256 units, got '" + cl.value("--grid") + "'";
        settings.grid = float(*v);
    }
    if (cl.has("--threads")) {
        const auto v = parseInteger(cl.value("--threads"));
        if (!v || *v < 1 || *v > 64)
            return "--threads: expected 1 to 64, got '" + cl.value("--threads") + "'";
        settings.threads = static_cast<int>(*v);
    }
    return std::nullopt;
}

std::optional<std::string> readCollisionRules(const CommandLine& cl, collision::TraceOptions& options,
                                              collision::Semantics defaultSemantics) {
    const std::string curves = cl.value("--curves", "on");
    if (curves != "on" && curves != "off")
        return "--curves: expected on or off, got '" + curves + "'";
    options.curves = curves == "on";
    options.semantics = defaultSemantics;
    if (cl.has("--semantics")) {
        const auto parsed = collision::parseSemantics(cl.value("--semantics"));
        if (!parsed)
            return "--semantics: expected " + collision::semanticsChoice() + ", got '" +
                   cl.value("--semantics") + "'";
        options.semantics = *parsed;
    }
    return std::nullopt;
}

} // namespace cliplab::cli
