#include "cli/TraceSetup.h"

#include "cli/Commands.h"
#include "cli/MapOpen.h"
#include "collision/Model.h"
#include "collision/TraceLimits.h"
#include "core/Format.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace cliplab::cli {

std::vector<OptionSpec> traceOptions() {
    return {
        {"--mask", 1, false, "N",
         "contents the traces stop at (default 1, CONTENTS_SOLID; a 32-bit integer)"},
        {"--curves", 1, false, "on|off",
         "patches collide (default on, as in the game; plane shifting has none: off there, on refused)"},
        {"--epsilon", 1, false, "E", "distance kept from surfaces, units in [0, 16] (default 0.125)"},
        {"--semantics", 1, false, collision::semanticsNames(),
         "the collision rules (default quake3: the game's answers; docs/collision-modes.md)"},
        {"--capsule", 0, false, "", "the same as --shape capsule"},
        {"--model", 1, false, "N", "trace inline model N at its rest position (default 0, the world)"},
        {"--shape", 1, false, "box|capsule|sphere|cylinder",
         "the swept shape (default box, each line's; capsule: fitted to the line's box; sphere and cylinder: "
         "--radius, --half-height)"},
        {"--radius", 1, false, "R", "sphere and cylinder only: radius, units in [0, 4096]"},
        {"--half-height", 1, false, "H", "cylinder only: half height, units in [0, 4096]"},
        {"--method", 1, false, "brush|planeshift",
         "the brush trace (default) or Melax's plane shifting (world only, no patches)"},
        {"--bevels", 1, false, "on|off",
         "plane shifting: bevel planes at the tree's solid cells (default on)"},
        basepathOption()};
}

std::vector<OptionSpec> benchTraceOptions() {
    std::vector<OptionSpec> o = traceOptions();
    o.push_back({"--repeat", 1, false, "R", "trace every line R times (default 20, 1-1000000)"});
    o.push_back({"--threads", 1, false, "N",
                 "also run N threads at once, each tracing every line R times on the one model (2-256), and "
                 "print the wall-clock rate of 1 and of N threads"});
    return o;
}

std::vector<OptionSpec> compareMethodsOptions() {
    return traceOptions();
}

namespace {

/// --shape (or --capsule), --radius and --half-height into `s`; an error or nothing.
std::optional<std::string> readShapeOptions(const CommandLine& cl, TraceSettings& s) {
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
        return core::format("--shape: expected box, capsule, sphere or cylinder, got '%s'", shape.c_str());
    if (capsuleFlag && s.shape != collision::ShapeKind::Capsule)
        return "--capsule contradicts --shape " + shape;
    for (const char* name : {"--radius", "--half-height"}) {
        if (!cl.has(name))
            continue;
        auto v = parseNumber(cl.value(name));
        if (!v || *v < 0.0 || *v > 4096.0)
            return core::format("%s: '%s' is not a number in [0, 4096]", name, cl.value(name).c_str());
        (std::string(name) == "--radius" ? s.radius : s.halfHeight) = static_cast<float>(*v);
    }
    const bool round = s.shape == collision::ShapeKind::Sphere || s.shape == collision::ShapeKind::Cylinder;
    if (round && !cl.has("--radius"))
        return "--shape " + shape + " needs --radius R";
    if (s.shape == collision::ShapeKind::Cylinder && !cl.has("--half-height"))
        return "--shape cylinder needs --half-height H";
    if (!round && (cl.has("--radius") || cl.has("--half-height")))
        return "--radius and --half-height only apply to --shape sphere or cylinder";
    return std::nullopt;
}

/// --method, --curves, --bevels and --model into `s` (plane shifting where it can answer); an
/// error or nothing.
std::optional<std::string> readMethodOptions(const CommandLine& cl, TraceSettings& s) {
    const std::string method = cl.value("--method", tracing::traceMethodName(tracing::TraceMethod::Brush));
    const auto parsed = tracing::parseSingleMethod(method);
    if (!parsed)
        return "--method: expected " + tracing::singleMethodChoice() + ", got '" + method + "'";
    s.method = *parsed;
    const bool planeShift = s.method == tracing::TraceMethod::PlaneShift;
    // Patches collide as in the game, unless plane shifting is asked for: its tree holds the
    // brushes only, so it could not honour them.
    const std::string curves = cl.value("--curves", planeShift ? "off" : "on");
    if (curves != "on" && curves != "off")
        return core::format("--curves: expected on or off, got '%s'", curves.c_str());
    s.options.curves = curves == "on";
    if (planeShift && s.options.curves)
        return "--method planeshift has no patches (its tree holds brushes only): use --curves off";
    const std::string bevels = cl.value("--bevels", "on");
    if (bevels != "on" && bevels != "off")
        return core::format("--bevels: expected on or off, got '%s'", bevels.c_str());
    s.planeShiftBevels = bevels == "on";
    if (cl.has("--model")) {
        auto v = parseInteger(cl.value("--model"));
        if (!v || *v < 0 || *v > INT32_MAX)
            return core::format("--model: '%s' is not a model number", cl.value("--model").c_str());
        s.options.model = static_cast<int32_t>(*v);
    }
    // The rule is the tracing module's; the command line refuses rather than falls back.
    if (const char* why = planeShift ? tracing::planeShiftUnavailable(s.options) : nullptr)
        return std::string("--method planeshift: ") + why;
    return std::nullopt;
}

} // namespace

