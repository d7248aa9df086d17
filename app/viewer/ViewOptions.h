#pragma once
/// \file ViewOptions.h
/// How the 3D view shows the world: the camera, the Render panel's drawing settings, the chase
/// camera, what is drawn over the world (traces, collision brushes, entity markers), vsync and
/// the sidebar's open sections. Its settings are written by the settings registry; the camera by
/// the commands below (the frame loop, mouse look, teleports).

#include "collision/Model.h"
#include "core/EnumNames.h"
#include "inspect/Markers.h"
#include "render/Renderer.h"
#include "scene/Camera.h"
#include "viewer/BrushView.h"
#include "viewer/Limits.h"
#include "viewer/settings/SettingsKey.h"

#include "core/EnumNames.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <map>
#include <string>
#include <utility>

namespace cliplab::viewer {

/// What the 3D view draws of the traces.
struct VisToggles {
    bool traceSegments = true; ///< Movement traces coloured by outcome.
    bool sweptBoxes = true;    ///< Shape at start and stop.
    bool hitPoint = true;
    bool hitPlane = true;     ///< Translucent quad + normal arrow.
    bool hitBrush = true;     ///< Wire hull of the hit brush.
    bool patchFacets = false; ///< Collision facets of patches near the last patch hit (or the
                              ///< player); the hit facet in red with its border and bevel planes.
    int ticksShown = 16;      ///< N: traces of the last N ticks, [0, limits::kTicksShownMax].
};

/// When the textured view names the face and brush under the crosshair.
enum class CrosshairNames { Off, Noclip, Always };
/// "off", "noclip" (only while the player is in noclip), "always".
inline constexpr std::array<core::EnumName<CrosshairNames>, 3> kCrosshairNamesNames{{
    {CrosshairNames::Off, "off"},
    {CrosshairNames::Noclip, "noclip"},
    {CrosshairNames::Always, "always"},
}};
static_assert(core::inEnumOrder(kCrosshairNamesNames));

/// Entity markers in the 3D view (Render panel).
struct MarkerToggles {
    /// Kinds drawn, by inspect::MarkerKind.
    std::array<bool, inspect::kMarkerKindCount> shown{true, true, true, true};
    bool labels = true;         ///< Classname labels next to the markers.
    float labelRange = 1024.0f; ///< Labels of markers farther from the eye are left out (units).
};

/// When the strafe HUD (CGaz, snap zones, meters) is drawn over the view in walk mode.
enum class StrafeHudMode {
    Off,  ///< Never.
    On,   ///< With either preset.
    Auto, ///< With the quake3 preset (the default): its players are the ones who strafe-jump.
};

/// Every choice and its name, in enum order (cg_strafeHud; 0 and 1 are taken too).
inline constexpr std::array<core::EnumName<StrafeHudMode>, 3> kStrafeHudNames{{
    {StrafeHudMode::Off, "off"},
    {StrafeHudMode::On, "on"},
    {StrafeHudMode::Auto, "auto"},
}};
static_assert(core::inEnumOrder(kStrafeHudNames));
static_assert(int(StrafeHudMode::Off) == 0 && int(StrafeHudMode::On) == 1,
              "cg_strafeHud 0 and 1 are indices");

class ViewOptions {
public:
    /// The settings (every one a setting of the registry).
    struct Values {
        render::RenderSettings render; ///< View mode, patch level, wireframe, models, culling.
        /// Chase camera (key T): behind the player, its shape in view. Off at first: a Quake player
        /// starts in first person, and the probe and crosshair then start at the eye.
        bool chase = false;
        float chaseDistance = limits::kChaseDefault; ///< How far behind the eye it wants to be (units).
        bool brushes = false;                        ///< Draw the collision brushes instead of the surfaces.
        BrushViewSettings brushView;                 ///< Their kinds shown and bevel arrows.
        VisToggles vis;
        MarkerToggles markers;
        bool vsync = true;
        bool legend = true;         ///< A legend names the overlays drawn over the view.
        bool recordingOpen = false; ///< The Recording bar is open (kept as the user left it).
        /// The face and brush under the crosshair named next to it (in the textured view).
        CrosshairNames crosshairNames = CrosshairNames::Noclip;
        StrafeHudMode strafeHud = StrafeHudMode::Auto; ///< The strafe HUD in walk mode.
        std::map<std::string, bool> sections;          ///< Sidebar sections open or closed, by name.
    };
    const Values& values() const { return m_values; }
    Values& values(SettingsKey) { return m_values; }
    /// The field of view is a setting too (cg_fov), kept in the camera.
    float& fov(SettingsKey) { return m_camera.fovX; }

    const scene::Camera& camera() const { return m_camera; }
    /// Looks along `pitch` (degrees, positive looks down; as given: callers keep it within +/-89)
    /// and `yaw` (degrees).
    void setAngles(float pitch, float yaw);
    /// Mouse look: turns by `counts` (x right, y down) times `degreesPerCount`.
    void look(const glm::vec2& counts, float degreesPerCount);
    /// Puts the camera at `eye` (units).
    void setEye(const glm::vec3& eye) { m_camera.eye = eye; }
    /// The 3D view's size (pixels).
    void setViewport(int width, int height);

    /// Where the camera goes for the player's eye `eye`: the eye itself in first person; with the
    /// chase camera, chaseDistance behind it, pulled in by a small box trace through `model`
    /// (solid only; none: not pulled in) so that it never ends inside or beyond a wall.
    glm::vec3 cameraPosition(const glm::vec3& eye, const collision::Model* model) const;

    /// A sidebar section opened or closed (by the user, or `shot --open`).
    void setSectionOpen(const std::string& name, bool open) { m_values.sections[name] = open; }
    /// Opens sidebar section `name` and scrolls the sidebar to it at the next frame (the
    /// Inspector after a probe).
    void revealSection(const std::string& name) {
        setSectionOpen(name, true);
        m_reveal = name;
    }
    /// The section to scroll to at this frame ("" = none); cleared by the call.
    std::string takeReveal() { return std::exchange(m_reveal, std::string()); }

    bool fullscreen() const { return m_fullscreen; }
    void toggleFullscreen() { m_fullscreen = !m_fullscreen; }

private:
    Values m_values;
    scene::Camera m_camera;
    bool m_fullscreen = false;
    std::string m_reveal; ///< revealSection().
};

} // namespace cliplab::viewer
