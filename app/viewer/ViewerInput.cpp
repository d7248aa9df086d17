// Keyboard and mouse for the viewer: event routing, key bindings, mouse capture.

#include "viewer/ViewerInput.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>

namespace cliplab::viewer {

namespace {

static_assert(SDL_NUM_SCANCODES <= 512, "ViewerInput::m_keys holds every scancode");

/// ImGui's index of an SDL mouse button (0 left, 1 right, 2 middle, 3-4 extra), or -1.
int imguiButton(Uint8 sdlButton) {
    switch (sdlButton) {
    case SDL_BUTTON_LEFT:
        return 0;
    case SDL_BUTTON_RIGHT:
        return 1;
    case SDL_BUTTON_MIDDLE:
        return 2;
    case SDL_BUTTON_X1:
        return 3;
    case SDL_BUTTON_X2:
        return 4;
    default:
        return -1;
    }
}

/// True when ImGui owns a click or the wheel at window point `p`: over one of the last frame's
/// windows, or anywhere while a popup (an open combo) waits for the click that closes it.
/// io.WantCaptureMouse alone is not enough: it is as of the last frame, and a click often comes
/// in the same batch of events as the motion that brought the cursor over a panel.
bool imguiOwnsPoint(const glm::vec2& p) {
    const ImGuiContext& g = *GImGui;
    if (!g.OpenPopupStack.empty())
        return true;
    for (const ImGuiWindow* w : g.Windows)
        if (w->Active && !w->Hidden && w->Rect().Contains(ImVec2(p.x, p.y)))
            return true;
    return false;
}

/// Gives ImGui key `code` as down or up, with the modifiers the event carries (SDL's own modifier
/// state is as of now, not as of the event, and misses pushed events).
void keyToImGui(const SDL_KeyboardEvent& key, bool down) {
    ImGuiIO& io = ImGui::GetIO();
    const SDL_Scancode code = key.keysym.scancode;
    if (code <= SDL_SCANCODE_UNKNOWN || code >= SDL_NUM_SCANCODES)
        return;
    io.KeysDown[code] = down;
    auto held = [&io](SDL_Scancode a, SDL_Scancode b) { return io.KeysDown[a] || io.KeysDown[b]; };
    const Uint16 mod = key.keysym.mod;
    io.KeyShift = (mod & KMOD_SHIFT) != 0 || held(SDL_SCANCODE_LSHIFT, SDL_SCANCODE_RSHIFT);
    io.KeyCtrl = (mod & KMOD_CTRL) != 0 || held(SDL_SCANCODE_LCTRL, SDL_SCANCODE_RCTRL);
    io.KeyAlt = (mod & KMOD_ALT) != 0 || held(SDL_SCANCODE_LALT, SDL_SCANCODE_RALT);
    io.KeySuper = (mod & KMOD_GUI) != 0 || held(SDL_SCANCODE_LGUI, SDL_SCANCODE_RGUI);
}

} // namespace

FrameEvents ViewerInput::poll(ViewerState& state, SDL_Window* window,
                              const std::function<bool(const SDL_Event&)>& first) {
    FrameEvents out;
    for (SDL_Event ev; SDL_PollEvent(&ev);)
        m_queue.push(ev);
    m_queue.beginFrame();
    while (const std::optional<SDL_Event> next = m_queue.next()) {
        const SDL_Event& ev = *next;
        if (first && first(ev)) {
            releaseKeys(); // a key held into the console does not walk on
            continue;
        }
        handle(ev, state, window, out);
    }
    return out;
}

void ViewerInput::handle(const SDL_Event& ev, ViewerState& state, SDL_Window* window, FrameEvents& out) {
    switch (ev.type) {
    case SDL_QUIT:
        out.quit = true;
        break;
    case SDL_WINDOWEVENT:
        ImGui_ImplSDL2_ProcessEvent(&ev);
        if (ev.window.event == SDL_WINDOWEVENT_FOCUS_LOST)
            releaseKeys();
        else if (ev.window.event == SDL_WINDOWEVENT_LEAVE)
            m_mouseInside = false;
        break;
    case SDL_MOUSEMOTION:
        m_mouse = glm::vec2(float(ev.motion.x), float(ev.motion.y));
        m_mouseInside = true;
        if (viewOwnsMouse())
            out.look += glm::vec2(float(ev.motion.xrel), float(ev.motion.yrel));
        break;
    case SDL_MOUSEBUTTONDOWN:
        onButton(ev, true, out);
        break;
    case SDL_MOUSEBUTTONUP:
        onButton(ev, false, out);
        break;
    case SDL_MOUSEWHEEL:
        if (viewOwnsMouse() || !(m_mouseInside && imguiOwnsPoint(m_mouse))) {
            if (ev.wheel.y != 0)
                state.session.setFlySpeedScale(state.session.flySpeedScale() *
                                               (ev.wheel.y > 0 ? 1.25f : 0.8f));
        } else {
            ImGui_ImplSDL2_ProcessEvent(&ev);
        }
        break;
    case SDL_KEYDOWN:
    case SDL_KEYUP:
        onKey(ev, state, window, out);
        break;
    case SDL_TEXTINPUT:
        if (!m_captured)
            ImGui_ImplSDL2_ProcessEvent(&ev);
        break;
    default:
        break;
    }
}

void ViewerInput::onButton(const SDL_Event& ev, bool down, FrameEvents& out) {
    const int button = imguiButton(ev.button.button);
    if (!down) {
        if (button >= 0)
            m_imguiHeld[size_t(button)] = false;
        if (ev.button.button == SDL_BUTTON_RIGHT && m_rightLook) {
            m_rightLook = false;
            if (!m_captured)
                SDL_SetRelativeMouseMode(SDL_FALSE);
        }
        return;
    }
    m_mouse = glm::vec2(float(ev.button.x), float(ev.button.y));
    if (viewOwnsMouse()) {
        // Clicks belong to the view: the probe, along the crosshair or through the cursor.
        if (ev.button.button == SDL_BUTTON_LEFT) {
            out.probeThroughCentre = m_captured;
            out.probePixel = m_mouse;
        }
        return;
    }
    if (imguiOwnsPoint(m_mouse)) { // over a panel: ImGui's alone
        if (button >= 0)
            m_imguiHeld[size_t(button)] = m_imguiPressed[size_t(button)] = true;
        return;
    }
    if (ev.button.button == SDL_BUTTON_LEFT) {
        setCaptured(true);
    } else if (ev.button.button == SDL_BUTTON_RIGHT) {
        m_rightLook = true;
        SDL_SetRelativeMouseMode(SDL_TRUE);
    }
}

void ViewerInput::onKey(const SDL_Event& ev, ViewerState& state, SDL_Window* window, FrameEvents& out) {
    const SDL_Scancode code = ev.key.keysym.scancode;
    const bool down = ev.type == SDL_KEYDOWN;
    if (!down) {
        // A release is never harmful: ImGui and the view both forget the key.
        if (code >= 0 && code < SDL_NUM_SCANCODES)
            m_keys[size_t(code)] = false;
        if (!m_captured)
            keyToImGui(ev.key, false);
        return;
    }
    // Ctrl+Z / Ctrl+Y: the run editor's undo and redo, also while a panel has the focus (its
    // buttons were just clicked), but not while a text field takes the keys (its own undo).
    const bool ctrl =
        (ev.key.keysym.mod & KMOD_CTRL) != 0 || m_keys[SDL_SCANCODE_LCTRL] || m_keys[SDL_SCANCODE_RCTRL];
    const SDL_Keycode sym = ev.key.keysym.sym;
    if (ctrl && (sym == SDLK_z || sym == SDLK_y) && state.session.replay().editing() && !m_keysToImGui &&
        !ImGui::GetIO().WantTextInput) {
        if (sym == SDLK_z)
            state.session.replay().undoEdit(state);
        else
            state.session.replay().redoEdit(state);
        return;
    }
    if (!m_captured) {
        keyToImGui(ev.key, true);
        if (m_keysToImGui || ImGui::GetIO().WantCaptureKeyboard) // typing into a field: ImGui's alone
            return;
    }
    if (code >= 0 && code < SDL_NUM_SCANCODES) {
        m_tapped[size_t(code)] = m_tapped[size_t(code)] || !m_keys[size_t(code)];
        m_keys[size_t(code)] = true;
    }
    if (ev.key.repeat == 0)
        onBinding(ev.key.keysym.sym, state, window, out);
}

void ViewerInput::onBinding(int key, ViewerState& state, SDL_Window* window, FrameEvents& out) {
    const movement::Mode mode = state.session.player().mode;
    const glm::vec3 eye = state.playerEye(); // the player's, not the chase camera's
    const SweepTool sweep = state.probes.sweep();
    switch (key) {
    case SDLK_ESCAPE:
        setCaptured(false);
        break;
    case SDLK_v:
        state.setMode(mode == movement::Mode::Noclip ? movement::Mode::Walk : movement::Mode::Noclip);
        break;
    case SDLK_f:
        state.setMode(mode == movement::Mode::Fly ? movement::Mode::Walk : movement::Mode::Fly);
        break;
    case SDLK_r:
        state.respawn();
        state.session.clearWorldNote();
        break;
    case SDLK_t: {
        FlagSetting& chase = state.settings.flag("cg_thirdPerson");
        chase.set(!chase.value());
        break;
    }
    case SDLK_p: // a playback open: play or pause it; else freeze the simulation or let it run
        if (Timeline* t = state.session.playback())
            t->setPlaying(!t->playing());
        else
            state.session.setFrozen(!state.session.frozen());
        break;
    case SDLK_n: // a playback open: its next tick or snapshot; else one tick of the frozen simulation
        if (Timeline* t = state.session.playback())
            t->step(state, (SDL_GetModState() & KMOD_SHIFT) ? -1 : 1);
        else
            state.session.requestStep();
        break;
    case SDLK_1:
        state.probes.setSweep({true, eye, sweep.end});
        break;
    case SDLK_2:
        state.probes.setSweep({true, sweep.start, eye});
        break;
    case SDLK_F12:
        out.screenshot = true;
        break;
    case SDLK_F5:
        state.session.replay().toggleRecording(state);
        break;
    case SDLK_k: // the next player of the demo (Shift: the previous one)
        state.session.demo().cycle(state, (SDL_GetModState() & KMOD_SHIFT) ? -1 : 1);
        break;
    case SDLK_F11:
        state.view.toggleFullscreen();
        SDL_SetWindowFullscreen(window, state.view.fullscreen() ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
        break;
    default:
        break;
    }
}

void ViewerInput::setCaptured(bool captured) {
    m_captured = captured;
    SDL_SetRelativeMouseMode(captured ? SDL_TRUE : SDL_FALSE);
    if (captured) {
        // Whatever ImGui was doing (a text field, a dragged slider) ends: the view owns the input.
        ImGui::ClearActiveID();
        ImGuiIO& io = ImGui::GetIO();
        std::fill(std::begin(io.KeysDown), std::end(io.KeysDown), false);
        io.KeyCtrl = io.KeyShift = io.KeyAlt = io.KeySuper = false;
        m_imguiHeld.fill(false);
        m_imguiPressed.fill(false);
    }
}

void ViewerInput::releaseKeys() {
    m_keys.fill(false);
    m_tapped.fill(false);
    if (m_rightLook) {
        m_rightLook = false;
        if (!m_captured)
            SDL_SetRelativeMouseMode(SDL_FALSE);
    }
}

void ViewerInput::feedImGui() {
    ImGuiIO& io = ImGui::GetIO();
    if (viewOwnsMouse())
        io.ConfigFlags |= ImGuiConfigFlags_NoMouse;
    else
        io.ConfigFlags &= ~ImGuiConfigFlags_NoMouse;
    io.MousePos = m_mouseInside ? ImVec2(m_mouse.x, m_mouse.y) : ImVec2(-FLT_MAX, -FLT_MAX);
    for (size_t i = 0; i < m_imguiHeld.size(); ++i) {
        // A press and release within one frame still counts as a click.
        io.MouseDown[i] = m_imguiHeld[i] || m_imguiPressed[i];
        m_imguiPressed[i] = false;
    }
}

movement::Input ViewerInput::movementInput(const ViewerState& state) const {
    movement::Input input;
    input.yaw = state.view.camera().yaw;
    input.pitch = state.view.camera().pitch;
    if (!m_captured && (m_keysToImGui || ImGui::GetIO().WantCaptureKeyboard))
        return input; // keys held before a text field took the keyboard do not walk on
    auto held = [this](SDL_Scancode c) { return m_keys[size_t(c)] || m_tapped[size_t(c)]; };
    const float scale = (held(SDL_SCANCODE_LSHIFT) || held(SDL_SCANCODE_RSHIFT)) ? 0.5f : 1.0f;
    input.forward = scale * float(int(held(SDL_SCANCODE_W)) - int(held(SDL_SCANCODE_S)));
    input.right = scale * float(int(held(SDL_SCANCODE_D)) - int(held(SDL_SCANCODE_A)));
    input.jump = held(SDL_SCANCODE_SPACE);
    input.crouch = held(SDL_SCANCODE_C);
    input.up = input.crouch ? -1.0f : (input.jump ? 1.0f : 0.0f);
    return input;
}

} // namespace cliplab::viewer
