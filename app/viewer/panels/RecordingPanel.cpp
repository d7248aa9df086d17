// Recording panel: record the player (F5), open a recording, play it (play, pause, step, speed,
// timeline with the parting tick), edit it (RunEditor.cpp), ghosts under other settings with their table, the
// traces where the runs part, jump metrics and the tick-by-tick speed and acceleration.

#include "viewer/panels/Panels.h"

#include "replay/JumpMetrics.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <span>

namespace cliplab::viewer::panels {

namespace {

/// Ghosts offered with one click: the comparisons people ask about first.
struct GhostChoice {
    std::string label;
    std::string overrides;
};
/// The choices: the epsilons, each semantics of collision::kSemanticsNames, then the others.
const std::vector<GhostChoice>& ghostChoices() {
    static const std::vector<GhostChoice> choices = [] {
        std::vector<GhostChoice> out{{"epsilon 1/32", "epsilon=1/32"}, {"epsilon 1/8", "epsilon=1/8"}};
        for (const collision::SemanticsName& s : collision::kSemanticsNames)
            out.push_back({std::string(s.name) + " semantics", "semantics=" + std::string(s.name)});
        out.insert(out.end(), {{"quake3 preset", "preset=quake3"},
                               {"melax preset", "preset=melax"},
                               {"step-and-correct", "method=step-correct"},
                               {"curves off", "curves=off"},
                               {"curves on", "curves=on"},
                               {"60 Hz", "hz=60"},
                               {"plane shifting", "trace=planeshift"}});
        return out;
    }();
    return choices;
}

ImVec4 toImVec(const debugdraw::Color& c) {
    return ImVec4(c.r, c.g, c.b, c.a);
}

void recordSection(ViewerState& st) {
    ReplayController& r = st.session.replay();
    if (r.recording()) {
        if (ImGui::Button("stop and save (F5)"))
            r.stopRecording(st);
        ImGui::SameLine();
        ImGui::Text("recording: %zu ticks, %.2f s", r.recordedTicks(),
                    double(r.recordedTicks()) / st.session.sim().rate());
    } else if (ImGui::Button("record (F5)")) {
        r.startRecording(st);
    }
    if (!r.lastSaved().empty()) {
        ImGui::SameLine();
        if (ImGui::Button("play it"))
            r.open(st, r.lastSaved());
    }
    auto& path = r.panel.openPath;
    ImGui::SetNextItemWidth(-70.0f);
    ImGui::InputTextWithHint("##open", "file.cliprec", path.data(), path.size());
    ImGui::SameLine();
    if (ImGui::Button("open") && path[0] != 0)
        r.open(st, std::string(path.data()));
}

/// The timeline: a slider over the positions with the marks (the ghosts' parting ticks, a demo's
/// snapshots in solid) in their colours.
void timeline(ViewerState& st, Timeline& r) {
    int tick = static_cast<int>(r.tick());
    const int last = static_cast<int>(r.ticks());
    char label[96];
    std::snprintf(label, sizeof label, "%s %%d / %d  (%.2f s)", r.unitName(), last,
                  r.secondsAt(static_cast<size_t>(tick)));
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::SliderInt("##timeline", &tick, 0, std::max(last, 1), label))
        r.seek(st, static_cast<size_t>(std::clamp(tick, 0, last)));
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    // Notches along the top and bottom edges: the label between them stays readable however
    // many there are (a demo can have hundreds of snapshots in solid).
    const float notch = (b.y - a.y) * 0.3f;
    for (const TimelineMark& m : r.marks())
        if (last > 0) {
            const float x = a.x + 6.0f + (b.x - a.x - 12.0f) * float(m.position) / float(last);
            const ImU32 color = ImGui::ColorConvertFloat4ToU32(toImVec(m.color));
            draw->AddLine(ImVec2(x, a.y), ImVec2(x, a.y + notch), color, 3.0f);
            draw->AddLine(ImVec2(x, b.y - notch), ImVec2(x, b.y), color, 3.0f);
        }
}

} // namespace

