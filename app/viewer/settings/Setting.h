#pragma once
/// \file Setting.h
/// One setting of the viewer, declared once (as Quake's cvar): its viewer.cfg key, its console name
/// (the game's cvar name where there is one), its panel label, its doc line, its range or names,
/// its default, and a setter that keeps the value in its range and tells who listens. The console
/// (ConsoleCommands.cpp), viewer.cfg (ViewerSettings.cpp) and the panels (panels/Widgets.cpp) all
/// read and write settings through this interface; no front binds to a state field.

#include <glm/vec3.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::viewer {

/// How a panel shows a number: the slider's range and format. A slider may span less than the
/// setting's range (gravity: 0 to 2000 of [-100000, 100000]); typed values are clamped to the
/// setting's own range by its setter, not to the slider's.
struct SliderHint {
    double min = 0.0, max = 0.0; ///< min == max: the setting's range.
    const char* format = "%.3f"; ///< printf format of the value on the slider.
    bool logarithmic = false;    ///< Small values get most of the slider.
    float dragSpeed = 0.5f;      ///< Vectors: units per pixel dragged.
};

/// What every front reads of a setting.
struct SettingInfo {
    std::string key;   ///< viewer.cfg key, e.g. "trace.epsilon".
    std::string name;  ///< Console name, e.g. "trace_epsilon"; the game's cvar name where it has one.
    std::string label; ///< The panel's label.
    std::string doc;   ///< One line: what it is, with units.
    std::vector<std::string> aliases; ///< Other console names (a movement setting's `--set` name).
    /// Written to viewer.cfg on exit (Quake's CVAR_ARCHIVE); a line with any setting's key is read.
    bool archived = false;
    /// Flags only: the console name means the opposite (cm_noCurves 1 = curves off), as in the game.
    bool consoleInverted = false;
    SliderHint slider; ///< Numbers and vectors: the panel's slider.
};

/// A SettingInfo from the parts most settings give (aliases and consoleInverted left default).
SettingInfo settingInfo(std::string key, std::string name, std::string label, std::string doc,
                        bool archived = false, SliderHint slider = {});

/// The names of an engine enum's names table (rows with a `name`), in enum order: what a choice
/// setting offers.
template <typename Table> std::vector<std::string> namesOf(const Table& table) {
    std::vector<std::string> out;
    for (const auto& row : table)
        out.emplace_back(row.name);
    return out;
}

/// The value as a front writes and reads it; overrides a kind's own text form (the movement
/// settings use movement::setSetting/getSetting, the parser of the command line's --set).
struct TextForm {
    std::function<std::string()> get; ///< Empty: the kind's own.
    /// Parses and applies `word`; an error naming the setting, or nothing. Nothing changes on error.
    std::function<std::optional<std::string>(const std::string& word)> set; ///< Empty: the kind's own.
    std::string range;                             ///< What `set` takes; empty: the kind's own.
    std::string defaultText;                       ///< The default as `get` writes it; empty: the kind's own.
    std::optional<std::vector<std::string>> words; ///< Completions; none: the kind's own.
};

/// Reads and writes a setting's value in its owner (the owner keeps cross-field rules, e.g. a
/// player box that must not be inverted).
template <typename T> struct Binding {
    std::function<T()> get;
    std::function<void(T)> put; ///< Stores a value already in range.
};

/// A setting; the kinds below hold its value's type.
class Setting {
    friend class SettingsRegistry; // tells listeners of changes made to several settings at once

public:
    explicit Setting(SettingInfo info) : m_info(std::move(info)) {}
    virtual ~Setting() = default;
    Setting(const Setting&) = delete;
    Setting& operator=(const Setting&) = delete;

