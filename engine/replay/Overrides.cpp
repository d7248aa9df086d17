#include "replay/Overrides.h"

#include "core/Format.h"
#include "core/Parse.h"
#include "movement/Simulation.h"

namespace cliplab::replay {

namespace {

/// A finite number, or a fraction A/B of two (B != 0).
std::optional<double> numberOrFraction(const std::string& text) {
    const size_t slash = text.find('/');
    if (slash == std::string::npos)
        return core::parseFiniteNumber(text);
    const auto a = core::parseFiniteNumber(text.substr(0, slash));
    const auto b = core::parseFiniteNumber(text.substr(slash + 1));
    if (!a || !b || *b == 0.0)
        return std::nullopt;
    return *a / *b;
}

std::optional<bool> onOff(const std::string& value) {
    if (value == "on" || value == "1")
        return true;
    if (value == "off" || value == "0")
        return false;
    return std::nullopt;
}

} // namespace

const std::vector<std::string>& overrideNames() {
    static const std::vector<std::string> names = {"hz", "epsilon", "semantics", "curves", "trace", "bevels"};
    return names;
}

std::optional<std::string> applyOverride(RunSettings& s, const std::string& name, const std::string& value) {
    if (name == "hz") {
        const auto v = core::parseFiniteNumber(value);
        if (!v || *v < movement::Simulation::kMinRate || *v > movement::Simulation::kMaxRate)
            return "hz: expected a rate from 30 to 333, got '" + value + "'";
        s.rate = *v;
        return std::nullopt;
    }
    if (name == "epsilon") {
        const auto v = numberOrFraction(value);
        if (!v || *v < 0.0 || *v > 16.0)
            return "epsilon: expected a distance in [0, 16] (e.g. 0.125 or 1/32), got '" + value + "'";
        s.trace.epsilon = static_cast<float>(*v);
        return std::nullopt;
    }
    if (name == "semantics") {
        if (auto parsed = collision::parseSemantics(value))
            s.trace.semantics = *parsed;
        else
            return "semantics: expected " + collision::semanticsChoice() + ", got '" + value + "'";
        return std::nullopt;
    }
    if (name == "curves" || name == "bevels") {
        const auto b = onOff(value);
        if (!b)
            return name + ": expected on or off, got '" + value + "'";
        (name == "curves" ? s.trace.curves : s.bevels) = *b;
        return std::nullopt;
    }
    if (name == "trace") {
        const auto method = tracing::parseSingleMethod(value);
        if (!method)
            return "trace: expected " + tracing::singleMethodChoice() + ", got '" + value + "'";
        s.method = *method;
        return std::nullopt;
    }
    return movement::setSetting(s.movement, name, value);
}

core::Result<std::vector<std::pair<std::string, std::string>>> parseOverrides(std::string_view text) {
    std::vector<std::pair<std::string, std::string>> out;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r'))
            ++i;
        size_t j = i;
        while (j < text.size() && text[j] != ' ' && text[j] != '\t' && text[j] != '\n' && text[j] != '\r')
            ++j;
        if (j == i)
            break;
        const std::string item(text.substr(i, j - i));
        const size_t eq = item.find('=');
        if (eq == std::string::npos || eq == 0)
            return core::makeError("expected NAME=VALUE, got '" + item + "'");
        out.emplace_back(item.substr(0, eq), item.substr(eq + 1));
        i = j;
    }
    return out;
}

core::Result<RunSettings> applyOverrides(const RunSettings& base, std::string_view text) {
    auto items = parseOverrides(text);
    if (!items)
        return items.error();
    RunSettings s = base;
    for (const auto& [name, value] : items.value())
        if (auto e = applyOverride(s, name, value))
            return core::makeError(*e);
    if (auto e = validateRunSettings(s))
        return core::makeError(*e);
    return s;
}

} // namespace cliplab::replay
