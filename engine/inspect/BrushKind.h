#pragma once
/// \file BrushKind.h
/// Brushes sorted by what they do, for colouring and filtering them as Radiant's filters do.

#include <cstdint>

namespace cliplab::inspect {

/// What a brush is, from its contents; the first that applies in this order.
enum class BrushKind {
    Solid,       ///< SOLID (walls, floors, weapon clip, sky).
    PlayerClip,  ///< PLAYERCLIP without SOLID: blocks players only.
    MonsterClip, ///< MONSTERCLIP.
    Lava,        ///< LAVA.
    Slime,       ///< SLIME.
    Water,       ///< WATER.
    Fog,         ///< FOG.
    Trigger,     ///< TRIGGER (trigger_* entities' brushes).
    BotClip,     ///< BOTCLIP, DONOTENTER, NOBOTCLIP: hints for bots.
    Other,       ///< Anything else: areaportals, origin brushes, hint and skip, nodrop, empty contents.
};
inline constexpr int kBrushKindCount = 10;

/// The kind of a brush with `contents`.
BrushKind brushKind(int32_t contents);
/// "solid", "player clip", "monster clip", "lava", "slime", "water", "fog", "trigger", "bot clip", "other".
const char* brushKindName(BrushKind kind);

} // namespace cliplab::inspect
