#pragma once
/// \file ConsoleWindow.h
/// The console drawn with ImGui as the game draws its own: a drop-down from the top of the window
/// with the scrollback and one input line (Enter runs, Tab completes, Up/Down browse the history,
/// Ctrl+A/E/U/W edit as in a terminal; Esc or ~ close it).

#include "console/Console.h"

#include <array>
#include <cstddef>
#include <vector>

struct ImGuiInputTextCallbackData;

namespace cliplab::viewer {

/// A terminal's line edit of the input line (the keys as in bash and the game's console).
enum class LineEdit {
    Start,          ///< Ctrl+A: the cursor to the start of the line.
    End,            ///< Ctrl+E: the cursor to the end of the line.
    DeleteToStart,  ///< Ctrl+U: delete from the start of the line to the cursor.
    DeleteWordBack, ///< Ctrl+W: delete the word before the cursor (and the spaces after it).
};

/// The drop-down's own state; the commands, history and lines live in console::Console.
class ConsoleWindow {
public:
    bool isOpen() const { return m_open; }
    /// Opens or closes it (the ~ key); opening puts the keyboard focus on the input line.
    void toggle();
    /// True while it is open and its input line is about to take the keyboard (after ~ opened it
    /// or Enter ran a line, ImGui gives it the keyboard a frame or two later): characters typed
    /// then are for the line and must wait.
    bool awaitingInput() const { return m_open && (m_focusInput || m_refocusFrames > 0); }
    /// Applies `edit` to the input line at its next drawing (in the order asked).
    void edit(LineEdit edit) { m_edits.push_back(edit); }
    /// Draws it when open, over the other windows: the top `kHeight` of the display, full width.
    /// A line entered goes to console.submit() (it runs with the queue at the next frame).
    void draw(console::Console& console);

    /// Share of the display's height the drop-down covers.
    static constexpr float kHeight = 0.45f;
    /// The window's name (ImGui identifies windows by it; tests look it up).
    static constexpr const char* kName = "Console";

private:
    /// The input line's callback: the console's completion and history, the line edits.
    static int inputCallback(ImGuiInputTextCallbackData* data);

    std::array<char, 1024> m_input{};
    std::vector<LineEdit> m_edits;         ///< Line edits waiting for the input line.
    console::Console* m_console = nullptr; ///< The console being drawn (for the callback).
    bool m_open = false;
    bool m_focusInput = false;
    int m_refocusFrames = 0; ///< Frames left for the asked focus to arrive (then typing is free again).
    size_t m_linesSeen = 0;  ///< Scrollback size at the last frame: new lines scroll to the bottom.
};

} // namespace cliplab::viewer
