// Widgets more than one panel uses: one per kind of setting (each reads the setting and writes it
// through its setter, which keeps the value in range), and a few plain ones.

#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <algorithm>

namespace cliplab::viewer::panels {

namespace {

struct MaskBit {
    const char* name;
    int32_t bit;
};
constexpr MaskBit kMaskBits[] = {
    {"solid", bsp::contents::Solid},
    {"playerclip", bsp::contents::PlayerClip},
    {"monsterclip", bsp::contents::MonsterClip},
    {"body", bsp::contents::Body},
    {"water", bsp::contents::Water},
    {"slime", bsp::contents::Slime},
    {"lava", bsp::contents::Lava},
    {"trigger", bsp::contents::Trigger},
};

/// Ctrl-click lets users type any number into a slider; with this flag the typed value is clamped
/// to the slider's range too (a typed NaN still passes: the setter puts the default back).
ImGuiSliderFlags flagsOf(const SliderHint& hint) {
    return ImGuiSliderFlags_AlwaysClamp | (hint.logarithmic ? ImGuiSliderFlags_Logarithmic : 0);
}

/// The slider's range: the hint's, or the setting's own.
void sliderRange(const SliderHint& hint, double min, double max, double& lo, double& hi) {
    lo = hint.min != hint.max ? hint.min : min;
    hi = hint.min != hint.max ? hint.max : max;
}

const char* labelOf(const Setting& s, const char* label) {
    return label ? label : s.info().label.c_str();
}

} // namespace

ImVec4 imColor(const debugdraw::Color& colour) {
    return ImVec4(colour.r, colour.g, colour.b, 1.0f);
}

bool fieldAndButton(const char* id, const char* hint, char* text, size_t size, const char* button) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::CalcTextSize(button).x + style.FramePadding.x * 2.0f;
    ImGui::SetNextItemWidth(-(width + style.ItemInnerSpacing.x));
    const bool enter = ImGui::InputTextWithHint(id, hint, text, size, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine(0.0f, style.ItemInnerSpacing.x);
    const bool clicked = ImGui::Button(button);
    return (clicked || enter) && text[0];
}

bool checkbox(FlagSetting& s, const char* label) {
    bool v = s.value();
    if (!ImGui::Checkbox(labelOf(s, label), &v))
        return false;
    s.set(v);
    return true;
}

bool slider(NumberSetting& s, const char* label) {
    const SliderHint& hint = s.info().slider;
    double lo = 0.0, hi = 0.0;
    sliderRange(hint, s.min(), s.max(), lo, hi);
    float v = static_cast<float>(s.value());
    if (!ImGui::SliderFloat(labelOf(s, label), &v, float(lo), float(hi), hint.format, flagsOf(hint)))
        return false;
    s.set(v);
    return true;
}

bool slider(WholeSetting& s, const char* label) {
    const SliderHint& hint = s.info().slider;
    double lo = 0.0, hi = 0.0;
    sliderRange(hint, double(s.min()), double(s.max()), lo, hi);
    int v = static_cast<int>(s.value());
    if (!ImGui::SliderInt(labelOf(s, label), &v, int(lo), int(hi), hint.format, flagsOf(hint)))
        return false;
    s.set(v);
    return true;
}

bool drag3(VectorSetting& s, const char* label) {
    const SliderHint& hint = s.info().slider;
    glm::vec3 v = s.value();
    if (!ImGui::DragFloat3(labelOf(s, label), &v.x, hint.dragSpeed, s.min(), s.max(), hint.format,
                           ImGuiSliderFlags_AlwaysClamp))
        return false;
    s.set(v);
    return true;
}

bool drag3(const char* label, NumberSetting& x, NumberSetting& y, NumberSetting& z) {
    NumberSetting* axes[3] = {&x, &y, &z};
    const SliderHint& hint = x.info().slider;
    float v[3];
    for (int i = 0; i < 3; ++i)
        v[i] = static_cast<float>(axes[i]->value());
    if (!ImGui::DragFloat3(label, v, hint.dragSpeed, float(hint.min), float(hint.max), hint.format,
                           ImGuiSliderFlags_AlwaysClamp))
        return false;
    for (int i = 0; i < 3; ++i)
        axes[i]->set(v[i]);
    return true;
}

bool combo(ChoiceSetting& s, const char* label) {
    int v = s.value();
    const auto& names = s.names();
    const bool changed = ImGui::Combo(
        labelOf(s, label), &v,
        [](void* data, int i, const char** name) {
            *name = (*static_cast<const std::vector<std::string>*>(data))[size_t(i)].c_str();
            return true;
        },
        const_cast<std::vector<std::string>*>(&names), static_cast<int>(names.size()));
    if (changed)
        s.set(v);
    return changed;
}

bool smallButton(const char* label) {
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x, 1.0f));
    const bool pressed = ImGui::Button(label);
    ImGui::PopStyleVar();
    return pressed;
}

bool radio(ChoiceSetting& s, int index, const char* label) {
    if (!ImGui::RadioButton(label, s.value() == index))
        return false;
    s.set(index);
    return true;
}

bool nameCheckbox(NameSetSetting& s, int index, const char* label) {
    const uint32_t bit = 1u << index;
    bool on = (s.value() & bit) != 0;
    if (!ImGui::Checkbox(label, &on))
        return false;
    s.set(on ? s.value() | bit : s.value() & ~bit);
    return true;
}

bool maskCheckboxes(const char* id, MaskSetting& s) {
    ImGui::PushID(id);
    bool changed = false;
    int32_t mask = s.value();
    // Three to a row when they fit, two otherwise (the sidebar may be narrow).
    const float cell =
        ImGui::CalcTextSize("monsterclip").x + ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.x * 2;
    const int perRow = ImGui::GetContentRegionAvail().x >= cell * 3.0f ? 3 : 2;
    // Columns start where the first box does: inside a tree node that is the node's indent.
    const float left = ImGui::GetCursorPosX();
    int column = 0;
    for (const MaskBit& b : kMaskBits) {
        if (column % perRow != 0)
            ImGui::SameLine(left + float(column % perRow) * cell);
        bool on = (mask & b.bit) != 0;
        if (ImGui::Checkbox(b.name, &on)) {
            mask = on ? (mask | b.bit) : (mask & ~b.bit);
            changed = true;
        }
        ++column;
    }
    if (changed)
        s.set(mask);
    ImGui::TextDisabled("mask = 0x%08x", static_cast<unsigned>(s.value()));
    ImGui::PopID();
    return changed;
}

void note(const char* text) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", text);
    ImGui::PopStyleColor();
}

void subheading(const char* text) {
    ImGui::Spacing();
    ImGui::TextColored(ImGui::GetStyleColorVec4(ImGuiCol_PlotHistogram), "%s", text);
    ImGui::Separator();
}

} // namespace cliplab::viewer::panels
