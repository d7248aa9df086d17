#include "inspect/BrushKind.h"

#include "bsp/BspData.h"

namespace cliplab::inspect {

BrushKind brushKind(int32_t contents) {
    namespace c = bsp::contents;
    if (contents & c::Solid)
        return BrushKind::Solid;
    if (contents & c::PlayerClip)
        return BrushKind::PlayerClip;
    if (contents & c::MonsterClip)
        return BrushKind::MonsterClip;
    if (contents & c::Lava)
        return BrushKind::Lava;
    if (contents & c::Slime)
        return BrushKind::Slime;
    if (contents & c::Water)
        return BrushKind::Water;
    if (contents & c::Fog)
        return BrushKind::Fog;
    if (contents & c::Trigger)
        return BrushKind::Trigger;
    if (contents & (c::BotClip | c::DoNotEnter | c::NoBotClip))
        return BrushKind::BotClip;
    return BrushKind::Other;
}

const char* brushKindName(BrushKind kind) {
    switch (kind) {
    case BrushKind::Solid:
        return "solid";
    case BrushKind::PlayerClip:
        return "player clip";
    case BrushKind::MonsterClip:
        return "monster clip";
    case BrushKind::Lava:
        return "lava";
    case BrushKind::Slime:
        return "slime";
    case BrushKind::Water:
        return "water";
    case BrushKind::Fog:
        return "fog";
    case BrushKind::Trigger:
        return "trigger";
    case BrushKind::BotClip:
        return "bot clip";
    case BrushKind::Other:
        return "other";
    }
    return "?";
}

} // namespace cliplab::inspect
