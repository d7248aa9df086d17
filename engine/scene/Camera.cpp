#include "scene/Camera.h"

#include <glm/ext/matrix_clip_space.hpp>
#include <glm/ext/matrix_transform.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>

namespace cliplab::scene {

glm::vec3 Camera::forward() const {
    const float p = glm::radians(std::clamp(pitch, -89.9f, 89.9f));
    const float y = glm::radians(yaw);
    return {std::cos(p) * std::cos(y), std::cos(p) * std::sin(y), -std::sin(p)};
}

glm::mat4 Camera::viewProjection() const {
    const float aspect = static_cast<float>(std::max(width, 1)) / static_cast<float>(std::max(height, 1));
    const float halfX = glm::radians(std::clamp(fovX, 1.0f, 179.0f)) * 0.5f;
    const float fovY = 2.0f * std::atan(std::tan(halfX) / aspect);
    const glm::mat4 projection = glm::perspective(fovY, aspect, zNear, zFar);
    const glm::mat4 view = glm::lookAt(eye, eye + forward(), glm::vec3(0.0f, 0.0f, 1.0f));
    return projection * view;
}

} // namespace cliplab::scene