core::Result<TraceSettings> parseTraceSettings(const CommandLine& cl, collision::Semantics defaultSemantics) {
    TraceSettings s;
    if (cl.has("--mask")) {
        auto v = parseInteger(cl.value("--mask"));
        if (!v || *v < INT32_MIN || *v > 0xffffffffLL)
            return core::makeError(
                core::format("--mask: '%s' is not a 32-bit integer", cl.value("--mask").c_str()));
        s.mask = static_cast<int32_t>(static_cast<uint32_t>(*v));
    }
    if (cl.has("--epsilon")) {
        auto v = parseNumber(cl.value("--epsilon"));
        if (!v || *v < 0.0 || *v > double(collision::kMaxEpsilon))
            return core::makeError(core::format("--epsilon: '%s' is not a number in [0, %g]",
                                                cl.value("--epsilon").c_str(),
                                                double(collision::kMaxEpsilon)));
        s.options.epsilon = static_cast<float>(*v);
    }
    const std::string semantics = cl.value("--semantics", collision::semanticsName(defaultSemantics));
    if (auto parsed = collision::parseSemantics(semantics))
        s.options.semantics = *parsed;
    else
        return core::makeError("--semantics: expected " + collision::semanticsChoice() + ", got '" +
                               semantics + "'");
    if (auto error = readShapeOptions(cl, s))
        return core::makeError(*error);
    if (auto error = readMethodOptions(cl, s))
        return core::makeError(*error);
    return s;
}

namespace {

/// `word` as a finite float (strtof: the number the line means, not a double rounded twice).
std::optional<float> finiteFloat(const std::string& word, bool& rangeError) {
    errno = 0;
    char* e = nullptr;
    const float f = std::strtof(word.c_str(), &e);
    if (e == word.c_str() || *e)
        return std::nullopt;
    rangeError = errno == ERANGE || !std::isfinite(f);
    return f;
}

/// Parses the words after the `first` numbers (6 or 12): [SHAPE ...] [mask N]. Returns an error
/// text or "".
std::string readShapeAndMask(const std::vector<std::string>& w, size_t first, TraceRequest& request) {
    size_t i = first;
    auto size = [&](const char* what, float& out) -> std::string {
        if (i >= w.size())
            return std::string("the shape needs ") + what;
        bool rangeError = false;
        const auto v = finiteFloat(w[i], rangeError);
        if (!v || rangeError || *v < 0.0f || *v > 4096.0f)
            return core::format("%s '%s' is not a number in [0, 4096]", what, w[i].c_str());
        out = *v;
        ++i;
        return "";
    };
    if (i < w.size() && w[i] != "mask") {
        collision::Shape shape;
        shape.mins = request.mins;
        shape.maxs = request.maxs;
        const std::string kind = w[i++];
        std::string error;
        if (kind == "ray")
            shape.kind = collision::ShapeKind::Ray;
        else if (kind == "box")
            shape.kind = collision::ShapeKind::Box;
        else if (kind == "capsule")
            shape.kind = collision::ShapeKind::Capsule;
        else if (kind == "sphere") {
            shape.kind = collision::ShapeKind::Sphere;
            error = size("a radius R", shape.radius);
        } else if (kind == "cylinder") {
            shape.kind = collision::ShapeKind::Cylinder;
            error = size("a radius R", shape.radius);
            if (error.empty())
                error = size("a half height H", shape.halfHeight);
        } else
            return "'" + kind + "' is not a shape (ray, box, capsule, sphere R, cylinder R H) or 'mask N'";
        if (!error.empty())
            return error;
        request.shape = shape;
    }
    if (i < w.size() && w[i] == "mask") {
        if (i + 1 >= w.size())
            return "'mask' needs a number";
        const auto v = parseInteger(w[i + 1]);
        if (!v || *v < INT32_MIN || *v > 0xffffffffLL)
            return "mask '" + w[i + 1] + "' is not a 32-bit integer";
        request.mask = static_cast<int32_t>(static_cast<uint32_t>(*v));
        i += 2;
    }
    if (i < w.size())
        return "unexpected '" + w[i] + "' after the shape and mask";
    return "";
}

} // namespace

