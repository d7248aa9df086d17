#pragma once
/// \file InputQueue.h
/// The viewer's events in arrival order, handed on a frame at a time so that nothing is lost at
/// a low frame rate: Dear ImGui 1.86 (and the movement keys) read each key as held or not once a
/// frame, so a press and its release inside one frame would vanish. Like the input queue of later
/// ImGui versions, a frame takes events until one would be the second transition of a key in that
/// frame, or would reorder text and the keys that edit it; the rest waits for the next frames.

#include <SDL.h>

#include <bitset>
#include <cstddef>
#include <deque>
#include <optional>

namespace cliplab::viewer {

/// Events queued across frames; one per viewer loop.
class InputQueue {
public:
    /// Appends `event` (SDL's queue drained at the start of a frame).
    void push(const SDL_Event& event) { m_events.push_back(event); }
    /// Starts a frame: no key has changed in it yet.
    void beginFrame();
    /// The next event of this frame; nothing when the queue is empty or its first event waits for
    /// the next frame:
    /// - a key press or release when the same key already went down or up in this frame (a key
    ///   repeat of a held key is no change and always passes);
    /// - a key that edits text (Enter, Backspace, the arrows, any key with Ctrl/Alt/Super held)
    ///   changing after characters were typed in this frame, and characters after such a key
    ///   changed: a text field sees them in the order they were typed;
    /// - a second press of such a key in this frame (ImGui's text field acts on one a frame).
    std::optional<SDL_Event> next();
    /// While true, typed characters wait (with everything after them): the text field they are
    /// for is about to take the keyboard (the console's line, a frame or two after ~ or Enter)
    /// and ImGui would drop characters that arrive before it does.
    void setHoldText(bool hold) { m_holdText = hold; }
    /// Events still waiting (this frame's rest and later ones).
    size_t pending() const { return m_events.size(); }
    /// True when `event` is a key that edits text rather than typing it (see next()).
    static bool editsText(const SDL_KeyboardEvent& event);

private:
    std::deque<SDL_Event> m_events;
    std::bitset<SDL_NUM_SCANCODES> m_down;    ///< Keys down as handed on.
    std::bitset<SDL_NUM_SCANCODES> m_changed; ///< Keys that went down or up in this frame.
    bool m_typed = false;                     ///< Characters were handed on in this frame.
    bool m_editKeyChanged = false;            ///< A key that edits text changed in this frame.
    bool m_editKeyPressed = false;            ///< A key that edits text went down in this frame.
    bool m_holdText = false;                  ///< setHoldText().
};

} // namespace cliplab::viewer
