#include "cli/TraceSetup.h"

#include "cli/MapOpen.h"
#include "core/Format.h"
#include "collision/Model.h"
#include "collision/PlaneShiftTree.h"
#include "collision/TraceLimits.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace cliplab::cli {

std::vector<OptionSpec> traceOptionSpecs() {
    return {{"--mask", 1},     {"--curves", 1}, {"--epsilon", 1}, {"--semantics", 1},
            {"--capsule", 0},  {"--model", 1},  {"--shape", 1},     {"--radius", 1},
            {"--half-height", 1}, {"--method", 1},  {"--bevels", 1},  basepathOption()};
}

core::Result<TraceSettings> parseTraceSettings(const CommandLine& cl) {
    TraceSettings s;
    if (cl.has("--mask")) {
        auto v = parseInteger(cl.value("--mask"));
        if (!v || *v < INT32_MIN || *v > 0xffffffffLL)
            return core::makeError(core::format("--mask: '%s' is not a 32-bit integer", cl.value("--mask").c_str()));
        s.mask = static_cast<int32_t>(static_cast<uint32_t>(*v));
    }
    const std::string curves = cl.value("--curves", "off");
    if (curves == "on")
        s.options.curves = true;
    else if (curves != "off")
        return core::makeError(core::format("--curves: expected on or off, got '%s'", curves.c_str()));
    if (cl.has("--epsilon")) {
        auto v = parseNumber(cl.value("--epsilon"));
        if (!v || *v < 0.0 || *v > 16.0)
            return core::makeError(core::format("--epsilon: '%s' is not a number in [0, 16]", cl.value("--epsilon").c_str()));
        s.options.epsilon = static_cast<float>(*v);
    }
    const std::string semantics = cl.value("--semantics", "quake3");
    if (semantics == "quake3")
        s.options.semantics = collision::Semantics::Quake3;
    else if (semantics == "tutorial")
        s.options.semantics = collision::Semantics::Tutorial;
    else
        return core::makeError(core::format("--semantics: expected quake3 or tutorial, got '%s'", semantics.c_str()));
    const bool capsuleFlag = cl.has("--capsule");
    const std::string shape = cl.value("--shape", capsuleFlag ? "capsule" : "box");
    if (shape == "box")
        s.shape = collision::ShapeKind::Box;
    else if (shape == "capsule")
        s.shape = collision::ShapeKind::Capsule;
    else if (shape == "sphere")
        s.shape = collision::ShapeKind::Sphere;
    else if (shape == "cylinder")
        s.shape = collision::ShapeKind::Cylinder;
    else
        return core::makeError(
            core::format("--shape: expected box, capsule, sphere or cylinder, got '%s'", shape.c_str()));
    if (capsuleFlag && s.shape != collision::ShapeKind::Capsule)
        return core::makeError("--capsule contradicts --shape " + shape);
    for (const char* name : {"--radius", "--half-height"}) {
        if (!cl.has(name)) continue;
        auto v = parseNumber(cl.value(name));
        if (!v || *v < 0.0 || *v > 4096.0)
            return core::makeError(core::format("%s: '%s' is not a number in [0, 4096]", name, cl.value(name).c_str()));
        (std::string(name) == "--radius" ? s.radius : s.halfHeight) = static_cast<float>(*v);
    }
    const bool round = s.shape == collision::ShapeKind::Sphere || s.shape == collision::ShapeKind::Cylinder;
    if (round && !cl.has("--radius"))
        return core::makeError("--shape " + shape + " needs --radius R");
    if (s.shape == collision::ShapeKind::Cylinder && !cl.has("--half-height"))
        return core::makeError("--shape cylinder needs --half-height H");
    if (!round && (cl.has("--radius") || cl.has("--half-height")))
        return core::makeError("--radius and --half-height only apply to --shape sphere or cylinder");
    const std::string method = cl.value("--method", "brush");
    if (method != "brush" && method != "planeshift")
        return core::makeError(core::format("--method: expected brush or planeshift, got '%s'", method.c_str()));
    s.planeShift = method == "planeshift";
    const std::string bevels = cl.value("--bevels", "on");
    if (bevels != "on" && bevels != "off")
        return core::makeError(core::format("--bevels: expected on or off, got '%s'", bevels.c_str()));
    s.planeShiftBevels = bevels == "on";
    if (cl.has("--model")) {
        auto v = parseInteger(cl.value("--model"));
        if (!v || *v < 0 || *v > INT32_MAX)
            return core::makeError(core::format("--model: '%s' is not a model number", cl.value("--model").c_str()));
        s.options.model = static_cast<int32_t>(*v);
    }
    if (s.planeShift && s.options.model != 0)
        return core::makeError("--method planeshift traces the world only (--model 0)");
    if (s.planeShift && s.options.semantics != collision::Semantics::Quake3)
        return core::makeError("--method planeshift uses the quake3 epsilon rules only");
    return s;
}

