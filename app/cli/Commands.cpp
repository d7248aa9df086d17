#include "cli/Commands.h"

#include <algorithm>
#include <cstdio>

namespace cliplab::cli {

namespace {

constexpr const char* kSoakDetails =
    "Walkers spawn at the map's spawn points and change their input (run, strafe, jump, crouch, turn)\n"
    "every 0.1-1.5 s and their tick rate (30-250 Hz) every 1-10 s of simulated time. Counted:\n"
    "in_solid (ticks ending with the box in solid), out_of_world (origin beyond the world's bounds\n"
    "+128), stuck (moving < 1 unit in 5 s while holding forward or strafe); each respawns the walker.\n"
    "The last line is 'ticks=N in_solid=N out_of_world=N stuck=N traces_per_tick_mean=X\n"
    "traces_per_tick_max=N us_per_tick=X' (us_per_tick: wall time inside the controller).\n"
    "Exit status 1 when in_solid or out_of_world is not zero, 2 for a bad command line.";

constexpr const char* kTraceDetails =
    "Each stdin line is 'sx sy sz ex ey ez minx miny minz maxx maxy maxz [SHAPE] [mask N]' (a zero box\n"
    "is a ray) or 'sx sy sz ex ey ez [SHAPE] [mask N]' (a ray); SHAPE is ray, box, capsule, 'sphere R'\n"
    "or 'cylinder R H' and wins over --shape for its line, as 'mask N' over --mask. Each result line is\n"
    "'fraction endx endy endz nx ny nz dist startsolid allsolid contents'.";

constexpr const char* kHullDetails =
    "Each brush whose contents meet --mask is written as the object brush_N (N: its index in the map's\n"
    "brushes) with every side, bevels included, moved out by the box: the origin of the box touches the\n"
    "brush exactly when it is on the object's surface, so a box trace's end point lies 0.125 units (the\n"
    "trace's epsilon) in front of it. With --curves on each patch facet is an object patch_S_F (S: surface,\n"
    "F: facet), a slab the game never stops a sweep at when it is entered through its back face.\n"
    "Prints 'brushes=N patch_facets=F triangles=T volume=V' (V: the brushes' total in cubic units).";

constexpr const char* kSurfacesDetails =
    "Classes: walkable (blocks the player, normal z >= 0.7), too-steep (0 < z < 0.7), slick (SURF_SLICK),\n"
    "no-damage (SURF_NODAMAGE), no-steps (SURF_NOSTEPS), player-clip (PLAYERCLIP without SOLID), "
    "weapon-clip\n"
    "(SOLID, TRANSLUCENT and drawn nowhere), monster-clip, trigger, jump-pad (trigger_push), teleporter\n"
    "(trigger_teleport), hurt (trigger_hurt), water, slime, lava. A face can be in several. Faces: brush\n"
    "sides bounding a face (bevels are not faces) of every model, and patch facets. One line per class\n"
    "'CLASS sides=N patch_facets=P brushes=B', then 'sides=N patch_facets=P unclassified=U'.";

constexpr const char* kJumppadsDetails =
    "The launch is the game's: from the middle of the trigger's bounds to an apex at the target's origin,\n"
    "apex H = target z - middle z, time T = sqrt(2 H / gravity), velocity horizontal distance / T towards\n"
    "the target and T * gravity up. The flight starts standing on what is under the pad's middle, with\n"
    "zero input; a pad touched sets the velocity again (pads chain). One line per pad:\n"
    "'pad N origin X Y Z target X Y Z apex H time T blocked=0|1 entity E model *M launch X Y Z velocity\n"
    "X Y Z landing X Y Z|none airtime A [blocked_at X Y Z] [returns_to PAD] [via PAD ...]' (blocked: the "
    "flight is\n"
    "deflected before the apex time; launch: where the last push happened; airtime from there; returns_to:\n"
    "it falls back into a pad that pushed it, and would go round for ever), or 'target -' and\n"
    "'problem TEXT' for a pad the game drops. Last line 'pads=N blocked=B unlanded=U without_target=W'.";

constexpr const char* kSnagsDetails =
    "A snag: a tick on the ground (walk mode, not jumping, dry) starting at --min-speed or more that loses\n"
    "more than --loss of its speed beyond what friction and accelerating against the motion can take in\n"
    "that tick, while the box lifted by the step height, moved ahead along the velocity, meets nothing\n"
    "steeper than walkable (no wall explains it). Ticks ending in solid and stuck walkers (as soak counts\n"
    "them) are listed too. Events are gathered in cubes of --cell units; one line per cell, most events\n"
    "first: 'cell X Y Z snags=N in_solid=I stuck=K worst_loss=L setviewpos X Y Z' (X Y Z: the events'\n"
    "mean; setviewpos: the worst one) and its replay command; last line 'ticks=N snags=S in_solid=I\n"
    "stuck=K cells=C us_per_tick=U'.";

constexpr const char* kReachDetails =
    "The floor: every walkable face (normal z >= minWalkNormal) a downward ray meets under a cell's centre,\n"
    "where the standing box fits, with something above it (outside the map nothing is) and, in maps with\n"
    "visibility, in a leaf of a cluster. The flood starts where each spawn point drops the player and "
    "tries,\n"
    "from every cell reached, a run in 8 directions (walking, stepping, falling off edges) and a running "
    "jump\n"
    "where the run is blocked or falls; jump pads launch as the game aims them, teleporters move the player\n"
    "to their target at 400 units/s, and a trigger_hurt with dmg >= 100 kills. Cells not reached where\n"
    "nobody stands alive (a killing trigger_hurt in the open column above, or a sky face: the void under a\n"
    "space map) are deadly, not unreachable. Unreachable cells come "
    "grouped\n"
    "in regions (neighbouring cells within a step), biggest first: 'region R cells=K setviewpos X Y Z', "
    "then\n"
    "'  unreachable X Y Z setviewpos X Y Z' per cell; then 'via spawn=.. walk=.. fall=.. jump=.. pad=..\n"
    "teleport=.. regions=.. spawns=.. moves=.. ticks=..' (how the reached cells were first reached); last\n"
    "line 'cells=N reachable=R unreachable=U deadly=D seconds=S' (N = R + U + D).";

constexpr const char* kDemoDetails =
    "FILE is a path, or a file in the game data: demos/NAME.dm_71, or NAME (tried as demos/NAME, then with\n"
    ".dm_71, .dm_70, .dm_68, .dm_67, .dm_66). Lines: 'file', 'cut' (a file the game stopped writing: read up "
    "to\n"
    "its last whole message), 'note', 'map', then per player 'player C name=\"N\" team=T samples=S src_ps=P\n"
    "alive=A distance=D top_speed=V jumps=J' and its 'jump' lines (as walk prints them, with client and "
    "time);\n"
    "with --positions 'pos T CLIENT X Y Z VX VY VZ ground=0|1 ducked=0|1 "
    "type=normal|dead|spectator|intermission\n"
    "src=ps|es' (T: seconds from the first snapshot; ps: the player the demo's player state describes, "
    "exact;\n"
    "es: the others' entities at the snapshot's time, origins cut to whole units by the game);\n"
    "'in_solid T CLIENT X Y Z ducked=0|1 setviewpos X Y Z' for each alive ps position in solid (the quake3\n"
    "position test with the player box, crouched when ducked); 'es_in_solid ...' for the first 10 alive es\n"
    "positions whose box made 1 unit smaller (the cut origins) is in solid, and 'entities alive=N "
    "in_solid=K'\n"
    "(K > 0: the demo was recorded on another version of the map); with --reach 'unreached X Y Z samples=N\n"
    "clients=A,B first=T setviewpos X Y Z' per floor cell players stood on that the flood never reaches, "
    "and\n"
    "'reach grid=G cells=N reachable=R unreachable=U seconds=S standing=N on_cells=N cells_stood_on=N\n"
    "on_entities=N unreached_cells=K'. Last line 'demo map=NAME protocol=N snapshots=S seconds=T players=P\n"
    "positions=N in_solid=I' (I: 'unchecked' when the map is not in the game data). Exit 1 when the demo\n"
    "cannot be read (the message names the file, the message number and the byte), or --reach has no map.";
constexpr const char* kStrafeDetails =
    "Prints 'min=DEG opt=DEG max=DEG accel_opt=UNITS_PER_TICK': the angles between the horizontal velocity\n"
    "and the wish direction (forward plus one side key, as players strafe) where a tick starts to gain\n"
    "speed, gains most and stops gaining, and the speed gained at opt (units/s in one tick, before the\n"
    "quake3 preset rounds the velocity). In the air (wish speed s, a = accelerate x s x tick): min =\n"
    "acos(s/V), opt = acos((s-a)/V), max = acos(-a/(2V)); on the ground friction comes first. Where no "
    "angle\n"
    "gains, min = opt = max and accel_opt < 0. With --snap: 'snap velocity=X,Y speed=S zones=N', then\n"
    "'zone from=DEG to=DEG velocity=X,Y gain=G' per snap zone: wish direction yaws (absolute, the view is\n"
    "45 degrees right of it with forward+right held, left with forward+left) over which the velocity the\n"
    "tick ends with, rounded to whole units, is X,Y, gaining G units/s (docs/movement.md).";

constexpr const char* kStrafeFillDetails =
    "Replays IN on MAP and sets the yaw of every tick from --from to --to (1-based, inclusive) so that its "
    "wish\n"
    "direction (the tick's own keys, kept) is at the optimal angle from the velocity (strafe --speed's "
    "opt),\n"
    "on the side asked for, each tick aimed from where the filled ticks before it led; ticks without a\n"
    "horizontal key, at rest, flying or swimming keep their yaw. The run after --to is simulated again.\n"
    "OUT holds the filled inputs and the filled run's positions (walk --replay OUT plays it and checks\n"
    "them). Prints 'filled=N skipped=N from=A to=B resimulated=N', 'speed_at_to recorded=V filled=V\n"
    "gain=V' (horizontal speeds after tick --to), 'quality recorded=Q filled=Q' (strafe quality over the\n"
    "range: speed gained / the most the closed form allows), 'final recorded X Y Z speed=V' and\n"
    "'final filled X Y Z speed=V'.";
constexpr const char* kCompileDetails =
    "IN.map is a file, or a path in the game data (sources/maps/oacmpdm4.map). Textures get their contents\n"
    "and surface flags from the shader scripts of the game data (--basepath) and, for a map in\n"
    "DIR/maps/, from DIR/scripts/*.shader first; a texture no script defines is solid, as in q3map2.\n"
    "The compiler floods the empty space from every point entity with an origin: when the flood reaches\n"
    "the void it prints 'leak: entity N (CLASSNAME) at X Y Z reaches the void; the path leaves the hull\n"
    "near X Y Z; pointfile OUT.lin (N points)' and writes the path to OUT with the extension .lin (q3map2's\n"
    "pointfile: one 'x y z' a line, from the void to the entity), and still writes the .bsp (exit 0)\n"
    "unless --leaktest. Without a leak an old OUT.lin is removed. Warnings (entities inside brushes,\n"
    "origin brushes in the world, unknown surfaceparms) go to stderr. Last lines: the summary, then\n"
    "'time_ms parse= brushes= tree= flood= surfaces= scripts='.";

const Command kCommands[] = {
    {"info", "MAP", "print a map's lumps, bounds, counts and spawn points", runInfo, infoOptions},
    {"compile", "IN.map OUT.bsp",
     "compile a .map source to an IBSP 46 .bsp file as q3map2 does; on a leak, print it and write OUT.lin",
     runCompile, compileOptions, kCompileDetails},
    {"bench-compile", "IN.map...",
     "time compiling each source R times (default 5): median ms per phase, MB/s and brushes/s, then the "
     "total",
     runBenchCompile, benchCompileOptions},
    {"trace", "MAP",
     "trace the lines 'sx sy sz ex ey ez [minx miny minz maxx maxy maxz] [SHAPE] [mask N]' read on stdin",
     runTrace, traceOptions, kTraceDetails},
    {"bench-trace", "MAP",
     "time the stdin traces R times (default 20) on one thread; --threads N: how the rate scales on N "
     "threads",
     runBenchTrace, benchTraceOptions, kTraceDetails, "trace"},
    {"bench-load", "MAP",
     "time reading a map, checking every lump and building its collision model R times (default 20); "
     "last line ms_per_load= (the best), as q3ref load prints",
     runBenchLoad, benchLoadOptions},
    {"walk", "MAP --script FILE",
     "move the player along a scripted walk, or replay a recording (walk [MAP] --replay FILE.cliprec); print "
     "'t x y z vx vy vz ground' per tick, 'jump' lines",
     runWalk, walkOptions},
    {"bench-walk", "MAP --script FILE",
     "time the walk R times (default 20): microseconds and traces (and corrections) per tick; "
     "--record-replay: "
     "recording, .cliprec text and replay, milliseconds per second of run",
     runBenchWalk, benchWalkOptions, nullptr, "walk"},
    {"compare-methods", "MAP",
     "trace the stdin lines by brush trace and plane shifting; print how much earlier plane shifting stops",
     runCompareMethods, compareMethodsOptions, kTraceDetails, "trace"},
    {"compare-runs", "MAP --replay FILE.cliprec",
     "replay a recording under two settings; print where the runs part (exit 1) and the traces there",
     runCompareRuns, compareRunsOptions},
    {"soak", "MAP",
     "random walkers (T ticks in all, 30-250 Hz); count ticks in solid, walkers out of the world, stuck "
     "walkers",
     runSoak, soakOptions, kSoakDetails},
    {"hull", "MAP --mins X Y Z --maxs X Y Z --out FILE.obj",
     "write the world's brushes as a box trace sees them (sides moved out by the box) as OBJ, one object per "
     "brush",
     runHull, hullOptions, kHullDetails},
    {"surfaces", "MAP",
     "count the faces (brush sides and patch facets) of each surface class: walkable, too steep, slick, "
     "clips, triggers, jump pads, liquids...",
     runSurfaces, surfacesOptions, kSurfacesDetails},
    {"pads", "MAP",
     "each trigger_push: the game's launch velocity and the flight of a player standing on it (landing, "
     "blocked)",
     runJumppads, jumppadsOptions, kJumppadsDetails},
    {"snags", "MAP",
     "the soak's walkers; the places where they lose speed on the floor with no wall ahead, end a tick in "
     "solid or get stuck, by cell",
     runSnags, snagsOptions, kSnagsDetails},
    {"reach", "MAP",
     "flood the walkable floor from the spawn points with the controller (walk, fall, jump, jump pads, "
     "teleporters); list the cells never reached",
     runReach, reachOptions, kReachDetails},
    {"demo", "FILE",
     "read a Quake 3 / OpenArena demo (.dm_68/70/71): map, players, distance, top speed, jumps; positions "
     "tested against the map; --reach: floor players stood on that reach calls unreachable",
     runDemo, demoOptions, kDemoDetails},
    {"bench-demo", "FILE",
     "time reading a demo R times (default 20): MB/s and snapshots/s, last line demo_mb_per_sec=",
     runBenchDemo, benchDemoOptions},
    {"strafe", "--speed V",
     "the strafe angles of one tick in closed form (CGaz: min, opt, max) and the gain at opt; --snap: the "
     "quake3 preset's snap zones",
     runStrafe, strafeOptions, kStrafeDetails},
    {"strafe-fill", "MAP --replay IN.cliprec --from TICK --to TICK --out OUT.cliprec",
     "set the yaw of a range of a recording's ticks to the optimal strafe angle tick by tick (keys kept); "
     "write the filled recording",
     runStrafeFill, strafeFillOptions, kStrafeFillDetails},
};

/// The command's options, --basepath (common to all map commands) last.
std::vector<OptionSpec> listed(const Command& command) {
    std::vector<OptionSpec> options = command.options();
    std::stable_partition(options.begin(), options.end(),
                          [](const OptionSpec& o) { return o.name != "--basepath"; });
    return options;
}

/// True when `synopsis` names `option` as a word.
bool names(const std::string& synopsis, const std::string& option) {
    for (size_t at = synopsis.find(option); at != std::string::npos; at = synopsis.find(option, at + 1)) {
        const size_t end = at + option.size();
        if ((at == 0 || synopsis[at - 1] == ' ' || synopsis[at - 1] == '[') &&
            (end == synopsis.size() || synopsis[end] == ' ' || synopsis[end] == ']'))
            return true;
    }
    return false;
}

} // namespace

std::span<const Command> commands() {
    return kCommands;
}

const Command* findCommand(const std::string& name) {
    for (const Command& c : kCommands)
        if (name == c.name)
            return &c;
    return nullptr;
}

std::string usageLine(const Command& command) {
    std::string line = std::string("cliplab ") + command.name + " " + command.synopsis;
    std::vector<OptionSpec> shared;
    if (const Command* other = command.sharesOptionsOf ? findCommand(command.sharesOptionsOf) : nullptr) {
        shared = other->options();
        line += std::string(" [") + other->name + " options]";
    }
    for (const OptionSpec& o : listed(command)) {
        const bool inShared =
            std::any_of(shared.begin(), shared.end(), [&](const OptionSpec& s) { return s.name == o.name; });
        if (names(command.synopsis, o.name) || (inShared && o.name != "--basepath"))
            continue;
        line += " [" + o.name + (o.values.empty() ? "" : " " + o.values) + (o.repeatable ? " ..." : "") + "]";
    }
    return line;
}

std::string commandHelp(const Command& command) {
    std::string text = "usage: " + usageLine(command) + "\n" + command.summary + "\n\noptions:\n";
    const std::vector<OptionSpec> options = listed(command);
    size_t width = 0;
    for (const OptionSpec& o : options)
        width = std::max(width, o.name.size() + (o.values.empty() ? 0 : o.values.size() + 1));
    for (const OptionSpec& o : options) {
        std::string left = o.name + (o.values.empty() ? "" : " " + o.values);
        left.resize(width, ' ');
        text += "  " + left + "  " + o.help + "\n";
    }
    if (command.details)
        text += std::string("\n") + command.details + "\n";
    return text;
}

int usageError(const Command& command, const std::string& message) {
    std::fprintf(stderr, "cliplab %s: %s\n", command.name, message.c_str());
    std::fprintf(stderr, "usage: %s\n(cliplab %s --help describes every option)\n",
                 usageLine(command).c_str(), command.name);
    return kExitUsage;
}

int usageError(const char* name, const std::string& message) {
    if (const Command* c = findCommand(name))
        return usageError(*c, message);
    std::fprintf(stderr, "cliplab %s: %s\n", name, message.c_str());
    return kExitUsage;
}

} // namespace cliplab::cli
