// A demo in the viewer: whom the camera follows (Recording panel), the players' names over their
// boxes, and the Map panel's demo opener.

#include "viewer/panels/Panels.h"

#include "replay/JumpMetrics.h"

#include <imgui.h>

#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>

#include <algorithm>
#include <cmath>

namespace cliplab::viewer::panels {

namespace {

ImVec4 toImVec(const debugdraw::Color& c) {
    return ImVec4(c.r, c.g, c.b, c.a);
}

/// The combo of players and the camera's choice (first person or chase).
void followControls(ViewerState& st, DemoPlayback& d) {
    ImGui::SetNextItemWidth(260.0f);
    if (ImGui::BeginCombo("follow (K)", d.label(d.followed()).c_str())) {
        for (const int32_t client : d.clients()) {
            ImGui::PushStyleColor(ImGuiCol_Text, toImVec(DemoPlayback::colorOf(client)));
            if (ImGui::Selectable(d.label(client).c_str(), client == d.followed()))
                d.follow(st, client);
            ImGui::PopStyleColor();
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    FlagSetting& chase = st.settings.flag("cg_thirdPerson");
    if (ImGui::RadioButton("first person", !chase.value()))
        chase.set(false);
    ImGui::SameLine();
    if (ImGui::RadioButton("chase (T)", chase.value()))
        chase.set(true);
}

/// The next snapshot after the playhead with a sample in solid (none: the first one).
void nextInSolid(ViewerState& st, DemoPlayback& d) {
    const auto& solid = d.solid();
    if (solid.empty())
        return;
    const auto after = std::upper_bound(solid.begin(), solid.end(), d.tick(),
                                        [](size_t n, const demo::SolidSample& s) { return n < s.snapshot; });
    const demo::SolidSample& s = after == solid.end() ? solid.front() : *after;
    d.setPlaying(false);
    d.follow(st, s.sample.client);
    d.seek(st, s.snapshot);
}

} // namespace

void demoSection(ViewerState& state) {
    DemoPlayback& d = state.session.demo();
    followControls(state, d);
    const movement::PlayerState& ps = state.session.player();
    const demo::Snapshot& snap = d.demo()->snapshots[d.tick()];
    const demo::PlayerSample* s = snap.find(d.followed());
    ImGui::Text("server time %d ms, %s, %.0f u/s%s%s", snap.serverTime,
                s ? demo::playerTypeName(s->type) : "not in this snapshot",
                double(replay::horizontalSpeed(ps)),
                s ? (s->source == demo::StateSource::PlayerState ? ", player state (exact)"
                                                                 : ", entity (origin in whole units)")
                  : "",
                d.inSolid(d.tick(), d.followed()) ? ", IN SOLID" : "");
    if (const demo::PlayerSummary* sum = d.summary())
        ImGui::Text("whole demo: %.0f units covered, top speed %.0f u/s, %zu jumps, %zu snapshots alive",
                    sum->distance, double(sum->topSpeed), sum->jumps.size(), sum->alive);
    if (d.solid().empty()) {
        ImGui::TextDisabled("no sample in solid on this map");
    } else {
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%zu samples in solid (red on the timeline)",
                           d.solid().size());
        ImGui::SameLine();
        if (ImGui::Button("next in solid"))
            nextInSolid(state, d);
    }
}

std::vector<replay::Jump> demoJumpsToPlayhead(const DemoPlayback& demo) {
    std::vector<replay::Jump> out;
    if (const demo::PlayerSummary* s = demo.summary())
        for (const demo::DemoJump& j : s->jumps)
            if (j.takeoffSnapshot <= demo.tick())
                out.push_back(j.metrics);
    return out;
}

void demoLabels(const ViewerState& state) {
    const DemoPlayback& d = state.session.demo();
    const LoadedMap* map = state.session.map();
    if (!d.active() || !map)
        return;
    const ImGuiIO& io = ImGui::GetIO();
    const scene::Camera& camera = state.view.camera();
    const glm::mat4 vp = camera.viewProjection();
    ImDrawList* list = ImGui::GetBackgroundDrawList();
    const float viewW = float(camera.width) / std::max(io.DisplayFramebufferScale.x, 1e-3f);
    const float viewH = float(camera.height) / std::max(io.DisplayFramebufferScale.y, 1e-3f);
    for (const DemoPlayback::Label& l : d.labels()) {
        const glm::vec4 clip = vp * glm::vec4(l.at, 1.0f);
        if (clip.w <= 1.0f)
            continue; // behind the eye, or the followed player's own head in first person
        const float x = (clip.x / clip.w * 0.5f + 0.5f) * viewW;
        const float y = (0.5f - clip.y / clip.w * 0.5f) * viewH;
        if (x < 0.0f || y < 0.0f || x > viewW || y > viewH)
            continue;
        // Names of players behind walls are shown dimmer (the trails are seen through walls too).
        const bool seen =
            map->model->trace(collision::Shape::ray(), camera.eye, l.at, bsp::contents::Solid).fraction >=
            1.0f;
        const ImVec2 size = ImGui::CalcTextSize(l.text.c_str());
        const ImVec2 pos(x - size.x * 0.5f, y - size.y);
        list->AddRectFilled(ImVec2(pos.x - 2.0f, pos.y - 1.0f),
                            ImVec2(pos.x + size.x + 2.0f, pos.y + size.y + 1.0f),
                            IM_COL32(0, 0, 0, seen ? 170 : 90));
        debugdraw::Color c = l.color;
        c.a = seen ? 1.0f : 0.55f;
        list->AddText(pos, ImGui::ColorConvertFloat4ToU32(toImVec(c)), l.text.c_str());
    }
    // Whom the camera follows, at the top of the view; red when that sample is in solid.
    const bool solid = d.inSolid(d.tick(), d.followed());
    const std::string banner = "demo: following " + d.label(d.followed()) + (solid ? ", IN SOLID" : "") +
                               "  (K: next player, T: chase / first person)";
    const ImVec2 size = ImGui::CalcTextSize(banner.c_str());
    const ImVec2 at(viewW * 0.5f - size.x * 0.5f, state.session.worldNote().empty() ? 12.0f : 36.0f);
    list->AddRectFilled(ImVec2(at.x - 6.0f, at.y - 3.0f), ImVec2(at.x + size.x + 6.0f, at.y + size.y + 3.0f),
                        solid ? IM_COL32(150, 20, 20, 220) : IM_COL32(0, 0, 0, 170), 4.0f);
    list->AddText(at, IM_COL32(255, 255, 255, 255), banner.c_str());
}

void demoOpenSection(ViewerState& state) {
    Session& session = state.session;
    if (!ImGui::TreeNode("demos (.dm_68, .dm_70, .dm_71)"))
        return;
    char* path = state.inputs.demoPath.data();
    if (fieldAndButton("##demo path", "demo path or name; Enter plays", path, state.inputs.demoPath.size(),
                       "play"))
        session.requestDemo(path);
    if (!session.pendingDemo().empty())
        ImGui::TextColored(ImVec4(1, 1, 0.3f, 1), "opening %s ...", session.pendingDemo().c_str());
    const std::vector<std::string>& demos = session.demoList();
    const float rows = float(std::clamp<size_t>(demos.size(), 1, 8));
    if (ImGui::BeginListBox("##demos", ImVec2(-1.0f, rows * ImGui::GetTextLineHeightWithSpacing() + 6.0f))) {
        for (const std::string& name : demos)
            if (ImGui::Selectable(name.c_str()))
                session.requestDemo(name);
        ImGui::EndListBox();
    }
    if (demos.empty())
        ImGui::TextDisabled("no demo in the game data");
    ImGui::TreePop();
}

} // namespace cliplab::viewer::panels
