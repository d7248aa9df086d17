// The .map parser: a small tokenizer that remembers where each token starts, and a recursive
// reader for entities, brushes (classic and brushDef) and patchDef2 blocks. Every error names the
// file, line and column of the token that is wrong (or of the '{' that is never closed).

#include "mapc/MapSource.h"

#include "core/Format.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace cliplab::mapc {

using core::Error;

const std::string* MapEntity::get(std::string_view key) const {
    for (const auto& [k, v] : pairs)
        if (k == key)
            return &v;
    return nullptr;
}

std::string_view MapEntity::classname() const {
    const std::string* c = get("classname");
    return c ? std::string_view(*c) : std::string_view();
}

core::Error sourceError(const std::string& name, SourcePos pos, const std::string& message) {
    core::Error e;
    e.message = core::format("%s:%d:%d: %s", name.c_str(), pos.line, pos.column, message.c_str());
    e.file = name;
    e.line = pos.line;
    e.column = pos.column;
    return e;
}

namespace {

enum class Tok { End, OpenBrace, CloseBrace, OpenParen, CloseParen, Quoted, Word };

struct Token {
    Tok kind = Tok::End;
    std::string text;
    SourcePos pos;
};

const char* describe(const Token& t) {
    switch (t.kind) {
    case Tok::End:
        return "end of file";
    case Tok::OpenBrace:
        return "'{'";
    case Tok::CloseBrace:
        return "'}'";
    case Tok::OpenParen:
        return "'('";
    case Tok::CloseParen:
        return "')'";
    case Tok::Quoted:
        return "a quoted string";
    case Tok::Word:
        return "a word";
    }
    return "?";
}

class Tokenizer {
public:
    explicit Tokenizer(std::string_view text) : m_text(text) {}

    /// The next token without consuming it.
    const Token& peek() {
        if (!m_hasPeek) {
            m_peek = read();
            m_hasPeek = true;
        }
        return m_peek;
    }

    Token next() {
        peek();
        m_hasPeek = false;
        return std::move(m_peek);
    }

    /// Set when a quoted string runs to the end of the file.
    bool unterminated() const { return m_unterminated; }
    SourcePos unterminatedPos() const { return m_unterminatedPos; }

private:
    char at(size_t i) const { return i < m_text.size() ? m_text[i] : '\0'; }

    void advance() {
        if (m_text[m_i] == '\n') {
            ++m_line;
            m_col = 1;
        } else {
            ++m_col;
        }
        ++m_i;
    }

    Token read() {
        for (;;) {
            while (m_i < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_i])))
                advance();
            if (at(m_i) == '/' && at(m_i + 1) == '/') {
                while (m_i < m_text.size() && m_text[m_i] != '\n')
                    advance();
                continue;
            }
            break;
        }
        Token t;
        t.pos = {m_line, m_col};
        if (m_i >= m_text.size())
            return t;
        const char c = m_text[m_i];
        switch (c) {
        case '{':
            t.kind = Tok::OpenBrace;
            break;
        case '}':
            t.kind = Tok::CloseBrace;
            break;
        case '(':
            t.kind = Tok::OpenParen;
            break;
        case ')':
            t.kind = Tok::CloseParen;
            break;
        default:
            break;
        }
        if (t.kind != Tok::End) {
            t.text = std::string(1, c);
            advance();
            return t;
        }
        if (c == '"') {
            t.kind = Tok::Quoted;
            advance();
            while (m_i < m_text.size() && m_text[m_i] != '"') {
                t.text += m_text[m_i];
                advance();
            }
            if (m_i >= m_text.size()) {
                m_unterminated = true;
                m_unterminatedPos = t.pos;
                t.kind = Tok::End;
                return t;
            }
            advance();
            return t;
        }
        t.kind = Tok::Word;
        while (m_i < m_text.size()) {
            const char d = m_text[m_i];
            if (std::isspace(static_cast<unsigned char>(d)) || d == '{' || d == '}' || d == '(' || d == ')' ||
                d == '"')
                break;
            t.text += d;
            advance();
        }
        return t;
    }

    std::string_view m_text;
    size_t m_i = 0;
    int m_line = 1, m_col = 1;
    Token m_peek;
    bool m_hasPeek = false;
    bool m_unterminated = false;
    SourcePos m_unterminatedPos;
};

