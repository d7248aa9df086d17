#include "scene/LightGrid.h"

#include "bsp/Entities.h"
#include "scene/WorldMesh.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace cliplab::scene {

std::array<uint8_t, 3> EntityLight::diffuse(const glm::vec3& normal) const {
    const float incoming = glm::dot(normal, direction);
    std::array<uint8_t, 3> out{};
    for (int i = 0; i < 3; ++i) {
        const float v = incoming <= 0.0f ? ambient[i] : ambient[i] + incoming * directed[i];
        out[static_cast<size_t>(i)] = static_cast<uint8_t>(std::clamp(v, 0.0f, 255.0f));
    }
    return out;
}

LightGrid::LightGrid(const bsp::BspData& data) {
    if (data.models.empty() || data.lightGrid.empty())
        return;
    if (auto entities = bsp::parseEntities(data.entities, data.name); entities && !entities->empty())
        if (auto size = entities->front().vec3("gridsize"))
            m_size = *size;
    for (int i = 0; i < 3; ++i)
        if (!(m_size[i] >= 1.0f) || !std::isfinite(m_size[i]))
            return; // a hostile grid size: no grid
    const bsp::Model& world = data.models.front();
    uint64_t total = 1;
    for (int i = 0; i < 3; ++i) {
        m_origin[i] = m_size[i] * std::ceil(world.mins[i] / m_size[i]);
        const float maxs = m_size[i] * std::floor(world.maxs[i] / m_size[i]);
        const float count = (maxs - m_origin[i]) / m_size[i] + 1.0f;
        if (!(count >= 1.0f) || count > 65536.0f)
            return;
        m_counts[i] = static_cast<int>(count);
        total *= static_cast<uint64_t>(m_counts[i]);
    }
    // The game ignores a grid whose lump does not hold exactly one 8-byte record per cell.
    if (total * 8 != data.lightGrid.size()) {
        m_counts = glm::ivec3(0);
        return;
    }
    m_cells.resize(total);
    for (size_t c = 0; c < total; ++c) {
        const uint8_t* raw = &data.lightGrid[c * 8];
        const auto ambient = shiftLighting(raw[0], raw[1], raw[2], kLightingShift);
        const auto directed = shiftLighting(raw[3], raw[4], raw[5], kLightingShift);
        m_cells[c] = {ambient[0],  ambient[1],  ambient[2], directed[0],
                      directed[1], directed[2], raw[6],     raw[7]};
    }
}

EntityLight LightGrid::sample(const glm::vec3& point) const {
    EntityLight light;
    if (!valid()) {
        // The game's light for a world without a grid: 150 from everywhere and 150 from the sun.
        light.ambient = glm::vec3(150.0f);
        light.directed = glm::vec3(150.0f);
        light.direction = glm::normalize(glm::vec3(0.45f, 0.3f, 0.9f));
    } else {
        int pos[3];
        float frac[3];
        for (int i = 0; i < 3; ++i) {
            float v = (point[i] - m_origin[i]) / m_size[i];
            v = std::clamp(std::isfinite(v) ? v : 0.0f, -1e6f, 1e6f);
            const float f = std::floor(v);
            pos[i] = std::clamp(static_cast<int>(f), 0, m_counts[i] - 1);
            frac[i] = v - f;
        }
        const size_t step[3] = {1, static_cast<size_t>(m_counts.x),
                                static_cast<size_t>(m_counts.x) * static_cast<size_t>(m_counts.y)};
        glm::vec3 direction(0.0f);
        float total = 0.0f;
        for (int corner = 0; corner < 8; ++corner) {
            float factor = 1.0f;
            size_t index = static_cast<size_t>(pos[0]) * step[0] + static_cast<size_t>(pos[1]) * step[1] +
                           static_cast<size_t>(pos[2]) * step[2];
            bool inside = true;
            for (int j = 0; j < 3; ++j) {
                if (corner & (1 << j)) {
                    if (pos[j] + 1 > m_counts[j] - 1) {
                        inside = false; // beyond the grid
                        break;
                    }
                    factor *= frac[j];
                    index += step[j];
                } else {
                    factor *= 1.0f - frac[j];
                }
            }
            if (!inside)
                continue;
            const auto& cell = m_cells[index];
            if (cell[0] + cell[1] + cell[2] == 0)
                continue; // a cell inside a wall
            total += factor;
            light.ambient += factor * glm::vec3(cell[0], cell[1], cell[2]);
            light.directed += factor * glm::vec3(cell[3], cell[4], cell[5]);
            constexpr float kStep = 6.28318530718f / 256.0f;
            const float lat = static_cast<float>(cell[7]) * kStep, lng = static_cast<float>(cell[6]) * kStep;
            direction += factor * glm::vec3(std::cos(lat) * std::sin(lng), std::sin(lat) * std::sin(lng),
                                            std::cos(lng));
        }
        // Cells in walls were skipped: the others make up the whole.
        if (total > 0.0f && total < 0.99f) {
            light.ambient /= total;
            light.directed /= total;
        }
        light.ambient *= 0.6f;
        const float len = glm::length(direction);
        light.direction = len > 0.0f ? direction / len : glm::vec3(0.0f); // no direction: ambient only
    }
    light.ambient = glm::min(light.ambient + glm::vec3(32.0f), glm::vec3(255.0f));
    return light;
}

} // namespace cliplab::scene
