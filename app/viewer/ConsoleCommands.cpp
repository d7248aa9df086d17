#include "viewer/ConsoleCommands.h"

#include "bsp/FlagNames.h"
#include "collision/TraceLimits.h"
#include "core/Format.h"
#include "core/Parse.h"
#include "inspect/BrushKind.h"
#include "movement/Movement.h"

#include <glm/geometric.hpp>

#include <cmath>
#include <functional>

namespace cliplab::viewer {

namespace {

using console::Reply;
using console::Variable;
using Words = std::vector<std::string>;

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

/// The console's variable for `setting`: its name, aliases, doc line, range and completions, read
/// and written as text through the setting (strict: out-of-range values and unknown names are
/// refused with a message naming it). A flag whose console name means the opposite (cm_noCurves)
/// is inverted on the way.
Variable variableOf(Setting& setting) {
    const SettingInfo& info = setting.info();
    Variable v;
    v.name = info.name;
    v.aliases = info.aliases;
    v.help = info.doc;
    v.range = setting.range();
    v.values = setting.words();
    if (!info.consoleInverted) {
        v.get = [&setting] { return setting.text(); };
        v.set = [&setting](const Words& value) { return setting.setText(value); };
        return v;
    }
    auto flip = [](const std::string& w) {
        return w == "0" ? std::string("1") : w == "1" ? std::string("0") : w;
    };
    v.get = [&setting, flip] { return flip(setting.text()); };
    v.set = [&setting, flip](const Words& value) {
        Words flipped;
        for (const std::string& w : value)
            flipped.push_back(flip(w));
        return setting.setText(flipped);
    };
    return v;
}

/// A brush index typed by the user, in range of the loaded map.
std::optional<int32_t> brushArgument(const ViewerState& st, const std::string& text) {
    const auto v = core::parseFiniteNumber(text);
    const LoadedMap* map = st.session.map();
    if (!v || *v != std::floor(*v) || *v < 0 || !map || *v >= double(map->data.brushes.size()))
        return std::nullopt;
    return static_cast<int32_t>(*v);
}

/// What `gotobrush` did: "brush 523 (player clip, textures/common/clip): noclip at X Y Z, looking
/// at its centre X Y Z; inspected and highlighted".
std::string goToBrushLine(const ViewerState& st, int32_t brush) {
    const LoadedMap* map = st.session.map();
    const auto info = map && map->inspector ? map->inspector->brush(brush) : std::nullopt;
    if (!info)
        return "gotobrush: brush " + std::to_string(brush) + " has no faces to look at";
    const glm::vec3 c = (info->mins + info->maxs) * 0.5f;
    const glm::vec3 eye = movement::eyePosition(st.session.player(), st.session.sim().settings());
    return core::format(
        "brush %d (%s, %s): noclip, the eye at %.0f %.0f %.0f looking at its centre %.0f %.0f "
        "%.0f; inspected and highlighted",
        brush, inspect::brushKindName(inspect::brushKind(info->contents)), info->shader.c_str(),
        double(eye.x), double(eye.y), double(eye.z), double(c.x), double(c.y), double(c.z));
}

void addProbeCommands(console::Console& con, ViewerState& st) {
    con.addCommand("probe",
                   "probe: traces the probe shape from the player's eye along the view's centre and inspects "
                   "what it hits",
                   [&st](const Words& a) {
                       if (a.size() != 1)
                           return Reply::fail("usage: probe");
                       if (!st.session.map())
                           return Reply::fail("probe: no map is loaded");
                       st.fireProbe(st.view.camera().forward());
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
                   [&con, &st](const Words& a) {
                       if (a.size() != 2)
                           return Reply::fail("usage: gotobrush BRUSH");
                       const auto b = brushArgument(st, a[1]);
                       if (!b)
                           return Reply::fail("gotobrush: '" + a[1] + "' is not a brush of the loaded map");
                       st.goToBrush(*b);
                       st.inspectBrush(*b, "brush " + a[1]);
                       con.print(goToBrushLine(st, *b));
                       return Reply::ok();
                   });
}

/// `reach [GRID] [wait]`.
Reply reachCommand(console::Console& con, ViewerState& st, const Words& a) {
    if (a.size() > 3 || (a.size() == 3 && a[2] != "wait"))
        return Reply::fail("usage: reach [GRID] [wait]");
    float grid = st.analysis.values().reachGrid;
    const bool wait = a.size() >= 2 && a.back() == "wait";
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
        st.analysis.waitReach();
        st.pollReach(false); // printed here, in its place among the lines
        if (!st.analysis.reach().map)
            return Reply::fail(st.analysis.reach().summary);
        con.print(st.analysis.reach().summary);
    }
    return Reply::ok();
}

void addAnalysisCommands(console::Console& con, ViewerState& st) {
    con.addCommand(
        "snags",
        "snags [TICKS]: runs the soak's walkers (default r_snagTicks) and shows where they snag as a "
        "heat map",
        [&con, &st](const Words& a) {
            if (a.size() > 2)
                return Reply::fail("usage: snags [TICKS]");
            int64_t ticks = st.analysis.values().snagTicks;
            if (a.size() == 2) {
                const auto n = numberIn(a[1], 1000.0f, 1e7f);
                if (!n)
                    return Reply::fail("snags: expected TICKS from 1000 to 10000000, got '" + a[1] + "'");
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
        "units, default r_reachGrid) on a background thread and shows it; with wait, the frame waits",
        [&con, &st](const Words& a) { return reachCommand(con, st, a); });
}

void addMapCommands(console::Console& con, ViewerState& st, ConsoleHost& host) {
    auto mapCommand = [&con, &host](const Words& a) {
        if (a.size() != 2)
            return Reply::fail("usage: " + a[0] + " NAME (a map in the game data, or a .bsp or .map path)");
        if (auto error = host.loadMap(a[1]))
            return Reply::fail(a[0] + ": " + *error);
        con.print("loaded " + a[1]);
        // The commands after it run once the new map has drawn a frame.
        return Reply::wait(1);
    };
    auto mapNames = [&st](const Words&) { return st.session.mapList(); };
    con.addCommand("map", "map NAME: loads a map (Tab completes the names in the game data)", mapCommand,
                   mapNames);
    con.addCommand("devmap",
                   "devmap NAME: as map (the game's devmap also allows cheats; here everything is allowed)",
                   mapCommand, mapNames);
    auto demoCommand = [&con, &host, &st](const Words& a) {
        if (a.size() != 2)
            return Reply::fail(
                "usage: demo FILE (a demo file, or a name in the game data: demos/NAME.dm_71...)");
        if (auto error = host.openDemo(a[1]))
            return Reply::fail("demo: " + *error);
        con.print(st.session.demo().status());
        return Reply::wait(1);
    };
    con.addCommand(
        "demo",
        "demo FILE: plays a demo (.dm_68, .dm_70, .dm_71) on its map, loaded by itself (Tab completes "
        "the demos in the game data)",
        demoCommand, [&st](const Words&) { return st.session.demoList(); });
    con.addCommand("kill", "kill: respawns the player at the map's first spawn point", [&st](const Words&) {
        if (!st.session.map())
            return Reply::fail("kill: no map is loaded");
        st.respawn();
        return Reply::ok();
    });
}

/// `setviewpos X Y Z [YAW]`.
Reply setviewpos(ViewerState& st, const Words& a) {
    if (a.size() != 4 && a.size() != 5)
        return Reply::fail("usage: setviewpos X Y Z [YAW]");
    glm::vec3 p;
    for (int i = 0; i < 3; ++i) {
        const auto f = numberIn(a[size_t(i) + 1], -collision::kMaxCoordinate, collision::kMaxCoordinate);
        if (!f)
            return Reply::fail("setviewpos: expected a number in " +
                               rangeText(-collision::kMaxCoordinate, collision::kMaxCoordinate) + ", got '" +
                               a[size_t(i) + 1] + "'");
        p[i] = *f;
    }
    float yaw = st.view.camera().yaw;
    if (a.size() == 5) {
        const auto f = numberIn(a[4], -1e6f, 1e6f);
        if (!f)
            return Reply::fail("setviewpos: yaw '" + a[4] + "' is not a number of degrees");
        yaw = *f;
    }
    st.teleport(p, yaw, "setviewpos");
    return Reply::ok();
}

void addViewCommands(console::Console& con, ViewerState& st, ConsoleHost& host) {
    con.addCommand("setviewpos",
                   "setviewpos X Y Z [YAW]: puts the player's origin there (units), facing YAW (degrees)",
                   [&st](const Words& a) { return setviewpos(st, a); });
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
                       st.view.setAngles(*pitch, *yaw);
                       return Reply::ok();
                   });
    con.addCommand("viewpos",
                   "viewpos: prints the player's origin and yaw, its eye (origin + view height) and the "
                   "chase camera when on, and copies them as a setviewpos command",
                   [&con, &st, &host](const Words&) {
                       const std::string text = viewPosText(st);
                       auto vec = [](const glm::vec3& v) {
                           return floatText(v.x) + " " + floatText(v.y) + " " + floatText(v.z);
                       };
                       const glm::vec3 eye = st.playerEye(), camera = st.view.camera().eye;
                       std::string line = "(" + text + ")  eye " + vec(eye);
                       if (glm::distance(eye, camera) > 0.01f)
                           line += "  camera " + vec(camera);
                       con.print(line + "  (copied)");
                       host.setClipboard("setviewpos " + text);
                       return Reply::ok();
                   });
    con.addCommand("noclip", "noclip: toggles flying through walls", [&con, &st](const Words&) {
        const bool on = st.session.player().mode != movement::Mode::Noclip;
        st.setMode(on ? movement::Mode::Noclip : movement::Mode::Walk);
        con.print(on ? "noclip ON" : "noclip OFF");
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

/// The Inspector's lines about the surface a trace hit (or that it hit nothing).
void surfaceLines(const ViewerState& st, const Inspection& in, std::vector<std::string>& out) {
    auto vec = [](const glm::vec3& v) {
        return floatText(v.x) + " " + floatText(v.y) + " " + floatText(v.z);
    };
    if (!(in.brushSide >= 0 || in.surface >= 0 || !in.hit) || (!in.hit && in.brush >= 0)) {
        out.push_back(in.source);
        return;
    }
    if (!in.hit) {
        out.push_back(in.source + ": hit nothing");
        return;
    }
    const LoadedMap& map = *st.session.map();
    const inspect::SurfaceInfo s = map.inspector->hitSurface(in.brush, in.brushSide, in.surface);
    out.push_back(in.source + ": hit at " + vec(in.point));
    out.push_back("  shader " + (s.shader.empty() ? std::string("(none)") : s.shader));
    out.push_back("  surface flags " + bsp::surfaceFlagNames(s.surfaceFlags));
    out.push_back("  contents " + bsp::contentsNames(s.contents));
    if (const analysis::ClassifiedFace* f = map.face(in.brushSide, in.surface, in.facet))
        out.push_back("  surface classes " + surfaceClassesText(f->classes));
    if (in.surface >= 0)
        out.push_back("  patch surface " + std::to_string(in.surface));
}

} // namespace

std::vector<std::string> inspectionText(const ViewerState& st) {
    const LoadedMap* map = st.session.map();
    const auto& inspection = st.probes.inspection();
    if (!inspection || !map || !map->inspector)
        return {"nothing inspected: probe a surface, or pick a trace or a brush in the Trace debugger"};
    const Inspection& in = *inspection;
    std::vector<std::string> out;
    surfaceLines(st, in, out);
    const auto info = in.brush >= 0 ? map->inspector->brush(in.brush) : std::nullopt;
    if (!info)
        return out;
    auto vec = [](const glm::vec3& v) {
        return floatText(v.x) + " " + floatText(v.y) + " " + floatText(v.z);
    };
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
    const glm::vec3 o = st.session.player().origin;
    return floatText(o.x) + " " + floatText(o.y) + " " + floatText(o.z) + " " +
           floatText(st.view.camera().yaw);
}

void addViewerCommands(console::Console& console, ViewerState& state, ConsoleHost& host) {
    // Every setting is a variable, from the one registry the panels and viewer.cfg use too.
    for (Setting* s : state.settings.all())
        console.addVariable(variableOf(*s));
    addMapCommands(console, state, host);
    addViewCommands(console, state, host);
    addProbeCommands(console, state);
    addAnalysisCommands(console, state);
    addMapperCommands(console, state);
}

} // namespace cliplab::viewer