/// Thrown-free parse failure: the parser stops at the first error and keeps its message.
class Parser {
public:
    Parser(std::string_view text, const std::string& name) : m_tok(text), m_name(name) {}

    core::Result<MapSource> run() {
        MapSource out;
        out.name = m_name;
        for (;;) {
            const Token& t = m_tok.peek();
            if (t.kind == Tok::End) {
                if (m_tok.unterminated())
                    return sourceError(m_name, m_tok.unterminatedPos(), "quoted string is not closed");
                break;
            }
            if (t.kind == Tok::CloseBrace)
                return fail(t.pos, "unmatched '}' (no entity is open)");
            if (t.kind != Tok::OpenBrace)
                return fail(t.pos,
                            core::format("expected '{' to start an entity, found %s", quoteToken(t).c_str()));
            MapEntity e;
            if (!entity(e))
                return m_error;
            out.entities.push_back(std::move(e));
        }
        return out;
    }

private:
    std::string quoteToken(const Token& t) const {
        if (t.kind == Tok::Word || t.kind == Tok::Quoted)
            return "'" + t.text + "'";
        return describe(t);
    }

    Error fail(SourcePos pos, const std::string& message) {
        m_error = sourceError(m_name, pos, message);
        return m_error;
    }

    bool failed(SourcePos pos, const std::string& message) {
        fail(pos, message);
        return false;
    }

    /// End of file inside a block: blame the unterminated string if that caused it, else the '{'.
    bool unclosed(SourcePos open, const char* what) {
        if (m_tok.unterminated())
            return failed(m_tok.unterminatedPos(), "quoted string is not closed");
        return failed(open, core::format("unbalanced braces: this '{' (%s) is never closed", what));
    }

    bool expect(Tok kind, const char* what) {
        Token t = m_tok.next();
        if (t.kind == kind)
            return true;
        return failed(t.pos, core::format("expected %s, found %s", what, quoteToken(t).c_str()));
    }

    bool number(double& out, const char* what) {
        Token t = m_tok.next();
        if (t.kind != Tok::Word)
            return failed(t.pos,
                          core::format("expected %s (a number), found %s", what, quoteToken(t).c_str()));
        const char* begin = t.text.c_str();
        char* end = nullptr;
        errno = 0;
        const double v = std::strtod(begin, &end);
        if (end == begin || *end != '\0' || errno == ERANGE || !std::isfinite(v))
            return failed(t.pos, core::format("bad number '%s' for %s", t.text.c_str(), what));
        out = v;
        return true;
    }

