#pragma once
/// \file ConsoleSession.h
/// The console as the viewer's frame loop uses it: the commands bound to the state, the drop-down
/// window, the keys that belong to it (~ toggles, Ctrl+Q quits) and what its commands ask of the
/// window (a map load, a screenshot, the clipboard, quitting).

#include "console/Console.h"
#include "viewer/ConsoleCommands.h"
#include "viewer/ConsoleWindow.h"

#include <SDL.h>

#include <optional>
#include <string>

namespace cliplab::viewer {

struct ViewerState;

/// One per viewer loop; `state` must outlive it.
class ConsoleSession final : public ConsoleHost {
public:
    /// Registers the viewer's commands on the state. Console lines are also printed on stdout.
    explicit ConsoleSession(ViewerState& state);

    /// Queues a file of commands (`--exec`); the error naming the file when it cannot be read.
    std::optional<std::string> execFile(const std::string& path);
    /// Handles `event` when it belongs to the console: ~ (the key left of 1, by scan code, so any
    /// keyboard layout) opens and closes it, Ctrl+Q quits; while it is open Esc closes it and
    /// Ctrl+A/E/U/W edit its line as a terminal does. True when the event was used up and must
    /// not reach ImGui or the key bindings.
    bool handleEvent(const SDL_Event& event);
    /// True while the drop-down is open: keys go to it, not to the bindings or the movement keys.
    bool open() const { return m_window.isOpen(); }
    /// True while the console is open and its input line is about to take the keyboard.
    bool awaitingInput() const { return m_window.awaitingInput(); }
    /// Runs the queued commands; call once a frame, before the simulation.
    void runQueued() { m_console.runQueued(); }
    /// Prints the state's announced lines (ViewerState::announce) in the scrollback and on stdout.
    void printNotes();
    /// Draws the drop-down (inside the ImGui frame, after the panels so it is on top).
    void draw() { m_window.draw(m_console); }

    /// A screenshot asked for this frame: its path ("" = a dated name); cleared by the call.
    std::optional<std::string> takeScreenshotRequest();
    /// True once `quit` ran or Ctrl+Q was pressed.
    bool quitRequested() const { return m_quit; }
    /// Commands from `--exec` files that failed.
    int fileErrors() const { return m_console.fileErrors(); }
    console::Console& console() { return m_console; }

    // ConsoleHost
    std::optional<std::string> loadMap(const std::string& map) override;
    std::optional<std::string> openDemo(const std::string& demo) override;
    void setClipboard(const std::string& text) override;
    void screenshot(const std::string& path) override;
    void quit() override { m_quit = true; }

private:
    /// Esc and the line edits while the console is open; true when `key` was one.
    bool consoleKey(const SDL_Keysym& key);

    ViewerState& m_state;
    console::Console m_console;
    ConsoleWindow m_window;
    std::optional<std::string> m_screenshot;
    bool m_quit = false;
    bool m_dropText = false; ///< The text event of the ~ key that toggled the console is not typed.
};

} // namespace cliplab::viewer
