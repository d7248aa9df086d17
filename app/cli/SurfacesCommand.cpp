// `cliplab surfaces MAP [--curves on|off] [--brushes]`: how many faces of a map are in each
// surface class (analysis/SurfaceClass.h), and with --brushes the classes of each brush.

#include "analysis/SurfaceClass.h"
#include "bsp/Entities.h"
#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "collision/Model.h"
#include "core/Format.h"
#include "inspect/Inspector.h"

#include <cstdio>
#include <map>

namespace cliplab::cli {

namespace {

int surfacesUsage(const std::string& message) {
    return cli::usageError("surfaces", message);
}

/// One line per brush with a face in some class: `brush B model M OWNER CLASS=N ...`.
void printBrushes(const std::vector<analysis::ClassifiedFace>& faces, const inspect::Inspector& inspector) {
    std::map<int32_t, std::array<int, analysis::kSurfaceClassCount>> perBrush;
    for (const auto& f : faces)
        if (f.brush >= 0 && f.classes)
            for (int i = 0; i < analysis::kSurfaceClassCount; ++i)
                perBrush[f.brush][static_cast<size_t>(i)] += (f.classes >> i) & 1u;
    for (const auto& [brush, counts] : perBrush) {
        const inspect::Owner owner = inspector.ownerOfBrush(brush);
        std::string line = core::format("brush %d model %d %s", brush, owner.model,
                                        owner.classname.empty() ? "-" : owner.classname.c_str());
        for (int i = 0; i < analysis::kSurfaceClassCount; ++i)
            if (counts[static_cast<size_t>(i)])
                line +=
                    core::format(" %s=%d", analysis::surfaceClassName(static_cast<analysis::SurfaceClass>(i)),
                                 counts[static_cast<size_t>(i)]);
        std::printf("%s\n", line.c_str());
    }
}

} // namespace

std::vector<OptionSpec> surfacesOptions() {
    return {{"--curves", 1, false, "on|off", "also classify the patch facets (default on)"},
            {"--brushes", 0, false, "",
             "first, one line per brush with a classified face: its classes and face counts"},
            basepathOption()};
}

int runSurfaces(const Args& args) {
    auto cl = CommandLine::parse(args, surfacesOptions());
    if (!cl)
        return surfacesUsage(cl.error().message);
    if (cl->positionals().size() != 1)
        return surfacesUsage("expected one MAP argument");
    const std::string curves = cl->value("--curves", "on");
    if (curves != "on" && curves != "off")
        return surfacesUsage(core::format("--curves: expected on or off, got '%s'", curves.c_str()));
    auto map = openMap(cl.value(), cl->positionals()[0]);
    if (!map) {
        std::fprintf(stderr, "cliplab surfaces: %s\n", map.error().message.c_str());
        return kExitFailure;
    }
    const bsp::BspData& data = map->data;
    auto entities = bsp::parseEntities(data.entities, data.name);
    if (!entities) {
        std::fprintf(stderr, "cliplab surfaces: %s\n", entities.error().message.c_str());
        return kExitFailure;
    }
    const collision::Model model(data);
    const inspect::Inspector inspector(data, std::move(entities.value()));
    const auto faces = analysis::classifySurfaces(data, model, inspector, curves == "on");
    if (cl->has("--brushes"))
        printBrushes(faces, inspector);
    const analysis::SurfaceClassCounts counts = analysis::countClasses(faces);
    for (int i = 0; i < analysis::kSurfaceClassCount; ++i) {
        const auto k = static_cast<size_t>(i);
        std::printf("%-12s sides=%zu patch_facets=%zu brushes=%zu\n",
                    analysis::surfaceClassName(static_cast<analysis::SurfaceClass>(i)), counts.sides[k],
                    counts.facets[k], counts.brushes[k]);
    }
    std::printf("sides=%zu patch_facets=%zu unclassified=%zu\n", counts.totalSides, counts.totalFacets,
                counts.unclassified);
    return kExitOk;
}

} // namespace cliplab::cli
