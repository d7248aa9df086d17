// The viewer's frame, drawn: the panels, the scene with its overlays (brushes, analysis views,
// traces, recordings) and the screenshots of it.

#include "viewer/BrushView.h"
#include "viewer/GlWindow.h"
#include "viewer/MapperView.h"
#include "viewer/Png.h"
#include "viewer/TraceVis.h"
#include "viewer/ViewerLoop.h"
#include "viewer/ViewerSettings.h"
#include "viewer/panels/Panels.h"

#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>

namespace cliplab::viewer {

namespace {

/// The bound framebuffer's pixels as RGB rows, top row first.
std::vector<unsigned char> readPixels(int width, int height) {
    std::vector<unsigned char> rows(static_cast<size_t>(width) * static_cast<size_t>(height) * 3);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, rows.data());
    std::vector<unsigned char> flipped(rows.size());
    const size_t stride = static_cast<size_t>(width) * 3;
    for (int y = 0; y < height; ++y)
        std::copy_n(rows.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(height - 1 - y) * stride),
                    stride, flipped.begin() + static_cast<std::ptrdiff_t>(static_cast<size_t>(y) * stride));
    return flipped;
}

} // namespace

void ViewerLoop::drawPanels() {
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    m_input.feedImGui();
    ImGui::NewFrame();
    m_viewWidth = panels::drawAll(m_st);
    panels::strafeHud(m_st, m_keys, m_viewWidth); // across the middle of the view, under the panels
    m_barHeight = panels::recordingPanel(m_st, m_viewWidth); // along the bottom, below the view
    m_everCaptured = m_everCaptured || m_input.captured();
    const float displayHeight = ImGui::GetIO().DisplaySize.y;
    panels::viewOverlay(m_st, {m_viewWidth, std::max(displayHeight - m_barHeight, 1.0f), m_input.captured(),
                               !m_everCaptured});
    panels::demoLabels(m_st);
    panels::surfaceHoverTooltip(m_st);
    panels::mapperLabels(m_st);
    m_console->draw(); // last, so the drop-down is on top
    ImGui::Render();
    updateViewport(); // this frame's sidebar width for the scene
}

