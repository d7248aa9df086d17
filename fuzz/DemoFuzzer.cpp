// Arbitrary bytes through the demo reader (demo/Demo.h): it must return a demo or an error naming
// the file, never crash or hang; a demo it returns must be one the rest of the program can trust:
// snapshots in time order, players sorted by client number 0-63 at most once each, positions
// and velocities finite within +/-1e6 units at the snapshots and between them, and the
// per-player figures computable.
#include "demo/Demo.h"
#include "demo/DemoPlayers.h"

#include <cmath>
#include <cstdlib>

namespace {

/// Finite and within the reader's +/-1e6 units.
bool usable(const glm::vec3& v) {
    return std::fabs(v.x) <= 1.0e6f && std::fabs(v.y) <= 1.0e6f && std::fabs(v.z) <= 1.0e6f;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    using namespace cliplab::demo;
    auto d = readDemo(std::span<const uint8_t>(data, size), "fuzz.dm_71");
    if (!d) {
        if (d.error().message.rfind("fuzz.dm_71: ", 0) != 0)
            std::abort();
        return 0;
    }
    const Demo& demo = d.value();
    if (demo.configStrings.size() != 1024 || demo.messages == 0)
        std::abort();
    for (size_t i = 0; i < demo.snapshots.size(); ++i) {
        const Snapshot& s = demo.snapshots[i];
        if (i > 0 && s.serverTime < demo.snapshots[i - 1].serverTime)
            std::abort();
        for (size_t k = 0; k < s.players.size(); ++k)
            if (s.players[k].client < 0 || s.players[k].client >= 64 || !usable(s.players[k].origin) ||
                !usable(s.players[k].velocity) || (k > 0 && s.players[k].client <= s.players[k - 1].client))
                std::abort();
    }
    if (!demo.snapshots.empty()) {
        const double first = demo.snapshots.front().serverTime, last = demo.snapshots.back().serverTime;
        for (double t : {first - 1.0, first, (first + last) / 2.0, last + 1.0})
            for (const PlayerSample& p : demo.playersAt(t))
                if (p.client < 0 || p.client >= 64 || !usable(p.origin))
                    std::abort();
    }
    for (const PlayerInfo& p : demo.players)
        (void)summarizePlayer(demo, p.client);
    return 0;
}