core::Result<std::vector<TraceRequest>> readTraceRequests(std::FILE* in) {
    std::vector<TraceRequest> out;
    std::string line;
    int lineNumber = 0;
    for (;;) {
        line.clear();
        int c;
        while ((c = std::fgetc(in)) != EOF && c != '\n')
            line.push_back(static_cast<char>(c));
        if (c == EOF && line.empty())
            break;
        ++lineNumber;
        std::vector<std::string> w;
        for (size_t i = 0; i < line.size();) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r'))
                ++i;
            size_t j = i;
            while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r')
                ++j;
            if (j > i)
                w.push_back(line.substr(i, j - i));
            i = j;
        }
        if (w.empty()) {
            if (c == EOF)
                break;
            continue; // blank line
        }
        // The leading numbers: 12 (segment and box) or 6 (segment only: a ray unless a shape follows).
        float v[12] = {};
        size_t numbers = 0;
        for (; numbers < 12 && numbers < w.size(); ++numbers) {
            bool rangeError = false;
            const auto f = finiteFloat(w[numbers], rangeError);
            if (!f)
                break;
            // A number that parsed but is not usable gets its own message (NaN, inf, overflow).
            if (rangeError)
                return core::makeError(core::format("line %d: number %zu '%s' is not a finite float",
                                                    lineNumber, numbers + 1, w[numbers].c_str()));
            v[numbers] = *f;
        }
        if (numbers != 6 && numbers != 12)
            return core::makeError(
                core::format("line %d: expected 12 numbers 'sx sy sz ex ey ez minx miny minz maxx maxy "
                             "maxz' or 6 'sx sy sz ex ey ez' (a ray), then [shape] [mask N], got '%s'",
                             lineNumber, line.c_str()));
        TraceRequest request{
            {v[0], v[1], v[2]}, {v[3], v[4], v[5]}, {v[6], v[7], v[8]}, {v[9], v[10], v[11]}, {}, {}};
        if (const std::string e = readShapeAndMask(w, numbers, request); !e.empty())
            return core::makeError(core::format("line %d: %s", lineNumber, e.c_str()));
        // The API would refuse far points and swap an inverted box (TraceLimits.h); on the command
        // line these are mistakes, so they are errors naming the line.
        if (auto e = collision::checkTraceInput(collision::Shape::box(request.mins, request.maxs),
                                                request.start, request.end))
            return core::makeError(core::format("line %d: %s", lineNumber, e->c_str()));
        out.push_back(request);
        if (c == EOF)
            break;
    }
    return out;
}

std::string formatTraceRequest(const collision::Shape& shape, const glm::vec3& start, const glm::vec3& end,
                               int32_t mask) {
    std::string line =
        core::format("%.9g %.9g %.9g %.9g %.9g %.9g %.9g %.9g %.9g %.9g %.9g %.9g", double(start.x),
                     double(start.y), double(start.z), double(end.x), double(end.y), double(end.z),
                     double(shape.mins.x), double(shape.mins.y), double(shape.mins.z), double(shape.maxs.x),
                     double(shape.maxs.y), double(shape.maxs.z));
    const bool zeroBox = shape.mins == glm::vec3(0.0f) && shape.maxs == glm::vec3(0.0f);
    switch (shape.kind) {
    case collision::ShapeKind::Ray:
        if (!zeroBox)
            line += " ray";
        break;
    case collision::ShapeKind::Box:
        if (zeroBox)
            line += " box";
        break;
    case collision::ShapeKind::Capsule:
        line += " capsule";
        break;
    case collision::ShapeKind::Sphere:
        line += core::format(" sphere %.9g", double(shape.radius));
        break;
    case collision::ShapeKind::Cylinder:
        line += core::format(" cylinder %.9g %.9g", double(shape.radius), double(shape.halfHeight));
        break;
    }
    line += core::format(" mask %d", mask);
    return line;
}