core::Result<std::vector<TraceRequest>> readTraceRequests(std::FILE* in) {
    std::vector<TraceRequest> out;
    std::string line;
    int lineNumber = 0;
    for (;;) {
        line.clear();
        int c;
        while ((c = std::fgetc(in)) != EOF && c != '\n') line.push_back(static_cast<char>(c));
        if (c == EOF && line.empty()) break;
        ++lineNumber;
        const char* p = line.c_str();
        float v[12];
        int count = 0;
        bool bad = false;
        for (;;) {
            while (*p == ' ' || *p == '\t' || *p == '\r') ++p;
            if (!*p) break;
            if (count == 12) { bad = true; break; }
            errno = 0;
            char* e = nullptr;
            const float f = std::strtof(p, &e);
            if (e == p || (*e && *e != ' ' && *e != '\t' && *e != '\r')) {
                bad = true;
                break;
            }
            // A number that parsed but is not usable gets its own message (NaN, inf, overflow).
            if (errno == ERANGE || !std::isfinite(f))
                return core::makeError(core::format("line %d: number %d '%.*s' is not a finite float", lineNumber,
                                                    count + 1, static_cast<int>(e - p), p));
            v[count++] = f;
            p = e;
        }
        if (count == 0 && !bad) continue; // blank line
        if (bad || count != 12)
            return core::makeError(core::format("line %d: expected 12 numbers 'sx sy sz ex ey ez minx miny minz maxx maxy "
                                                "maxz', got '%s'",
                                                lineNumber, line.c_str()));
        const TraceRequest request{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, {v[6], v[7], v[8]}, {v[9], v[10], v[11]}};
        // The API would refuse far points and swap an inverted box (TraceLimits.h); on the command
        // line these are mistakes, so they are errors naming the line.
        if (auto e = collision::checkTraceInput(collision::Shape::box(request.mins, request.maxs), request.start,
                                                request.end))
            return core::makeError(core::format("line %d: %s", lineNumber, e->c_str()));
        out.push_back(request);
        if (c == EOF) break;
    }
    return out;
}

collision::Shape requestShape(const TraceRequest& request, const TraceSettings& settings) {
    if (settings.shape == collision::ShapeKind::Sphere) return collision::Shape::sphere(settings.radius);
    if (settings.shape == collision::ShapeKind::Cylinder)
        return collision::Shape::cylinder(settings.radius, settings.halfHeight);
    if (request.mins == glm::vec3(0.0f) && request.maxs == glm::vec3(0.0f)) return collision::Shape::ray();
    if (settings.shape == collision::ShapeKind::Capsule) return collision::Shape::capsule(request.mins, request.maxs);
    return collision::Shape::box(request.mins, request.maxs);
}

collision::TraceResult traceRequest(const collision::Model& model, const collision::PlaneShiftTree* tree,
                                    const TraceRequest& request, const collision::Shape& shape,
                                    const TraceSettings& settings) {
    if (settings.planeShift && tree) return tree->trace(shape, request.start, request.end, settings.options);
    return model.trace(shape, request.start, request.end, settings.mask, settings.options);
}

std::string formatTraceResult(const collision::TraceResult& r) {
    return core::format("%.6f %.3f %.3f %.3f %.4f %.4f %.4f %.3f %d %d %d", double(r.fraction), double(r.endpos.x),
                        double(r.endpos.y), double(r.endpos.z), double(r.plane.normal.x), double(r.plane.normal.y),
                        double(r.plane.normal.z), double(r.plane.dist), r.startSolid ? 1 : 0, r.allSolid ? 1 : 0,
                        r.contents);
}

int prepareTraceCommand(const char* command, const std::vector<std::string>& args, const std::vector<OptionSpec>& extra,
                        CommandLine& cl, TraceSettings& settings, std::vector<TraceRequest>& requests,
                        std::unique_ptr<collision::Model>& model) {
    std::vector<OptionSpec> specs = traceOptionSpecs();
    specs.insert(specs.end(), extra.begin(), extra.end());
    auto parsed = CommandLine::parse(args, specs);
    if (!parsed) {
        std::fprintf(stderr, "cliplab %s: %s\n", command, parsed.error().message.c_str());
        return kExitUsage;
    }
    cl = std::move(parsed.value());
    if (cl.positionals().size() != 1) {
        std::fprintf(stderr, "cliplab %s: expected one MAP argument\n", command);
        return kExitUsage;
    }
    auto s = parseTraceSettings(cl);
    if (!s) {
        std::fprintf(stderr, "cliplab %s: %s\n", command, s.error().message.c_str());
        return kExitUsage;
    }
    settings = s.value();
    auto map = openMap(cl, cl.positionals()[0]);
    if (!map) {
        std::fprintf(stderr, "cliplab %s: %s\n", command, map.error().message.c_str());
        return kExitFailure;
    }
    model = std::make_unique<collision::Model>(map->data);
    // Patches left out of collision are worth knowing about, but the traces still run.
    for (const std::string& w : model->warnings()) std::fprintf(stderr, "cliplab %s: warning: %s\n", command, w.c_str());
    if (settings.options.model >= model->numModels()) {
        std::fprintf(stderr, "cliplab %s: --model %d: %s has models 0 to %d\n", command, settings.options.model,
                     map->data.name.c_str(), model->numModels() - 1);
        return kExitUsage;
    }
    auto r = readTraceRequests(stdin);
    if (!r) {
        std::fprintf(stderr, "cliplab %s: stdin: %s\n", command, r.error().message.c_str());
        return kExitUsage;
    }
    requests = std::move(r.value());
    return kExitOk;
}

} // namespace cliplab::cli
