#include "cli/Commands.h"

namespace cliplab::cli {

namespace {
const Command kCommands[] = {
    {"info", "MAP [--json] [--basepath DIR]", "print a map's lumps, bounds, counts and spawn points", runInfo},
    {"compile", "IN.map OUT.bsp [--no-bevels]", "compile a .map source to an IBSP 46 .bsp file", runCompile},
    {"trace",
     "MAP [--mask N] [--curves on|off] [--epsilon E] [--semantics quake3|robust|tutorial] [--capsule] [--model N] "
     "[--shape box|capsule|sphere|cylinder --radius R --half-height H] [--method brush|planeshift [--bevels on|off]]",
     "trace the lines 'sx sy sz ex ey ez minx miny minz maxx maxy maxz [SHAPE] [mask N]' read on stdin", runTrace},
    {"bench-trace", "MAP [trace options] [--repeat R]", "time the stdin traces R times (default 20) on one thread",
     runBenchTrace},
    {"walk",
     "MAP --script FILE [--start X Y Z] [--yaw DEG] [--mode walk|fly|noclip] [--preset melax|quake3] [--hz N] "
     "[--step H] [--curves on|off] [--semantics robust|quake3|tutorial] [--method swept|step-correct] "
     "[--step-length L] [--set NAME=VALUE ...] "
     "[--record FILE] [--record-input FILE.cliprec] | [MAP] --replay FILE.cliprec",
     "move the player along a scripted walk, or replay a recording; print 't x y z vx vy vz ground' per tick, "
     "'jump' lines",
     runWalk},
    {"bench-walk", "MAP --script FILE [walk options] [--repeat R] [--record-replay]",
     "time the walk R times (default 20): microseconds and traces (and corrections) per tick; --record-replay: "
     "recording, .cliprec text and replay, milliseconds per second of run",
     runBenchWalk},
    {"compare-methods", "MAP [trace options] [--bevels on|off]",
     "trace the stdin lines by brush trace and plane shifting; print how much earlier plane shifting stops",
     runCompareMethods},
    {"compare-runs", "MAP --replay FILE.cliprec [--a \"NAME=VALUE ...\"] [--b \"NAME=VALUE ...\"]",
     "replay a recording under two settings; print where the runs part (exit 1) and the traces there",
     runCompareRuns},
    {"soak", "MAP [--walkers N] [--ticks T] [--seed S] [--preset melax|quake3] [--curves on|off] [--semantics robust|quake3|tutorial] [--walker K [--verbose|--traces]]",
     "random walkers (T ticks in all, 30-250 Hz); count ticks in solid, walkers out of the world, stuck walkers",
     runSoak},
#ifdef CLIPLAB_HAVE_VIEWER
    {"view",
     "[MAP] [--size WxH] [--script FILE [--hz N]] [--frames N] [--exit] [--hidden] [--shot FILE.png] [--chase UNITS] "
     "[--no-config] [--fps N] [--recording FILE.cliprec] [--replay FILE.cliprec [--ghost \"NAME=VALUE ...\" ...] "
     "[--at SECONDS|parting] [--angles PITCH YAW]]",
     "the interactive viewer (default: the playground map); `cliplab MAP` does the same", runView},
    {"shot", "[MAP] [--pos X Y Z] [--angles PITCH YAW] [--size WxH] [--fov DEG] --out FILE.png [--frames N] [--ui]",
     "render a view of a map (default: first spawn point) to a PNG; --frames N times N frames; --ui draws the viewer with its panels", runShot},
#endif
};
} // namespace

std::span<const Command> commands() { return kCommands; }

} // namespace cliplab::cli
