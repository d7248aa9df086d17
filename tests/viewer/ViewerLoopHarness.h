#pragma once
// The real viewer loop in the test process: a hidden window, SDL events pushed with SDL_PushEvent
// and whole frames run by ViewerLoop::frame(), exactly as `cliplab view` runs them. Widgets are
// found through ImGui's own records (window rectangles, hovered item IDs), not by pixel guesses.

#include "support/TestSupport.h"
#include "viewer/GlWindow.h"
#include "viewer/ViewerLoop.h"

#include <SDL.h>
#include <gtest/gtest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace cliplab::test {

class ViewerLoopHarness {
public:
    /// The playground (or `map`) in a hidden `width` x `height` window, no saved settings, console
    /// commands from `execFile` when given, the game data of `baseDir` mounted (on first use) when
    /// given; `ok()` says if it started. `configure` changes the config before the loop is made (a
    /// replay to open, say).
    ViewerLoopHarness(int width, int height, const std::string& map = "", const std::string& execFile = "",
                      const std::function<void(viewer::ViewerConfig&)>& configure = {},
                      const std::string& baseDir = "") {
        // Appended in place: GCC 12 warns (-Warray-bounds, a false positive) on the inlined
        // temporary of `std::string(...) + "..."` here.
        config.map = map;
        if (map.empty())
            config.map.append(CLIPLAB_SOURCE_DIR).append("/assets/maps/playground.map");
        config.execFile = execFile;
        config.width = width;
        config.height = height;
        config.hidden = true;
        config.persist = false;
        if (configure)
            configure(config);
        auto w = viewer::GlWindow::create("viewer_tests", width, height, true);
        if (!w) {
            error = w.error().message;
            return;
        }
        window = std::move(w.value());
        loop = std::make_unique<viewer::ViewerLoop>(config, *window);
        auto vfs = fs::FileSystem::create();
        if (!vfs) {
            error = vfs.error().message;
            return;
        }
        if (!baseDir.empty())
            if (core::Status mounted = vfs.value()->mountBaseDirectoryOnDemand(baseDir); !mounted) {
                error = mounted.error().message;
                return;
            }
        // A map given by name (oa_minia) comes from the installed game data, every package in
        // name order as the game mounts them (the patches win).
        if (!map.empty() && map.find('/') == std::string::npos && !openArenaBaseDir().empty()) {
            std::vector<std::string> paks;
            for (const auto& entry : std::filesystem::directory_iterator(openArenaBaseDir()))
                if (entry.path().extension() == ".pk3")
                    paks.push_back(entry.path().string());
            std::sort(paks.begin(), paks.end());
            for (const std::string& pak : paks)
                if (auto mounted = vfs.value()->mountArchive(pak); !mounted) {
                    error = mounted.error().message;
                    return;
                }
        }
        started = loop->start(std::move(vfs.value()));
        if (!started)
            error = "the viewer did not start";
        else
            frames(2); // the first frame lays the panels out
    }
    ~ViewerLoopHarness() {
        loop.reset();
        window.reset();
    }

    bool ok() const { return started; }
    viewer::ViewerState& state() { return loop->state(); }

    void frames(int n) {
        for (int i = 0; i < n; ++i)
            loop->frame();
    }

    void push(SDL_Event e) {
        e.common.timestamp = SDL_GetTicks();
        ASSERT_EQ(SDL_PushEvent(&e), 1) << SDL_GetError();
    }
    void mouseTo(float x, float y) {
        SDL_Event e{};
        e.type = SDL_MOUSEMOTION;
        e.motion.windowID = SDL_GetWindowID(window->window());
        e.motion.x = int(x);
        e.motion.y = int(y);
        e.motion.xrel = int(x) - m_x;
        e.motion.yrel = int(y) - m_y;
        m_x = int(x);
        m_y = int(y);
        push(e);
    }
    void button(Uint8 which, bool down) {
        SDL_Event e{};
        e.type = down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP;
        e.button.windowID = SDL_GetWindowID(window->window());
        e.button.button = which;
        e.button.state = down ? SDL_PRESSED : SDL_RELEASED;
        e.button.clicks = 1;
        e.button.x = m_x;
        e.button.y = m_y;
        push(e);
    }
    /// A left click at (x, y): move there (one frame, so ImGui knows what is hovered), press and
    /// release within one frame, and one more frame (ImGui acts on the release, and publishes
    /// what it wants, e.g. io.WantTextInput, at the start of a frame).
    void clickAt(float x, float y) {
        mouseTo(x, y);
        frames(1);
        button(SDL_BUTTON_LEFT, true);
        button(SDL_BUTTON_LEFT, false);
        frames(2);
    }
    void wheel(int y) {
        SDL_Event e{};
        e.type = SDL_MOUSEWHEEL;
        e.wheel.windowID = SDL_GetWindowID(window->window());
        e.wheel.y = y;
        e.wheel.direction = SDL_MOUSEWHEEL_NORMAL;
        push(e);
    }
    void key(SDL_Keycode sym, bool down) {
        SDL_Event e{};
        e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
        e.key.windowID = SDL_GetWindowID(window->window());
        e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
        e.key.keysym.sym = sym;
        e.key.keysym.scancode = SDL_GetScancodeFromKey(sym);
        push(e);
    }
    /// A key pressed for one frame and released.
    void tap(SDL_Keycode sym) {
        key(sym, true);
        frames(1);
        key(sym, false);
        frames(1);
    }
    /// A key typed as a user types it: key down, its text, key up.
    void type(char c) {
        key(SDL_Keycode(c), true);
        SDL_Event t{};
        t.type = SDL_TEXTINPUT;
        t.text.windowID = SDL_GetWindowID(window->window());
        t.text.text[0] = c;
        push(t);
        key(SDL_Keycode(c), false);
    }

