// `cliplab compile IN.map OUT.bsp [--no-bevels] [--leaktest] [--basepath DIR]`: our map compiler
// as a command, with q3map2's leak report and pointfile.

#include "bsp/BspFile.h"
#include "cli/CommandLine.h"
#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "mapc/Compiler.h"
#include "mapc/Pointfile.h"
#include "world/MapLoader.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string_view>

namespace cliplab::cli {

std::vector<OptionSpec> compileOptions() {
    return {{"--no-bevels", 0, false, "", "leave out the bevel planes the game's box traces need"},
            {"--leaktest", 0, false, "",
             "when the map leaks, write only the pointfile and exit 1 without writing the .bsp (q3map2's "
             "-leaktest)"},
            basepathOption()};
}

namespace {

bool writeFile(const std::string& path, std::string_view bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.close();
    return static_cast<bool>(out);
}

void printSummary(const std::string& in, const std::string& outPath, const mapc::CompileResult& r,
                  size_t bytes, double scriptsMs, bool bevels) {
    const bsp::BspData& d = r.data;
    std::printf(
        "%s -> %s: %zu brushes, %zu planes, %zu nodes, %zu leafs, %zu surfaces, %zu models, %zu shaders, "
        "%zu bytes, %.1f ms%s\n",
        in.c_str(), outPath.c_str(), d.brushes.size(), d.planes.size(), d.nodes.size(), d.leafs.size(),
        d.surfaces.size(), d.models.size(), d.shaders.size(), bytes, r.times.total,
        bevels ? "" : " (no bevels)");
    std::printf("time_ms parse=%.1f brushes=%.1f tree=%.1f flood=%.1f surfaces=%.1f scripts=%.1f\n",
                r.times.parse, r.times.brushes, r.times.tree, r.times.flood, r.times.surfaces, scriptsMs);
}

void printLeak(const mapc::Leak& leak, const std::string& pointfile) {
    std::printf("leak: entity %zu (%s) at %g %g %g reaches the void; the path leaves the hull near %g %g %g; "
                "pointfile %s (%zu points)\n",
                leak.entity, leak.classname.c_str(), leak.origin.x, leak.origin.y, leak.origin.z, leak.exit.x,
                leak.exit.y, leak.exit.z, pointfile.c_str(), leak.path.size());
}

} // namespace

int runCompile(const Args& args) {
    auto cl = CommandLine::parse(args, compileOptions());
    if (!cl)
        return usageError("compile", cl.error().message);
    if (cl->positionals().size() != 2)
        return usageError("compile", "expected IN.map and OUT.bsp");
    const std::string& in = cl->positionals()[0];
    const std::string& outPath = cl->positionals()[1];
    auto vfs = mountGameData(cl.value());
    if (!vfs) {
        std::fprintf(stderr, "cliplab compile: %s\n", vfs.error().message.c_str());
        return kExitFailure;
    }
    world::ShaderScripts scripts = world::loadShaderScripts(in, vfs.value().get());
    mapc::CompileOptions options;
    options.bevels = !cl->has("--no-bevels");
    options.scripts = &scripts.library;
    auto result = world::compileMapFile(in, vfs.value().get(), options);
    if (!result) {
        std::fprintf(stderr, "cliplab compile: %s\n", result.error().message.c_str());
        // A source that does not parse or build is malformed input; a file that cannot be read is not.
        return result.error().line > 0 ? kExitUsage : kExitFailure;
    }
    for (const std::string& w : scripts.warnings)
        std::fprintf(stderr, "cliplab compile: warning: %s\n", w.c_str());
    for (const std::string& w : result->warnings)
        std::fprintf(stderr, "cliplab compile: warning: %s\n", w.c_str());
    const std::string pointfile = mapc::pointfilePath(outPath);
    const bool leaktest = cl->has("--leaktest");
    if (result->leak) {
        if (!writeFile(pointfile, mapc::pointfileText(result->leak->path))) {
            std::fprintf(stderr, "cliplab compile: %s: cannot write file\n", pointfile.c_str());
            return kExitFailure;
        }
        printLeak(*result->leak, pointfile);
        if (leaktest) {
            std::printf("leaktest: the map leaks; %s not written\n", outPath.c_str());
            return kExitFailure;
        }
    } else {
        // A pointfile from an earlier compile would show a leak that is fixed.
        std::error_code ec;
        std::filesystem::remove(pointfile, ec);
    }
    const std::vector<uint8_t> file = bsp::write(result->data);
    if (!writeFile(outPath, std::string_view(reinterpret_cast<const char*>(file.data()), file.size()))) {
        std::fprintf(stderr, "cliplab compile: %s: cannot write file\n", outPath.c_str());
        return kExitFailure;
    }
    printSummary(in, outPath, result.value(), file.size(), scripts.ms, options.bevels);
    return kExitOk;
}

} // namespace cliplab::cli