    const SettingInfo& info() const { return m_info; }
    /// What the console and viewer.cfg accept: "[0, 16]", "0 or 1", "quake3, tutorial or robust".
    std::string range() const { return m_form.range.empty() ? ownRange() : m_form.range; }
    /// Words the console completes (names, 0/1, contents names); none for numbers.
    std::vector<std::string> words() const { return m_form.words ? *m_form.words : ownWords(); }
    /// The value as text that setText reads back to the same value.
    std::string text() const { return m_form.get ? m_form.get() : ownText(); }
    /// The default value as text.
    std::string defaultText() const {
        return m_form.defaultText.empty() ? ownDefaultText() : m_form.defaultText;
    }
    /// Sets from the words of a console command or a viewer.cfg line: one word (a vector also
    /// three). Strict: NaN, infinities, values outside the range and unknown names are refused
    /// with an error naming the setting, and the value stays as it was.
    std::optional<std::string> setText(const std::vector<std::string>& words);
    /// setText for a viewer.cfg line, which also takes what older files wrote (a choice by its
    /// index: the files stored enums as numbers).
    virtual std::optional<std::string> setFileText(const std::string& text);
    /// Puts the default back.
    virtual void reset() = 0;
    /// Times the value changed (Quake's modificationCount).
    int modified() const { return m_modified; }
    /// Called after every change of the value, whichever front made it.
    void setListener(std::function<void(const Setting&)> listener) { m_listener = std::move(listener); }
    /// Overrides the kind's text form (see TextForm).
    void setTextForm(TextForm form) { m_form = std::move(form); }

protected:
    /// The kind's own range, default text and completions.
    virtual std::string ownRange() const = 0;
    virtual std::string ownDefaultText() const = 0;
    virtual std::vector<std::string> ownWords() const { return {}; }
    /// The kind's own text form.
    virtual std::string ownText() const = 0;
    virtual std::optional<std::string> ownSetText(const std::vector<std::string>& words) = 0;
    /// "NAME: expected one value, got N" unless `words` is one word (then it is `out`).
    std::optional<std::string> oneWord(const std::vector<std::string>& words, std::string& out) const;
    /// "NAME: expected WHAT, got 'WORD'".
    std::string refusal(const std::string& what, const std::string& word) const;
    /// Counts a change of the value and tells the listener.
    void changed();

private:
    SettingInfo m_info;
    TextForm m_form;
    int m_modified = 0;
    std::function<void(const Setting&)> m_listener;
};

/// 0 or 1 (a checkbox).
class FlagSetting : public Setting {
public:
    FlagSetting(SettingInfo info, bool defaultValue, Binding<bool> binding);
    bool value() const { return m_binding.get(); }
    void set(bool value);
    bool defaultValue() const { return m_default; }
    std::string ownRange() const override { return "0 or 1"; }
    std::vector<std::string> ownWords() const override { return {"0", "1"}; }
    std::string ownDefaultText() const override { return m_default ? "1" : "0"; }
    void reset() override { set(m_default); }

protected:
    std::string ownText() const override { return value() ? "1" : "0"; }
    std::optional<std::string> ownSetText(const std::vector<std::string>& words) override;

private:
    bool m_default;
    Binding<bool> m_binding;
};

/// A whole number in [min, max] (a slider).
class WholeSetting : public Setting {
public:
    WholeSetting(SettingInfo info, int64_t min, int64_t max, int64_t defaultValue, Binding<int64_t> binding);
    int64_t value() const { return m_binding.get(); }
    /// Clamped into [min, max].
    void set(int64_t value);
    int64_t min() const { return m_min; }
    int64_t max() const { return m_max; }
    int64_t defaultValue() const { return m_default; }
    std::string ownRange() const override;
    std::string ownDefaultText() const override { return std::to_string(m_default); }
    void reset() override { set(m_default); }

protected:
    std::string ownText() const override { return std::to_string(value()); }
    std::optional<std::string> ownSetText(const std::vector<std::string>& words) override;

private:
    int64_t m_min, m_max, m_default;
    Binding<int64_t> m_binding;
};

/// A number in [min, max] (a slider), stored as a float (or as a double: the tick rate).
class NumberSetting : public Setting {
public:
    NumberSetting(SettingInfo info, double min, double max, double defaultValue, Binding<double> binding,
                  bool storedAsFloat = true);
    double value() const { return m_binding.get(); }
    /// Clamped into [min, max]; NaN takes the default.
    void set(double value);
    double min() const { return m_min; }
    double max() const { return m_max; }
    double defaultValue() const { return m_default; }
    std::string ownRange() const override;
    std::string ownDefaultText() const override { return numberText(m_default); }
    void reset() override { set(m_default); }

protected:
    std::string ownText() const override { return numberText(value()); }
    std::optional<std::string> ownSetText(const std::vector<std::string>& words) override;

private:
    /// The shortest text that reads back to the same stored value.
    std::string numberText(double v) const;
    double m_min, m_max, m_default;
    Binding<double> m_binding;
    bool m_float;
};

