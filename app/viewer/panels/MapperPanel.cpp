// Mapper panel: the watched file and its reloads, the leak path, the measuring tape; and the
// tape's and the leak's labels over the 3D view.

#include "core/Format.h"
#include "viewer/MapperView.h"
#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

namespace cliplab::viewer::panels {

namespace {

void wrapped(const std::string& text, const ImVec4* colour = nullptr) {
    ImGui::PushTextWrapPos();
    if (colour)
        ImGui::TextColored(*colour, "%s", text.c_str());
    else
        ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
}

void reloadSection(ViewerState& state) {
    const MapperTools& m = state.mapper;
    if (m.watcher.path().empty())
        note("The map is in the game data: no file to watch. Open a .map or .bsp by its path to reload on "
             "save.");
    else
        wrapped("watching " + m.watcher.path() + " (reloads when it is saved)");
    if (ImGui::Button("reload now"))
        state.reloadMap();
    if (!m.note.text.empty()) {
        const ImVec4 red(1.0f, 0.4f, 0.4f, 1.0f);
        wrapped(m.note.text, m.note.error ? &red : nullptr);
    }
    const LoadedMap* map = state.session.map();
    if (!map || map->load.warnings.empty())
        return;
    if (ImGui::TreeNode("warnings", "compile warnings (%zu)", map->load.warnings.size())) {
        for (const std::string& w : map->load.warnings)
            wrapped(w);
        ImGui::TreePop();
    }
}

void leakSection(ViewerState& state) {
    MapperTools& m = state.mapper;
    if (!m.leak) {
        note("No leak path. A .map that leaks shows its path here, as does a .lin beside an opened .bsp "
             "or one named with the console's pointfile FILE.");
        return;
    }
    const ImVec4 red(1.0f, 0.45f, 0.45f, 1.0f);
    wrapped(m.leak->summary, &red);
    ImGui::TextDisabled("from %s", m.leak->source.c_str());
    ImGui::Checkbox("show the leak path", &m.leakShown);
    ImGui::SameLine();
    if (ImGui::Button("fly to its start"))
        state.goToLeak();
}

void tapeSection(ViewerState& state) {
    TapeState& tape = state.mapper.tape;
    ImGui::Checkbox("measure mode", &tape.mode);
    note("In measure mode each probe click (left click in the view) moves the tape to the last two hits.");
    const bool two = tape.hits[0] && tape.hits[1];
    ImGui::BeginDisabled(!two);
    if (ImGui::Button("measure the last two hits"))
        state.measureLastHits();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!tape.result);
    if (ImGui::Button("clear"))
        tape.result.reset();
    ImGui::EndDisabled();
    if (!tape.result)
        return;
    for (const std::string& line : tapeText(*tape.result))
        wrapped(line);
}

/// Where world point `p` is in the 3D view (window coordinates); none when behind the eye or out of it.
std::optional<ImVec2> project(const scene::Camera& camera, const glm::vec3& p) {
    const glm::vec4 clip = camera.viewProjection() * glm::vec4(p, 1.0f);
    if (clip.w <= 1.0f)
        return std::nullopt;
    const ImGuiIO& io = ImGui::GetIO();
    const float viewW = float(camera.width) / std::max(io.DisplayFramebufferScale.x, 1e-3f);
    const float viewH = float(camera.height) / std::max(io.DisplayFramebufferScale.y, 1e-3f);
    const float x = (clip.x / clip.w * 0.5f + 0.5f) * viewW, y = (0.5f - clip.y / clip.w * 0.5f) * viewH;
    if (x < 0.0f || y < 0.0f || x > viewW || y > viewH)
        return std::nullopt;
    return ImVec2(x, y);
}

void labelAt(ImDrawList* list, const ImVec2& at, const char* text, ImU32 colour) {
    const ImVec2 size = ImGui::CalcTextSize(text);
    const ImVec2 pos(at.x - size.x * 0.5f, at.y - size.y - 4.0f);
    list->AddRectFilled(ImVec2(pos.x - 3.0f, pos.y - 2.0f),
                        ImVec2(pos.x + size.x + 3.0f, pos.y + size.y + 2.0f), IM_COL32(0, 0, 0, 190), 3.0f);
    list->AddText(pos, colour, text);
}

} // namespace

void mapperPanel(ViewerState& state) {
    subheading("Reload on save");
    reloadSection(state);
    subheading("Leak");
    leakSection(state);
    subheading("Measuring tape");
    tapeSection(state);
}

void mapperLabels(const ViewerState& state) {
    const scene::Camera& camera = state.view.camera();
    ImDrawList* list = ImGui::GetBackgroundDrawList();
    if (const auto& t = state.mapper.tape.result) {
        const std::string d = core::format("%.1f", double(t->distance));
        if (auto at = project(camera, (t->a + t->b) * 0.5f))
            labelAt(list, *at, d.c_str(), IM_COL32(255, 255, 255, 255));
        const glm::vec3 x = t->a + glm::vec3(t->delta.x, 0.0f, 0.0f),
                        xy = x + glm::vec3(0.0f, t->delta.y, 0.0f);
        const std::pair<glm::vec3, std::pair<float, ImU32>> parts[] = {
            {(t->a + x) * 0.5f, {t->delta.x, IM_COL32(255, 90, 90, 255)}},
            {(x + xy) * 0.5f, {t->delta.y, IM_COL32(90, 255, 90, 255)}},
            {(xy + t->b) * 0.5f, {t->delta.z, IM_COL32(120, 150, 255, 255)}}};
        const char* axis = "xyz";
        for (int i = 0; i < 3; ++i) {
            if (std::abs(parts[i].second.first) < 0.05f)
                continue;
            const std::string text = core::format("%c %.1f", axis[i], double(parts[i].second.first));
            if (auto at = project(camera, parts[i].first))
                labelAt(list, *at, text.c_str(), parts[i].second.second);
        }
    }
    const auto& leak = state.mapper.leak;
    if (leak && state.mapper.leakShown && !leak->points.empty()) {
        if (auto at = project(camera, leak->points.front()))
            labelAt(list, *at, "leak: the void", IM_COL32(255, 110, 255, 255));
        if (auto at = project(camera, leak->points.back()))
            labelAt(list, *at, "leak: the entity", IM_COL32(255, 90, 90, 255));
    }
}

} // namespace cliplab::viewer::panels
