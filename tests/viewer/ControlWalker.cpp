// ControlWalker: the items of ImGui's windows found by its focus API's tabbing request, and driven by
// mouse and key events through the real loop (see ControlWalker.h).

#include "viewer/ControlWalker.h"

#include <algorithm>
#include <climits>
#include <map>

namespace cliplab::test {

namespace {

/// Pixels the mouse moves while a slider or a drag box is held (past ImGui's drag threshold, 3).
constexpr float kDragPixels = 6.0f;

/// Whether `c`'s window is still one of ImGui's windows (looked up again rather than trusted).
bool alive(const Control& c) {
    return c.window && ImGui::FindWindowByID(c.windowId) == c.window;
}

/// Scroll of `w` (clamped to its range) that brings the span [top, bottom] (screen y) into
/// `view`, its bottom 4 pixels above the view's: the items above it stay in sight for the next ones
/// (they are driven from the last up). Unchanged when it is in sight already.
float scrollFor(const ImGuiWindow* w, const ImRect& view, float top, float bottom) {
    if (top >= view.Min.y && bottom <= view.Max.y)
        return w->Scroll.y;
    float delta = bottom - (view.Max.y - 4.0f);
    if (bottom - top > view.GetHeight() - 8.0f) // taller than the view: its top in sight
        delta = top - (view.Min.y + 4.0f);
    return ImClamp(w->Scroll.y + delta, 0.0f, w->ScrollMax.y);
}

} // namespace

ControlWalker::ControlWalker(ViewerLoopHarness& h) : m_h(h) {
    ImGuiContextHook hook;
    hook.Type = ImGuiContextHookType_NewFramePost;
    hook.Owner = 0;
    hook.Callback = &ControlWalker::onNewFrame;
    hook.UserData = this;
    m_hookId = ImGui::AddContextHook(GImGui, &hook);
}

ControlWalker::~ControlWalker() {
    if (GImGui)
        ImGui::RemoveContextHook(GImGui, m_hookId);
}

void ControlWalker::drain() {
    for (int i = 0; i < 1000 && m_h.loop->input().pendingEvents() > 0 && frame(); ++i) {
    }
}

bool ControlWalker::frame() {
    if (!m_stopped && !m_h.loop->frame())
        m_stopped = true;
    return !m_stopped;
}

// At the start of a frame, after ImGui's own navigation update: the request SetKeyboardFocusHere()
// submits, counting every item of the window (FocusApi), not only text fields and sliders.
void ControlWalker::onNewFrame(ImGuiContext* ctx, ImGuiContextHook* hook) {
    auto* self = static_cast<ControlWalker*>(hook->UserData);
    if (!self->m_request)
        return;
    ImGuiContext& g = *ctx;
    g.NavWindow = self->m_request;
    ImGui::NavMoveRequestSubmit(ImGuiDir_None, ImGuiDir_Down,
                                ImGuiNavMoveFlags_Tabbing | ImGuiNavMoveFlags_FocusApi,
                                ImGuiScrollFlags_None);
    g.NavTabbingDir = 1;
    g.NavTabbingResultFirst.Clear();
    // The counter elapses at the window's first item, or (set back to 1 at the focused item) at
    // the item after the focused one.
    g.NavTabbingCounter = self->m_requestFirst ? 1 : INT_MAX;
    self->m_request = nullptr;
}

void ControlWalker::focus(ImGuiWindow* window, ImGuiID id, const ImRect& rel) {
    ImGuiContext& g = *GImGui;
    g.NavWindow = window;
    ImGui::SetNavID(id, ImGuiNavLayer_Main, 0, rel);
}

Control ControlWalker::next(ImGuiWindow* window, bool first) {
    m_request = window;
    m_requestFirst = first;
    frame();
    ImGuiContext& g = *GImGui;
    // The result is applied at the next frame's start: taken here instead, so that ImGui neither
    // scrolls to it nor activates a text field it lands on.
    const ImGuiNavItemData r = g.NavMoveResultLocal;
    g.NavMoveSubmitted = g.NavMoveScoringItems = false;
    Control c;
    if (r.ID == 0 || !r.Window)
        return c;
    c.id = r.ID;
    c.window = r.Window;
    c.windowId = r.Window->ID;
    c.rel = r.RectRel;
    focus(c.window, c.id, c.rel);
    return c;
}

std::vector<Control> ControlWalker::discover(ImGuiWindow* root, size_t limit) {
    std::vector<Control> found;
    std::vector<ImGuiWindow*> windows{root};
    std::set<ImGuiID> seen;
    // A child window (a list box) is begun only where its parent shows it, and is an item of its
    // parent only from its second frame on: the walk keeps the item it is at in the upper half of
    // the window, so what comes below is drawn, and takes every child window drawn as it goes.
    std::map<const ImGuiWindow*, float> childTop; // a child window's top in its parent's content
    auto takeChildren = [&](ImGuiWindow* parent) {
        for (ImGuiWindow* child : GImGui->Windows)
            if (child->ParentWindow == parent && child->Active &&
                (child->Flags & ImGuiWindowFlags_ChildWindow) && !(child->Flags & ImGuiWindowFlags_Popup) &&
                std::find(windows.begin(), windows.end(), child) == windows.end()) {
                windows.push_back(child);
                childTop[child] = child->Pos.y - parent->DC.CursorStartPos.y;
            }
    };
    for (size_t wi = 0; wi < windows.size() && found.size() < limit && !m_stopped; ++wi) {
        ImGuiWindow* w = windows[wi];
        ImGui::SetScrollY(w, 0.0f);
        if (auto top = childTop.find(w); top != childTop.end()) // its parent shows it from the top
            ImGui::SetScrollY(w->ParentWindow,
                              ImClamp(top->second - 4.0f, 0.0f, w->ParentWindow->ScrollMax.y));
        ImGuiID first = 0;
        for (Control c = next(w, true); c.id != 0 && found.size() < limit; c = next(w, false)) {
            if (!seen.insert(c.id).second) {
                // Back at the window's first item: the walk is done. Back at any other: two items
                // share an ID (ImGui 1.86 does not say so; a click on one then acts on both).
                if (c.id != first)
                    m_duplicates.push_back(c.id);
                break;
            }
            if (first == 0)
                first = c.id;
            // A tree node opens from the next frame on, so its items come next; any other item
            // ignores the entry (ImGui keeps only tree nodes' open state there).
            w->StateStorage.SetInt(c.id, 1);
            takeChildren(w);
            for (ImGuiWindow* child : windows)
                if (child->ParentWindow == w && child->ChildId == c.id)
                    c.child = child;
            if (auto top = childTop.find(w); top != childTop.end())
                c.parentTop = top->second;
            const float top = w->DC.CursorStartPos.y + c.rel.Min.y;
            const ImRect view = w->InnerRect;
            if (top > view.Min.y + view.GetHeight() * 0.5f || top < view.Min.y)
                ImGui::SetScrollY(w, ImClamp(w->Scroll.y + top - view.Min.y - 4.0f, 0.0f, w->ScrollMax.y));
            found.push_back(c);
        }
        takeChildren(w);
    }
    return found;
}

bool ControlWalker::showWindow(const Control& c) {
    ImGuiWindow* w = c.window;
    // A child window (a list box, a scrolling table) is begun only where its parent shows it: the
    // parent is scrolled to show it (a scroll applies at the next frame's Begin).
    if (!(w->Flags & ImGuiWindowFlags_ChildWindow) || !w->ParentWindow)
        return true;
    ImGuiWindow* p = w->ParentWindow;
    // Where it was drawn last frame, else where the walk found it (items above it may have moved it).
    const float top = w->Active ? w->Pos.y : p->DC.CursorStartPos.y + c.parentTop, bottom = top + w->Size.y;
    const float parent = scrollFor(p, p->InnerClipRect, top, bottom);
    if (parent == p->Scroll.y && w->Active)
        return true;
    ImGui::SetScrollY(p, parent);
    return frame() && alive(c) && w->Active;
}

std::optional<ImVec2> ControlWalker::reveal(const Control& c) {
    ImGuiWindow* w = c.window;
    if (!showWindow(c))
        return std::nullopt;
    const float top = w->DC.CursorStartPos.y + c.rel.Min.y, bottom = w->DC.CursorStartPos.y + c.rel.Max.y;
    const float own = scrollFor(w, w->InnerClipRect, top, bottom);
    if (own != w->Scroll.y) {
        ImGui::SetScrollY(w, own);
        if (!frame())
            return std::nullopt;
    }
    if (!alive(c))
        return std::nullopt;
    // The title bar's collapse button is above the content.
    const ImRect clip = c.rel.Max.y <= 0.0f ? w->TitleBarRect() : w->InnerClipRect;
    const ImVec2 origin = w->DC.CursorStartPos;
    const float width = c.rel.GetWidth();
    ImVec2 p(origin.x + c.rel.Min.x + std::max(2.0f, width * 0.25f),
             origin.y + (c.rel.Min.y + c.rel.Max.y) * 0.5f);
    if (!clip.Contains(p))
        return std::nullopt;
    return p;
}

bool ControlWalker::relocate(Control& c) {
    if (!alive(c))
        return false;
    if (!showWindow(c))
        return false;
    ImGuiContext& g = *GImGui;
    focus(c.window, c.id, c.rel);
    g.NavIdIsAlive = false;
    frame();
    // ImGui refreshes the focused item's rectangle when the item is submitted.
    if (g.NavId != c.id || !g.NavIdIsAlive || g.NavWindow != c.window)
        return false;
    c.rel = c.window->NavRectRel[ImGuiNavLayer_Main];
    return true;
}

Driven ControlWalker::drive(const Control& control, const std::string& text) {
    ImGuiContext& g = *GImGui;
    Control c = control;
    drain();
    for (int attempt = 0;; ++attempt) {
        if (!alive(c) || m_stopped)
            return Driven::Gone;
        const std::optional<ImVec2> p = reveal(c);
        if (!p) {
            if (attempt == 0 && relocate(c))
                continue;
            return alive(c) && relocate(c) ? Driven::Hidden : Driven::Gone;
        }
        // Hovered first, pressed only when ImGui says the mouse is on it: a press on whatever an
        // item driven before moved under the mouse would drive that one instead.
        m_h.mouseTo(p->x, p->y);
        frame();
        if (g.HoveredId != c.id) {
            if (attempt > 0)
                return Driven::Hidden;
            if (!relocate(c))
                return Driven::Gone;
            continue;
        }
        m_h.button(SDL_BUTTON_LEFT, true);
        frame();
        // Held: a slider or drag box takes the arrows while active; it gets dragged.
        const bool textField = g.InputTextState.ID == c.id && g.ActiveId == c.id;
        if (g.ActiveId == c.id && g.ActiveIdUsingNavDirMask != 0 && !textField) {
            m_h.mouseTo(p->x + kDragPixels, p->y);
            frame();
        }
        m_h.button(SDL_BUTTON_LEFT, false);
        frame();
        serve(c, textField, text);
        return Driven::Done;
    }
}

void ControlWalker::serve(const Control& c, bool textField, const std::string& text) {
    ImGuiContext& g = *GImGui;
    if (textField && g.ActiveId == c.id) {
        // The input queue hands the keys on in order, a character a frame: frames until all
        // are in, and one more for what Enter starts.
        for (char ch : text)
            m_h.type(ch);
        m_h.key(SDLK_RETURN, true);
        m_h.key(SDLK_RETURN, false);
        drain();
        frame();
        if (g.ActiveId == c.id) { // a field Enter does not end: Escape does
            m_h.key(SDLK_ESCAPE, true);
            m_h.key(SDLK_ESCAPE, false);
            drain();
        }
    }
    if (g.OpenPopupStack.empty() || m_stopped)
        return;
    // A combo (or any popup) opened: its entry after the current one (the first after the last).
    frame();
    if (g.OpenPopupStack.empty())
        return;
    if (ImGuiWindow* popup = g.OpenPopupStack.back().Window) {
        Control entry = next(popup, false);
        if (entry.id == 0 && g.NavTabbingResultFirst.ID != 0) {
            entry.id = g.NavTabbingResultFirst.ID;
            entry.window = g.NavTabbingResultFirst.Window;
            entry.windowId = entry.window ? entry.window->ID : 0;
            entry.rel = g.NavTabbingResultFirst.RectRel;
        }
        if (entry.id != 0)
            if (const std::optional<ImVec2> p = reveal(entry)) {
                m_h.mouseTo(p->x, p->y);
                m_h.button(SDL_BUTTON_LEFT, true);
                frame();
                m_h.button(SDL_BUTTON_LEFT, false);
                frame();
            }
    }
    if (!g.OpenPopupStack.empty()) { // not closed by its entry: closed as a click outside would
        ImGui::ClosePopupToLevel(0, true);
        frame();
    }
}

} // namespace cliplab::test
