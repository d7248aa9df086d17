#pragma once
/// \file ViewerInput.h
/// The viewer's keyboard and mouse: who owns each event (the 3D view or the ImGui panels), the
/// key bindings, mouse capture, and the movement input from the keys the view holds.

#include "movement/Simulation.h"
#include "viewer/InputQueue.h"
#include "viewer/ViewerState.h"

#include <glm/vec2.hpp>

#include <array>
#include <functional>
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
/// - while the mouse is captured (or the right button looks around) ImGui sees no mouse, button
///   or wheel event and no keys: clicks probe, the wheel sets the fly speed, keys are bindings;
/// - otherwise a click or wheel over a panel is ImGui's alone, and while ImGui wants the keyboard
///   (a text field or a typed-in slider) keys are ImGui's alone: no binding runs, the player
///   holds no key.
/// The mouse and keys ImGui sees are the ones routed to it from the events (feedImGui), not
/// SDL's global state, so the same rules hold for events pushed by tests.
class ViewerInput {
public:
    /// Drains SDL's event queue into the InputQueue and handles this frame's share of it, in
    /// order (needs a current ImGui context, between frames): a key changes at most once a frame,
    /// the rest waits for the next frames. Each event goes to `first` before anything else; when
    /// it returns true the event is used up there (the console's own keys), and the keys the view
    /// holds are let go.
    FrameEvents poll(ViewerState& state, SDL_Window* window,
                     const std::function<bool(const SDL_Event&)>& first = {});
    /// Call after the ImGui backend's NewFrame and before ImGui::NewFrame: gives ImGui the mouse
    /// as routed to it (nothing while the view owns the mouse).
    void feedImGui();
    /// The movement keys the view holds, with the camera's angles. A jump or crouch key pressed
    /// since the last tick counts as held, even when released again before it (a tap shorter than
    /// a tick): the game sees every key event in its next command.
    movement::Input movementInput(const ViewerState& state) const;
    /// A tick ran with movementInput(): the taps it saw are used up.
    void tickRan() { m_tapped.fill(false); }
    /// Events waiting for a later frame.
    size_t pendingEvents() const { return m_queue.pending(); }
    /// True while the mouse is captured for mouse look (Esc releases it).
    bool captured() const { return m_captured; }
    /// Captures or releases the mouse (SDL relative mode; ImGui loses any active widget).
    void setCaptured(bool captured);
    /// While true (the console is open) every key is ImGui's, as when a text field has the
    /// keyboard, from the very next event on: ImGui itself only says so a frame or two later.
    void setKeysToImGui(bool toImGui) { m_keysToImGui = toImGui; }
    /// Typed characters wait in the queue while `hold` (InputQueue::setHoldText).
    void setHoldText(bool hold) { m_queue.setHoldText(hold); }
    /// The cursor (window coordinates) when it is over the window and the view does not own the
    /// mouse for looking around; nullopt otherwise.
    std::optional<glm::vec2> cursor() const {
        return m_mouseInside && !viewOwnsMouse() ? std::optional<glm::vec2>(m_mouse) : std::nullopt;
    }

private:
    bool viewOwnsMouse() const { return m_captured || m_rightLook; }
    void handle(const SDL_Event& event, ViewerState& state, SDL_Window* window, FrameEvents& out);
    void onButton(const SDL_Event& event, bool down, FrameEvents& out);
    void onKey(const SDL_Event& event, ViewerState& state, SDL_Window* window, FrameEvents& out);
    void onBinding(int key, ViewerState& state, SDL_Window* window, FrameEvents& out);
    void releaseKeys();

    bool m_captured = false;          ///< Left click in the view: mouse look until Esc.
    bool m_keysToImGui = false;       ///< setKeysToImGui().
    bool m_rightLook = false;         ///< Right button held after a press in the view: mouse look.
    std::array<bool, 512> m_keys{};   ///< Held keys the view owns, by SDL scancode.
    std::array<bool, 512> m_tapped{}; ///< Keys the view saw go down since the last tick.
    InputQueue m_queue;
    glm::vec2 m_mouse{0.0f};                             ///< Last cursor position (window coordinates).
    bool m_mouseInside = false;                          ///< The cursor is over the window.
    std::array<bool, 5> m_imguiHeld{}, m_imguiPressed{}; ///< ImGui's buttons (pressed: since the last frame).
};

} // namespace cliplab::viewer
