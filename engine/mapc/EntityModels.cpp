// Entities to models, following q3map2's bookkeeping. Its brush lists put opaque brushes at the
// head and translucent ones at the tail; its patch lists push each new patch at the head. Both
// orders reach the file, and the game's trace tests a leaf's brushes in file order, so they are
// kept here exactly.

#include "mapc/EntityModels.h"
#include "core/Text.h"

#include "core/Format.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <cctype>
#include <cmath>
#include <deque>
#include <sstream>

namespace cliplab::mapc {

namespace {

using core::equalsNoCase;

/// One entity's brushes and patches while it is being read.
struct Gathered {
    std::deque<BuiltBrush> brushes;
    std::deque<const MapPatch*> patches;
    glm::dvec3 origin{0.0};
};

/// q3map2's list insertion: opaque brushes at the head, translucent ones at the tail.
void link(std::deque<BuiltBrush>& list, BuiltBrush&& b) {
    if (b.opaque)
        list.push_front(std::move(b));
    else
        list.push_back(std::move(b));
}
std::string originText(const BuiltBrush& b) {
    const glm::dvec3 c = (b.mins + b.maxs) * 0.5;
    // Whole units, cut towards zero, as q3map2 prints them.
    return core::format("%d %d %d", static_cast<int>(c.x), static_cast<int>(c.y), static_cast<int>(c.z));
}

} // namespace

bool isDegeneratePatch(const MapPatch& patch) {
    // Degenerate when every control point lies on one line through the first (or on it).
    const glm::dvec3 first = patch.points.front().xyz;
    glm::dvec3 dir(0.0);
    for (const PatchPoint& p : patch.points) {
        const glm::dvec3 d = p.xyz - first;
        const double len = glm::length(d);
        if (len == 0.0)
            continue;
        const glm::dvec3 u = d / len;
        if (dir == glm::dvec3(0.0))
            dir = u;
        else if (u != dir && u != -dir)
            return false;
    }
    return true;
}

glm::dvec3 parseOrigin(const std::string& value) {
    std::istringstream in(value);
    glm::dvec3 v(0.0);
    in >> v.x >> v.y >> v.z; // what fails to read stays 0
    return toFloat(glm::dvec3(std::isfinite(v.x) ? v.x : 0.0, std::isfinite(v.y) ? v.y : 0.0,
                              std::isfinite(v.z) ? v.z : 0.0));
}

core::Result<EntityModels> gatherModels(const MapSource& source, PlaneSet& planes, ShaderTable& shaders,
                                        bool bevels) {
    EntityModels out;
    out.modelOfEntity.assign(source.entities.size(), -1);
    out.originFromBrush.resize(source.entities.size());
    Gathered world;
    std::vector<std::pair<size_t, Gathered>> others;
    for (size_t e = 0; e < source.entities.size(); ++e) {
        const MapEntity& ent = source.entities[e];
        const std::string_view cls = ent.classname();
        if (e > 0 && equalsNoCase(cls, "worldspawn"))
            return sourceError(source.name, ent.pos, "a second worldspawn entity");
        Gathered g;
        for (size_t bi = 0; bi < ent.brushes.size(); ++bi) {
            const BrushOrigin where{&source.name, static_cast<int>(e), static_cast<int>(bi)};
            auto built = buildBrush(ent.brushes[bi], planes, shaders, bevels, where);
            if (!built)
                return built.error();
            if (built->compileFlags & cflags::Origin) {
                // Removed; it gives its entity's origin (the world has none to give).
                if (e == 0)
                    out.warnings.push_back(
                        sourceError(source.name, built->pos, "an origin brush in the world (left out)")
                            .message);
                else
                    out.originFromBrush[e] = originText(built.value());
                continue;
            }
            link(g.brushes, std::move(built.value()));
        }
        for (const MapPatch& p : ent.patches) {
            if (isDegeneratePatch(p)) {
                out.warnings.push_back(
                    sourceError(source.name, p.pos, "a degenerate patch (all points in a line; left out)")
                        .message);
                continue;
            }
            g.patches.push_front(&p);
        }
        if (out.originFromBrush[e])
            g.origin = parseOrigin(*out.originFromBrush[e]);
        else if (const std::string* o = ent.get("origin"))
            g.origin = parseOrigin(*o);
        if (g.origin != glm::dvec3(0.0))
            for (BuiltBrush& b : g.brushes)
                moveBrush(b, g.origin, planes);
        if (e == 0) {
            world = std::move(g);
        } else if (equalsNoCase(cls, "group_info")) {
            continue; // an editor's grouping, dropped with whatever it holds
        } else if (equalsNoCase(cls, "func_group")) {
            for (BuiltBrush& b : g.brushes)
                link(world.brushes, std::move(b));
            world.patches.insert(world.patches.begin(), g.patches.begin(), g.patches.end());
        } else if (!g.brushes.empty() || !g.patches.empty()) {
            others.emplace_back(e, std::move(g));
        }
    }
    auto addModel = [&](size_t e, Gathered& g) {
        ModelSource m;
        m.entity = e;
        m.brushes.assign(std::make_move_iterator(g.brushes.begin()),
                         std::make_move_iterator(g.brushes.end()));
        m.patches.assign(g.patches.begin(), g.patches.end());
        m.origin = g.origin;
        out.modelOfEntity[e] = static_cast<int>(out.models.size());
        out.models.push_back(std::move(m));
    };
    addModel(0, world);
    for (auto& [e, g] : others)
        addModel(e, g);
    return out;
}

} // namespace cliplab::mapc
