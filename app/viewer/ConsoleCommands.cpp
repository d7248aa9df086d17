#include "viewer/ConsoleCommands.h"

#include "bsp/FlagNames.h"
#include "collision/TraceLimits.h"
#include "core/Format.h"
#include "core/Parse.h"
#include "inspect/BrushKind.h"
#include "movement/Settings.h"

#include <charconv>
#include <cmath>
#include <functional>

namespace cliplab::viewer {

namespace {

using console::Reply;
using console::Variable;
using Words = std::vector<std::string>;

/// The shortest text that reads back to the same float.
std::string floatText(float v) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

/// A finite number that fits a float, within [lo, hi].
std::optional<float> numberIn(const std::string& text, float lo, float hi) {
    const auto v = core::parseFiniteNumber(text);
    if (!v || std::fabs(*v) > 1e30)
        return std::nullopt;
    const auto f = static_cast<float>(*v);
    if (!(f >= lo && f <= hi))
        return std::nullopt;
    return f;
}

std::string rangeText(float lo, float hi) {
    return core::format("[%g, %g]", double(lo), double(hi));
}

/// The one word of a value, or an error naming the variable.
std::optional<std::string> oneWord(const std::string& name, const Words& value, std::string& out) {
    if (value.size() != 1)
        return name + ": expected one value, got " + std::to_string(value.size());
    out = value.front();
    return std::nullopt;
}

/// A variable holding a float in [lo, hi].
Variable floatVariable(const std::string& name, const std::string& help, float lo, float hi, float* field) {
    Variable v;
    v.name = name;
    v.help = help;
    v.range = rangeText(lo, hi);
    v.get = [field] { return floatText(*field); };
    v.set = [=](const Words& value) -> std::optional<std::string> {
        std::string w;
        if (auto e = oneWord(name, value, w))
            return e;
        const auto f = numberIn(w, lo, hi);
        if (!f)
            return name + ": expected a number in " + rangeText(lo, hi) + ", got '" + w + "'";
        *field = *f;
        return std::nullopt;
    };
    return v;
}

/// A variable that is 0 or 1; `inverted` stores the opposite (cm_noCurves over "curves").
Variable boolVariable(const std::string& name, const std::string& help, bool* field, bool inverted = false) {
    Variable v;
    v.name = name;
    v.help = help;
    v.range = "0 or 1";
    v.values = {"0", "1"};
    v.get = [=] { return (*field != inverted) ? "1" : "0"; };
    v.set = [=](const Words& value) -> std::optional<std::string> {
        std::string w;
        if (auto e = oneWord(name, value, w))
            return e;
        if (w != "0" && w != "1")
            return name + ": expected 0 or 1, got '" + w + "'";
        *field = (w == "1") != inverted;
        return std::nullopt;
    };
    return v;
}

/// A variable that is one of `names` (stored as the index into them).
template <typename Enum>
Variable choiceVariable(const std::string& name, const std::string& help, std::vector<std::string> names,
                        Enum* field) {
    Variable v;
    v.name = name;
    v.help = help;
    for (size_t i = 0; i < names.size(); ++i)
        v.range += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    v.values = names;
    v.get = [=] {
        const auto i = static_cast<size_t>(*field);
        return i < names.size() ? names[i] : std::string("?");
    };
    v.set = [=](const Words& value) -> std::optional<std::string> {
        std::string w;
        if (auto e = oneWord(name, value, w))
            return e;
        for (size_t i = 0; i < names.size(); ++i)
            if (w == names[i]) {
                *field = static_cast<Enum>(i);
                return std::nullopt;
            }
        return name + ": expected " + v.range + ", got '" + w + "'";
    };
    return v;
}

/// A variable holding three numbers, each in [lo, hi].
Variable vectorVariable(const std::string& name, const std::string& help, float lo, float hi,
                        glm::vec3* field) {
    Variable v;
    v.name = name;
    v.help = help;
    v.range = "three numbers in " + rangeText(lo, hi);
    v.get = [field] { return floatText(field->x) + " " + floatText(field->y) + " " + floatText(field->z); };
    v.set = [=](const Words& value) -> std::optional<std::string> {
        // "x y z" as one quoted word or as three words.
        Words parts = value;
        if (value.size() == 1)
            parts = console::tokenize(value.front()).words;
        if (parts.size() != 3)
            return name + ": expected three numbers X Y Z";
        glm::vec3 out;
        for (int i = 0; i < 3; ++i) {
            const auto f = numberIn(parts[size_t(i)], lo, hi);
            if (!f)
                return name + ": expected numbers in " + rangeText(lo, hi) + ", got '" + parts[size_t(i)] +
                       "'";
            out[i] = *f;
        }
        *field = out;
        return std::nullopt;
    };
    return v;
}

const char* settingHelp(const std::string& name) {
    if (name == "gravity")
        return "downward acceleration (units/s^2)";
    if (name == "maxSpeed")
        return "running speed (units/s)";
    if (name == "jumpVelocity")
        return "upward speed of a jump (units/s)";
    if (name == "stepHeight")
        return "highest ledge walked onto (units)";
    if (name == "preset")
        return "collision response";
    if (name == "method")
        return "position update: swept traces or step-and-correct";
    if (name == "shape")
        return "the player's swept shape";
    if (name == "contentsMask")
        return "what blocks the player (contents bits)";
    if (name.size() == 5 && (name.rfind("mins", 0) == 0 || name.rfind("maxs", 0) == 0))
        return "player box corner (units)";
    return "movement setting (engine/movement/Settings.h)";
}

void addMovementVariables(console::Console& con, ViewerState& st) {
    for (const movement::SettingName& n : movement::settingNames()) {
        Variable v;
        v.name = movementCvarName(n.name);
        if (v.name != n.name)
            v.aliases = {n.name};
        v.help = settingHelp(n.name);
        v.range = n.range;
        if (n.name == "preset")
            v.values = {"melax", "quake3"};
        else if (n.name == "method")
            v.values = {"swept", "step-correct"};
        else if (n.name == "shape")
            v.values = {"box", "capsule", "sphere", "cylinder", "ray"};
        else if (n.range == "0 or 1")
            v.values = {"0", "1"};
        const std::string name = n.name, shown = v.name;
        v.get = [&st, name] { return movement::getSetting(st.moveSettings, name).value_or("?"); };
        v.set = [&st, name, shown](const Words& value) -> std::optional<std::string> {
            std::string w;
            if (auto e = oneWord(shown, value, w))
                return e;
            // Checked whole on a copy: a value that would invert the box is refused, not clamped.
            movement::Settings s = st.moveSettings;
            if (auto e = movement::setSetting(s, name, w)) {
                // setSetting names the field: the message names the variable as typed instead.
                if (e->rfind(name + ":", 0) == 0)
                    return shown + e->substr(name.size());
                return shown + ": " + *e;
            }
            if (auto e = movement::validateSettings(s))
                return shown + ": " + *e;
            st.moveSettings = s;
            return std::nullopt;
        };
        con.addVariable(std::move(v));
    }

    Variable msec;
    msec.name = "pmove_msec";
    msec.help = "milliseconds per movement tick (8 = 125 Hz; tickRate in Hz)";
    msec.range = "[3, 33], whole";
    msec.get = [&st] { return core::format("%.4g", 1000.0 / st.tickRate); };
    msec.set = [&st](const Words& value) -> std::optional<std::string> {
        std::string w;
        if (auto e = oneWord("pmove_msec", value, w))
            return e;
        const auto ms = numberIn(w, 3.0f, 33.0f);
        if (!ms || *ms != std::floor(*ms))
            return "pmove_msec: expected a whole number in [3, 33], got '" + w + "'";
        st.tickRate = movement::Simulation::clampRate(1000.0 / double(*ms));
        st.applyTickRate();
        return std::nullopt;
    };
    con.addVariable(std::move(msec));
    Variable rate;
    rate.name = "tickRate";
    rate.help = "movement ticks per second (Hz)";
    const float lo = float(movement::Simulation::kMinRate), hi = float(movement::Simulation::kMaxRate);
    rate.range = rangeText(lo, hi);
    rate.get = [&st] { return floatText(float(st.tickRate)); };
    rate.set = [&st, lo, hi](const Words& value) -> std::optional<std::string> {
        std::string w;
        if (auto e = oneWord("tickRate", value, w))
            return e;
        const auto hz = numberIn(w, lo, hi);
        if (!hz)
            return "tickRate: expected a number in " + rangeText(lo, hi) + ", got '" + w + "'";
        st.tickRate = *hz;
        st.applyTickRate();
        return std::nullopt;
    };
    con.addVariable(std::move(rate));
}

void addTraceVariables(console::Console& con, ViewerState& st) {
    TraceSettings& t = st.trace;
    con.addVariable(boolVariable("cm_noCurves",
                                 "1: traces ignore patches (curved surfaces), as the game's cm_noCurves",
                                 &t.options.curves, true));
    con.addVariable(boolVariable("cm_playerCurveClip",
                                 "0: rays pass through patches, as the game's cm_playerCurveClip",
                                 &t.options.rayCurveClip));
    con.addVariable(floatVariable("trace_epsilon",
                                  "distance traces keep from surfaces (units; the game's 0.125)", 0.0f,
                                  TraceSettings::kMaxEpsilon, &t.options.epsilon));
    std::vector<std::string> semantics; // in enum order, as choiceVariable wants them
    for (const collision::SemanticsName& row : collision::kSemanticsNames)
        semantics.emplace_back(row.name);
    con.addVariable(choiceVariable("trace_semantics", "brush test rules", semantics, &t.options.semantics));
    con.addVariable(choiceVariable("trace_shape", "the probe's and sweep's shape",
                                   {"ray", "box", "sphere", "capsule", "cylinder"}, &t.shape));
    con.addVariable(vectorVariable("trace_mins", "probe box lower corner (units)", -TraceSettings::kMaxExtent,
                                   0.0f, &t.mins));
    con.addVariable(vectorVariable("trace_maxs", "probe box upper corner (units)", 0.0f,
                                   TraceSettings::kMaxExtent, &t.maxs));
    con.addVariable(floatVariable("trace_radius", "probe sphere and cylinder radius (units)", 0.0f,
                                  TraceSettings::kMaxRadius, &t.radius));
    con.addVariable(floatVariable("trace_halfHeight", "probe cylinder half height (units)", 0.0f,
                                  TraceSettings::kMaxRadius, &t.halfHeight));
    con.addVariable(choiceVariable("trace_method", "how probes and sweeps are traced",
                                   {"brush", "planeshift", "both"}, &t.method));
    con.addVariable(
        boolVariable("trace_bevels", "bevel planes in the plane-shift tree", &t.planeShiftBevels));
    Variable mask;
    mask.name = "trace_mask";
    mask.help = "contents that stop traces: names joined by | (SOLID|PLAYERCLIP), numbers, MASK_PLAYERSOLID";
    mask.range = "contents names or a number";
    for (const bsp::FlagName& f : bsp::contentsBits())
        mask.values.push_back(f.name);
    mask.values.push_back("MASK_PLAYERSOLID");
    mask.get = [&t] { return bsp::contentsNames(t.mask); };
    mask.set = [&t](const Words& value) -> std::optional<std::string> {
        std::string w;
        if (auto e = oneWord("trace_mask", value, w))
            return e;
        const auto m = bsp::parseContents(w);
        if (!m)
            return "trace_mask: expected contents names joined by | or a number, got '" + w + "'";
        t.mask = *m;
        return std::nullopt;
    };
    con.addVariable(std::move(mask));
}

/// A brush index typed by the user, in range of the loaded map.
std::optional<int32_t> brushArgument(const ViewerState& st, const std::string& text) {
    const auto v = core::parseFiniteNumber(text);
    if (!v || *v != std::floor(*v) || *v < 0 || !st.map || *v >= double(st.map->data.brushes.size()))
        return std::nullopt;
    return static_cast<int32_t>(*v);
}

void addInspectionCommands(console::Console& con, ViewerState& st) {
    con.addCommand("probe", "probe: traces the probe shape along the view's centre and inspects what it hits",
                   [&st](const Words& a) {
                       if (a.size() != 1)
                           return Reply::fail("usage: probe");
                       if (!st.map)
                           return Reply::fail("probe: no map is loaded");
                       st.fireProbe(st.camera.forward());
                       return Reply::ok();
                   });
    con.addCommand("snags",
                   "snags [TICKS]: runs the soak's walkers (default 100000 ticks) and shows where they snag "
                   "as a heat map",
                   [&con, &st](const Words& a) {
                       if (a.size() > 2)
                           return Reply::fail("usage: snags [TICKS]");
                       int64_t ticks = st.snagView.ticks;
                       if (a.size() == 2) {
                           const auto n = numberIn(a[1], 1000.0f, 1e7f);
                           if (!n)
                               return Reply::fail("snags: expected TICKS from 1000 to 10000000, got '" +
                                                  a[1] + "'");
                           ticks = static_cast<int64_t>(*n);
                       }
                       const std::string line = st.findSnags(ticks);
                       if (line.rfind("snags:", 0) == 0)
                           return Reply::fail(line);
                       con.print(line);
                       return Reply::ok();
                   });
    con.addCommand(
        "reach",
        "reach [GRID] [wait]: finds which floor the player gets to from the spawn points (cells of GRID "
        "units, default 16) on a background thread and shows it; with wait, the frame waits for it",
        [&con, &st](const Words& a) {
            if (a.size() > 3 || (a.size() == 3 && a[2] != "wait"))
                return Reply::fail("usage: reach [GRID] [wait]");
            float grid = st.reachView.grid;
            bool wait = a.size() >= 2 && a.back() == "wait";
            if (a.size() >= 2 && !(a.size() == 2 && wait)) {
                const auto n = numberIn(a[1], 8.0f, 64.0f);
                if (!n)
                    return Reply::fail("reach: expected GRID from 8 to 64 units, got '" + a[1] + "'");
                grid = *n;
            }
            const std::string line = st.startReach(grid);
            if (line.rfind("reach: searching", 0) != 0)
                return Reply::fail(line);
            con.print(line);
            if (wait) {
                st.reachView.job->wait();
                st.pollReach();
                if (!st.reachView.map)
                    return Reply::fail(st.reachView.summary);
                con.print(st.reachView.summary);
            }
            return Reply::ok();
        });
    con.addCommand("inspect", "inspect [BRUSH]: prints what the Inspector shows (of brush BRUSH when given)",
                   [&con, &st](const Words& a) {
                       if (a.size() > 2)
                           return Reply::fail("usage: inspect [BRUSH]");
                       if (a.size() == 2) {
                           const auto b = brushArgument(st, a[1]);
                           if (!b)
                               return Reply::fail("inspect: '" + a[1] + "' is not a brush of the loaded map");
                           st.inspectBrush(*b, "brush " + a[1]);
                       }
                       for (const std::string& line : inspectionText(st))
                           con.print(line);
                       return Reply::ok();
                   });
    con.addCommand("gotobrush",
                   "gotobrush BRUSH: flies the camera (noclip) to look at a brush and inspects it",
                   [&st](const Words& a) {
                       if (a.size() != 2)
                           return Reply::fail("usage: gotobrush BRUSH");
                       const auto b = brushArgument(st, a[1]);
                       if (!b)
                           return Reply::fail("gotobrush: '" + a[1] + "' is not a brush of the loaded map");
                       st.goToBrush(*b);
                       st.inspectBrush(*b, "brush " + a[1]);
                       return Reply::ok();
                   });
    con.addVariable(boolVariable("r_brushes", "1: the collision brushes are drawn instead of the surfaces",
                                 &st.collisionBrushView));
    con.addVariable(
        boolVariable("r_bevels", "1: the brush view draws bevel sides as arrows", &st.brushView.bevels));
    con.addVariable(boolVariable("r_markerLabels", "1: entity markers have labels", &st.markers.labels));
    con.addVariable(boolVariable("r_surfaceClasses",
                                 "1: faces are coloured by surface class (walkable, slick, clips...)",
                                 &st.surfaceClassView.enabled));
    con.addVariable(boolVariable("r_hull", "1: the world's brushes are drawn grown by the player's box",
                                 &st.hullView.enabled));
    con.addVariable(boolVariable(
        "r_padArcs", "1: every jump pad's simulated arc, landing and target are drawn", &st.arcView.padArcs));
    con.addVariable(boolVariable("r_snags", "1: the snag heat map of the last snags search is drawn",
                                 &st.snagView.shown));
    con.addVariable(
        boolVariable("r_reach", "1: the reach map of the last reach search is drawn", &st.reachView.shown));
    con.addVariable(boolVariable(
        "r_prediction", "1: while in the air, the player's flight with no keys and its landing are drawn",
        &st.arcView.prediction));
}

void addCommands(console::Console& con, ViewerState& st, ConsoleHost& host) {
    auto mapCommand = [&con, &st, &host](const Words& a) {
        if (a.size() != 2)
            return Reply::fail("usage: " + a[0] + " NAME (a map in the game data, or a .bsp or .map path)");
        if (auto error = host.loadMap(a[1]))
            return Reply::fail(a[0] + ": " + *error);
        con.print("loaded " + a[1]);
        // The commands after it run once the new map has drawn a frame.
        return Reply::wait(1);
    };
    auto mapNames = [&st](const Words&) { return st.mapList(); };
    con.addCommand("map", "map NAME: loads a map (Tab completes the names in the game data)", mapCommand,
                   mapNames);
    con.addCommand("devmap",
                   "devmap NAME: as map (the game's devmap also allows cheats; here everything is allowed)",
                   mapCommand, mapNames);
    con.addCommand(
        "setviewpos", "setviewpos X Y Z [YAW]: puts the player's origin there (units), facing YAW (degrees)",
        [&st](const Words& a) {
            if (a.size() != 4 && a.size() != 5)
                return Reply::fail("usage: setviewpos X Y Z [YAW]");
            glm::vec3 p;
            for (int i = 0; i < 3; ++i) {
                const auto f =
                    numberIn(a[size_t(i) + 1], -collision::kMaxCoordinate, collision::kMaxCoordinate);
                if (!f)
                    return Reply::fail("setviewpos: expected a number in " +
                                       rangeText(-collision::kMaxCoordinate, collision::kMaxCoordinate) +
                                       ", got '" + a[size_t(i) + 1] + "'");
                p[i] = *f;
            }
            float yaw = st.camera.yaw;
            if (a.size() == 5) {
                const auto f = numberIn(a[4], -1e6f, 1e6f);
                if (!f)
                    return Reply::fail("setviewpos: yaw '" + a[4] + "' is not a number of degrees");
                yaw = *f;
            }
            st.teleport(p, yaw);
            return Reply::ok();
        });
    con.addCommand("viewangles",
                   "viewangles PITCH YAW: turns the view (degrees; pitch within +/-89, positive looks down)",
                   [&st](const Words& a) {
                       if (a.size() != 3)
                           return Reply::fail("usage: viewangles PITCH YAW");
                       const auto pitch = numberIn(a[1], -89.0f, 89.0f);
                       const auto yaw = numberIn(a[2], -1e6f, 1e6f);
                       if (!pitch || !yaw)
                           return Reply::fail("viewangles: expected PITCH in " + rangeText(-89.0f, 89.0f) +
                                              " and YAW in degrees, got '" + a[1] + " " + a[2] + "'");
                       st.camera.pitch = *pitch;
                       st.camera.yaw = *yaw;
                       return Reply::ok();
                   });
    con.addCommand("viewpos",
                   "viewpos: prints the player's origin and yaw and copies them as a setviewpos command",
                   [&con, &st, &host](const Words&) {
                       const std::string text = viewPosText(st);
                       const glm::vec3 eye = st.camera.eye;
                       con.print("(" + text + ")  eye " + floatText(eye.x) + " " + floatText(eye.y) + " " +
                                 floatText(eye.z) + "  (copied)");
                       host.setClipboard("setviewpos " + text);
                       return Reply::ok();
                   });
    con.addCommand("noclip", "noclip: toggles flying through walls", [&con, &st](const Words&) {
        movement::PlayerState s = st.sim.state();
        s.mode = s.mode == movement::Mode::Noclip ? movement::Mode::Walk : movement::Mode::Noclip;
        st.sim.setState(s);
        con.print(s.mode == movement::Mode::Noclip ? "noclip ON" : "noclip OFF");
        return Reply::ok();
    });
    con.addCommand("kill", "kill: respawns the player at the map's first spawn point", [&st](const Words&) {
        if (!st.map)
            return Reply::fail("kill: no map is loaded");
        st.respawn();
        return Reply::ok();
    });
    con.addCommand("screenshot", "screenshot [FILE.png]: saves this frame with its panels",
                   [&host](const Words& a) {
                       if (a.size() > 2)
                           return Reply::fail("usage: screenshot [FILE.png]");
                       host.screenshot(a.size() == 2 ? a[1] : std::string());
                       return Reply::ok();
                   });
    con.addCommand("quit", "quit: closes the viewer (Ctrl+Q)", [&host](const Words&) {
        host.quit();
        return Reply::ok();
    });
}

} // namespace

std::string movementCvarName(const std::string& settingName) {
    if (settingName == "gravity")
        return "g_gravity";
    if (settingName == "maxSpeed")
        return "g_speed";
    return settingName;
}

std::vector<std::string> inspectionText(const ViewerState& st) {
    if (!st.inspection || !st.map || !st.map->inspector)
        return {"nothing inspected: probe a surface, or pick a trace or a brush in the Trace debugger"};
    const Inspection& in = *st.inspection;
    const inspect::Inspector& inspector = *st.map->inspector;
    std::vector<std::string> out;
    auto vec = [](const glm::vec3& v) {
        return floatText(v.x) + " " + floatText(v.y) + " " + floatText(v.z);
    };
    if (in.brushSide >= 0 || in.surface >= 0 || !in.hit) {
        if (!in.hit && in.brush < 0) {
            out.push_back(in.source + ": hit nothing");
        } else if (in.hit) {
            const inspect::SurfaceInfo s = inspector.hitSurface(in.brush, in.brushSide, in.surface);
            out.push_back(in.source + ": hit at " + vec(in.point));
            out.push_back("  shader " + (s.shader.empty() ? std::string("(none)") : s.shader));
            out.push_back("  surface flags " + bsp::surfaceFlagNames(s.surfaceFlags));
            out.push_back("  contents " + bsp::contentsNames(s.contents));
            if (const analysis::ClassifiedFace* f = st.map->face(in.brushSide, in.surface, in.facet))
                out.push_back("  surface classes " + surfaceClassesText(f->classes));
            if (in.surface >= 0)
                out.push_back("  patch surface " + std::to_string(in.surface));
        } else {
            out.push_back(in.source);
        }
    } else {
        out.push_back(in.source);
    }
    if (in.brush < 0)
        return out;
    const auto info = inspector.brush(in.brush);
    if (!info)
        return out;
    const inspect::Owner& o = info->owner;
    out.push_back("brush " + std::to_string(info->index) + " (" +
                  inspect::brushKindName(inspect::brushKind(info->contents)) + "): shader " + info->shader +
                  ", contents " + bsp::contentsNames(info->contents));
    std::string owner =
        o.entity >= 0 ? "entity " + std::to_string(o.entity) + " " + o.classname : "no entity";
    if (!o.targetname.empty())
        owner += " \"" + o.targetname + "\"";
    owner += o.model == 0 ? " (world, model 0)" : " (model *" + std::to_string(o.model) + ")";
    out.push_back("  " + owner);
    out.push_back("  bounds " + vec(info->mins) + " to " + vec(info->maxs));
    for (const inspect::SideInfo& s : info->sides)
        out.push_back(core::format("  side %d: %s %s dist %s %s %s%s", s.index, s.bevel ? "bevel" : "face ",
                                   vec(s.normal).c_str(), floatText(s.dist).c_str(), s.shader.c_str(),
                                   bsp::surfaceFlagNames(s.surfaceFlags).c_str(),
                                   s.index == in.brushSide ? "  (hit)" : ""));
    return out;
}

std::string viewPosText(const ViewerState& st) {
    const glm::vec3 o = st.sim.state().origin;
    return floatText(o.x) + " " + floatText(o.y) + " " + floatText(o.z) + " " + floatText(st.camera.yaw);
}

void addViewerCommands(console::Console& console, ViewerState& state, ConsoleHost& host) {
    addMovementVariables(console, state);
    addTraceVariables(console, state);
    addCommands(console, state, host);
    addInspectionCommands(console, state);
}

} // namespace cliplab::viewer
