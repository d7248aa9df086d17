#include "viewer/settings/Setting.h"

#include "bsp/FlagNames.h"
#include "console/Console.h"
#include "core/Format.h"
#include "core/Parse.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace cliplab::viewer {

SettingInfo settingInfo(std::string key, std::string name, std::string label, std::string doc, bool archived,
                        SliderHint slider) {
    SettingInfo info;
    info.key = std::move(key);
    info.name = std::move(name);
    info.label = std::move(label);
    info.doc = std::move(doc);
    info.archived = archived;
    info.slider = slider;
    return info;
}

namespace {

/// A finite number of the whole text that fits a float (a typed 1e300 does not).
std::optional<double> finiteNumber(const std::string& text) {
    const auto v = core::parseFiniteNumber(text);
    if (!v || std::fabs(*v) > 1e30)
        return std::nullopt;
    return v;
}

std::string rangeText(double lo, double hi) {
    return core::format("[%g, %g]", lo, hi);
}

} // namespace

std::string floatText(float v) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::optional<std::string> Setting::setText(const std::vector<std::string>& words) {
    if (!m_form.set)
        return ownSetText(words);
    std::string w;
    if (auto e = oneWord(words, w))
        return e;
    return m_form.set(w);
}

std::optional<std::string> Setting::setFileText(const std::string& text) {
    return setText({text});
}

std::optional<std::string> Setting::oneWord(const std::vector<std::string>& words, std::string& out) const {
    if (words.size() != 1)
        return m_info.name + ": expected one value, got " + std::to_string(words.size());
    out = words.front();
    return std::nullopt;
}

std::string Setting::refusal(const std::string& what, const std::string& word) const {
    return m_info.name + ": expected " + what + ", got '" + word + "'";
}

void Setting::changed() {
    ++m_modified;
    if (m_listener)
        m_listener(*this);
}

FlagSetting::FlagSetting(SettingInfo info, bool defaultValue, Binding<bool> binding)
    : Setting(std::move(info)), m_default(defaultValue), m_binding(std::move(binding)) {}

void FlagSetting::set(bool v) {
    const bool before = value();
    m_binding.put(v);
    if (value() != before)
        changed();
}

std::optional<std::string> FlagSetting::ownSetText(const std::vector<std::string>& words) {
    std::string w;
    if (auto e = oneWord(words, w))
        return e;
    if (w != "0" && w != "1")
        return refusal("0 or 1", w);
    set(w == "1");
    return std::nullopt;
}

WholeSetting::WholeSetting(SettingInfo info, int64_t min, int64_t max, int64_t defaultValue,
                           Binding<int64_t> binding)
    : Setting(std::move(info)), m_min(min), m_max(max), m_default(defaultValue),
      m_binding(std::move(binding)) {}

void WholeSetting::set(int64_t v) {
    const int64_t before = value();
    m_binding.put(std::clamp(v, m_min, m_max));
    if (value() != before)
        changed();
}

std::string WholeSetting::ownRange() const {
    return core::format("[%lld, %lld], whole", static_cast<long long>(m_min), static_cast<long long>(m_max));
}

std::optional<std::string> WholeSetting::ownSetText(const std::vector<std::string>& words) {
    std::string w;
    if (auto e = oneWord(words, w))
        return e;
    const auto v = finiteNumber(w);
    if (!v || *v != std::floor(*v) || *v < double(m_min) || *v > double(m_max))
        return refusal(core::format("a whole number in [%lld, %lld]", static_cast<long long>(m_min),
                                    static_cast<long long>(m_max)),
                       w);
    set(static_cast<int64_t>(*v));
    return std::nullopt;
}

NumberSetting::NumberSetting(SettingInfo info, double min, double max, double defaultValue,
                             Binding<double> binding, bool storedAsFloat)
    : Setting(std::move(info)), m_min(min), m_max(max), m_default(defaultValue),
      m_binding(std::move(binding)), m_float(storedAsFloat) {}

void NumberSetting::set(double v) {
    const double before = value();
    m_binding.put(std::isnan(v) ? m_default : std::clamp(v, m_min, m_max));
    if (value() != before)
        changed();
}

