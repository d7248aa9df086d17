#include "items/Pose.h"

#include <cmath>

namespace cliplab::items {

namespace {

std::array<glm::vec3, 3> yawAxis(float degrees) {
    return anglesToAxis(glm::vec3(0.0f, degrees, 0.0f));
}

glm::vec3 along(const std::array<glm::vec3, 3>& axis, const glm::vec3& v) {
    return axis[0] * v.x + axis[1] * v.y + axis[2] * v.z;
}

} // namespace

int64_t gameMilliseconds(double seconds) {
    if (!(seconds > 0.0))
        return 0;
    return static_cast<int64_t>(std::floor(std::fmin(seconds, 1e9) * 1000.0));
}

float bobHeight(int32_t entityNumber, int64_t ms) {
    const double scale = 0.005 + static_cast<double>(entityNumber) * 0.00001;
    return static_cast<float>(4.0 + std::cos(static_cast<double>(ms + 1000) * scale) * 4.0);
}

float spinYaw(int64_t ms, bool fast) {
    return fast ? static_cast<float>(ms & 1023) * 360.0f / 1024.0f
                : static_cast<float>(ms & 2047) * 360.0f / 2048.0f;
}

std::vector<ModelPose> poses(const Placement& placement, double seconds, const PoseModels& models) {
    std::vector<ModelPose> out;
    if (!placement.item) {
        out.push_back({PosePart::Main, placement.origin, placement.axis});
        return out;
    }
    const ItemDef& item = *placement.item;
    const int64_t ms = gameMilliseconds(seconds);
    glm::vec3 origin = placement.origin;
    origin.z += bobHeight(placement.entityNumber, ms);
    std::array<glm::vec3, 3> axis = yawAxis(spinYaw(ms, item.type == ItemType::Health));
    // Weapons have their origin where a hand holds them: the game turns them about the middle of
    // their bounds instead, a little higher, and shows them 1.5 times as large.
    float scale = item.scale;
    if (item.type == ItemType::Weapon) {
        const glm::vec3 mid = (models.mainMins + models.mainMaxs) * 0.5f;
        origin -= along(axis, mid);
        origin.z += 8.0f;
        scale *= 1.5f;
    }
    for (glm::vec3& a : axis)
        a *= scale;
    out.push_back({PosePart::Main, origin, axis});

    if (item.type == ItemType::Weapon && models.hasBarrel) {
        // On the tag, turned like the weapon (the game copies the weapon's axes to the barrel).
        const glm::vec3 tagOrigin = models.barrelTag ? models.barrelTag->origin : glm::vec3(0.0f);
        out.push_back({PosePart::Barrel, origin + along(axis, tagOrigin), axis});
    }
    if ((item.type == ItemType::Health || item.type == ItemType::Powerup) && models.hasSecond) {
        // Health spheres stand still; powerup rings sit 12 units higher and spin the other way.
        ModelPose second{PosePart::Second, origin, yawAxis(0.0f)};
        if (item.type == ItemType::Powerup) {
            second.origin.z += 12.0f;
            second.axis = yawAxis(static_cast<float>(ms & 1023) * 360.0f / -1024.0f);
        }
        out.push_back(second);
    }
    return out;
}

} // namespace cliplab::items
