#pragma once
/// \file ConsoleWindow.h
/// The console drawn with ImGui as the game draws its own: a drop-down from the top of the window
/// with the scrollback and one input line (Enter runs, Tab completes, Up/Down browse the history).

#include "console/Console.h"

#include <array>
#include <cstddef>

namespace cliplab::viewer {

/// The drop-down's own state; the commands, history and lines live in console::Console.
class ConsoleWindow {
public:
    bool isOpen() const { return m_open; }
    /// Opens or closes it (the ~ key); opening puts the keyboard focus on the input line.
    void toggle();
    /// Draws it when open, over the other windows: the top `kHeight` of the display, full width.
    /// A line entered goes to console.submit() (it runs with the queue at the next frame).
    void draw(console::Console& console);

    /// Share of the display's height the drop-down covers.
    static constexpr float kHeight = 0.45f;
    /// The window's name (ImGui identifies windows by it; tests look it up).
    static constexpr const char* kName = "Console";

private:
    std::array<char, 1024> m_input{};
    bool m_open = false;
    bool m_focusInput = false;
    size_t m_linesSeen = 0; ///< Scrollback size at the last frame: new lines scroll to the bottom.
};

} // namespace cliplab::viewer