std::string NumberSetting::ownRange() const {
    return rangeText(m_min, m_max);
}

std::string NumberSetting::numberText(double v) const {
    if (m_float)
        return floatText(static_cast<float>(v));
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::optional<std::string> NumberSetting::ownSetText(const std::vector<std::string>& words) {
    std::string w;
    if (auto e = oneWord(words, w))
        return e;
    // Compared as the value that is stored: a typed 0.01 is exactly a 0.01f bound.
    const auto v = finiteNumber(w);
    const double stored = v ? (m_float ? double(static_cast<float>(*v)) : *v) : 0.0;
    if (!v || !(stored >= m_min && stored <= m_max))
        return refusal("a number in " + range(), w);
    set(stored);
    return std::nullopt;
}

VectorSetting::VectorSetting(SettingInfo info, float min, float max, glm::vec3 defaultValue,
                             Binding<glm::vec3> binding)
    : Setting(std::move(info)), m_min(min), m_max(max), m_default(defaultValue),
      m_binding(std::move(binding)) {}

void VectorSetting::set(const glm::vec3& v) {
    const glm::vec3 before = value();
    glm::vec3 kept;
    for (int i = 0; i < 3; ++i)
        kept[i] = std::isnan(v[i]) ? m_default[i] : std::clamp(v[i], m_min, m_max);
    m_binding.put(kept);
    if (value() != before)
        changed();
}

std::string VectorSetting::ownRange() const {
    return "three numbers in " + rangeText(double(m_min), double(m_max));
}

std::string VectorSetting::ownDefaultText() const {
    return floatText(m_default.x) + " " + floatText(m_default.y) + " " + floatText(m_default.z);
}

std::string VectorSetting::ownText() const {
    const glm::vec3 v = value();
    return floatText(v.x) + " " + floatText(v.y) + " " + floatText(v.z);
}

std::optional<std::string> VectorSetting::ownSetText(const std::vector<std::string>& words) {
    // "x y z" as one quoted word (and a viewer.cfg value) or as three words.
    std::vector<std::string> parts = words;
    if (words.size() == 1)
        parts = console::tokenize(words.front()).words;
    if (parts.size() != 3)
        return info().name + ": expected three numbers X Y Z";
    glm::vec3 out;
    for (int i = 0; i < 3; ++i) {
        const auto v = finiteNumber(parts[size_t(i)]);
        const float f = v ? static_cast<float>(*v) : 0.0f;
        if (!v || !(f >= m_min && f <= m_max))
            return refusal("numbers in " + rangeText(double(m_min), double(m_max)), parts[size_t(i)]);
        out[i] = f;
    }
    set(out);
    return std::nullopt;
}

ChoiceSetting::ChoiceSetting(SettingInfo info, std::vector<std::string> names, int defaultIndex,
                             Binding<int> binding)
    : Setting(std::move(info)), m_names(std::move(names)), m_default(defaultIndex),
      m_binding(std::move(binding)) {}

void ChoiceSetting::set(int index) {
    const int before = value();
    m_binding.put(index >= 0 && size_t(index) < m_names.size() ? index : m_default);
    if (value() != before)
        changed();
}

const std::string& ChoiceSetting::name() const {
    const int i = value();
    return m_names[i >= 0 && size_t(i) < m_names.size() ? size_t(i) : size_t(m_default)];
}

std::string ChoiceSetting::ownRange() const {
    std::string out;
    for (size_t i = 0; i < m_names.size(); ++i)
        out += (i == 0 ? "" : i + 1 == m_names.size() ? " or " : ", ") + m_names[i];
    return out;
}

std::optional<std::string> ChoiceSetting::ownSetText(const std::vector<std::string>& words) {
    std::string w;
    if (auto e = oneWord(words, w))
        return e;
    const auto at = std::find(m_names.begin(), m_names.end(), w);
    if (at == m_names.end())
        return refusal(range(), w);
    set(static_cast<int>(at - m_names.begin()));
    return std::nullopt;
}

std::optional<std::string> ChoiceSetting::setFileText(const std::string& text) {
    const auto v = core::parseFiniteNumber(text);
    if (v && *v == std::floor(*v) && *v >= 0.0 && *v < double(m_names.size())) {
        set(static_cast<int>(*v));
        return std::nullopt;
    }
    return setText({text});
}

NameSetSetting::NameSetSetting(SettingInfo info, std::vector<std::string> names, uint32_t defaultBits,
                               Binding<uint32_t> binding)
    : Setting(std::move(info)), m_names(std::move(names)), m_default(defaultBits),
      m_binding(std::move(binding)) {}

uint32_t NameSetSetting::all() const {
    return m_names.size() >= 32 ? ~0u : (1u << m_names.size()) - 1u;
}

void NameSetSetting::set(uint32_t bits) {
    const uint32_t before = value();
    m_binding.put(bits & all());
    if (value() != before)
        changed();
}

std::string NameSetSetting::ownRange() const {
    return "names joined by |, or none";
}

std::vector<std::string> NameSetSetting::ownWords() const {
    std::vector<std::string> out = m_names;
    out.push_back("none");
    return out;
}

std::string NameSetSetting::textOf(uint32_t bits) const {
    std::string out;
    for (size_t i = 0; i < m_names.size(); ++i)
        if (bits & (1u << i))
            out += (out.empty() ? "" : "|") + m_names[i];
    return out.empty() ? "none" : out;
}

std::optional<std::string> NameSetSetting::ownSetText(const std::vector<std::string>& words) {
    std::string w;
    if (auto e = oneWord(words, w))
        return e;
    if (w == "none") {
        set(0);
        return std::nullopt;
    }
    uint32_t bits = 0;
    for (size_t at = 0; at <= w.size();) {
        const size_t bar = std::min(w.find('|', at), w.size());
        const auto name = std::find(m_names.begin(), m_names.end(), w.substr(at, bar - at));
        if (name == m_names.end())
            return refusal("names joined by | (" + textOf(all()) + ") or none", w);
        bits |= 1u << (name - m_names.begin());
        at = bar + 1;
    }
    set(bits);
    return std::nullopt;
}

MaskSetting::MaskSetting(SettingInfo info, int32_t defaultValue, Binding<int32_t> binding, bool allowNegative)
    : Setting(std::move(info)), m_default(defaultValue), m_binding(std::move(binding)),
      m_allowNegative(allowNegative) {}

void MaskSetting::set(int32_t mask) {
    const int32_t before = value();
    m_binding.put(m_allowNegative ? mask : (mask & INT32_MAX));
    if (value() != before)
        changed();
}

std::vector<std::string> MaskSetting::ownWords() const {
    std::vector<std::string> out;
    for (const bsp::FlagName& f : bsp::contentsBits())
        out.push_back(f.name);
    out.push_back("MASK_PLAYERSOLID");
    return out;
}

std::string MaskSetting::ownDefaultText() const {
    return bsp::contentsNames(m_default);
}

std::string MaskSetting::ownText() const {
    return bsp::contentsNames(value());
}

std::optional<std::string> MaskSetting::ownSetText(const std::vector<std::string>& words) {
    std::string w;
    if (auto e = oneWord(words, w))
        return e;
    const auto m = bsp::parseContents(w);
    if (!m || (!m_allowNegative && *m < 0))
        return refusal(std::string("contents names joined by | or a number") +
                           (m_allowNegative ? "" : " (no sign bit)"),
                       w);
    set(*m);
    return std::nullopt;
}

TextSetting::TextSetting(SettingInfo info, std::string description,
                         std::function<bool(const std::string&)> parse, std::function<std::string()> print,
                         std::function<void()> clear)
    : Setting(std::move(info)), m_description(std::move(description)), m_parse(std::move(parse)),
      m_print(std::move(print)), m_clear(std::move(clear)) {}

void TextSetting::reset() {
    const std::string before = text();
    m_clear();
    if (text() != before)
        changed();
}

std::optional<std::string> TextSetting::ownSetText(const std::vector<std::string>& words) {
    std::string w;
    if (auto e = oneWord(words, w))
        return e;
    const std::string before = text();
    if (!m_parse(w))
        return refusal(m_description, w);
    if (text() != before)
        changed();
    return std::nullopt;
}

} // namespace cliplab::viewer
