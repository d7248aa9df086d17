// The frame-by-frame event queue: at most one transition per key per frame, text in order.

#include "viewer/InputQueue.h"

namespace cliplab::viewer {

namespace {

/// Shift, Ctrl, Alt, Super and the lock keys: they change what other keys do, never the text.
bool isModifier(SDL_Scancode code) {
    return (code >= SDL_SCANCODE_LCTRL && code <= SDL_SCANCODE_RGUI) || code == SDL_SCANCODE_CAPSLOCK ||
           code == SDL_SCANCODE_NUMLOCKCLEAR || code == SDL_SCANCODE_MODE;
}

} // namespace

void InputQueue::beginFrame() {
    m_changed.reset();
    m_typed = false;
    m_editKeyChanged = false;
    m_editKeyPressed = false;
}

bool InputQueue::editsText(const SDL_KeyboardEvent& event) {
    const SDL_Scancode code = event.keysym.scancode;
    if (isModifier(code))
        return false;
    if (event.keysym.mod & (KMOD_CTRL | KMOD_ALT | KMOD_GUI))
        return true;
    // A key that types a character has a printable keycode; Enter, Backspace, Tab, the arrows,
    // Home and End have control codes or scan-code-made keycodes.
    const SDL_Keycode sym = event.keysym.sym;
    return sym < SDLK_SPACE || sym == SDLK_DELETE || (sym & SDLK_SCANCODE_MASK) != 0;
}

std::optional<SDL_Event> InputQueue::next() {
    if (m_events.empty())
        return std::nullopt;
    const SDL_Event& e = m_events.front();
    if (e.type == SDL_KEYDOWN || e.type == SDL_KEYUP) {
        const SDL_Scancode code = e.key.keysym.scancode;
        const bool known = code > SDL_SCANCODE_UNKNOWN && code < SDL_NUM_SCANCODES;
        const bool down = e.type == SDL_KEYDOWN;
        if (known && m_down[size_t(code)] != down) { // a transition, not a repeat
            const bool edit = editsText(e.key);
            if (m_changed[size_t(code)] || (edit && (m_typed || (down && m_editKeyPressed))))
                return std::nullopt;
            m_changed[size_t(code)] = true;
            m_down[size_t(code)] = down;
            m_editKeyChanged = m_editKeyChanged || edit;
            m_editKeyPressed = m_editKeyPressed || (edit && down);
        }
    } else if (e.type == SDL_TEXTINPUT) {
        if (m_editKeyChanged || m_holdText)
            return std::nullopt;
        m_typed = true;
    }
    SDL_Event out = e;
    m_events.pop_front();
    return out;
}

} // namespace cliplab::viewer
