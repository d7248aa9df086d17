// The probes', the view's and the analysis views' settings, each declared once.

#include "viewer/settings/SettingsRegistry.h"

#include "analysis/SurfaceClass.h"
#include "inspect/BrushKind.h"
#include "inspect/Markers.h"
#include "viewer/AnalysisViews.h"
#include "viewer/Probes.h"
#include "viewer/ViewOptions.h"

#include <algorithm>
#include <map>

namespace cliplab::viewer {

namespace {

/// The bits of a set of toggles: bit i for toggle i.
template <size_t N> uint32_t bitsOf(const std::array<bool, N>& toggles) {
    uint32_t bits = 0;
    for (size_t i = 0; i < N; ++i)
        bits |= toggles[i] ? 1u << i : 0u;
    return bits;
}

template <size_t N> void setBits(std::array<bool, N>& toggles, uint32_t bits) {
    for (size_t i = 0; i < N; ++i)
        toggles[i] = (bits & (1u << i)) != 0;
}

/// A flag bound to one bool of an owner's values.
template <typename Values>
std::unique_ptr<FlagSetting> flagOf(SettingInfo i, const Values& read, Values& write, bool Values::*field) {
    return std::make_unique<FlagSetting>(
        std::move(i), Values{}.*field,
        Binding<bool>{[&read, field] { return read.*field; }, [&write, field](bool v) { write.*field = v; }});
}

/// A float number bound to one float of an owner's values.
template <typename Values>
std::unique_ptr<NumberSetting> numberOf(SettingInfo i, double min, double max, const Values& read,
                                        Values& write, float Values::*field) {
    return std::make_unique<NumberSetting>(
        std::move(i), min, max, double(Values{}.*field),
        Binding<double>{[&read, field] { return double(read.*field); },
                        [&write, field](double v) { write.*field = float(v); }});
}

/// "NAME:0|1,NAME:0|1,...": which sidebar sections are open. Names are printable, without ':' or
/// ','; at most 64 entries. All or nothing: a malformed list changes no section.
bool parseSections(const std::string& text, std::map<std::string, bool>& out) {
    std::map<std::string, bool> sections;
    for (size_t at = 0; at < text.size();) {
        const size_t comma = std::min(text.find(',', at), text.size());
        const std::string item = text.substr(at, comma - at);
        const size_t colon = item.rfind(':');
        if (colon == std::string::npos || colon == 0 || colon + 2 != item.size() ||
            (item[colon + 1] != '0' && item[colon + 1] != '1'))
            return false;
        const std::string name = item.substr(0, colon);
        for (char c : name)
            if (c < ' ' || c > '~' || c == ':')
                return false;
        sections[name] = item[colon + 1] == '1';
        if (sections.size() > 64)
            return false;
        at = comma + 1;
    }
    for (const auto& [name, open] : sections)
        out[name] = open;
    return !sections.empty();
}

} // namespace

void SettingsRegistry::addProbe() {
    const ProbeSettings& r = m_probes.settings();
    ProbeSettings& w = m_probes.settings(m_key);
    const ProbeSettings d;
    add(std::make_unique<ChoiceSetting>(
        settingInfo("trace.shape", "trace_shape", "probe shape", "the probe's and sweep's shape", true),
        namesOf(collision::kShapeNames), int(d.shape),
        Binding<int>{[&r] { return int(r.shape); }, [&w](int v) { w.shape = collision::ShapeKind(v); }}));
    const float extent = limits::kProbeExtent, radius = limits::kProbeRadius;
    add(std::make_unique<VectorSetting>(
        settingInfo("trace.mins", "trace_mins", "probe mins", "probe box lower corner (units)", false,
                    {-extent, 0, "%.2f", false, 0.5f}),
        -extent, 0.0f, d.mins,
        Binding<glm::vec3>{[&r] { return r.mins; }, [&w](glm::vec3 v) { w.mins = v; }}));
    add(std::make_unique<VectorSetting>(
        settingInfo("trace.maxs", "trace_maxs", "probe maxs", "probe box upper corner (units)", false,
                    {0, extent, "%.2f", false, 0.5f}),
        0.0f, extent, d.maxs,
        Binding<glm::vec3>{[&r] { return r.maxs; }, [&w](glm::vec3 v) { w.maxs = v; }}));
    add(numberOf(settingInfo("trace.radius", "trace_radius", "radius",
                             "probe sphere and cylinder radius (units)", true, {0, radius, "%.2f"}),
                 0.0, radius, r, w, &ProbeSettings::radius));
    add(numberOf(settingInfo("trace.halfHeight", "trace_halfHeight", "half height",
                             "probe cylinder half height (units)", false, {0, radius, "%.2f"}),
                 0.0, radius, r, w, &ProbeSettings::halfHeight));
    add(std::make_unique<MaskSetting>(
        settingInfo("trace.mask", "trace_mask", "probe contents mask",
                    "contents that stop the probe and sweep: names joined by | (SOLID|PLAYERCLIP), numbers, "
                    "MASK_PLAYERSOLID",
                    true),
        d.mask, Binding<int32_t>{[&r] { return r.mask; }, [&w](int32_t v) { w.mask = v; }}));
    add(flagOf(settingInfo("trace.compareSemantics", "trace_compareSemantics", "compare quake3 / robust",
                           "1: probe and sweep traced again in the other of quake3/robust (method brush)"),
               r, w, &ProbeSettings::compareSemantics));
}

void SettingsRegistry::addView() {
    const ViewOptions::Values& r = m_view.values();
    ViewOptions::Values& w = m_view.values(m_key);
    const ViewOptions::Values d;
    add(std::make_unique<ChoiceSetting>(
        settingInfo("render.view", "r_viewMode", "view", "how the world is drawn", true),
        namesOf(render::kViewModeNames), int(d.render.view),
        Binding<int>{[&r] { return int(r.render.view); },
                     [&w](int v) { w.render.view = render::ViewMode(v); }}));
    add(std::make_unique<WholeSetting>(
        settingInfo("render.patchLevel", "r_patchLevel", "patch level",
                    "subdivisions per bezier piece of a curve", true,
                    {limits::kPatchLevelMin, limits::kPatchLevelMax, "%d", true}),
        limits::kPatchLevelMin, limits::kPatchLevelMax, d.render.patchLevel,
        Binding<int64_t>{[&r] { return int64_t(r.render.patchLevel); },
                         [&w](int64_t v) { w.render.patchLevel = int(v); }}));
    auto renderFlag = [&](SettingInfo i, bool render::RenderSettings::*f) {
        add(std::make_unique<FlagSetting>(
            std::move(i), d.render.*f,
            Binding<bool>{[&r, f] { return r.render.*f; }, [&w, f](bool v) { w.render.*f = v; }}));
    };
    renderFlag(
        settingInfo("render.wireframe", "r_showtris", "wireframe", "1: the triangle edges over the world"),
        &render::RenderSettings::wireframe);
    renderFlag(
        settingInfo("render.world", "r_drawworld", "world",
                    "1: the map's surfaces drawn; 0: only the debug drawing, as the game's r_drawworld"),
        &render::RenderSettings::drawWorld);
    renderFlag(settingInfo("render.models", "r_drawentities", "models",
                           "1: items and misc_models drawn as models", true),
               &render::RenderSettings::drawModels);
    auto cull = [&](SettingInfo i, bool scene::CullSettings::*f) {
        i.consoleInverted = true; // the game's r_novis and r_nocull turn culling off
        add(std::make_unique<FlagSetting>(
            std::move(i), d.render.cull.*f,
            Binding<bool>{[&r, f] { return r.render.cull.*f; }, [&w, f](bool v) { w.render.cull.*f = v; }}));
    };
    cull(settingInfo("render.pvs", "r_novis", "PVS culling", "1: no PVS culling, as the game's r_novis"),
         &scene::CullSettings::pvs);
    cull(settingInfo("render.frustum", "r_nocull", "frustum culling",
                     "1: no frustum culling, as the game's r_nocull"),
         &scene::CullSettings::frustum);
    add(flagOf(settingInfo("render.vsync", "r_swapInterval", "vsync",
                           "1: frames wait for the display's refresh", true),
               r, w, &ViewOptions::Values::vsync));
    float& fov = m_view.fov(m_key);
    const ViewOptions& view = m_view;
    add(std::make_unique<NumberSetting>(settingInfo("render.fov", "cg_fov", "fov",
                                                    "horizontal field of view (degrees)", true,
                                                    {limits::kFovMin, limits::kFovMax, "%.0f"}),
                                        limits::kFovMin, limits::kFovMax, double(scene::Camera{}.fovX),
                                        Binding<double>{[&view] { return double(view.camera().fovX); },
                                                        [&fov](double v) { fov = float(v); }}));
    add(flagOf(settingInfo("view.chase", "cg_thirdPerson", "chase camera (T)",
                           "1: the chase camera behind the player, its shape in view; 0: first person", true),
               r, w, &ViewOptions::Values::chase));
    add(numberOf(settingInfo("view.chaseDistance", "cg_thirdPersonRange", "chase distance",
                             "how far behind the eye the chase camera wants to be (units)", true,
                             {0, limits::kChaseMax, "%.0f units", true}),
                 0.0, limits::kChaseMax, r, w, &ViewOptions::Values::chaseDistance));
    add(flagOf(
        settingInfo(
            "view.legend", "cg_drawLegend", "legend of the overlays",
            "1: a legend at the view's lower left names the overlays drawn (traces, hit plane, hit brush...)",
            true),
        r, w, &ViewOptions::Values::legend));
    add(std::make_unique<ChoiceSetting>(
        settingInfo(
            "view.crosshairNames", "cg_crosshairNames", "name what the crosshair points at",
            "the face and brush under the crosshair named next to it (brush, side, shader, contents): "
            "off, noclip (only in noclip) or always",
            true),
        namesOf(kCrosshairNamesNames), int(ViewOptions::Values{}.crosshairNames),
        Binding<int>{[&r] { return int(r.crosshairNames); },
                     [&w](int v) { w.crosshairNames = CrosshairNames(v); }}));
    add(flagOf(settingInfo("ui.recording", "ui_recording", "",
                           "1: the Recording bar below the view is open (as the user left it)", true),
               r, w, &ViewOptions::Values::recordingOpen));
    addStrafeHud();
    add(std::make_unique<TextSetting>(
        settingInfo("ui.sections", "ui_sections", "", "the sidebar's sections open (1) or closed (0)", true),
        "NAME:0|1,... (the sidebar's sections)",
        [&w](const std::string& t) { return parseSections(t, w.sections); },
        [&r] {
            std::string out;
            for (const auto& [name, open] : r.sections)
                out += (out.empty() ? "" : ",") + name + ":" + (open ? "1" : "0");
            return out;
        },
        [&w] { w.sections.clear(); }));
}

void SettingsRegistry::addStrafeHud() {
    const ViewOptions::Values& r = m_view.values();
    ViewOptions::Values& w = m_view.values(m_key);
    ChoiceSetting& hud = add(std::make_unique<ChoiceSetting>(
        settingInfo(
            "view.strafeHud", "cg_strafeHud", "strafe HUD",
            "the strafe HUD (CGaz bands, snap zones, meters) in walk mode: off, on, or auto (the quake3 "
            "preset); 0 and 1 as the game's cvars",
            true),
        namesOf(kStrafeHudNames), int(ViewOptions::Values{}.strafeHud),
        Binding<int>{[&r] { return int(r.strafeHud); }, [&w](int v) { w.strafeHud = StrafeHudMode(v); }}));
    // The game's HUD cvars are 0 or 1: those words turn it off and on; the names work as well.
    hud.setTextForm(TextForm{{},
                             [&hud](const std::string& word) -> std::optional<std::string> {
                                 // Off and On are the choices 0 and 1, so the numbers are their indices, as
                                 // viewer.cfg reads a choice.
                                 const auto& names = hud.names();
                                 const auto at = std::find(names.begin(), names.end(), word);
                                 if (word != "0" && word != "1" && at == names.end())
                                     return "cg_strafeHud: expected 0, 1, off, on or auto, got '" + word +
                                            "'";
                                 hud.set(at != names.end() ? int(at - names.begin()) : word[0] - '0');
                                 return std::nullopt;
                             },
                             "0, 1, off, on or auto",
                             {},
                             std::vector<std::string>{"0", "1", "off", "on", "auto"}});
}

void SettingsRegistry::addOverlays() {
    const ViewOptions::Values& r = m_view.values();
    ViewOptions::Values& w = m_view.values(m_key);
    const ViewOptions::Values d;
    add(flagOf(settingInfo("view.brushes", "r_brushes", "collision brushes (instead of surfaces)",
                           "1: the collision brushes are drawn instead of the surfaces"),
               r, w, &ViewOptions::Values::brushes));
    add(std::make_unique<FlagSetting>(
        settingInfo("view.brushBevels", "r_bevels", "bevel arrows (sides that bound no face)",
                    "1: the brush view draws bevel sides as arrows"),
        d.brushView.bevels,
        Binding<bool>{[&r] { return r.brushView.bevels; }, [&w](bool v) { w.brushView.bevels = v; }}));
    std::vector<std::string> kinds;
    for (int k = 0; k < inspect::kBrushKindCount; ++k)
        kinds.emplace_back(inspect::brushKindName(inspect::BrushKind(k)));
    add(std::make_unique<NameSetSetting>(
        settingInfo("view.brushKinds", "r_brushKinds", "", "the brush kinds the brush view draws"), kinds,
        bitsOf(d.brushView.shown),
        Binding<uint32_t>{[&r] { return bitsOf(r.brushView.shown); },
                          [&w](uint32_t v) { setBits(w.brushView.shown, v); }}));
    std::vector<std::string> markers;
    for (int k = 0; k < inspect::kMarkerKindCount; ++k)
        markers.emplace_back(inspect::markerKindName(inspect::MarkerKind(k)));
    add(std::make_unique<NameSetSetting>(
        settingInfo("view.markerKinds", "r_markerKinds", "", "the entity markers drawn"), markers,
        bitsOf(d.markers.shown),
        Binding<uint32_t>{[&r] { return bitsOf(r.markers.shown); },
                          [&w](uint32_t v) { setBits(w.markers.shown, v); }}));
    add(std::make_unique<FlagSetting>(
        settingInfo("view.markerLabels", "r_markerLabels", "labels (markers in sight within 1024 units)",
                    "1: entity markers have labels"),
        d.markers.labels,
        Binding<bool>{[&r] { return r.markers.labels; }, [&w](bool v) { w.markers.labels = v; }}));
    addTraceOverlays();
}

void SettingsRegistry::addTraceOverlays() {
    const ViewOptions::Values& r = m_view.values();
    ViewOptions::Values& w = m_view.values(m_key);
    const VisToggles d;
    auto visFlag = [&](std::string key, std::string name, std::string label, std::string doc,
                       bool VisToggles::*f) {
        add(std::make_unique<FlagSetting>(
            settingInfo(std::move(key), std::move(name), std::move(label), std::move(doc)), d.*f,
            Binding<bool>{[&r, f] { return r.vis.*f; }, [&w, f](bool v) { w.vis.*f = v; }}));
    };
    visFlag("vis.traceSegments", "vis_traceSegments", "trace segments",
            "1: traces drawn, coloured by outcome", &VisToggles::traceSegments);
    visFlag("vis.sweptBoxes", "vis_sweptShapes", "swept shapes",
            "1: the swept shape at the start and the stop", &VisToggles::sweptBoxes);
    visFlag("vis.hitPoint", "vis_hitPoint", "hit point", "1: a cross where a trace stopped",
            &VisToggles::hitPoint);
    visFlag("vis.hitPlane", "vis_hitPlane", "hit plane", "1: the hit plane and its normal",
            &VisToggles::hitPlane);
    visFlag("vis.hitBrush", "vis_hitBrush", "hit brush", "1: the hit brush's wire hull",
            &VisToggles::hitBrush);
    visFlag("vis.patchFacets", "vis_patchFacets", "patch facets",
            "1: the flat facets players collide with on curves, near the last patch hit",
            &VisToggles::patchFacets);
    add(std::make_unique<WholeSetting>(settingInfo("vis.ticksShown", "vis_ticksShown", "ticks shown",
                                                   "the player's traces of the last N ticks are drawn", true,
                                                   {0, limits::kTicksShownMax, "%d"}),
                                       0, limits::kTicksShownMax, d.ticksShown,
                                       Binding<int64_t>{[&r] { return int64_t(r.vis.ticksShown); },
                                                        [&w](int64_t v) { w.vis.ticksShown = int(v); }}));
}

void SettingsRegistry::addAnalysis() {
    using V = AnalysisViews::Values;
    const V& r = m_analysis.values();
    V& w = m_analysis.values(m_key);
    const V d;
    add(flagOf(settingInfo("analysis.surfaceClasses", "r_surfaceClasses", "surface classes",
                           "1: faces are coloured by surface class (walkable, slick, clips...)"),
               r, w, &V::surfaceClasses));
    std::vector<std::string> classes;
    for (int c = 0; c < analysis::kSurfaceClassCount; ++c)
        classes.emplace_back(analysis::surfaceClassName(analysis::SurfaceClass(c)));
    add(std::make_unique<NameSetSetting>(
        settingInfo("analysis.shownClasses", "r_surfaceClassesShown", "", "the surface classes coloured"),
        classes, d.shownClasses,
        Binding<uint32_t>{[&r] { return r.shownClasses; }, [&w](uint32_t v) { w.shownClasses = v; }}));
    add(numberOf(settingInfo("analysis.classRange", "r_surfaceClassRange", "class range",
                             "faces farther from the eye are not coloured (units)", false,
                             {64, 65536, "%.0f units", true}),
                 64.0, 65536.0, r, w, &V::classRange));
    add(flagOf(settingInfo("analysis.hull", "r_hull", "hull view (brushes grown by a box)",
                           "1: the world's brushes are drawn grown by the player's box"),
               r, w, &V::hull));
    add(std::make_unique<ChoiceSetting>(
        settingInfo(
            "analysis.hullBox", "r_hullBox", "hull box",
            "the box the hull view grows the brushes by: the player's (standing or crouched) or the probe's"),
        namesOf(kHullBoxNames), int(d.hullBox),
        Binding<int>{[&r] { return int(r.hullBox); }, [&w](int v) { w.hullBox = HullBox(v); }}));
    add(numberOf(settingInfo("analysis.hullRange", "r_hullRange", "hull range",
                             "hulls farther from the eye are not drawn (units)", false,
                             {64, 8192, "%.0f units", true}),
                 64.0, 8192.0, r, w, &V::hullRange));
    add(flagOf(settingInfo("analysis.padArcs", "r_padArcs", "jump pad arcs",
                           "1: every jump pad's simulated arc, landing and target are drawn"),
               r, w, &V::padArcs));
    add(flagOf(settingInfo("analysis.prediction", "r_prediction", "airborne prediction",
                           "1: while in the air, the player's flight with no keys and its landing are drawn"),
               r, w, &V::prediction));
    add(flagOf(settingInfo("analysis.snags", "r_snags", "snag heat map",
                           "1: the snag heat map of the last snags search is drawn"),
               r, w, &V::snags));
    add(std::make_unique<WholeSetting>(
        settingInfo("analysis.snagTicks", "r_snagTicks", "snag ticks", "ticks the next snags search runs",
                    false, {1000, 1e7, "%d", true}),
        1000, 10000000, d.snagTicks,
        Binding<int64_t>{[&r] { return r.snagTicks; }, [&w](int64_t v) { w.snagTicks = v; }}));
    add(flagOf(settingInfo("analysis.reach", "r_reach", "reach map",
                           "1: the reach map of the last reach search is drawn"),
               r, w, &V::reach));
    add(numberOf(settingInfo("analysis.reachGrid", "r_reachGrid", "reach grid",
                             "cell size of the next reach search (units)", false, {8, 64, "%.0f units"}),
                 8.0, 64.0, r, w, &V::reachGrid));
    add(numberOf(settingInfo("analysis.reachRange", "r_reachRange", "reach range",
                             "reach cells farther from the eye are not drawn (units)", false,
                             {256, 16384, "%.0f units", true}),
                 256.0, 16384.0, r, w, &V::reachRange));
    add(flagOf(
        settingInfo("analysis.reachDeadly", "r_reachDeadly", "deadly cells",
                    "1: the reach map also draws the deadly cells (grey): floor nobody stands on alive"),
        r, w, &V::reachDeadly));
}

} // namespace cliplab::viewer