/// Three numbers, each in [min, max] (a drag box of three).
class VectorSetting : public Setting {
public:
    VectorSetting(SettingInfo info, float min, float max, glm::vec3 defaultValue, Binding<glm::vec3> binding);
    glm::vec3 value() const { return m_binding.get(); }
    /// Each component clamped into [min, max]; a NaN one takes the default's.
    void set(const glm::vec3& value);
    float min() const { return m_min; }
    float max() const { return m_max; }
    glm::vec3 defaultValue() const { return m_default; }
    std::string ownRange() const override;
    std::string ownDefaultText() const override;
    void reset() override { set(m_default); }

protected:
    std::string ownText() const override;
    std::optional<std::string> ownSetText(const std::vector<std::string>& words) override;

private:
    float m_min, m_max;
    glm::vec3 m_default;
    Binding<glm::vec3> m_binding;
};

/// One of a few names (a combo box); the value is the index into them, as an enum's names table.
class ChoiceSetting : public Setting {
public:
    ChoiceSetting(SettingInfo info, std::vector<std::string> names, int defaultIndex, Binding<int> binding);
    int value() const { return m_binding.get(); }
    /// An index outside the names takes the default.
    void set(int index);
    const std::vector<std::string>& names() const { return m_names; }
    const std::string& name() const;
    int defaultValue() const { return m_default; }
    std::string ownRange() const override;
    std::vector<std::string> ownWords() const override { return m_names; }
    std::string ownDefaultText() const override { return m_names[size_t(m_default)]; }
    void reset() override { set(m_default); }
    /// Also a whole index into the names (viewer.cfg stored enums as numbers).
    std::optional<std::string> setFileText(const std::string& text) override;

protected:
    std::string ownText() const override { return name(); }
    std::optional<std::string> ownSetText(const std::vector<std::string>& words) override;

private:
    std::vector<std::string> m_names;
    int m_default;
    Binding<int> m_binding;
};

/// A set of a few names (checkboxes): bit i for names[i]; text "a|b" ("none" for the empty set).
class NameSetSetting : public Setting {
public:
    NameSetSetting(SettingInfo info, std::vector<std::string> names, uint32_t defaultBits,
                   Binding<uint32_t> binding);
    uint32_t value() const { return m_binding.get(); }
    /// Bits beyond the names are dropped.
    void set(uint32_t bits);
    const std::vector<std::string>& names() const { return m_names; }
    uint32_t all() const;
    uint32_t defaultValue() const { return m_default; }
    std::string ownRange() const override;
    std::vector<std::string> ownWords() const override;
    std::string ownDefaultText() const override { return textOf(m_default); }
    void reset() override { set(m_default); }

protected:
    std::string ownText() const override { return textOf(value()); }
    std::optional<std::string> ownSetText(const std::vector<std::string>& words) override;

private:
    std::string textOf(uint32_t bits) const;
    std::vector<std::string> m_names;
    uint32_t m_default;
    Binding<uint32_t> m_binding;
};

/// Contents bits (checkboxes per bit): names joined by | (SOLID|PLAYERCLIP) or a number.
class MaskSetting : public Setting {
public:
    /// `allowNegative` false: masks with the sign bit are refused and cleared (the movement
    /// settings' contentsMask, [0, 2147483647]).
    MaskSetting(SettingInfo info, int32_t defaultValue, Binding<int32_t> binding, bool allowNegative = true);
    int32_t value() const { return m_binding.get(); }
    void set(int32_t mask);
    int32_t defaultValue() const { return m_default; }
    std::string ownRange() const override { return "contents names or a number"; }
    std::vector<std::string> ownWords() const override;
    std::string ownDefaultText() const override;
    void reset() override { set(m_default); }

protected:
    std::string ownText() const override;
    std::optional<std::string> ownSetText(const std::vector<std::string>& words) override;

private:
    int32_t m_default;
    Binding<int32_t> m_binding;
    bool m_allowNegative;
};

/// Text with its own reader (the sidebar's open sections); no panel widget.
class TextSetting : public Setting {
public:
    /// `parse` checks and applies a text (false: refused, nothing changed); `print` writes the value.
    TextSetting(SettingInfo info, std::string description, std::function<bool(const std::string&)> parse,
                std::function<std::string()> print, std::function<void()> clear);
    std::string ownRange() const override { return m_description; }
    std::string ownDefaultText() const override { return ""; }
    void reset() override;

protected:
    std::string ownText() const override { return m_print(); }
    std::optional<std::string> ownSetText(const std::vector<std::string>& words) override;

private:
    std::string m_description;
    std::function<bool(const std::string&)> m_parse;
    std::function<std::string()> m_print;
    std::function<void()> m_clear;
};

/// The shortest text that reads back to the same float ("0.125", "1e-05").
std::string floatText(float v);

} // namespace cliplab::viewer
