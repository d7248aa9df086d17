#pragma once
/// \file ViewerInput.h
/// The viewer's keyboard and mouse: who owns each event (the 3D view or the ImGui panels), the
/// key bindings, mouse capture, and the movement input read from the keyboard each frame.

#include "movement/Simulation.h"
#include "viewer/ViewerState.h"

#include <glm/vec2.hpp>

#include <optional>

struct SDL_Window;
union SDL_Event;

namespace cliplab::viewer {

/// What one frame's events asked of the loop (key bindings that only change the state act at once).
struct FrameEvents {
    bool quit = false;       ///< The window was closed.
    bool screenshot = false; ///< F12.
    /// A probe along the ray through this window pixel (window coordinates; with the mouse
    /// captured, the middle of the view).
    std::optional<glm::vec2> probePixel;
    bool probeThroughCentre = false; ///< The probe pixel is the view's centre (mouse captured).
    glm::vec2 look{0.0f};            ///< Mouse motion for mouse look (counts, x right, y down).
};

/// Routes SDL events between the view and ImGui and runs the key bindings. One owner at a time:
/// while the mouse is captured ImGui sees no mouse or wheel event; while ImGui wants the keyboard
/// (a text field is active) no binding runs and the player gets no keys.
class ViewerInput {
public:
    /// Drains SDL's event queue, handing events to ImGui or to the bindings (needs a current ImGui context).
    FrameEvents poll(ViewerState& state, SDL_Window* window);
    /// The movement keys held now, with the camera's angles (nothing held while ImGui types).
    movement::Input movementInput(const ViewerState& state) const;
    /// True while the mouse is captured for mouse look.
    bool captured() const { return m_captured; }

private:
    void handle(const SDL_Event& event, ViewerState& state, SDL_Window* window, FrameEvents& out);
    void onButtonDown(const SDL_Event& event, ViewerState& state, FrameEvents& out);
    void onKeyDown(int key, ViewerState& state, SDL_Window* window, FrameEvents& out);
    void setCaptured(bool captured);

    bool m_captured = false;
};

} // namespace cliplab::viewer
