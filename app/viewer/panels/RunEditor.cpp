// The Recording panel's run editor (tool-assisted runs): on an open recording, pause at a tick,
// change the inputs of a range of ticks (keys, yaw and pitch as numbers or from the view), fill a
// range with optimal strafing, bookmarks, undo and redo, save as a new .cliprec. Every change runs
// the rest of the run again at once (replay::EditSession); the 3D view draws the edited path from
// the tick shown and where the current jump lands (ReplayController::drawEdit).

#include "viewer/panels/Panels.h"

#include <imgui.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <cstdio>
#include <string>

namespace cliplab::viewer::panels {

namespace {

const ImVec4 kError(1.0f, 0.4f, 0.4f, 1.0f);

/// Runs an edit of ticks first..last; its error goes under the editor, a success shows the run again.
void applyEdit(ViewerState& st, const replay::InputEdit& edit) {
    ReplayController& r = st.session.replay();
    ReplayController::PanelInput& p = r.panel;
    const core::Status done =
        r.editor()->editInputs(size_t(std::max(p.first, 0)), size_t(std::max(p.last, 0)), edit);
    p.editError = done ? "" : done.error().message;
    r.editChanged(st);
}

/// The range: first and last tick, the tick about to run from the state shown.
void rangeRow(ViewerState& st) {
    ReplayController& r = st.session.replay();
    ReplayController::PanelInput& p = r.panel;
    const int ticks = int(r.editor()->ticks());
    ImGui::SetNextItemWidth(110.0f);
    ImGui::InputInt("first", &p.first);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(110.0f);
    ImGui::InputInt("last", &p.last);
    p.first = std::clamp(p.first, 1, std::max(ticks, 1));
    p.last = std::clamp(p.last, p.first, std::max(ticks, 1));
    ImGui::SameLine();
    if (ImGui::Button("the tick shown"))
        r.editFieldsFromShownTick();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "first = last = the tick that runs from the state shown; its inputs into the fields");
    const movement::Input& in = r.editor()->recording().ticks[size_t(p.first - 1)].input;
    ImGui::SameLine();
    ImGui::TextDisabled("tick %d: fwd %.0f right %.0f%s%s yaw %.3f pitch %.3f", p.first, double(in.forward),
                        double(in.right), in.jump ? " jump" : "", in.crouch ? " crouch" : "", double(in.yaw),
                        double(in.pitch));
}

/// Keys and angles of the range.
void inputRows(ViewerState& st) {
    ReplayController& r = st.session.replay();
    ReplayController::PanelInput& p = r.panel;
    ImGui::SetNextItemWidth(80.0f);
    ImGui::SliderInt("forward", &p.forward, -1, 1);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(80.0f);
    ImGui::SliderInt("right", &p.right, -1, 1);
    ImGui::SameLine();
    ImGui::Checkbox("jump", &p.jump);
    ImGui::SameLine();
    ImGui::Checkbox("crouch", &p.crouch);
    ImGui::SameLine();
    if (ImGui::Button("set keys")) {
        replay::InputEdit e;
        e.forward = float(p.forward);
        e.right = float(p.right);
        e.jump = p.jump;
        e.crouch = p.crouch;
        e.up = p.crouch ? -1.0f : (p.jump ? 1.0f : 0.0f); // as the viewer's keys set it
        applyEdit(st, e);
    }
    ImGui::SetNextItemWidth(120.0f);
    ImGui::InputFloat("yaw", &p.yaw, 0.1f, 1.0f, "%.4f");
    ImGui::SameLine();
    if (ImGui::Button("set yaw")) {
        replay::InputEdit e;
        e.yaw = p.yaw;
        applyEdit(st, e);
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(120.0f);
    ImGui::InputFloat("pitch", &p.pitch, 0.1f, 1.0f, "%.4f");
    ImGui::SameLine();
    if (ImGui::Button("set pitch")) {
        replay::InputEdit e;
        e.pitch = p.pitch;
        applyEdit(st, e);
    }
    ImGui::SameLine();
    if (ImGui::Button("set yaw and pitch from view")) {
        replay::InputEdit e;
        e.yaw = p.yaw = st.view.camera().yaw;
        e.pitch = p.pitch = st.view.camera().pitch;
        applyEdit(st, e);
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("untick 'recorded view' above, turn the view (right mouse button), then set");
}

/// Strafe fill of the range.
void fillRow(ViewerState& st) {
    ReplayController& r = st.session.replay();
    ReplayController::PanelInput& p = r.panel;
    ImGui::TextUnformatted("strafe fill:");
    ImGui::SameLine();
    // Their own IDs: "right" is also the keys row's slider, and a click on one made ImGui take the
    // other for the active item (an assertion in ButtonBehavior ended the viewer).
    ImGui::RadioButton("left##fill", &p.side, 0);
    ImGui::SameLine();
    ImGui::RadioButton("right##fill", &p.side, 1);
    ImGui::SameLine();
    ImGui::RadioButton("auto##fill", &p.side, 2);
    ImGui::SameLine();
    ImGui::Checkbox("aim at the best snap zone", &p.snapAim);
    ImGui::SameLine();
    if (ImGui::Button("fill first..last")) {
        static constexpr movement::StrafeSide kSides[] = {
            movement::StrafeSide::Left, movement::StrafeSide::Right, movement::StrafeSide::Auto};
        const auto done =
            r.editor()->strafeFill(size_t(p.first), size_t(p.last), kSides[std::clamp(p.side, 0, 2)],
                                   p.snapAim ? replay::FillAim::Snap : replay::FillAim::Optimal);
        p.editError = done ? "" : done.error().message;
        if (done && done->skipped > 0)
            p.editError = std::to_string(done->filled) + " ticks filled, " + std::to_string(done->skipped) +
                          " left (no horizontal key, standing still, not walking)";
        r.editChanged(st);
    }
}

/// Bookmarks: name the tick shown, go to one, remove one.
void bookmarkRow(ViewerState& st) {
    ReplayController& r = st.session.replay();
    replay::EditSession& e = *r.editor();
    auto& name = r.panel.bookmark;
    ImGui::SetNextItemWidth(140.0f);
    ImGui::InputTextWithHint("##bookmark", "bookmark name", name.data(), name.size());
    ImGui::SameLine();
    if (ImGui::Button("bookmark the tick shown"))
        (void)e.setBookmark(r.tick(),
                            name[0] ? std::string(name.data()) : "tick " + std::to_string(r.tick()));
    size_t remove = SIZE_MAX;
    for (const replay::Bookmark& b : e.bookmarks()) {
        ImGui::SameLine();
        ImGui::PushID(int(b.tick));
        if (ImGui::SmallButton((b.name + " (" + std::to_string(b.tick) + ")").c_str()))
            r.seek(st, b.tick);
        ImGui::SameLine(0.0f, 1.0f);
        if (ImGui::SmallButton("x"))
            remove = b.tick;
        ImGui::PopID();
    }
    if (remove != SIZE_MAX)
        e.removeBookmark(remove);
}

/// Where the edited run ends and lands against the recording as opened; save as.
void previewAndSave(ViewerState& st) {
    ReplayController& r = st.session.replay();
    replay::EditSession& e = *r.editor();
    const movement::PlayerState& end = e.states().back();
    const movement::PlayerState& was = e.originalStates().back();
    ImGui::Text("end %.1f %.1f %.1f (%.1f from the recording's end), %.0f u/s; last edit ran %zu ticks again",
                double(end.origin.x), double(end.origin.y), double(end.origin.z),
                double(glm::distance(end.origin, was.origin)), double(glm::length(glm::vec2(end.velocity))),
                e.lastResimulated());
    if (const auto& l = r.editLanding())
        ImGui::Text("current jump lands at tick %zu: %.1f %.1f %.1f%s", l->tick, double(l->origin.x),
                    double(l->origin.y), double(l->origin.z),
                    l->extrapolated ? " (past the end, no keys)" : "");
    auto& path = r.panel.savePath;
    ImGui::SetNextItemWidth(-90.0f);
    ImGui::InputTextWithHint("##saveas", "edited.cliprec", path.data(), path.size());
    ImGui::SameLine();
    if (ImGui::Button("save as") && path[0] != 0) {
        const core::Status saved = e.save(path.data());
        r.panel.editError = saved ? "" : saved.error().message;
        st.say(saved ? "edited recording saved to " + std::string(path.data()) : saved.error().message);
    }
}

} // namespace

void runEditor(ViewerState& state) {
    ReplayController& r = state.session.replay();
    if (!r.editing()) {
        if (ImGui::Button("edit this recording"))
            r.startEditing(state);
        ImGui::SameLine();
        note("pause at a tick, change its inputs or fill a range with strafing; the run after it is "
             "simulated again at once, drawn in green with the landing of the current jump");
        return;
    }
    replay::EditSession& e = *r.editor();
    ImGui::BeginDisabled(!e.canUndo());
    if (ImGui::Button("undo (Ctrl+Z)"))
        r.undoEdit(state);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!e.canRedo());
    if (ImGui::Button("redo (Ctrl+Y)"))
        r.redoEdit(state);
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("stop editing (drops the edits)")) {
        r.stopEditing(state);
        return;
    }
    if (e.ticks() == 0) {
        note("the recording has no tick to edit");
        return;
    }
    rangeRow(state);
    inputRows(state);
    fillRow(state);
    bookmarkRow(state);
    previewAndSave(state);
    if (!r.panel.editError.empty())
        ImGui::TextColored(kError, "%s", r.panel.editError.c_str());
}

} // namespace cliplab::viewer::panels
