#pragma once
/// \file SurfaceClass.h
/// What a player finds on each face of a map: floors it can walk on, slopes too steep to stand
/// on, slick and no-damage floors, clip brushes, triggers, jump pads, teleporters, hurt volumes
/// and liquids. Faces are the brush sides that bound a face (not bevels) and the patch facets.

#include "bsp/BspData.h"
#include "collision/Model.h"
#include "inspect/Inspector.h"

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace cliplab::analysis {

/// One class of surface. A face can be in several (a walkable slick floor is both).
enum class SurfaceClass {
    Walkable,    ///< Blocks the player (SOLID or PLAYERCLIP) and faces up with normal z >= 0.7.
    TooSteep,    ///< Blocks the player and faces up with 0 < normal z < 0.7: the player slides off.
    Slick,       ///< Blocks the player, SURF_SLICK: no friction on it.
    NoDamage,    ///< Blocks the player, SURF_NODAMAGE: no falling damage landing on it.
    NoSteps,     ///< Blocks the player, SURF_NOSTEPS: no footstep sounds.
    PlayerClip,  ///< PLAYERCLIP without SOLID: stops players, not shots.
    WeaponClip,  ///< An invisible solid wall (SOLID and TRANSLUCENT, drawn nowhere: common/weapclip): stops
                 ///< players and shots.
    MonsterClip, ///< MONSTERCLIP.
    Trigger,     ///< A brush of a trigger_* entity other than the three below.
    JumpPad,     ///< A brush of a trigger_push.
    Teleporter,  ///< A brush of a trigger_teleport.
    Hurt,        ///< A brush of a trigger_hurt.
    Water,       ///< WATER without LAVA or SLIME.
    Slime,       ///< SLIME.
    Lava,        ///< LAVA.
};
inline constexpr int kSurfaceClassCount = 15;

/// A set of classes: bit (1 << class).
using SurfaceClasses = uint32_t;
/// Every class.
inline constexpr SurfaceClasses kAllSurfaceClasses = (1u << kSurfaceClassCount) - 1u;
/// The bit of `c`.
constexpr SurfaceClasses classBit(SurfaceClass c) {
    return 1u << static_cast<unsigned>(c);
}

/// The ground a player can stand on: normal z at least this (the game's MIN_WALK_NORMAL).
inline constexpr float kWalkableNormalZ = 0.7f;

/// "walkable", "too-steep", "slick", "no-damage", "no-steps", "player-clip", "weapon-clip",
/// "monster-clip", "trigger", "jump-pad", "teleporter", "hurt", "water", "slime", "lava".
const char* surfaceClassName(SurfaceClass c);
/// The class named as surfaceClassName() writes it; nullopt for anything else.
std::optional<SurfaceClass> parseSurfaceClass(std::string_view name);

/// What a face's classes depend on.
struct FaceFacts {
    glm::vec3 normal{0.0f};      ///< Outward unit normal of the face.
    int32_t contents = 0;        ///< contents:: of the brush (or the patch's shader).
    int32_t surfaceFlags = 0;    ///< surf:: of the face's own shader.
    std::string_view ownerClass; ///< Classname of the entity owning the brush ("worldspawn", "trigger_push").
};

/// The classes of one face. A brush of a trigger_* entity is only its trigger class (the game
/// makes such brushes triggers whatever their shader says); a liquid face only its liquid; the
/// floor, slope and flag classes need a face that blocks the player.
SurfaceClasses classifyFace(const FaceFacts& face);

/// The class a face is coloured by: the first of `classes` that is in `shown`, in the order
/// lava, slime, water, jump pad, teleporter, hurt, trigger, player clip, weapon clip, monster
/// clip, slick, no-damage, no-steps, walkable, too steep (the rarer and more specific first);
/// nullopt when none is shown.
std::optional<SurfaceClass> leadingClass(SurfaceClasses classes, SurfaceClasses shown = kAllSurfaceClasses);

/// One classified face.
struct ClassifiedFace {
    int32_t model = 0;    ///< Model number (0 = world).
    int32_t brush = -1;   ///< Index in BspData::brushes, or -1 for a patch facet.
    int32_t side = -1;    ///< Index in BspData::brushSides, or -1.
    int32_t surface = -1; ///< Patch surface index in BspData::surfaces, or -1 for a brush side.
    int32_t facet = -1;   ///< Facet of that patch, or -1.
    int32_t shader = -1;  ///< Index in BspData::shaders of the side's (or patch's) shader.
    int32_t contents = 0; ///< As in FaceFacts.
    int32_t surfaceFlags = 0;
    glm::vec3 normal{0.0f};         ///< Outward unit normal.
    std::vector<glm::vec3> polygon; ///< The face, counter-clockwise seen from outside (units).
    SurfaceClasses classes = 0;
};

/// Every face of every model: each brush side whose face is no bevel (inspect::isBevelFace)
/// and with `patches` each facet of each built patch collide, with its classes (faces in
/// no class too). Owners come from `inspector` (a brush of an inline model no entity names has
/// no owner class).
std::vector<ClassifiedFace> classifySurfaces(const bsp::BspData& data, const collision::Model& model,
                                             const inspect::Inspector& inspector, bool patches = true);

/// How many faces are in each class.
struct SurfaceClassCounts {
    std::array<size_t, kSurfaceClassCount> sides{};   ///< Brush faces, per class.
    std::array<size_t, kSurfaceClassCount> facets{};  ///< Patch facets, per class.
    std::array<size_t, kSurfaceClassCount> brushes{}; ///< Brushes with at least one face in the class.
    size_t totalSides = 0, totalFacets = 0;
    size_t unclassified = 0; ///< Faces in no class (walls and ceilings of solid brushes, sky, ...).
};
SurfaceClassCounts countClasses(const std::vector<ClassifiedFace>& faces);

} // namespace cliplab::analysis
