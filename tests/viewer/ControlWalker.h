#pragma once
// Every interactive item of the viewer's ImGui windows, found by ImGui itself and driven through the
// real loop (ViewerLoopHarness) by the mouse and keys, as a user does.
//
// Finding the items: a prebuilt Dear ImGui 1.86 has no test-engine hooks, but it has the focus API's
// tabbing request (what SetKeyboardFocusHere() submits): with ImGuiNavMoveFlags_FocusApi it counts
// every item with an ID that the window submits, in submission order (buttons, checkboxes, combos,
// sliders, drags, text fields, tree nodes, selectables, table headers, child windows), clipped or
// not, and stops at the item after the focused one. A context hook submits one such request at the
// start of a frame; after the frame, ImGui's result holds the next item's ID and its rectangle, and
// the test makes that item the focused one. One frame finds one item: no list of labels to go stale.
// A tree node opens as soon as it is found (its open state is the window's storage under its ID), so
// the items under it come next. A child window (a list box, a scrolling table) is an item of its
// parent; its own items are found by the same walk in it.
//
// Driving them: from the last item up (so that what an item opens or closes below it never moves the
// items still to drive), each is brought into view (its window's parent first, when that is a child
// window, then the window), hovered, and pressed only once ImGui reports it hovered (else it is
// looked for again by the same focus request: an item driven before may have moved it), at a
// quarter of its width, then released (a click for a button, a checkbox, a tree node or a
// selectable; a slider or drag box is held and moved 6 pixels first); a text field then gets a line
// typed and Enter, and a popup it opened (a combo) gets its entry after the current one clicked.
// Two items of one window with the same ID are reported (duplicates()): ImGui 1.86 does not.

#include "viewer/ViewerLoopHarness.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cliplab::test {

/// One item ImGui's focus can reach.
struct Control {
    ImGuiID id = 0;
    ImGuiWindow* window = nullptr; ///< Its window (a child window for a list box's rows).
    ImGuiID windowId = 0;          ///< The window's ID, to check that the window still exists.
    ImRect rel;                    ///< Its rectangle from the window's content start (scroll-free).
    /// The child window this item stands for in its parent (its rows are Controls of their own).
    ImGuiWindow* child = nullptr;
    /// For an item of a child window: the child window's top in its parent's content (scroll-free).
    float parentTop = 0.0f;
};

/// What driving one control came to.
enum class Driven {
    Done,   ///< Pressed and released on it (and its text or popup served).
    Gone,   ///< It was no longer there (an item driven before removed it).
    Hidden, ///< It was there but not under the mouse, or not hovered there (a disabled item).
};

/// Finds and drives the items of ImGui windows in a harness's loop (see the file comment). One per
/// harness, made after it started.
class ControlWalker {
public:
    /// Hooks into `h`'s ImGui context (removed again by the destructor).
    explicit ControlWalker(ViewerLoopHarness& h);
    ~ControlWalker();
    ControlWalker(const ControlWalker&) = delete;
    ControlWalker& operator=(const ControlWalker&) = delete;

    /// Every item of `window` and of its child windows, parents before their children, each
    /// window's items in submission order; tree nodes are opened as they are found. One frame per
    /// item; at most `limit` items.
    std::vector<Control> discover(ImGuiWindow* window, size_t limit = 2000);

    /// IDs that two items of one window shared, as the walks found them (the walk of that window
    /// ends there).
    const std::vector<ImGuiID>& duplicates() const { return m_duplicates; }

    /// Drives `c` as its kind asks (see the file comment); a text field gets `text` and Enter.
    Driven drive(const Control& c, const std::string& text);

    /// One frame of the loop; false when the viewer stopped.
    bool frame();
    /// Frames until the loop's input queue has handed every pushed event on.
    void drain();

private:
    static void onNewFrame(ImGuiContext* ctx, ImGuiContextHook* hook);
    /// The item after the focused one in `window` (the first when `first`), as ImGui's tabbing
    /// request finds it in one frame; id 0 at the end of the window.
    Control next(ImGuiWindow* window, bool first);
    /// Makes `id` (in `window`) the focused item, without activating it.
    static void focus(ImGuiWindow* window, ImGuiID id, const ImRect& rel);
    /// Scrolls the parent of `c`'s window, when that is a child window, so that ImGui draws it
    /// (one frame when it scrolls); false when it is not drawn.
    bool showWindow(const Control& c);
    /// Scrolls `c`'s window (and its parent) so that `c` is in sight; one frame when it scrolls.
    /// The point to press (screen coordinates), or nothing when it cannot be brought in sight.
    std::optional<ImVec2> reveal(const Control& c);
    /// Where `c` is now: the focus put on it for one frame refreshes its rectangle. False when it is gone.
    bool relocate(Control& c);
    /// Serves what the press opened: a text field's line, a popup's other entry.
    void serve(const Control& c, bool textField, const std::string& text);

    ViewerLoopHarness& m_h;
    ImGuiID m_hookId = 0;
    ImGuiWindow* m_request = nullptr; ///< The window to submit a tabbing request in, next frame.
    bool m_requestFirst = false;
    bool m_stopped = false;
    std::vector<ImGuiID> m_duplicates;
};

} // namespace cliplab::test
