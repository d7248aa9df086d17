// Keyboard and mouse for the viewer: event routing, key bindings, mouse capture.

#include "viewer/ViewerInput.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>

#include <algorithm>

namespace cliplab::viewer {

FrameEvents ViewerInput::poll(ViewerState& state, SDL_Window* window) {
    FrameEvents out;
    SDL_Event ev;
    while (SDL_PollEvent(&ev))
        handle(ev, state, window, out);
    return out;
}

void ViewerInput::handle(const SDL_Event& ev, ViewerState& state, SDL_Window* window, FrameEvents& out) {
    ImGui_ImplSDL2_ProcessEvent(&ev);
    const ImGuiIO& io = ImGui::GetIO();
    const bool rightHeld = (SDL_GetMouseState(nullptr, nullptr) & SDL_BUTTON(SDL_BUTTON_RIGHT)) != 0;
    switch (ev.type) {
    case SDL_QUIT: out.quit = true; break;
    case SDL_MOUSEMOTION:
        if (m_captured || rightHeld)
            out.look += glm::vec2(float(ev.motion.xrel), float(ev.motion.yrel));
        break;
    case SDL_MOUSEBUTTONDOWN: onButtonDown(ev, state, out); break;
    case SDL_MOUSEBUTTONUP:
        if (ev.button.button == SDL_BUTTON_RIGHT && !m_captured)
            SDL_SetRelativeMouseMode(SDL_FALSE);
        break;
    case SDL_MOUSEWHEEL:
        if (!io.WantCaptureMouse || m_captured)
            state.setFlySpeedScale(state.flySpeedScale * (ev.wheel.y > 0 ? 1.25f : 0.8f));
        break;
    case SDL_KEYDOWN:
        if (io.WantCaptureKeyboard && !m_captured)
            break;
        onKeyDown(ev.key.keysym.sym, state, window, out);
        break;
    default: break;
    }
}

void ViewerInput::onButtonDown(const SDL_Event& ev, ViewerState& state, FrameEvents& out) {
    const ImGuiIO& io = ImGui::GetIO();
    if (!m_captured && io.WantCaptureMouse)
        return;
    const bool rightHeld = (SDL_GetMouseState(nullptr, nullptr) & SDL_BUTTON(SDL_BUTTON_RIGHT)) != 0;
    if (ev.button.button == SDL_BUTTON_LEFT) {
        if (m_captured) {
            out.probePixel = glm::vec2(float(state.camera.width) * 0.5f, float(state.camera.height) * 0.5f);
            out.probeThroughCentre = true;
        } else if (rightHeld) {
            out.probePixel = glm::vec2(float(ev.button.x), float(ev.button.y));
        } else {
            setCaptured(true);
        }
    } else if (ev.button.button == SDL_BUTTON_RIGHT && !m_captured) {
        SDL_SetRelativeMouseMode(SDL_TRUE);
    }
}

void ViewerInput::onKeyDown(int key, ViewerState& state, SDL_Window* window, FrameEvents& out) {
    movement::PlayerState ps = state.sim.state();
    switch (key) {
    case SDLK_ESCAPE: setCaptured(false); break;
    case SDLK_v:
        ps.mode = ps.mode == movement::Mode::Noclip ? movement::Mode::Walk : movement::Mode::Noclip;
        state.sim.setState(ps);
        break;
    case SDLK_f:
        ps.mode = ps.mode == movement::Mode::Fly ? movement::Mode::Walk : movement::Mode::Fly;
        state.sim.setState(ps);
        break;
    case SDLK_r: state.respawn(); break;
    case SDLK_p: state.frozen = !state.frozen; break;
    case SDLK_n: ++state.stepRequests; break;
    case SDLK_1: state.setSweep({true, state.camera.eye, state.sweep.end}); break;
    case SDLK_2: state.setSweep({true, state.sweep.start, state.camera.eye}); break;
    case SDLK_F12: out.screenshot = true; break;
    case SDLK_F11:
        state.fullscreen = !state.fullscreen;
        SDL_SetWindowFullscreen(window, state.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
        break;
    default: break;
    }
}

void ViewerInput::setCaptured(bool captured) {
    m_captured = captured;
    SDL_SetRelativeMouseMode(captured ? SDL_TRUE : SDL_FALSE);
}

movement::Input ViewerInput::movementInput(const ViewerState& state) const {
    movement::Input input;
    const Uint8* keys = SDL_GetKeyboardState(nullptr);
    if (!ImGui::GetIO().WantCaptureKeyboard || m_captured) {
        const float scale = (keys[SDL_SCANCODE_LSHIFT] || keys[SDL_SCANCODE_RSHIFT]) ? 0.5f : 1.0f;
        input.forward = scale * float(int(keys[SDL_SCANCODE_W]) - int(keys[SDL_SCANCODE_S]));
        input.right = scale * float(int(keys[SDL_SCANCODE_D]) - int(keys[SDL_SCANCODE_A]));
        input.jump = keys[SDL_SCANCODE_SPACE] != 0;
        input.crouch = keys[SDL_SCANCODE_C] != 0;
        input.up = input.crouch ? -1.0f : (input.jump ? 1.0f : 0.0f);
    }
    input.yaw = state.camera.yaw;
    input.pitch = state.camera.pitch;
    return input;
}

} // namespace cliplab::viewer
