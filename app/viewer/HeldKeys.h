#pragma once
/// \file HeldKeys.h
/// Which keys are held, from the key events the loop reads (not SDL's keyboard state, which only
/// the windowing system updates): events pushed into SDL's queue (tests driving the real loop)
/// move the player like real key presses.

#include <SDL.h>

#include <array>

namespace cliplab::viewer {

class HeldKeys {
public:
    /// Key down/up events set and clear their key; losing the keyboard focus releases all (the
    /// key-up events of keys let go elsewhere never come).
    void onEvent(const SDL_Event& ev) {
        if (ev.type == SDL_KEYDOWN || ev.type == SDL_KEYUP) {
            const int code = ev.key.keysym.scancode;
            if (code >= 0 && code < SDL_NUM_SCANCODES)
                m_down[static_cast<size_t>(code)] = ev.type == SDL_KEYDOWN;
        } else if (ev.type == SDL_WINDOWEVENT && ev.window.event == SDL_WINDOWEVENT_FOCUS_LOST) {
            m_down.fill(false);
        }
    }
    /// Whether `code` is held.
    bool operator[](SDL_Scancode code) const {
        return code >= 0 && code < SDL_NUM_SCANCODES && m_down[static_cast<size_t>(code)];
    }

private:
    std::array<bool, SDL_NUM_SCANCODES> m_down{};
};

} // namespace cliplab::viewer
