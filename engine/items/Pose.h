#pragma once
/// \file Pose.h
/// Where the models of a placed entity are at a moment: items bob and spin as the game's client
/// draws them (cg_ents.c), weapons are centred, raised and enlarged, a weapon's barrel sits on its
/// "tag_barrel", health spheres and powerup rings are added. Pure math.

#include "items/Placement.h"
#include "md3/Md3.h"

#include <cstdint>
#include <vector>

namespace cliplab::items {

/// Game time in whole milliseconds, as the game's clock counts it, from `seconds` (>= 0).
int64_t gameMilliseconds(double seconds);

/// Height (units) an item of entity `entityNumber` bobs above its resting origin at `ms`:
/// 4 + 4 cos((ms + 1000) x (0.005 + entityNumber x 0.00001)), so 0..8 units.
float bobHeight(int32_t entityNumber, int64_t ms);

/// The yaw (degrees, [0, 360)) of items at `ms`: one turn in 2048 ms, health in 1024 ms (fast).
float spinYaw(int64_t ms, bool fast);

/// Which model of a placement a pose draws.
enum class PosePart { Main, Barrel, Second };

/// One model to draw. The game lights it from the light grid at its origin.
struct ModelPose {
    PosePart part = PosePart::Main;
    glm::vec3 origin{0.0f};          ///< Units.
    std::array<glm::vec3, 3> axis{}; ///< The model's x, y, z axes in the world (scale included).
};

/// What Pose needs to know about a placement's models.
struct PoseModels {
    glm::vec3 mainMins{0.0f},
        mainMaxs{0.0f};                  ///< Frame 0 bounds of the world model (weapons are centred on them).
    const md3::Tag* barrelTag = nullptr; ///< The world model's "tag_barrel" (frame 0), or nullptr.
    bool hasBarrel = false;              ///< A weapon's "<model>_barrel.md3" exists.
    bool hasSecond = false;              ///< The item's second model exists.
};

/// The models of `placement` at `seconds` of game time, main model first.
std::vector<ModelPose> poses(const Placement& placement, double seconds, const PoseModels& models);

} // namespace cliplab::items
