#include "viewer/MapEntities.h"

#include "bsp/Entities.h"
#include "core/Log.h"

namespace cliplab::viewer {

std::vector<items::Placement> placeMapEntities(const bsp::BspData& data, const collision::Model& model) {
    auto entities = bsp::parseEntities(data.entities, data.name);
    if (!entities) {
        core::logWarning(entities.error().message + " (no items drawn)");
        return {};
    }
    collision::TraceOptions options;
    options.curves = true; // the game's item drop collides with curved surfaces too
    const items::DropFunction drop = [&model, options](const glm::vec3& start, const glm::vec3& end,
                                                       const glm::vec3& mins,
                                                       const glm::vec3& maxs) -> std::optional<glm::vec3> {
        const collision::TraceResult r =
            model.trace(collision::Shape::box(mins, maxs), start, end, bsp::contents::Solid, options);
        if (r.startSolid)
            return std::nullopt;
        return r.endpos;
    };
    items::PlacementResult result = items::placeEntities(entities.value(), drop);
    for (const std::string& w : result.warnings)
        core::logWarning(data.name + ": " + w);
    return std::move(result.placements);
}

} // namespace cliplab::viewer
