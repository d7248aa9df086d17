#include "viewer/ViewOptions.h"

#include "viewer/Session.h"

#include <algorithm>

namespace cliplab::viewer {

void ViewOptions::setAngles(float pitch, float yaw) {
    m_camera.pitch = pitch;
    m_camera.yaw = yaw;
}

void ViewOptions::look(const glm::vec2& counts, float degreesPerCount) {
    m_camera.yaw -= counts.x * degreesPerCount;
    m_camera.pitch = std::clamp(m_camera.pitch + counts.y * degreesPerCount, -89.0f, 89.0f);
}

void ViewOptions::setViewport(int width, int height) {
    m_camera.width = std::max(width, 1);
    m_camera.height = std::max(height, 1);
}

glm::vec3 ViewOptions::cameraPosition(const glm::vec3& eye, const collision::Model* model) const {
    if (!m_values.chase || m_values.chaseDistance <= 0.0f)
        return eye;
    const glm::vec3 wanted = eye - m_camera.forward() * m_values.chaseDistance;
    if (!model)
        return wanted;
    // As the game's third-person view: a small box, so the near plane stays off the wall too (the
    // viewer's first rules, whatever the Trace panel says).
    const collision::Shape box = collision::Shape::box(glm::vec3(-4.0f), glm::vec3(4.0f));
    const collision::TraceResult r =
        model->trace(box, eye, wanted, bsp::contents::Solid, viewerTraceOptions());
    return r.startSolid ? wanted : r.endpos; // an eye in solid (noclip): nothing to keep out of
}

} // namespace cliplab::viewer
