#include "bsp/Entities.h"

#include "core/Format.h"

#include <charconv>
#include <cstdlib>

namespace cliplab::bsp {

using core::Error;
using core::format;

const std::string* Entity::get(std::string_view key) const {
    for (const auto& [k, v] : pairs)
        if (k == key)
            return &v;
    return nullptr;
}

std::string_view Entity::classname() const {
    const std::string* v = get("classname");
    return v ? std::string_view(*v) : std::string_view();
}

std::optional<glm::vec3> Entity::vec3(std::string_view key) const {
    const std::string* v = get(key);
    if (!v)
        return std::nullopt;
    glm::vec3 out;
    const char* p = v->c_str();
    for (int i = 0; i < 3; ++i) {
        char* end = nullptr;
        out[i] = std::strtof(p, &end);
        if (end == p)
            return std::nullopt;
        p = end;
    }
    return out;
}

std::optional<float> Entity::number(std::string_view key) const {
    const std::string* v = get(key);
    if (!v)
        return std::nullopt;
    char* end = nullptr;
    float f = std::strtof(v->c_str(), &end);
    if (end == v->c_str())
        return std::nullopt;
    return f;
}

std::optional<int32_t> Entity::inlineModel() const {
    const std::string* m = get("model");
    if (!m || m->size() < 2 || (*m)[0] != '*')
        return std::nullopt;
    int32_t n = 0;
    for (size_t i = 1; i < m->size(); ++i) {
        const char c = (*m)[i];
        if (c < '0' || c > '9' || n > 1000000)
            return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

namespace {

/// Tokenizer over the entity text: braces and quoted strings, with line tracking for errors.
class Tokens {
public:
    explicit Tokens(std::string_view text) : m_text(text) {}

    /// Skips white space and comments; false at the end of the text.
    bool skip() {
        while (m_pos < m_text.size()) {
            char c = m_text[m_pos];
            if (c == '\n') {
                ++m_line;
                ++m_pos;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\0') {
                ++m_pos;
            } else if (c == '/' && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == '/') {
                while (m_pos < m_text.size() && m_text[m_pos] != '\n')
                    ++m_pos;
            } else {
                return true;
            }
        }
        return false;
    }
    char peek() const { return m_text[m_pos]; }
    void advance() { ++m_pos; }
    int line() const { return m_line; }

    /// Reads a quoted string starting at the current '"'. False when it is not terminated.
    bool quoted(std::string& out) {
        ++m_pos;
        size_t start = m_pos;
        while (m_pos < m_text.size() && m_text[m_pos] != '"') {
            if (m_text[m_pos] == '\n')
                ++m_line;
            ++m_pos;
        }
        if (m_pos >= m_text.size())
            return false;
        out.assign(m_text.substr(start, m_pos - start));
        ++m_pos;
        return true;
    }

private:
    std::string_view m_text;
    size_t m_pos = 0;
    int m_line = 1;
};

} // namespace

core::Result<std::vector<Entity>> parseEntities(std::string_view text, const std::string& name) {
    std::vector<Entity> entities;
    Tokens t(text);
    auto error = [&](const char* what) {
        return Error{format("%s: entities lump: line %d: %s", name.c_str(), t.line(), what)};
    };
    while (t.skip()) {
        if (t.peek() != '{')
            return error("expected '{' to open an entity");
        t.advance();
        Entity e;
        for (;;) {
            if (!t.skip())
                return error("unexpected end of text inside an entity (missing '}')");
            if (t.peek() == '}') {
                t.advance();
                break;
            }
            if (t.peek() != '"')
                return error("expected a quoted key or '}'");
            std::string key, value;
            if (!t.quoted(key))
                return error("unterminated quoted key");
            if (!t.skip() || t.peek() != '"')
                return error("expected a quoted value after the key");
            if (!t.quoted(value))
                return error("unterminated quoted value");
            e.pairs.emplace_back(std::move(key), std::move(value));
        }
        entities.push_back(std::move(e));
    }
    return entities;
}

std::vector<SpawnPoint> spawnPoints(const std::vector<Entity>& entities) {
    std::vector<SpawnPoint> out;
    for (const Entity& e : entities) {
        std::string_view cls = e.classname();
        if (cls != "info_player_deathmatch" && cls != "info_player_start")
            continue;
        SpawnPoint s;
        s.origin = e.vec3("origin").value_or(glm::vec3(0.0f));
        s.angle = e.number("angle").value_or(0.0f);
        s.classname = std::string(cls);
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace cliplab::bsp