bool playbackSection(ViewerState& st, Timeline& r) {
    ImGui::Text("%s", r.openName().c_str());
    if (ImGui::Button(r.playing() ? "pause" : "play")) {
        if (!r.playing() && r.tick() >= r.ticks())
            r.seek(st, 0);
        r.setPlaying(!r.playing());
    }
    ImGui::SameLine();
    if (ImGui::ArrowButton("##back", ImGuiDir_Left))
        r.step(st, -1);
    ImGui::SameLine();
    if (ImGui::ArrowButton("##forward", ImGuiDir_Right))
        r.step(st, 1);
    ImGui::SameLine();
    float speed = static_cast<float>(r.speed());
    ImGui::SetNextItemWidth(120.0f);
    if (ImGui::SliderFloat("speed", &speed, float(Timeline::kMinSpeed), float(Timeline::kMaxSpeed), "%.2fx",
                           ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp))
        r.setSpeed(speed);
    ImGui::SameLine();
    bool follow = r.followView();
    if (ImGui::Checkbox("recorded view", &follow))
        r.setFollowView(follow);
    ImGui::SameLine();
    if (ImGui::Button("close")) {
        r.close(st);
        return false;
    }
    timeline(st, r);
    return true;
}

namespace {

void ghostSection(ViewerState& st) {
    ReplayController& r = st.session.replay();
    std::string& error = r.panel.ghostError;
    int column = 0;
    for (const GhostChoice& c : ghostChoices()) {
        const auto& chosen = r.ghostSettings();
        const auto at = std::find(chosen.begin(), chosen.end(), c.overrides);
        bool on = at != chosen.end();
        if (column++ % 4 != 0)
            ImGui::SameLine();
        if (ImGui::Checkbox(c.label.c_str(), &on)) {
            if (on)
                error = r.addGhost(c.overrides);
            else
                r.removeGhost(static_cast<size_t>(at - chosen.begin()) + 1);
        }
    }
    auto& custom = r.panel.ghost;
    ImGui::SetNextItemWidth(-90.0f);
    ImGui::InputTextWithHint("##ghost", "NAME=VALUE ... (any --set name, epsilon, hz, ...)", custom.data(),
                             custom.size());
    ImGui::SameLine();
    if (ImGui::Button("add ghost"))
        error = r.addGhost(custom.data());
    if (!error.empty())
        ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", error.c_str());
}

void ghostTable(ViewerState& st) {
    ReplayController& r = st.session.replay();
    const replay::RunSet* set = r.runs();
    if (!set)
        return;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders |
                                  ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
    const float height = ImGui::GetTextLineHeightWithSpacing() * float(r.ghosts().size() + 2) + 8.0f;
    if (!ImGui::BeginTable("ghosts", 8, flags, ImVec2(0.0f, height)))
        return;
    // A long list of settings is cut (hover for all of it).
    ImGui::TableSetupColumn("run", ImGuiTableColumnFlags_WidthFixed, 190.0f);
    for (const char* h :
         {"final position", "distance", "parts at", "airtime", "top speed", "stuck", "in solid"})
        ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const Ghost& g : r.ghosts()) {
        const replay::RunSummary& s = set->summary(g.run);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(toImVec(g.color), "%s", g.overrides.empty() ? "recorded" : g.overrides.c_str());
        if (ImGui::IsItemHovered() && !g.overrides.empty())
            ImGui::SetTooltip("%s", g.overrides.c_str());
        ImGui::TableNextColumn();
        ImGui::Text("%.0f %.0f %.0f", double(s.finalPosition.x), double(s.finalPosition.y),
                    double(s.finalPosition.z));
        ImGui::TableNextColumn();
        ImGui::Text("%.3f", double(s.finalDistance));
        ImGui::TableNextColumn();
        if (g.parting)
            ImGui::Text("tick %zu", g.parting->tick);
        else
            ImGui::TextUnformatted(g.run == 0 ? "-" : "never");
        ImGui::TableNextColumn();
        ImGui::Text("%.2f s", s.airtime);
        ImGui::TableNextColumn();
        ImGui::Text("%.0f u/s", double(s.topSpeed));
        ImGui::TableNextColumn();
        ImGui::Text("%d", s.stuckTicks);
        ImGui::TableNextColumn();
        ImGui::Text("%d", s.inSolidTicks);
    }
    ImGui::EndTable();
    if (const auto p = r.firstParting()) {
        ImGui::Text("runs part at tick %zu (%.3f s) by %.4f units", p->tick,
                    double(p->tick) / set->run(p->a).settings.rate, double(p->distance));
        ImGui::SameLine();
        if (ImGui::Button("go there")) {
            r.setPlaying(false);
            r.seek(st, p->tick);
        }
    }
}

} // namespace

