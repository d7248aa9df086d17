// `cliplab compile IN.map OUT.bsp [--no-bevels]`: our map compiler as a command.

#include "bsp/BspFile.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "mapc/Compiler.h"
#include "world/MapLoader.h"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <string_view>

namespace cliplab::cli {

std::vector<OptionSpec> compileOptions() {
    return {{"--no-bevels", 0, false, "", "leave out the bevel planes the game's box traces need"}};
}

int runCompile(const Args& args) {
    auto cl = CommandLine::parse(args, compileOptions());
    if (!cl)
        return usageError("compile", cl.error().message);
    if (cl->positionals().size() != 2)
        return usageError("compile", "expected IN.map and OUT.bsp");
    const std::string& in = cl->positionals()[0];
    const std::string& outPath = cl->positionals()[1];
    auto text = world::readDiskFile(in);
    if (!text) {
        std::fprintf(stderr, "cliplab compile: %s\n", text.error().message.c_str());
        return kExitFailure;
    }
    mapc::CompileOptions options;
    options.bevels = !cl->has("--no-bevels");
    const auto start = std::chrono::steady_clock::now();
    const std::vector<uint8_t>& bytes = text.value();
    auto data = mapc::compileMap(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()),
                                 in, options);
    if (!data) {
        std::fprintf(stderr, "cliplab compile: %s\n", data.error().message.c_str());
        return kExitUsage; // the source is malformed
    }
    const std::vector<uint8_t> file = bsp::write(data.value());
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::ofstream out(outPath, std::ios::binary);
    out.write(reinterpret_cast<const char*>(file.data()), static_cast<std::streamsize>(file.size()));
    out.close();
    if (!out) {
        std::fprintf(stderr, "cliplab compile: %s: cannot write file\n", outPath.c_str());
        return kExitFailure;
    }
    const bsp::BspData& d = data.value();
    std::printf(
        "%s -> %s: %zu brushes, %zu planes, %zu nodes, %zu leafs, %zu surfaces, %zu models, %zu bytes, "
        "%.1f ms%s\n",
        in.c_str(), outPath.c_str(), d.brushes.size(), d.planes.size(), d.nodes.size(), d.leafs.size(),
        d.surfaces.size(), d.models.size(), file.size(), ms, options.bevels ? "" : " (no bevels)");
    return kExitOk;
}

} // namespace cliplab::cli
