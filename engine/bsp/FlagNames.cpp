#include "bsp/FlagNames.h"

#include "bsp/BspData.h"

#include <cctype>
#include <charconv>

namespace cliplab::bsp {

namespace {

constexpr FlagName kContents[] = {
    {contents::Solid, "SOLID"},
    {contents::Lava, "LAVA"},
    {contents::Slime, "SLIME"},
    {contents::Water, "WATER"},
    {contents::Fog, "FOG"},
    {contents::NotTeam1, "NOTTEAM1"},
    {contents::NotTeam2, "NOTTEAM2"},
    {contents::NoBotClip, "NOBOTCLIP"},
    {contents::AreaPortal, "AREAPORTAL"},
    {contents::PlayerClip, "PLAYERCLIP"},
    {contents::MonsterClip, "MONSTERCLIP"},
    {contents::Teleporter, "TELEPORTER"},
    {contents::JumpPad, "JUMPPAD"},
    {contents::ClusterPortal, "CLUSTERPORTAL"},
    {contents::DoNotEnter, "DONOTENTER"},
    {contents::BotClip, "BOTCLIP"},
    {contents::Mover, "MOVER"},
    {contents::Origin, "ORIGIN"},
    {contents::Body, "BODY"},
    {contents::Corpse, "CORPSE"},
    {contents::Detail, "DETAIL"},
    {contents::Structural, "STRUCTURAL"},
    {contents::Translucent, "TRANSLUCENT"},
    {contents::Trigger, "TRIGGER"},
    {contents::NoDrop, "NODROP"},
};

constexpr FlagName kSurface[] = {
    {surf::NoDamage, "NODAMAGE"},
    {surf::Slick, "SLICK"},
    {surf::Sky, "SKY"},
    {surf::Ladder, "LADDER"},
    {surf::NoImpact, "NOIMPACT"},
    {surf::NoMarks, "NOMARKS"},
    {surf::Flesh, "FLESH"},
    {surf::NoDraw, "NODRAW"},
    {surf::Hint, "HINT"},
    {surf::Skip, "SKIP"},
    {surf::NoLightmap, "NOLIGHTMAP"},
    {surf::PointLight, "POINTLIGHT"},
    {surf::MetalSteps, "METALSTEPS"},
    {surf::NoSteps, "NOSTEPS"},
    {surf::NonSolid, "NONSOLID"},
    {surf::LightFilter, "LIGHTFILTER"},
    {surf::AlphaShadow, "ALPHASHADOW"},
    {surf::NoDlight, "NODLIGHT"},
    {surf::Dust, "DUST"},
};

std::string joinNames(int32_t bits, std::span<const FlagName> names) {
    if (bits == 0)
        return "0";
    std::string out;
    uint32_t rest = static_cast<uint32_t>(bits);
    for (const FlagName& f : names) {
        const auto bit = static_cast<uint32_t>(f.bit);
        if (rest & bit) {
            if (!out.empty())
                out += '|';
            out += f.name;
            rest &= ~bit;
        }
    }
    if (rest != 0) {
        char hex[16];
        const auto r = std::to_chars(hex, hex + sizeof hex, rest, 16);
        if (!out.empty())
            out += '|';
        out += "0x";
        out.append(hex, r.ptr);
    }
    return out;
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

/// A decimal or 0x-hex number that fits 32 bits (as unsigned: 0x80000000 is NODROP; a negative
/// decimal such as -1 as signed).
std::optional<int32_t> parseBits(std::string_view s) {
    if (!s.empty() && s.front() == '-') {
        int32_t v = 0;
        const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
        if (r.ec != std::errc() || r.ptr != s.data() + s.size())
            return std::nullopt;
        return v;
    }
    int base = 10;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s.remove_prefix(2);
    }
    if (s.empty())
        return std::nullopt;
    uint64_t v = 0;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v, base);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size() || v > 0xffffffffull)
        return std::nullopt;
    return static_cast<int32_t>(static_cast<uint32_t>(v));
}

std::optional<int32_t> parseFlags(std::string_view text, std::span<const FlagName> names,
                                  std::string_view prefix, bool masks) {
    text = trim(text);
    if (text.empty())
        return std::nullopt;
    uint32_t bits = 0;
    while (true) {
        const size_t bar = text.find('|');
        const std::string_view part = trim(text.substr(0, bar));
        if (part.empty())
            return std::nullopt;
        std::optional<int32_t> value;
        if (std::isdigit(static_cast<unsigned char>(part.front())) || part.front() == '-')
            value = parseBits(part);
        else {
            std::string name = upper(part);
            if (name.rfind(prefix, 0) == 0)
                name.erase(0, prefix.size());
            if (masks && name == "MASK_PLAYERSOLID")
                value = contents::MaskPlayerSolid;
            else if (masks && name == "MASK_ALL")
                value = -1;
            for (const FlagName& f : names)
                if (name == f.name)
                    value = f.bit;
        }
        if (!value)
            return std::nullopt;
        bits |= static_cast<uint32_t>(*value);
        if (bar == std::string_view::npos)
            break;
        text.remove_prefix(bar + 1);
    }
    return static_cast<int32_t>(bits);
}

} // namespace

std::span<const FlagName> contentsBits() {
    return kContents;
}
std::span<const FlagName> surfaceFlagBits() {
    return kSurface;
}

std::string contentsNames(int32_t bits) {
    return joinNames(bits, kContents);
}
std::string surfaceFlagNames(int32_t bits) {
    return joinNames(bits, kSurface);
}

std::optional<int32_t> parseContents(std::string_view text) {
    return parseFlags(text, kContents, "CONTENTS_", true);
}
std::optional<int32_t> parseSurfaceFlags(std::string_view text) {
    return parseFlags(text, kSurface, "SURF_", false);
}

} // namespace cliplab::bsp
