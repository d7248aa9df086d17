#pragma once
/// \file GlWindow.h
/// An SDL2 window with an OpenGL 3.3 core context, GL functions loaded through glad.
/// Only one may exist at a time (SDL video is process-wide).

#include "core/Result.h"

#include <memory>
#include <string>
#include <vector>

struct SDL_Window;

namespace cliplab::viewer {

/// Owns SDL video, the window and its GL context.
class GlWindow {
public:
    /// Opens a window of `width` x `height` pixels; `hidden` keeps it off screen (renders go to
    /// framebuffer objects). Errors say what is missing (e.g. no display: run under xvfb-run).
    static core::Result<std::unique_ptr<GlWindow>> create(const std::string& title, int width, int height,
                                                          bool hidden);
    ~GlWindow();
    GlWindow(const GlWindow&) = delete;
    GlWindow& operator=(const GlWindow&) = delete;

    /// Presents the back buffer.
    void swap();
    SDL_Window* window() const { return m_window; }
    /// "renderer (version)" of the context, e.g. "llvmpipe (LLVM 15.0.6, 256 bits) (4.5 (Core Profile)
    /// Mesa 22.3.6)".
    std::string description() const;

private:
    GlWindow() = default;
    SDL_Window* m_window = nullptr;
    void* m_context = nullptr;
};

/// An offscreen colour + depth target of a fixed size (RGBA8, 24-bit depth).
class OffscreenTarget {
public:
    /// Needs a current context. Fails when the framebuffer is incomplete (e.g. too large).
    static core::Result<std::unique_ptr<OffscreenTarget>> create(int width, int height);
    ~OffscreenTarget();
    OffscreenTarget(const OffscreenTarget&) = delete;
    OffscreenTarget& operator=(const OffscreenTarget&) = delete;

    /// Makes this the draw and read framebuffer.
    void bind() const;
    /// The pixels as RGB rows, top row first (OpenGL reads bottom-up; this flips).
    std::vector<unsigned char> readRgb() const;
    int width() const { return m_width; }
    int height() const { return m_height; }

private:
    OffscreenTarget() = default;
    unsigned m_fbo = 0, m_color = 0, m_depth = 0;
    int m_width = 0, m_height = 0;
};

} // namespace cliplab::viewer
