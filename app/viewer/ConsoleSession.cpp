#include "viewer/ConsoleSession.h"

#include "viewer/ViewerState.h"

#include <cstdio>

namespace cliplab::viewer {

ConsoleSession::ConsoleSession(ViewerState& state) : m_state(state) {
    addViewerCommands(m_console, m_state, *this);
    m_console.setEcho([](const std::string& line) {
        std::printf("%s\n", line.c_str());
        std::fflush(stdout);
    });
}

std::optional<std::string> ConsoleSession::execFile(const std::string& path) {
    return m_console.enqueueFile(path);
}

bool ConsoleSession::consoleKey(const SDL_Keysym& k) {
    if (k.scancode == SDL_SCANCODE_ESCAPE) { // as in the game: Esc closes the console, the line kept
        m_window.toggle();
        return true;
    }
    if (!(k.mod & KMOD_CTRL) || (k.mod & (KMOD_ALT | KMOD_GUI)))
        return false;
    switch (k.sym) {
    case SDLK_a:
        m_window.edit(LineEdit::Start);
        return true;
    case SDLK_e:
        m_window.edit(LineEdit::End);
        return true;
    case SDLK_u:
        m_window.edit(LineEdit::DeleteToStart);
        return true;
    case SDLK_w:
        m_window.edit(LineEdit::DeleteWordBack);
        return true;
    default:
        return false;
    }
}

bool ConsoleSession::handleEvent(const SDL_Event& ev) {
    if (ev.type == SDL_KEYDOWN) {
        const SDL_Keysym& k = ev.key.keysym;
        if (k.scancode == SDL_SCANCODE_GRAVE && !(k.mod & (KMOD_CTRL | KMOD_ALT))) {
            if (ev.key.repeat == 0) {
                m_window.toggle();
                m_dropText = true;
            }
            return true;
        }
        if (k.sym == SDLK_q && (k.mod & KMOD_CTRL)) {
            m_quit = true;
            return true;
        }
        if (open() && consoleKey(k))
            return true;
    }
    if (ev.type == SDL_TEXTINPUT && m_dropText) {
        // The character the toggle key types (` or ~, or a dead key's) belongs to the toggle.
        m_dropText = false;
        return true;
    }
    if (ev.type == SDL_KEYDOWN || ev.type == SDL_KEYUP)
        m_dropText = false;
    return false;
}

void ConsoleSession::printNotes() {
    for (const std::string& line : m_state.takeNotes())
        m_console.print(line);
}

std::optional<std::string> ConsoleSession::takeScreenshotRequest() {
    auto r = std::move(m_screenshot);
    m_screenshot.reset();
    return r;
}

std::optional<std::string> ConsoleSession::loadMap(const std::string& map) {
    if (m_state.switchMap(map))
        return std::nullopt;
    return m_state.session.mapError();
}

std::optional<std::string> ConsoleSession::openDemo(const std::string& demo) {
    if (m_state.session.demo().open(m_state, demo))
        return std::nullopt;
    return m_state.session.demo().status();
}

void ConsoleSession::setClipboard(const std::string& text) {
    SDL_SetClipboardText(text.c_str());
}

void ConsoleSession::screenshot(const std::string& path) {
    m_screenshot = path;
}

} // namespace cliplab::viewer
