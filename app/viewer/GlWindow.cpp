#include "viewer/GlWindow.h"

#include "render/Renderer.h"

#include <SDL.h>
#include <glad/gl.h>

#include <algorithm>
#include <vector>

namespace cliplab::viewer {

core::Result<std::unique_ptr<GlWindow>> GlWindow::create(const std::string& title, int width, int height,
                                                         bool hidden) {
    if (SDL_Init(SDL_INIT_VIDEO) != 0)
        return core::makeError(std::string("SDL: cannot start video (no display? run under xvfb-run): ") +
                               SDL_GetError());
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 24);
    std::unique_ptr<GlWindow> w(new GlWindow());
    const Uint32 flags = SDL_WINDOW_OPENGL | (hidden ? SDL_WINDOW_HIDDEN : SDL_WINDOW_RESIZABLE);
    w->m_window = SDL_CreateWindow(title.c_str(), SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED, width,
                                   height, flags);
    if (!w->m_window)
        return core::makeError(std::string("SDL: cannot open a window: ") + SDL_GetError());
    w->m_context = SDL_GL_CreateContext(w->m_window);
    if (!w->m_context)
        return core::makeError(std::string("SDL: cannot create an OpenGL 3.3 core context: ") +
                               SDL_GetError());
    SDL_GL_MakeCurrent(w->m_window, w->m_context);
    core::Status loaded = render::loadGl(SDL_GL_GetProcAddress);
    if (!loaded)
        return loaded.error();
    SDL_GL_SetSwapInterval(0); // measure frames, not the display's refresh
    return w;
}

GlWindow::~GlWindow() {
    if (m_context)
        SDL_GL_DeleteContext(m_context);
    if (m_window)
        SDL_DestroyWindow(m_window);
    SDL_QuitSubSystem(SDL_INIT_VIDEO);
    SDL_Quit();
}

void GlWindow::swap() {
    SDL_GL_SwapWindow(m_window);
}

std::string GlWindow::description() const {
    const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    const auto* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
    return std::string(renderer ? renderer : "?") + " (" + (version ? version : "?") + ")";
}

core::Result<std::unique_ptr<OffscreenTarget>> OffscreenTarget::create(int width, int height) {
    std::unique_ptr<OffscreenTarget> t(new OffscreenTarget());
    t->m_width = width;
    t->m_height = height;
    GLuint fbo = 0, color = 0, depth = 0;
    glGenFramebuffers(1, &fbo);
    glGenRenderbuffers(1, &color);
    glGenRenderbuffers(1, &depth);
    t->m_fbo = fbo;
    t->m_color = color;
    t->m_depth = depth;
    glBindRenderbuffer(GL_RENDERBUFFER, color);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, depth);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        return core::makeError("OpenGL: cannot make a " + std::to_string(width) + "x" +
                               std::to_string(height) + " framebuffer");
    return t;
}

OffscreenTarget::~OffscreenTarget() {
    GLuint fbo = m_fbo, color = m_color, depth = m_depth;
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &color);
    glDeleteRenderbuffers(1, &depth);
}

void OffscreenTarget::bind() const {
    glBindFramebuffer(GL_FRAMEBUFFER, m_fbo);
}

std::vector<unsigned char> OffscreenTarget::readRgb() const {
    const auto rowBytes = static_cast<size_t>(m_width) * 3;
    std::vector<unsigned char> bottomUp(rowBytes * static_cast<size_t>(m_height));
    bind();
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, m_width, m_height, GL_RGB, GL_UNSIGNED_BYTE, bottomUp.data());
    std::vector<unsigned char> topDown(bottomUp.size());
    for (size_t y = 0; y < static_cast<size_t>(m_height); ++y)
        std::copy_n(&bottomUp[(static_cast<size_t>(m_height) - 1 - y) * rowBytes], rowBytes,
                    &topDown[y * rowBytes]);
    return topDown;
}

} // namespace cliplab::viewer
