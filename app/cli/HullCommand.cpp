// `cliplab hull MAP --mins X Y Z --maxs X Y Z [--mask N] [--curves on|off] --out FILE.obj`: the
// world's brushes (and patch facets) as a box trace sees them, written as OBJ.

#include "analysis/Hull.h"
#include "analysis/Obj.h"
#include "bsp/FlagNames.h"
#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "collision/Model.h"
#include "collision/TraceLimits.h"
#include "core/Format.h"

#include <cmath>
#include <cstdio>
#include <fstream>

namespace cliplab::cli {

namespace {

int usageError(const std::string& message) {
    return cli::usageError("hull", message);
}

/// Three finite numbers within the trace's extent limit, or an error naming the option.
core::Result<glm::vec3> readCorner(const CommandLine& cl, const char* option) {
    const auto& v = cl.values(option);
    glm::vec3 out(0.0f);
    for (int i = 0; i < 3; ++i) {
        const auto n = parseNumber(v[static_cast<size_t>(i)]);
        if (!n || std::fabs(*n) > double(collision::kMaxExtent))
            return core::makeError(core::format("%s: '%s' is not a number within +/-%g", option,
                                                v[static_cast<size_t>(i)].c_str(),
                                                double(collision::kMaxExtent)));
        out[i] = static_cast<float>(*n);
    }
    return out;
}

} // namespace

std::vector<OptionSpec> hullOptions() {
    return {
        {"--mins", 3, false, "X Y Z",
         "the box's lower corner relative to its origin (units, within +/-131072)"},
        {"--maxs", 3, false, "X Y Z", "the box's upper corner (units, >= --mins on each axis)"},
        {"--mask", 1, false, "N",
         "contents of the brushes written (default 33619969, MASK_PLAYERSOLID; a 32-bit integer or names as "
         "SOLID|PLAYERCLIP)"},
        {"--curves", 1, false, "on|off",
         "also write the patch facets (default on, as patches collide in the game)"},
        {"--out", 1, false, "FILE.obj", "where the OBJ goes"},
        basepathOption()};
}

int runHull(const Args& args) {
    auto cl = CommandLine::parse(args, hullOptions());
    if (!cl)
        return usageError(cl.error().message);
    if (cl->positionals().size() != 1)
        return usageError("expected one MAP argument");
    for (const char* required : {"--mins", "--maxs", "--out"})
        if (!cl->has(required))
            return usageError(std::string(required) + " is required");
    auto mins = readCorner(cl.value(), "--mins");
    if (!mins)
        return usageError(mins.error().message);
    auto maxs = readCorner(cl.value(), "--maxs");
    if (!maxs)
        return usageError(maxs.error().message);
    for (int i = 0; i < 3; ++i)
        if ((*mins)[i] > (*maxs)[i])
            return usageError(core::format("--mins %c (%g) is above --maxs %c (%g)", "xyz"[i],
                                           double((*mins)[i]), "xyz"[i], double((*maxs)[i])));
    int32_t mask = bsp::contents::MaskPlayerSolid;
    if (cl->has("--mask")) {
        const auto m = bsp::parseContents(cl->value("--mask"));
        if (!m)
            return usageError(core::format("--mask: '%s' is not a 32-bit integer or contents names",
                                           cl->value("--mask").c_str()));
        mask = *m;
    }
    const std::string curves = cl->value("--curves", "on");
    if (curves != "on" && curves != "off")
        return usageError(core::format("--curves: expected on or off, got '%s'", curves.c_str()));
    const std::string out = cl->value("--out");
    if (out.empty())
        return usageError("--out: empty file name");

    auto map = openMap(cl.value(), cl->positionals()[0]);
    if (!map) {
        std::fprintf(stderr, "cliplab hull: %s\n", map.error().message.c_str());
        return kExitFailure;
    }
    const bsp::BspData& data = map->data;
    const collision::Model model(data);
    const bsp::Model& world = data.models[0];
    const auto brushes =
        analysis::expandBrushes(model, world.firstBrush, world.numBrushes, *mins, *maxs, mask);
    std::vector<analysis::HullFacet> facets;
    if (curves == "on")
        facets = analysis::expandPatches(model, world.firstSurface, world.numSurfaces, *mins, *maxs, mask);
    const std::string header =
        core::format("cliplab hull %s mins %g %g %g maxs %g %g %g mask %d curves %s", data.name.c_str(),
                     double(mins->x), double(mins->y), double(mins->z), double(maxs->x), double(maxs->y),
                     double(maxs->z), mask, curves.c_str());
    const std::string text = analysis::hullObj(brushes, facets, header);
    std::ofstream file(out, std::ios::binary);
    file.write(text.data(), static_cast<std::streamsize>(text.size()));
    file.close();
    if (!file) {
        std::fprintf(stderr, "cliplab hull: %s: cannot write file\n", out.c_str());
        return kExitFailure;
    }
    size_t triangles = 0;
    for (size_t at = text.find("\nf "); at != std::string::npos; at = text.find("\nf ", at + 1))
        ++triangles;
    double volume = 0.0;
    for (const auto& b : brushes)
        volume += analysis::hullVolume(b.faces);
    std::printf("brushes=%zu patch_facets=%zu triangles=%zu volume=%.1f\n", brushes.size(), facets.size(),
                triangles, volume);
    return kExitOk;
}

} // namespace cliplab::cli
