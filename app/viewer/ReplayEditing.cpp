// The ReplayController's run editor: an edit session (replay::EditSession) over the open
// recording, shown tick by tick in place of the recorded run, with its preview path and the
// landing of the current jump drawn over the world.

#include "viewer/ReplayController.h"

#include "core/Format.h"
#include "viewer/TraceVis.h"
#include "viewer/ViewerState.h"

#include <algorithm>
#include <cmath>

namespace cliplab::viewer {

namespace {
/// The edited run's preview path; the recorded run keeps its own colour (playerColour(0)).
constexpr debugdraw::Color kPreview{0.35f, 1.0f, 0.45f, 1.0f};
/// Where the current jump comes down.
constexpr debugdraw::Color kLanding{1.0f, 0.35f, 0.25f, 1.0f};
} // namespace

bool ReplayController::startEditing(ViewerState& st) {
    if (!active())
        return false;
    if (m_edit)
        return true;
    m_playing = false;
    m_edit = std::make_unique<replay::EditSession>(m_set->recording(), *m_world);
    panel.editError.clear();
    editFieldsFromShownTick();
    editChanged(st);
    setStatus(st, core::format("editing %s: %zu ticks", m_openName.c_str(), m_edit->ticks()));
    return true;
}

void ReplayController::editFieldsFromShownTick() {
    if (!m_edit || m_edit->ticks() == 0)
        return;
    const size_t tick = std::clamp<size_t>(m_cursorTick + 1, 1, m_edit->ticks());
    panel.first = panel.last = int(tick);
    const movement::Input& in = m_edit->recording().ticks[tick - 1].input;
    panel.yaw = in.yaw;
    panel.pitch = in.pitch;
    panel.forward = int(std::lround(in.forward));
    panel.right = int(std::lround(in.right));
    panel.jump = in.jump;
    panel.crouch = in.crouch;
}

void ReplayController::stopEditing(ViewerState& st) {
    if (!m_edit)
        return;
    m_edit.reset();
    const size_t tick = std::min(m_cursorTick, ticks());
    m_cursorTick = 0;
    m_cursorState = m_set->recording().start;
    st.session.clearTickTraces();
    seek(st, tick);
}

void ReplayController::editChanged(ViewerState& st) {
    if (!m_edit)
        return;
    ++m_editRevision;
    const size_t tick = std::min(m_cursorTick, m_edit->ticks());
    m_playhead = double(tick);
    m_cursorTick = 0;
    m_cursorState = m_edit->states()[0];
    advanceCursor(st, tick);
    showCursor(st);
}

bool ReplayController::undoEdit(ViewerState& st) {
    if (!m_edit || !m_edit->undo())
        return false;
    editChanged(st);
    return true;
}

bool ReplayController::redoEdit(ViewerState& st) {
    if (!m_edit || !m_edit->redo())
        return false;
    editChanged(st);
    return true;
}

void ReplayController::updateLanding() {
    if (!m_edit) {
        m_editLanding.reset();
        return;
    }
    // landing() may simulate up to kExtrapolateSeconds past the run's end: once per tick shown and edit.
    if (m_landingTick == m_cursorTick && m_landingRevision == m_editRevision)
        return;
    m_landingTick = m_cursorTick;
    m_landingRevision = m_editRevision;
    m_editLanding = m_edit->landing(m_cursorTick);
}

std::span<const movement::PlayerState> ReplayController::shownStates() const {
    if (m_edit)
        return m_edit->states();
    if (m_set)
        return m_set->run(0).states;
    return {};
}

const replay::Recording* ReplayController::shownRecording() const {
    if (m_edit)
        return &m_edit->recording();
    return m_set ? &m_set->recording() : nullptr;
}

void ReplayController::drawEdit(debugdraw::DebugDraw& draw) const {
    const auto& states = m_edit->states();
    // The edited run after the shown tick: bright, over the world (it is what the edit changed).
    const debugdraw::Style path{kPreview, false};
    const size_t stride = std::max<size_t>(1, states.size() / 3000);
    for (size_t i = m_cursorTick + stride; i < states.size(); i += stride)
        draw.line(states[i - stride].origin, states[i].origin, path);
    const movement::PlayerState& end = states.back();
    drawShape(draw, movement::playerShape(m_edit->recording().settings.movement, end.crouched), end.origin,
              debugdraw::Style{kPreview, true});
    if (m_editLanding) {
        const glm::vec3 o = m_editLanding->origin;
        const debugdraw::Style mark{kLanding, false};
        draw.arrow(o + glm::vec3(0, 0, 48), o, mark, 8.0f);
        draw.wireBox(o - glm::vec3(12, 12, 0), o + glm::vec3(12, 12, 2), mark);
    }
}

} // namespace cliplab::viewer
