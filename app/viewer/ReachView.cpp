#include "viewer/ReachView.h"

#include <glm/geometric.hpp>

#include <array>

namespace cliplab::viewer {

ReachJob::ReachJob(const bsp::BspData& data, const collision::Model& model,
                   const std::vector<bsp::Entity>& entities, const analysis::ReachSettings& settings) {
    m_thread = std::thread([this, &data, &model, &entities, settings] {
        m_result.emplace(analysis::findReach(data, model, entities, settings, &m_progress));
        m_done.store(true, std::memory_order_release);
    });
}

ReachJob::~ReachJob() {
    cancel();
    wait();
}

void ReachJob::wait() {
    if (m_thread.joinable())
        m_thread.join();
}

float ReachJob::fraction() const {
    const size_t cells = m_progress.cells.load();
    if (m_progress.scanning.load() || cells == 0)
        return 0.0f;
    return std::min(1.0f, float(m_progress.expanded.load()) / float(cells));
}

core::Result<analysis::ReachMap> ReachJob::take() {
    wait();
    return std::move(*m_result);
}

debugdraw::Color reachColor(analysis::ReachVia via) {
    switch (via) {
    case analysis::ReachVia::None:
        return {0.95f, 0.15f, 0.1f, 0.75f};
    case analysis::ReachVia::Spawn:
        return {1.0f, 1.0f, 1.0f, 0.6f};
    case analysis::ReachVia::Walk:
    case analysis::ReachVia::Fall:
        return {0.2f, 0.8f, 0.3f, 0.35f};
    case analysis::ReachVia::Jump:
        return {0.2f, 0.8f, 0.9f, 0.45f};
    case analysis::ReachVia::Pad:
        return {0.3f, 0.4f, 1.0f, 0.5f};
    case analysis::ReachVia::Teleport:
        return {0.75f, 0.35f, 1.0f, 0.5f};
    }
    return {1.0f, 1.0f, 1.0f, 0.5f};
}

size_t drawReachCells(const analysis::ReachMap& map, debugdraw::DebugDraw& draw, const glm::vec3& eye,
                      float range, float feet, bool deadly) {
    const float half = 0.4f * map.grid; // gaps between the squares show the grid
    size_t drawn = 0;
    for (size_t i = 0; i < map.listed; ++i) {
        const analysis::ReachCell& c = map.cells[i];
        if (glm::distance(c.origin, eye) > range || (c.deadly && !deadly))
            continue;
        const float z = c.origin.z - feet + 0.5f; // just above the floor, not fighting it
        const std::array<glm::vec3, 4> square{glm::vec3(c.origin.x - half, c.origin.y - half, z),
                                              glm::vec3(c.origin.x + half, c.origin.y - half, z),
                                              glm::vec3(c.origin.x + half, c.origin.y + half, z),
                                              glm::vec3(c.origin.x - half, c.origin.y + half, z)};
        debugdraw::Style style;
        style.color = c.deadly ? kDeadlyReachColor : reachColor(c.via);
        style.depthTest = true;
        draw.polygon(square, style);
        ++drawn;
    }
    return drawn;
}

} // namespace cliplab::viewer
