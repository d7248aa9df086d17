// The last phase of a reach search: floors not reached where nobody stands alive (the void under
// a space map's death plane, the bottom of a deadly pit, the sky's own faces) are told apart from
// the unreachable ones, which a mapper would want to fix.

#include "analysis/ReachMove.h"

namespace cliplab::analysis::detail {

bool deadlyFloor(const World& w, const glm::vec3& origin) {
    const movement::Settings& ms = w.settings.movement;
    const collision::TraceResult under = w.trace(
        collision::Shape::ray(), origin, origin + glm::vec3(0.0f, 0.0f, ms.mins.z - 2.0f), ms.contentsMask);
    if (under.fraction < 1.0f && (under.surfaceFlags & bsp::surf::Sky))
        return true;
    if (w.kills.empty())
        return false;
    // The open column: up to what a ray from the origin meets (a ceiling, or the sky's brushes).
    const collision::TraceResult up =
        w.trace(collision::Shape::ray(), origin, glm::vec3(origin.x, origin.y, w.worldMaxs.z + 1.0f),
                ms.contentsMask);
    const collision::Shape box = collision::Shape::box(ms.mins, ms.maxs);
    for (const KillVolume& k : w.kills) {
        const bool apart = k.maxs.x < origin.x + ms.mins.x || k.mins.x > origin.x + ms.maxs.x ||
                           k.maxs.y < origin.y + ms.mins.y || k.mins.y > origin.y + ms.maxs.y ||
                           k.maxs.z < origin.z + ms.mins.z || k.mins.z > up.endpos.z;
        if (apart)
            continue;
        // The player box swept up the column, its top to the ceiling, against the trigger's own
        // brushes (a trigger beyond the ceiling is in another room).
        collision::TraceOptions o;
        o.model = k.model;
        const glm::vec3 top(origin.x, origin.y, std::max(origin.z, up.endpos.z - ms.maxs.z));
        const collision::TraceResult r = w.model.trace(box, origin, top, -1, o);
        if (r.startSolid || r.fraction < 1.0f)
            return true;
    }
    return false;
}

void markDeadly(const World& w, ReachMap& map) {
    std::vector<uint8_t> deadly(map.listed, 0);
    parallelFor(map.listed, w.settings.threads, [&](size_t i) {
        const ReachCell& c = map.cells[i];
        deadly[i] = !c.reached() && !c.deadly && deadlyFloor(w, c.origin) ? 1 : 0;
    });
    for (size_t i = 0; i < map.listed; ++i)
        if (deadly[i]) {
            map.cells[i].deadly = true;
            ++map.deadly;
        }
}

} // namespace cliplab::analysis::detail