void ViewerLoop::drawScene() {
    if (m_offscreen)
        m_offscreen->bind();
    else
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    LoadedMap& map = *m_st.session.map();
    render::Renderer& renderer = *map.renderer;
    const ViewOptions::Values& view = m_st.view.values();
    render::RenderSettings rs = view.render;
    rs.drawWorld = view.render.drawWorld && !view.brushes; // the brush view replaces the surfaces
    rs.viewportY = m_viewportY;                            // the view ends above the Recording bar
    if (view.brushes)
        drawBrushes(map.data, renderer.debugDraw(), m_st.view.camera().eye, view.brushView.range,
                    view.brushView.shown, view.brushView.bevels);
    drawAnalysis(renderer.debugDraw());
    drawTraceVis(m_st, renderer.debugDraw());
    if (m_st.mapper.leak && m_st.mapper.leakShown)
        drawLeakPath(*m_st.mapper.leak, renderer.debugDraw());
    if (m_st.mapper.tape.result)
        drawTape(*m_st.mapper.tape.result, m_st.session.movement(), renderer.debugDraw());
    m_st.session.replay().draw(m_st, renderer.debugDraw());
    m_st.session.demo().draw(renderer.debugDraw(), !view.chase);
    renderer.draw(m_st.view.camera(), m_st.session.player().time, rs);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void ViewerLoop::drawArcs(debugdraw::DebugDraw& draw) {
    LoadedMap& map = *m_st.session.map();
    const AnalysisViews::Values& v = m_st.analysis.values();
    const Session& session = m_st.session;
    analysis::FlightSettings flight;
    flight.movement = session.sim().settings();
    flight.rate = session.sim().rate();
    flight.trace = session.rules().options;
    const movement::PlayerState& ps = session.player();
    const bool airborne = v.prediction && ps.mode == movement::Mode::Walk && !ps.onGround &&
                          !session.replay().active() && !session.demo().active();
    m_st.analysis.setPrediction(std::nullopt);
    if (!v.padArcs && !airborne)
        return;
    const PadArcCache::Arcs& arcs =
        m_st.analysis.padArcs().get(map.data, map.inspector->entities(), *map.model, flight);
    if (v.padArcs)
        drawPadArcs(arcs, draw);
    if (airborne) {
        // Where the player goes from here with its hands off the keys (pads push it on).
        analysis::FlightSettings predict = flight;
        predict.maxTime = 4.0;
        m_st.analysis.setPrediction(analysis::simulateFlight(*map.model, ps, arcs.pads, predict));
        drawFlight(*m_st.analysis.prediction(), draw, overlayColors::kPrediction);
    }
}

void ViewerLoop::drawHullView(debugdraw::DebugDraw& draw) {
    LoadedMap& map = *m_st.session.map();
    const AnalysisViews::Values& v = m_st.analysis.values();
    const bool probeBox = v.hullBox == HullBox::Probe;
    collision::Shape box =
        probeBox ? m_st.probes.settings().probeShape()
                 : movement::playerShape(m_st.session.sim().settings(), m_st.session.player().crouched);
    glm::vec3 mins = box.mins, maxs = box.maxs;
    if (box.kind == collision::ShapeKind::Sphere || box.kind == collision::ShapeKind::Cylinder) {
        const glm::vec3 half(box.radius, box.radius,
                             box.kind == collision::ShapeKind::Sphere ? box.radius : box.halfHeight);
        const glm::vec3 mid =
            box.kind == collision::ShapeKind::Cylinder ? (box.mins + box.maxs) * 0.5f : glm::vec3(0.0f);
        mins = mid - half;
        maxs = mid + half;
    }
    const bsp::Model& world = map.data.models[0];
    const int32_t mask = probeBox ? m_st.probes.settings().mask : m_st.session.sim().settings().contentsMask;
    drawHulls(m_st.analysis.hulls().get(*map.model, world.firstBrush, world.numBrushes, mins, maxs, mask),
              draw, m_st.view.camera().eye, v.hullRange);
}

void ViewerLoop::drawAnalysis(debugdraw::DebugDraw& draw) {
    const AnalysisViews::Values& v = m_st.analysis.values();
    drawArcs(draw);
    if (v.snags)
        drawSnagCells(m_st.analysis.snagCells(), draw, 64.0f);
    m_st.pollReach();
    const glm::vec3 eye = m_st.view.camera().eye;
    if (v.reach && m_st.analysis.reach().map)
        drawReachCells(*m_st.analysis.reach().map, draw, eye, v.reachRange,
                       -m_st.session.sim().settings().mins.z, v.reachDeadly);
    if (v.surfaceClasses)
        drawSurfaceClasses(m_st.session.map()->surfaceFaces, draw, eye, v.classRange, v.shownClasses);
    if (v.hull)
        drawHullView(draw);
}

void ViewerLoop::capture(std::optional<std::string> request, bool lastFrame) {
    if (!request && !(lastFrame && !m_config.screenshot.empty()))
        return;
    // F12 and `screenshot` without a name: a dated file in the pictures folder; `screenshot
    // FILE`: that file.
    std::string path = request ? *request : m_config.screenshot;
    if (path.empty()) {
        char name[64];
        const std::time_t t = std::time(nullptr);
        std::strftime(name, sizeof name, "cliplab-%Y%m%d-%H%M%S.png", std::localtime(&t));
        const std::string dir = screenshotDirectory();
        std::error_code ec;
        if (!dir.empty())
            std::filesystem::create_directories(dir, ec); // a failure is named by the write below
        path = dir.empty() ? std::string(name) : dir + "/" + name;
    }
    if (!m_offscreen)
        glReadBuffer(GL_BACK);
    const int w = std::max(m_drawW, 1), h = std::max(m_drawH, 1);
    const core::Status written = writePng(path, w, h, readPixels(w, h));
    // Said in the console (and on stdout): where the picture went, or why it did not.
    m_st.announce(written ? "screenshot saved to " + std::filesystem::absolute(path).string()
                          : written.error().message);
}

} // namespace cliplab::viewer
