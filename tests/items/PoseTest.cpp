// Items bob and spin with the game's amplitudes and periods; weapons are centred, raised and
// enlarged; barrels, spheres and rings take their places.

#include "items/Pose.h"

#include <glm/geometric.hpp>
#include <gtest/gtest.h>

#include <cmath>

using namespace cliplab;

namespace {

items::Placement itemAt(const char* classname, glm::vec3 origin, int32_t number = 70) {
    items::Placement p;
    p.item = items::findItem(classname);
    p.model = std::string(p.item->model);
    p.origin = origin;
    p.entityNumber = number;
    return p;
}

} // namespace

TEST(Pose, BobIsFourToEightUnitsWithTheGamesPeriod) {
    // 4 + 4 cos((ms + 1000) x (0.005 + n x 0.00001)).
    EXPECT_NEAR(items::bobHeight(64, 0), 4.0f + 4.0f * std::cos(1000.0f * 0.00564f), 1e-4f);
    EXPECT_NEAR(items::bobHeight(100, 2000), 4.0f + 4.0f * std::cos(3000.0f * 0.006f), 1e-4f);
    float lo = 100, hi = -100;
    for (int64_t ms = 0; ms < 5000; ms += 7) {
        lo = std::min(lo, items::bobHeight(80, ms));
        hi = std::max(hi, items::bobHeight(80, ms));
    }
    EXPECT_NEAR(lo, 0.0f, 0.01f);
    EXPECT_NEAR(hi, 8.0f, 0.01f);
    // The period is 2 pi / scale milliseconds: about 1.18 s for entity 64.
    const double period = 2.0 * 3.14159265358979 / 0.00564;
    EXPECT_NEAR(items::bobHeight(64, 300),
                items::bobHeight(64, 300 + static_cast<int64_t>(std::lround(period * 10))), 0.02f);
}

TEST(Pose, SpinsOnceIn2048MillisecondsAndHealthTwiceAsFast) {
    EXPECT_FLOAT_EQ(items::spinYaw(0, false), 0.0f);
    EXPECT_FLOAT_EQ(items::spinYaw(1024, false), 180.0f);
    EXPECT_FLOAT_EQ(items::spinYaw(2048 + 512, false), 90.0f);
    EXPECT_FLOAT_EQ(items::spinYaw(512, true), 180.0f);
    EXPECT_FLOAT_EQ(items::spinYaw(1024, true), 0.0f);
    EXPECT_EQ(items::gameMilliseconds(1.2345), 1234);
    EXPECT_EQ(items::gameMilliseconds(-3.0), 0);
    EXPECT_EQ(items::gameMilliseconds(std::nan("")), 0);
}

TEST(Pose, ArmorBobsAndTurns) {
    const items::Placement shard = itemAt("item_armor_shard", glm::vec3(100, 200, 15));
    const auto p = items::poses(shard, 0.512, {});
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(p[0].part, items::PosePart::Main);
    EXPECT_NEAR(p[0].origin.z, 15.0f + items::bobHeight(70, 512), 1e-5f);
    EXPECT_EQ(p[0].origin.x, 100.0f);
    // 512 ms: a quarter turn, forward is +Y.
    EXPECT_NEAR(p[0].axis[0].y, 1.0f, 1e-6f);
    EXPECT_NEAR(glm::length(p[0].axis[0]), 1.0f, 1e-6f);
}

TEST(Pose, WeaponsTurnAboutTheirMiddleRaisedAndEnlarged) {
    const items::Placement rl = itemAt("weapon_rocketlauncher", glm::vec3(0, 0, 15));
    items::PoseModels models;
    models.mainMins = glm::vec3(-10, -4, -2);
    models.mainMaxs = glm::vec3(30, 4, 6); // middle (10, 0, 2)
    const auto p = items::poses(rl, 0.0, models);
    ASSERT_EQ(p.size(), 1u);
    // At 0 ms the axes are the world's: the middle is moved onto the origin, then 8 units up.
    EXPECT_NEAR(p[0].origin.x, -10.0f, 1e-5f);
    EXPECT_NEAR(p[0].origin.z, 15.0f + items::bobHeight(70, 0) - 2.0f + 8.0f, 1e-5f);
    EXPECT_NEAR(glm::length(p[0].axis[0]), 1.5f, 1e-6f);
    // The middle itself then sits over the item's origin, whatever the yaw.
    const auto q = items::poses(rl, 0.3, models);
    const glm::vec3 middle = q[0].origin + (q[0].axis[0] * 10.0f + q[0].axis[2] * 2.0f) / 1.5f;
    EXPECT_NEAR(middle.x, 0.0f, 1e-4f);
    EXPECT_NEAR(middle.y, 0.0f, 1e-4f);
}

TEST(Pose, BarrelSitsOnTheTag) {
    const items::Placement mg = itemAt("weapon_machinegun", glm::vec3(0, 0, 0));
    md3::Tag tag;
    tag.name = "tag_barrel";
    tag.origin = glm::vec3(4, 0, 2);
    items::PoseModels models;
    models.barrelTag = &tag;
    models.hasBarrel = true;
    const auto p = items::poses(mg, 0.0, models);
    ASSERT_EQ(p.size(), 2u);
    EXPECT_EQ(p[1].part, items::PosePart::Barrel);
    // The tag offset is scaled with the weapon (1.5).
    EXPECT_NEAR(p[1].origin.x - p[0].origin.x, 6.0f, 1e-5f);
    EXPECT_NEAR(p[1].origin.z - p[0].origin.z, 3.0f, 1e-5f);
    EXPECT_EQ(p[1].axis, p[0].axis);
}

TEST(Pose, HealthSphereStandsStillAndPowerupRingSpinsBack) {
    items::PoseModels models;
    models.hasSecond = true;
    const auto health = items::poses(itemAt("item_health", glm::vec3(0, 0, 15)), 0.256, models);
    ASSERT_EQ(health.size(), 2u);
    EXPECT_EQ(health[1].part, items::PosePart::Second);
    EXPECT_NEAR(health[1].axis[0].x, 1.0f, 1e-6f); // no turn
    EXPECT_NEAR(health[0].axis[0].y, 1.0f, 1e-6f); // the cross turns fast: 256 ms is a quarter turn
    EXPECT_EQ(health[1].origin, health[0].origin);

    const auto quad = items::poses(itemAt("item_quad", glm::vec3(0, 0, 15)), 0.256, models);
    ASSERT_EQ(quad.size(), 2u);
    EXPECT_NEAR(quad[1].origin.z - quad[0].origin.z, 12.0f, 1e-5f);
    EXPECT_NEAR(quad[1].axis[0].y, -1.0f, 1e-6f); // -90 degrees after 256 ms
    // Armor has no second model even when one exists.
    EXPECT_EQ(items::poses(itemAt("item_armor_body", glm::vec3(0)), 0.0, models).size(), 1u);
}

TEST(Pose, MiscModelsStayPut) {
    items::Placement m;
    m.model = "models/x.md3";
    m.origin = glm::vec3(1, 2, 3);
    m.axis = items::anglesToAxis(glm::vec3(0, 90, 0));
    const auto p = items::poses(m, 12.3, {});
    ASSERT_EQ(p.size(), 1u);
    EXPECT_EQ(p[0].origin, m.origin);
    EXPECT_EQ(p[0].axis, m.axis);
}
