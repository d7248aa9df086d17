#pragma once
/// \file FlagNames.h
/// Contents and surface flags by name, as ioquake3's surfaceflags.h spells them without the
/// CONTENTS_ / SURF_ prefix: "SOLID|PLAYERCLIP", "NODRAW|NOIMPACT".

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace cliplab::bsp {

/// One named bit.
struct FlagName {
    int32_t bit = 0;       ///< A single bit.
    const char* name = ""; ///< Upper case, e.g. "PLAYERCLIP".
};

/// The 25 contents bits of surfaceflags.h, lowest bit first.
std::span<const FlagName> contentsBits();
/// The 19 surface-flag bits of surfaceflags.h, lowest bit first.
std::span<const FlagName> surfaceFlagBits();

/// `contents` as names joined by '|', lowest bit first; bits without a name are added as one hex
/// number ("SOLID|0x4"); 0 gives "0".
std::string contentsNames(int32_t contents);
/// `flags` as surface-flag names joined by '|', as contentsNames().
std::string surfaceFlagNames(int32_t flags);

/// Reads what contentsNames() writes: names (any case, with or without "CONTENTS_"), decimal or
/// 0x-hex numbers (or a negative decimal, -1 = every bit), joined by '|' and or-ed together.
/// "MASK_PLAYERSOLID" and "MASK_ALL" are also known. nullopt for an empty text, an unknown name or a number
/// outside 32 bits.
std::optional<int32_t> parseContents(std::string_view text);
/// The same for surface flags (names with or without "SURF_").
std::optional<int32_t> parseSurfaceFlags(std::string_view text);

} // namespace cliplab::bsp