void jumpTable(std::span<const replay::Jump> jumps) {
    if (jumps.empty()) {
        ImGui::TextUnformatted("no jump yet");
        return;
    }
    const ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
    if (!ImGui::BeginTable("jumps", 6, flags, ImVec2(0.0f, 120.0f)))
        return;
    for (const char* h : {"#", "distance", "apex", "airtime", "speed at take-off", "at landing"})
        ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (size_t i = 0; i < jumps.size(); ++i) {
        const replay::Jump& j = jumps[i];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%zu%s", i + 1, j.landed ? "" : " (in the air)");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("take-off %.1f %.1f %.1f\nlanding %.1f %.1f %.1f", double(j.takeoff.x),
                              double(j.takeoff.y), double(j.takeoff.z), double(j.landing.x),
                              double(j.landing.y), double(j.landing.z));
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", double(j.distance));
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", double(j.apexHeight));
        ImGui::TableNextColumn();
        ImGui::Text("%.3f s", j.airtime);
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", double(j.takeoffSpeed));
        ImGui::TableNextColumn();
        ImGui::Text("%.1f", double(j.landingSpeed));
    }
    ImGui::EndTable();
}

namespace {

/// The states the speed plot and the jump table describe: the open recording's run up to the
/// playhead, or the followed demo player's run up to the playhead, else the live player's last ticks.
std::vector<movement::PlayerState> shownStates(const ViewerState& st, double& rate) {
    if (const DemoPlayback& d = st.session.demo(); d.active()) {
        rate = d.snapshotRate();
        return d.statesToPlayhead();
    }
    const ReplayController& r = st.session.replay();
    if (const replay::RunSet* set = r.runs()) {
        const replay::Run& run = set->run(0);
        rate = run.settings.rate;
        const size_t end = std::min(run.states.size(), r.tick() + 1);
        const size_t begin =
            end > ReplayController::kHistoryTicks ? end - ReplayController::kHistoryTicks : 0;
        return {run.states.begin() + static_cast<std::ptrdiff_t>(begin),
                run.states.begin() + static_cast<std::ptrdiff_t>(end)};
    }
    rate = r.historyRate();
    return {r.history().begin(), r.history().end()};
}

} // namespace

void accelerationPlot(ViewerState& state) {
    double rate = 0.0;
    const auto states = shownStates(state, rate);
    const auto accel = replay::horizontalAcceleration(states, rate);
    // The last 4 s of ticks.
    const size_t shown = std::min(accel.size(), static_cast<size_t>(4.0 * std::max(rate, 1.0)));
    std::vector<float> speed;
    for (size_t i = states.size() - shown; i < states.size(); ++i)
        speed.push_back(replay::horizontalSpeed(states[i]));
    char label[96];
    std::snprintf(label, sizeof label, "speed per tick\n%.1f u/s",
                  speed.empty() ? 0.0 : double(speed.back()));
    ImGui::PlotLines(label, speed.data(), static_cast<int>(speed.size()), 0, nullptr, 0.0f, FLT_MAX,
                     ImVec2(0, 50));
    const float* a = accel.data() + (accel.size() - shown);
    std::snprintf(label, sizeof label, "acceleration\n%.0f u/s2", shown ? double(a[shown - 1]) : 0.0);
    ImGui::PlotHistogram(label, a, static_cast<int>(shown), 0, nullptr, FLT_MAX, FLT_MAX, ImVec2(0, 50));
}

