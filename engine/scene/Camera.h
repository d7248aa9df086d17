#pragma once
/// \file Camera.h
/// A Quake 3 style camera: Z up, yaw 0 = +X and 90 = +Y, positive pitch looks down, horizontal
/// field of view. Pure math.

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace cliplab::scene {

/// Where the eye is and where it looks.
struct Camera {
    glm::vec3 eye{0.0f};                 ///< Units.
    float pitch = 0.0f;                  ///< Degrees, positive looks down (the game's convention), -89..89.
    float yaw = 0.0f;                    ///< Degrees, 0 = +X, 90 = +Y.
    float fovX = 90.0f;                  ///< Horizontal field of view, degrees (1..179).
    int width = 1280, height = 720;      ///< Viewport pixels (>= 1).
    float zNear = 4.0f, zFar = 16384.0f; ///< Units.

    /// Unit view direction.
    glm::vec3 forward() const;
    /// World-to-clip matrix (OpenGL conventions).
    glm::mat4 viewProjection() const;
};

} // namespace cliplab::scene