collision::Shape requestShape(const TraceRequest& request, const TraceSettings& settings) {
    if (request.shape)
        return *request.shape;
    if (settings.shape == collision::ShapeKind::Sphere)
        return collision::Shape::sphere(settings.radius);
    if (settings.shape == collision::ShapeKind::Cylinder)
        return collision::Shape::cylinder(settings.radius, settings.halfHeight);
    if (request.mins == glm::vec3(0.0f) && request.maxs == glm::vec3(0.0f))
        return collision::Shape::ray();
    if (settings.shape == collision::ShapeKind::Capsule)
        return collision::Shape::capsule(request.mins, request.maxs);
    return collision::Shape::box(request.mins, request.maxs);
}

collision::TraceResult traceRequest(tracing::Tracer& tracer, const TraceRequest& request,
                                    const collision::Shape& shape, const TraceSettings& settings) {
    // Plane shifting's one tree is --mask's (prepareTraceCommand refuses other masks with it).
    return tracer.trace(settings.method, settings.planeShiftBevels, shape, request.start, request.end,
                        request.mask.value_or(settings.mask), settings.options);
}

std::string formatTraceResult(const collision::TraceResult& r) {
    return core::format("%.6f %.3f %.3f %.3f %.4f %.4f %.4f %.3f %d %d %d", double(r.fraction),
                        double(r.endpos.x), double(r.endpos.y), double(r.endpos.z), double(r.plane.normal.x),
                        double(r.plane.normal.y), double(r.plane.normal.z), double(r.plane.dist),
                        r.startSolid ? 1 : 0, r.allSolid ? 1 : 0, r.contents);
}

int prepareTraceCommand(const char* command, const std::vector<std::string>& args,
                        const std::vector<OptionSpec>& options, CommandLine& cl, TraceSettings& settings,
                        std::vector<TraceRequest>& requests, std::unique_ptr<collision::Model>& model) {
    auto parsed = CommandLine::parse(args, options);
    if (!parsed)
        return usageError(command, parsed.error().message);
    cl = std::move(parsed.value());
    if (cl.positionals().size() != 1)
        return usageError(command, "expected one MAP argument");
    auto s = parseTraceSettings(cl);
    if (!s)
        return usageError(command, s.error().message);
    settings = s.value();
    auto map = openMap(cl, cl.positionals()[0]);
    if (!map) {
        std::fprintf(stderr, "cliplab %s: %s\n", command, map.error().message.c_str());
        return kExitFailure;
    }
    model = std::make_unique<collision::Model>(map->data);
    // Patches left out of collision are worth knowing about, but the traces still run.
    for (const std::string& w : model->warnings())
        std::fprintf(stderr, "cliplab %s: warning: %s\n", command, w.c_str());
    if (settings.options.model >= model->numModels()) {
        std::fprintf(stderr, "cliplab %s: --model %d: %s has models 0 to %d\n", command,
                     settings.options.model, map->data.name.c_str(), model->numModels() - 1);
        return kExitUsage;
    }
    auto r = readTraceRequests(stdin);
    if (!r) {
        std::fprintf(stderr, "cliplab %s: stdin: %s\n", command, r.error().message.c_str());
        return kExitUsage;
    }
    requests = std::move(r.value());
    if (settings.method == tracing::TraceMethod::PlaneShift)
        for (size_t i = 0; i < requests.size(); ++i)
            if (requests[i].mask && *requests[i].mask != settings.mask) {
                std::fprintf(stderr,
                             "cliplab %s: stdin: request %zu: mask %d differs from --mask %d (--method "
                             "planeshift builds "
                             "one tree, for --mask)\n",
                             command, i + 1, *requests[i].mask, settings.mask);
                return kExitUsage;
            }
    return kExitOk;
}

} // namespace cliplab::cli
