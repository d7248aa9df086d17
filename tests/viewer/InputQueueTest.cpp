// The viewer's event queue on its own (no window): what a frame takes and what waits.

#include "viewer/InputQueue.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using cliplab::viewer::InputQueue;

namespace {

/// The US layout's scan code of `sym` (SDL's own keymap needs its video subsystem).
SDL_Scancode scancodeOf(SDL_Keycode sym) {
    if (sym >= SDLK_a && sym <= SDLK_z)
        return SDL_Scancode(SDL_SCANCODE_A + (sym - SDLK_a));
    switch (sym) {
    case SDLK_SPACE:
        return SDL_SCANCODE_SPACE;
    case SDLK_RETURN:
        return SDL_SCANCODE_RETURN;
    case SDLK_LSHIFT:
        return SDL_SCANCODE_LSHIFT;
    case SDLK_HOME:
        return SDL_SCANCODE_HOME;
    default:
        return SDL_SCANCODE_UNKNOWN;
    }
}

SDL_Event key(SDL_Keycode sym, bool down, Uint16 mod = KMOD_NONE, bool repeat = false) {
    SDL_Event e{};
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.key.repeat = repeat ? 1 : 0;
    e.key.keysym.sym = sym;
    e.key.keysym.scancode = scancodeOf(sym);
    e.key.keysym.mod = mod;
    return e;
}

SDL_Event text(char c) {
    SDL_Event e{};
    e.type = SDL_TEXTINPUT;
    e.text.text[0] = c;
    return e;
}

/// The events one frame takes, written as "+k" (down), "-k" (up), "'c" (text).
std::string frame(InputQueue& q) {
    q.beginFrame();
    std::string out;
    while (const auto e = q.next()) {
        if (!out.empty())
            out += ' ';
        if (e->type == SDL_TEXTINPUT) {
            out += '\'';
            out += e->text.text;
        } else {
            out += e->type == SDL_KEYDOWN ? '+' : '-';
            out += SDL_GetKeyName(e->key.keysym.sym);
        }
    }
    return out;
}

} // namespace

TEST(InputQueue, AKeyChangesOnceAFrame) {
    InputQueue q;
    for (const SDL_Event& e : {key(SDLK_SPACE, true), key(SDLK_SPACE, false), key(SDLK_SPACE, true),
                               key(SDLK_SPACE, false), key(SDLK_w, true)})
        q.push(e);
    EXPECT_EQ(frame(q), "+Space");
    EXPECT_EQ(q.pending(), 4u);
    EXPECT_EQ(frame(q), "-Space");
    EXPECT_EQ(frame(q), "+Space");
    EXPECT_EQ(frame(q), "-Space +W");
    EXPECT_EQ(frame(q), "");
    // A key repeat of a held key is no change: it passes.
    q.push(key(SDLK_w, true, KMOD_NONE, true));
    q.push(key(SDLK_w, false));
    EXPECT_EQ(frame(q), "+W -W");
}

TEST(InputQueue, TypedTextKeepsItsOrderWithTheKeysThatEditIt) {
    InputQueue q;
    // "ab", Enter, "c" typed within one frame: Enter after the characters, "c" after Enter.
    for (const SDL_Event& e :
         {key(SDLK_a, true), text('a'), key(SDLK_a, false), key(SDLK_b, true), text('b'), key(SDLK_b, false),
          key(SDLK_RETURN, true), key(SDLK_RETURN, false), key(SDLK_c, true), text('c'), key(SDLK_c, false)})
        q.push(e);
    EXPECT_EQ(frame(q), "+A 'a");      // A's release is its second change
    EXPECT_EQ(frame(q), "-A +B 'b");   // B's too
    EXPECT_EQ(frame(q), "-B +Return"); // no text in this frame: Enter may go down
    EXPECT_EQ(frame(q), "-Return +C"); // 'c may not follow Enter's change in its frame
    EXPECT_EQ(frame(q), "'c -C");
    // Two keys that edit text go down in separate frames (a text field acts on one a frame);
    // Ctrl+U edits, Shift does not.
    for (const SDL_Event& e : {key(SDLK_LSHIFT, true, KMOD_LSHIFT), key(SDLK_HOME, true, KMOD_LSHIFT),
                               key(SDLK_u, true, KMOD_LCTRL | KMOD_LSHIFT)})
        q.push(e);
    EXPECT_EQ(frame(q), "+Left Shift +Home");
    EXPECT_EQ(frame(q), "+U");
}

TEST(InputQueue, HeldTextWaitsWithWhatFollows) {
    InputQueue q;
    q.setHoldText(true);
    for (const SDL_Event& e : {key(SDLK_x, true), text('x'), key(SDLK_x, false)})
        q.push(e);
    EXPECT_EQ(frame(q), "+X");
    EXPECT_EQ(frame(q), "");
    q.setHoldText(false);
    EXPECT_EQ(frame(q), "'x -X");
}
