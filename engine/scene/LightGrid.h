#pragma once
/// \file LightGrid.h
/// The map's light grid (the light q3map stored for every cell of a 3D grid over the world) and
/// how the game lights a model from it: ambient and directed light trilinearly interpolated from
/// the eight cells around a point, cells inside walls skipped. Pure data.

#include "bsp/BspData.h"

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <vector>

namespace cliplab::scene {

/// The light on an entity, in the game's 0..255 colour scale.
struct EntityLight {
    glm::vec3 ambient{0.0f};  ///< Reaches every vertex (already clamped to 255).
    glm::vec3 directed{0.0f}; ///< Added times the cosine to the light direction.
    glm::vec3 direction{
        0.0f, 0.0f, 1.0f}; ///< Unit vector towards the light (world space); zero when the cells cancel out.

    /// The colour of a vertex with unit normal `normal` (world space): ambient plus directed times
    /// max(0, normal . direction), each channel clamped to 255, as the game's diffuse lighting.
    std::array<uint8_t, 3> diffuse(const glm::vec3& normal) const;
};

/// The light grid of a map.
class LightGrid {
public:
    /// Reads the grid of `data`: cell size from the worldspawn's "gridsize" (default 64 64 128),
    /// origin and counts from the world model's bounds, as the game does. A grid whose size does
    /// not match the lump (or a map without one) is invalid: sample() then gives the game's
    /// fallback light.
    explicit LightGrid(const bsp::BspData& data);

    bool valid() const { return !m_cells.empty(); }
    const glm::ivec3& counts() const { return m_counts; }

    /// The light at `point` for a model: interpolated ambient and directed light, the ambient scaled
    /// by the game's 0.6 (r_ambientScale), 32 added to it for every model (the game's minimum
    /// light), then clamped to 255.
    EntityLight sample(const glm::vec3& point) const;

private:
    glm::vec3 m_origin{0.0f}, m_size{64.0f, 64.0f, 128.0f};
    glm::ivec3 m_counts{0};
    /// Per cell: ambient RGB, directed RGB (both after the overbright shift), then the direction's
    /// two angle bytes (longitude, latitude).
    std::vector<std::array<uint8_t, 8>> m_cells;
};

} // namespace cliplab::scene