    bool integer(int32_t& out, const char* what) {
        Token t = m_tok.next();
        const SourcePos pos = t.pos;
        if (t.kind != Tok::Word)
            return failed(pos,
                          core::format("expected %s (an integer), found %s", what, quoteToken(t).c_str()));
        const char* begin = t.text.c_str();
        char* end = nullptr;
        errno = 0;
        const long long v = std::strtoll(begin, &end, 10);
        // Flags are bit sets: values up to 2^32-1 are accepted and wrap to the int32 bit pattern.
        if (end == begin || *end != '\0' || errno == ERANGE || v < INT32_MIN ||
            v > static_cast<long long>(UINT32_MAX))
            return failed(pos, core::format("bad integer '%s' for %s", t.text.c_str(), what));
        out = static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(v)));
        return true;
    }

    /// `( a b c ... )` with `n` numbers.
    bool vector(double* out, int n, const char* what) {
        if (!expect(Tok::OpenParen, core::format("'(' to start %s", what).c_str()))
            return false;
        for (int i = 0; i < n; ++i)
            if (!number(out[i], what))
                return false;
        Token t = m_tok.next();
        if (t.kind != Tok::CloseParen)
            return failed(t.pos, core::format("expected ')' after %d numbers of %s, found %s", n, what,
                                              quoteToken(t).c_str()));
        return true;
    }

    bool entity(MapEntity& e) {
        const Token open = m_tok.next();
        e.pos = open.pos;
        for (;;) {
            Token t = m_tok.next();
            switch (t.kind) {
            case Tok::End:
                return unclosed(open.pos, "entity");
            case Tok::CloseBrace:
                return true;
            case Tok::Quoted: {
                Token v = m_tok.next();
                if (v.kind != Tok::Quoted) {
                    if (v.kind == Tok::End)
                        return unclosed(open.pos, "entity");
                    return failed(v.pos, core::format("expected a quoted value for key \"%s\", found %s",
                                                      t.text.c_str(), quoteToken(v).c_str()));
                }
                e.pairs.emplace_back(std::move(t.text), std::move(v.text));
                break;
            }
            case Tok::OpenBrace:
                if (!brushOrPatch(e, t.pos))
                    return false;
                break;
            default:
                return failed(t.pos,
                              core::format("expected a \"key\" \"value\" pair, a '{' or '}' in the entity, "
                                           "found %s",
                                           quoteToken(t).c_str()));
            }
        }
    }

    /// After a '{' inside an entity: a classic brush, brushDef or patchDef2.
    bool brushOrPatch(MapEntity& e, SourcePos open) {
        const Token& t = m_tok.peek();
        if (t.kind == Tok::Word && (t.text == "brushDef" || t.text == "patchDef2")) {
            const bool isPatch = t.text == "patchDef2";
            m_tok.next();
            const Token inner = m_tok.next();
            if (inner.kind != Tok::OpenBrace) {
                if (inner.kind == Tok::End)
                    return unclosed(open, "brush");
                return failed(inner.pos,
                              core::format("expected '{' after %s, found %s",
                                           isPatch ? "patchDef2" : "brushDef", quoteToken(inner).c_str()));
            }
            if (isPatch) {
                MapPatch p;
                p.pos = open;
                if (!patch(p, inner.pos))
                    return false;
                e.patches.push_back(std::move(p));
            } else {
                MapBrush b;
                b.pos = open;
                if (!brushBody(b, inner.pos, TexMode::BrushPrimitive))
                    return false;
                e.brushes.push_back(std::move(b));
            }
            const Token close = m_tok.next();
            if (close.kind == Tok::End)
                return unclosed(open, "brush");
            if (close.kind != Tok::CloseBrace)
                return failed(close.pos, core::format("expected '}' to close the block, found %s",
                                                      quoteToken(close).c_str()));
            return true;
        }
        if (t.kind == Tok::Word)
            return failed(t.pos, core::format("unknown block '%s' (expected a brush, brushDef or patchDef2)",
                                              t.text.c_str()));
        MapBrush b;
        b.pos = open;
        if (!brushBody(b, open, TexMode::Classic))
            return false;
        e.brushes.push_back(std::move(b));
        return true;
    }

    /// Sides up to the closing '}' (consumed).
    bool brushBody(MapBrush& b, SourcePos open, TexMode mode) {
        for (;;) {
            const Token& t = m_tok.peek();
            if (t.kind == Tok::End)
                return unclosed(open, "brush");
            if (t.kind == Tok::CloseBrace) {
                m_tok.next();
                return true;
            }
            if (t.kind != Tok::OpenParen)
                return failed(t.pos, core::format("expected '(' to start a brush plane or '}', found %s",
                                                  quoteToken(t).c_str()));
            MapSide s;
            if (!side(s, mode))
                return false;
            b.sides.push_back(std::move(s));
        }
    }

    bool side(MapSide& s, TexMode mode) {
        s.pos = m_tok.peek().pos;
        s.mode = mode;
        for (int i = 0; i < 3; ++i) {
            const Token& t = m_tok.peek();
            if (t.kind != Tok::OpenParen) {
                if (t.kind == Tok::Word || t.kind == Tok::Quoted || t.kind == Tok::CloseBrace)
                    return failed(t.pos,
                                  core::format("plane has only %d point%s; a plane needs three '( x y z )' "
                                               "points",
                                               i, i == 1 ? "" : "s"));
                if (t.kind == Tok::End)
                    return failed(t.pos, "unexpected end of file in a brush plane");
            }
            double p[3];
            if (!vector(p, 3, "a plane point"))
                return false;
            s.points[static_cast<size_t>(i)] = {p[0], p[1], p[2]};
        }
        if (mode == TexMode::BrushPrimitive) {
            if (!expect(Tok::OpenParen, "'(' to start the texture matrix"))
                return false;
            for (auto& row : s.matrix) {
                double r[3];
                if (!vector(r, 3, "a texture matrix row"))
                    return false;
                row = {r[0], r[1], r[2]};
            }
            if (!expect(Tok::CloseParen, "')' to close the texture matrix"))
                return false;
        }
        Token tex = m_tok.next();
        if (tex.kind != Tok::Word && tex.kind != Tok::Quoted)
            return failed(tex.pos,
                          core::format("expected a texture name, found %s", quoteToken(tex).c_str()));
        s.texture = std::move(tex.text);
        if (mode == TexMode::Classic) {
            if (!number(s.shift.x, "the texture x offset") || !number(s.shift.y, "the texture y offset") ||
                !number(s.rotation, "the texture rotation") || !number(s.scale.x, "the texture x scale") ||
                !number(s.scale.y, "the texture y scale"))
                return false;
        }
        // The optional "contents surfaceflags value" triple: present when a number follows.
        const Token& next = m_tok.peek();
        if (next.kind == Tok::Word) {
            s.hasFlags = true;
            if (!integer(s.contents, "the contents flags") || !integer(s.surfaceFlags, "the surface flags") ||
                !integer(s.value, "the surface value"))
                return false;
        }
        return true;
    }

    bool patch(MapPatch& p, SourcePos innerOpen) {
        Token tex = m_tok.next();
        if (tex.kind != Tok::Word && tex.kind != Tok::Quoted)
            return failed(tex.pos,
                          core::format("expected the patch texture name, found %s", quoteToken(tex).c_str()));
        p.texture = std::move(tex.text);
        const SourcePos sizePos = m_tok.peek().pos;
        double info[5];
        if (!vector(info, 5, "the patch size ( width height 0 0 0 )"))
            return false;
        const double w = info[0], h = info[1];
        if (w != std::floor(w) || h != std::floor(h) || w < 3 || h < 3 || w > 129 || h > 129 ||
            std::fmod(w, 2.0) == 0.0 || std::fmod(h, 2.0) == 0.0)
            return failed(sizePos, core::format("bad patch size %gx%g (each must be odd, 3 to 129)", w, h));
        p.width = static_cast<int>(w);
        p.height = static_cast<int>(h);
        p.points.resize(static_cast<size_t>(p.width) * static_cast<size_t>(p.height));
        if (!expect(Tok::OpenParen, "'(' to start the patch control points"))
            return false;
        // The file lists `width` groups of `height` points; group j holds column j.
        for (int j = 0; j < p.width; ++j) {
            if (!expect(Tok::OpenParen, "'(' to start a patch column"))
                return false;
            for (int i = 0; i < p.height; ++i) {
                double v[5];
                if (!vector(v, 5, "a patch point ( x y z s t )"))
                    return false;
                PatchPoint& pt = p.points[static_cast<size_t>(i * p.width + j)];
                pt.xyz = {v[0], v[1], v[2]};
                pt.st = {v[3], v[4]};
            }
            if (!expect(Tok::CloseParen,
                        core::format("')' after the %d points of a patch column", p.height).c_str()))
                return false;
        }
        if (!expect(Tok::CloseParen, "')' to close the patch control points"))
            return false;
        const Token close = m_tok.next();
        if (close.kind == Tok::End)
            return unclosed(innerOpen, "patchDef2");
        if (close.kind != Tok::CloseBrace)
            return failed(close.pos, core::format("expected '}' to close patchDef2, found %s",
                                                  quoteToken(close).c_str()));
        return true;
    }

    Tokenizer m_tok;
    const std::string& m_name;
    Error m_error;
};

} // namespace

core::Result<MapSource> parseMap(std::string_view text, const std::string& name) {
    return Parser(text, name).run();
}

} // namespace cliplab::mapc