    /// The ImGui window called `name` (null when there is none).
    static ImGuiWindow* imguiWindow(const char* name) { return ImGui::FindWindowByName(name); }

    /// Where the item `label` of sidebar section `section` is (window coordinates): the mouse is
    /// moved down the sidebar in small steps, one frame each, until ImGui reports that item
    /// hovered; the sidebar is scrolled a screen at a time when the item is not in sight.
    /// Nothing when the item is not found (its section closed, say).
    std::optional<ImVec2> findItem(const char* section, const char* label, float xInset = 24.0f) {
        return findItemById(sidebarItemId(section, label), xInset);
    }
    /// The same for an item given by its ImGui ID (one made under a PushID, say).
    std::optional<ImVec2> findItemById(ImGuiID id, float xInset = 24.0f) {
        ImGuiWindow* w = imguiWindow("Sidebar");
        if (!w)
            return std::nullopt;
        const float x = w->Pos.x + xInset;
        for (float scroll = 0.0f;; scroll += w->Size.y * 0.5f) {
            ImGui::SetScrollY(w, std::min(scroll, w->ScrollMax.y));
            frames(1);
            for (float y = w->Pos.y + 4.0f; y < w->Pos.y + w->Size.y; y += 8.0f) { // items are >= 13 px tall
                mouseTo(x, y);
                frames(1);
                if (GImGui->HoveredId == id)
                    return ImVec2(x, y);
            }
            if (scroll >= w->ScrollMax.y)
                return std::nullopt;
        }
    }

    /// Where item `label` of the ImGui window `window` is: the row is found by moving the mouse down
    /// the window's left edge until `rowLabel` (the row's first item) is hovered, then the item
    /// along that row. Nothing when either is not found.
    std::optional<ImVec2> findInWindow(const char* windowName, const char* rowLabel, const char* label) {
        ImGuiWindow* w = imguiWindow(windowName);
        if (!w)
            return std::nullopt;
        const ImGuiID rowId = ImHashStr(rowLabel, 0, w->ID), id = ImHashStr(label, 0, w->ID);
        const float top = w->Pos.y, bottom = w->Pos.y + w->Size.y;
        for (float y = top + 4.0f; y < bottom; y += 8.0f) { // rows are >= 13 px tall
            mouseTo(w->Pos.x + 14.0f, y);
            frames(1);
            if (GImGui->HoveredId != rowId)
                continue;
            for (float x = w->Pos.x + 14.0f; x < w->Pos.x + w->Size.x; x += 10.0f) { // buttons >= 20 px
                mouseTo(x, y);
                frames(1);
                if (GImGui->HoveredId == id)
                    return ImVec2(x, y);
            }
            return std::nullopt;
        }
        return std::nullopt;
    }

    /// The ID of item `label` in sidebar section `section` (as ImGui hashes the ID stack:
    /// the sidebar window, then the section's name).
    static ImGuiID sidebarItemId(const char* section, const char* label) {
        ImGuiWindow* w = imguiWindow("Sidebar");
        return w ? ImHashStr(label, 0, ImHashStr(section, 0, w->ID)) : 0;
    }
    /// Opens (or closes) tree node `label` of sidebar section `section` from the next frame on.
    static void setTreeNodeOpen(const char* section, const char* label, bool open) {
        if (ImGuiWindow* w = imguiWindow("Sidebar"))
            w->StateStorage.SetInt(sidebarItemId(section, label), open ? 1 : 0);
    }

    /// A point of the window that no ImGui window covers (the middle of the 3D view).
    std::optional<ImVec2> emptyPoint() const {
        for (float fx : {0.5f, 0.45f, 0.55f, 0.4f, 0.6f})
            for (float fy : {0.5f, 0.3f, 0.7f}) {
                const ImVec2 p(float(config.width) * fx, float(config.height) * fy);
                bool covered = false;
                for (ImGuiWindow* w : GImGui->Windows)
                    covered = covered || (w->Active && !w->Hidden && w->Rect().Contains(p));
                if (!covered)
                    return p;
            }
        return std::nullopt;
    }

    viewer::ViewerConfig config;
    std::unique_ptr<viewer::GlWindow> window;
    std::unique_ptr<viewer::ViewerLoop> loop;
    std::string error;

private:
    bool started = false;
    int m_x = 0, m_y = 0;
};

} // namespace cliplab::test
