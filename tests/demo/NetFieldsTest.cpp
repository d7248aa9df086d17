// The entity and player-state field tables: deltas read back what was written (every field, zero
// values, small and large floats, signed fields), field counts past the table are refused, and
// trajectories are evaluated as the game does.

#include "demo/NetFields.h"
#include "demo/DemoBuilder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

using namespace cliplab;
using namespace cliplab::demo;

namespace {

/// Fills every field with a value in its width (floats: small whole numbers, fractions, zero).
template <typename State> void randomize(State& s, std::span<const NetField> table, std::mt19937& rng) {
    for (size_t i = 0; i < table.size(); ++i) {
        const int bits = table[i].bits;
        const uint32_t r = uint32_t(rng());
        if (r % 5 == 0) {
            s.words[i] = 0;
        } else if (bits == 0) {
            const float f = r % 2 ? float(int(r % 9000) - 4500) : float(int(r % 100000) - 50000) / 7.0f;
            std::memcpy(&s.words[i], &f, 4);
        } else if (bits < 0) {
            const int32_t v = int32_t(r % (1u << (-bits))) - (1 << (-bits - 1));
            s.words[i] = uint32_t(v);
        } else {
            s.words[i] = bits == 32 ? r : r & ((1u << bits) - 1u);
        }
    }
}

} // namespace

TEST(NetFields, TablesHaveTheGameSizes) {
    EXPECT_EQ(entityFields().size(), 51u);
    EXPECT_EQ(playerFields().size(), 48u);
    EXPECT_STREQ(entityFields()[0].name, "pos.trTime");
    EXPECT_STREQ(playerFields()[size_t(PlayerField::PmType)].name, "pm_type");
}

TEST(NetFields, EntityDeltasReadBackEveryField) {
    std::mt19937 rng(3);
    EntityState a, b;
    a.number = b.number = 77;
    for (int round = 0; round < 50; ++round) {
        randomize(b, entityFields(), rng);
        MessageWriter w;
        writeEntityDelta(w, a, b, true);
        const std::vector<uint8_t> bytes = w.bytes();
        MessageReader r(bytes);
        ASSERT_EQ(r.bits(kEntityNumberBits), 77u);
        EntityState out;
        ASSERT_TRUE(readEntityDelta(r, a, 77, out));
        ASSERT_FALSE(r.failed()) << r.error();
        ASSERT_EQ(out.words, b.words) << "round " << round;
        a = b;
    }
}

TEST(NetFields, EntityRemovalAndNoChange) {
    EntityState a = test::makePlayerEntity(5, {1, 2, 3}, {}, true);
    MessageWriter w;
    writeEntityRemoval(w, 5);
    writeEntityDelta(w, a, a, true); // unchanged, forced
    const std::vector<uint8_t> bytes = w.bytes();
    MessageReader r(bytes);
    EntityState out;
    EXPECT_EQ(r.bits(kEntityNumberBits), 5u);
    EXPECT_FALSE(readEntityDelta(r, a, 5, out));
    EXPECT_EQ(r.bits(kEntityNumberBits), 5u);
    EXPECT_TRUE(readEntityDelta(r, a, 5, out));
    EXPECT_EQ(out.words, a.words);
}

TEST(NetFields, PlayerStateDeltasReadBackEveryFieldAndArray) {
    std::mt19937 rng(11);
    PlayerState a, b;
    for (int round = 0; round < 50; ++round) {
        randomize(b, playerFields(), rng);
        for (int i = 0; i < kStatCount; ++i) {
            if (rng() % 3 == 0)
                b.stats[size_t(i)] = int16_t(rng());
            if (rng() % 3 == 0)
                b.ammo[size_t(i)] = int16_t(rng());
            if (rng() % 4 == 0)
                b.powerups[size_t(i)] = int32_t(rng());
        }
        MessageWriter w;
        writePlayerStateDelta(w, round % 2 ? &a : nullptr, b);
        const std::vector<uint8_t> bytes = w.bytes();
        MessageReader r(bytes);
        PlayerState out;
        readPlayerStateDelta(r, round % 2 ? &a : nullptr, out);
        ASSERT_FALSE(r.failed()) << r.error();
        ASSERT_EQ(out.words, b.words) << "round " << round;
        ASSERT_EQ(out.stats, b.stats);
        ASSERT_EQ(out.ammo, b.ammo);
        ASSERT_EQ(out.powerups, b.powerups);
        a = b;
    }
}

TEST(NetFields, FieldCountsPastTheTableAreRefused) {
    for (int which = 0; which < 2; ++which) {
        MessageWriter w;
        if (which == 0) {
            w.bits(0, 1); // not removed
            w.bits(1, 1); // changed
        }
        w.byte(which == 0 ? 52 : 49);
        for (int i = 0; i < 60; ++i)
            w.bits(0, 1);
        const std::vector<uint8_t> bytes = w.bytes();
        MessageReader r(bytes);
        if (which == 0) {
            EntityState out;
            readEntityDelta(r, EntityState{}, 1, out);
        } else {
            PlayerState out;
            readPlayerStateDelta(r, nullptr, out);
        }
        EXPECT_TRUE(r.failed());
        EXPECT_NE(r.error().find(which == 0 ? "entity delta changes 52 fields, the table has 51"
                                            : "player state delta changes 49 fields, the table has 48"),
                  std::string::npos)
            << r.error();
    }
}

TEST(NetFields, TrajectoriesEvaluateAsTheGameDoes) {
    Trajectory t;
    t.time = 1000;
    t.duration = 50;
    t.base = {10, 20, 30};
    t.delta = {100, 0, 200};
    t.type = int32_t(TrajectoryType::Interpolate);
    EXPECT_EQ(evaluateTrajectory(t, 5000).position, t.base);
    EXPECT_EQ(evaluateTrajectory(t, 5000).velocity, t.delta); // players send their velocity here
    t.type = int32_t(TrajectoryType::Linear);
    EXPECT_NEAR(evaluateTrajectory(t, 1500).position.x, 60.0f, 1e-4f);
    t.type = int32_t(TrajectoryType::LinearStop); // stops after 50 ms, never runs backwards
    EXPECT_NEAR(evaluateTrajectory(t, 1500).position.x, 15.0f, 1e-4f);
    EXPECT_NEAR(evaluateTrajectory(t, 900).position.x, 10.0f, 1e-4f);
    t.type = int32_t(TrajectoryType::Gravity);
    const TrajectorySample g = evaluateTrajectory(t, 1500);
    EXPECT_NEAR(g.position.z, 30.0f + 100.0f - 0.5f * 800.0f * 0.25f, 1e-3f);
    EXPECT_NEAR(g.velocity.z, 200.0f - 400.0f, 1e-3f);
}