void partingTraceTable(ViewerState& state, bool open) {
    const replay::TraceComparison* c = state.session.replay().partingTraces();
    if (!c ||
        !ImGui::CollapsingHeader("traces where the runs part", open ? ImGuiTreeNodeFlags_DefaultOpen : 0))
        return;
    ImGui::Text("tick %zu: recorded run | first ghost to part (first difference in red)", c->tick);
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollY;
    if (!ImGui::BeginTable("parting", 2, flags, ImVec2(0.0f, 160.0f)))
        return;
    const size_t n = std::max(c->a.traces.size(), c->b.traces.size());
    static constexpr const char* kPurpose[] = {"slide", "step up", "step down", "ground", "position"};
    for (size_t i = 0; i < n; ++i) {
        ImGui::TableNextRow();
        const bool differs = static_cast<int>(i) >= c->firstDifferent && c->firstDifferent >= 0;
        const ImVec4 color = static_cast<int>(i) == c->firstDifferent ? ImVec4(1.0f, 0.35f, 0.35f, 1.0f)
                             : differs                                ? ImVec4(1.0f, 0.8f, 0.6f, 1.0f)
                                                                      : ImVec4(0.85f, 0.85f, 0.85f, 1.0f);
        for (const auto* list : {&c->a.traces, &c->b.traces}) {
            ImGui::TableNextColumn();
            if (i >= list->size())
                continue;
            const movement::TraceRecord& t = (*list)[i];
            ImGui::TextColored(color, "%s f=%.6f end %.3f %.3f %.3f n %.2f %.2f %.2f%s",
                               kPurpose[static_cast<int>(t.purpose)], double(t.result.fraction),
                               double(t.result.endpos.x), double(t.result.endpos.y),
                               double(t.result.endpos.z), double(t.result.plane.normal.x),
                               double(t.result.plane.normal.y), double(t.result.plane.normal.z),
                               t.result.startSolid ? " startsolid" : "");
        }
    }
    ImGui::EndTable();
}

float recordingPanel(ViewerState& state, float viewWidth) {
    ReplayController& r = state.session.replay();
    // Docked along the bottom of the 3D view, left of the sidebar, as wide as the view: its lower
    // edge stays at the bottom, collapsed (a title bar) or open; only its height may be dragged.
    // The view is shrunk to end above it, so it covers nothing.
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float width = std::max(viewWidth, 1.0f);
    ImGui::SetNextWindowPos(ImVec2(0.0f, display.y), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
    ImGui::SetNextWindowSize(ImVec2(width, 170.0f), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0.0f), ImVec2(width, std::max(display.y * 0.5f, 1.0f)));
    // Open or collapsed as the user left it (ui_recording in viewer.cfg, not imgui.ini); F5 and a
    // replay open it.
    bool open = state.view.values().recordingOpen;
    if (r.panel.expand) {
        open = true;
        r.panel.expand = false;
    }
    ImGui::SetNextWindowCollapsed(!open, ImGuiCond_Always);
    const bool shown = ImGui::Begin("Recording", nullptr, ImGuiWindowFlags_NoMove);
    // The collapse arrow (or a double click on the title) toggles it within Begin.
    if (const bool nowOpen = !ImGui::IsWindowCollapsed(); nowOpen != state.view.values().recordingOpen)
        state.settings.flag("ui_recording").set(nowOpen);
    const float height = ImGui::GetWindowHeight();
    if (!shown) {
        ImGui::End();
        return height;
    }
    recordSection(state);
    // The demo's status while one plays, or when the last demo asked for was refused.
    DemoPlayback& demo = state.session.demo();
    const bool demoStatus = demo.active() || (!r.active() && !demo.status().empty());
    const std::string& status = demoStatus ? demo.status() : r.status();
    if (!status.empty())
        ImGui::TextWrapped("%s", status.c_str());
    if (demo.active()) {
        ImGui::Separator();
        if (playbackSection(state, demo))
            demoSection(state);
    } else if (r.active()) {
        ImGui::Separator();
        if (playbackSection(state, r)) {
            if (ImGui::CollapsingHeader("run editor (TAS)", ImGuiTreeNodeFlags_DefaultOpen))
                runEditor(state);
            ghostTable(state);
            if (ImGui::CollapsingHeader("add or remove ghosts"))
                ghostSection(state);
            partingTraceTable(state, false);
        }
    }
    if (ImGui::CollapsingHeader("jumps and speed")) {
        double rate = 0.0;
        const auto states = shownStates(state, rate);
        if (state.session.demo().active())
            jumpTable(demoJumpsToPlayhead(state.session.demo())); // timed by the snapshots
        else
            jumpTable(replay::findJumps(states, rate));
        accelerationPlot(state);
    }
    ImGui::End();
    return height;
}

} // namespace cliplab::viewer::panels
