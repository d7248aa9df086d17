#include "shader/ShaderScript.h"

#include "core/Format.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <functional>

namespace cliplab::shader {

namespace {

struct Token {
    std::string text;
    int line = 0;
    bool quoted = false;
};

/// Splits script text into tokens: whitespace separates, `//` and `/* */` comment out (also
/// when they touch a token), quotes group, braces always stand alone.
std::vector<Token> tokenize(std::string_view text, std::string& error) {
    std::vector<Token> tokens;
    int line = 1;
    size_t i = 0;
    const size_t n = text.size();
    while (i < n) {
        const char c = text[i];
        if (c == '\n') {
            ++line;
            ++i;
        } else if (static_cast<unsigned char>(c) <= ' ') {
            ++i;
        } else if (c == '/' && i + 1 < n && text[i + 1] == '/') {
            while (i < n && text[i] != '\n')
                ++i;
        } else if (c == '/' && i + 1 < n && text[i + 1] == '*') {
            i += 2;
            while (i < n && !(text[i] == '*' && i + 1 < n && text[i + 1] == '/')) {
                line += text[i] == '\n';
                ++i;
            }
            i = i < n ? i + 2 : n;
        } else if (c == '"') {
            const int startLine = line;
            size_t end = i + 1;
            while (end < n && text[end] != '"' && text[end] != '\n')
                ++end;
            if (end >= n || text[end] != '"') {
                error = core::format("line %d: unterminated quoted string", startLine);
                return tokens;
            }
            tokens.push_back({std::string(text.substr(i + 1, end - i - 1)), startLine, true});
            i = end + 1;
        } else if (c == '{' || c == '}') {
            tokens.push_back({std::string(1, c), line, false});
            ++i;
        } else {
            size_t end = i;
            while (end<n&& static_cast<unsigned char>(text[end])> ' ' && text[end] != '{' &&
                   text[end] != '}' && text[end] != '"' &&
                   !(text[end] == '/' && end + 1 < n && (text[end + 1] == '/' || text[end + 1] == '*')))
                ++end;
            tokens.push_back({std::string(text.substr(i, end - i)), line, false});
            i = end;
        }
    }
    return tokens;
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

float number(const std::string& s) {
    float v = 0.0f;
    const char* begin = s.data();
    if (!s.empty() && s[0] == '+')
        ++begin;
    std::from_chars(begin, s.data() + s.size(), v);
    return v;
}

WaveFunc waveFunc(const std::string& name, bool& ok) {
    const std::string n = lower(name);
    ok = true;
    if (n == "sin")
        return WaveFunc::Sin;
    if (n == "triangle")
        return WaveFunc::Triangle;
    if (n == "square")
        return WaveFunc::Square;
    if (n == "sawtooth")
        return WaveFunc::Sawtooth;
    if (n == "inversesawtooth")
        return WaveFunc::InverseSawtooth;
    if (n == "noise")
        return WaveFunc::Noise;
    ok = false;
    return WaveFunc::Sin;
}

bool blendFactor(const std::string& name, BlendFactor& out) {
    static const std::pair<const char*, BlendFactor> table[] = {
        {"gl_zero", BlendFactor::Zero},
        {"gl_one", BlendFactor::One},
        {"gl_dst_color", BlendFactor::DstColor},
        {"gl_one_minus_dst_color", BlendFactor::OneMinusDstColor},
        {"gl_src_color", BlendFactor::SrcColor},
        {"gl_one_minus_src_color", BlendFactor::OneMinusSrcColor},
        {"gl_src_alpha", BlendFactor::SrcAlpha},
        {"gl_one_minus_src_alpha", BlendFactor::OneMinusSrcAlpha},
        {"gl_dst_alpha", BlendFactor::DstAlpha},
        {"gl_one_minus_dst_alpha", BlendFactor::OneMinusDstAlpha},
        {"gl_src_alpha_saturate", BlendFactor::SrcAlphaSaturate}};
    const std::string n = lower(name);
    for (const auto& [key, value] : table)
        if (n == key) {
            out = value;
            return true;
        }
    return false;
}

/// Reads tokens from a position, keyword by keyword, each with the arguments on its line.
class Reader {
public:
    Reader(const std::vector<Token>& tokens, const std::string& file, ShaderLibrary& library)
        : m_tokens(tokens), m_file(file), m_library(library) {}

    core::Status run() {
        while (m_pos < m_tokens.size()) {
            const Token& nameToken = m_tokens[m_pos++];
            if (nameToken.text == "{" || nameToken.text == "}")
                return error(nameToken.line, "expected a shader name, found '" + nameToken.text + "'");
            if (m_pos >= m_tokens.size() || m_tokens[m_pos].text != "{")
                return error(nameToken.line, "expected '{' after shader name '" + nameToken.text + "'");
            ++m_pos;
            ShaderDef def;
            def.name = normalizeShaderName(nameToken.text);
            def.file = m_file;
            core::Status s = parseBody(def);
            if (!s)
                return s;
            m_library.shaders.emplace(def.name, std::move(def));
        }
        return core::Ok{};
    }

private:
    core::Status error(int line, const std::string& what) const {
        return core::makeError(core::format("%s:%d: %s", m_file.c_str(), line, what.c_str()));
    }

    /// The tokens after `keyword` on the same line. Braces end the arguments, and so does the
    /// next keyword, so one-line stages ("{ map x.tga blendFunc add }") parse as the game does.
    std::vector<std::string> lineArgs(const Token& keyword) {
        static const std::set<std::string> stageKeywords = {
            "map",         "clampmap", "animmap", "blendfunc", "alphafunc",      "depthwrite",    "rgbgen",
            "tcmod",       "tcgen",    "texgen",  "alphagen",  "depthfunc",      "detail",        "videomap",
            "surfaceparm", "cull",     "sort",    "skyparms",  "deformvertexes", "polygonoffset", "nopicmip",
            "nomipmaps",   "fogparms"};
        std::vector<std::string> args;
        // A surfaceparm's value may spell a keyword ("surfaceparm detail"): it is always the argument.
        const bool firstIsArgument = lower(keyword.text) == "surfaceparm";
        while (m_pos < m_tokens.size() && m_tokens[m_pos].line == keyword.line &&
               m_tokens[m_pos].text != "{" && m_tokens[m_pos].text != "}" &&
               (m_tokens[m_pos].quoted || (firstIsArgument && args.empty()) ||
                !stageKeywords.count(lower(m_tokens[m_pos].text))))
            args.push_back(m_tokens[m_pos++].text);
        return args;
    }

    void unknown(const std::string& keyword) { m_library.unknownKeywords.insert(keyword); }

    void warn(int line, const std::string& what) {
        m_library.warnings.push_back(core::format("%s:%d: %s", m_file.c_str(), line, what.c_str()));
    }

    bool readWave(const std::vector<std::string>& args, size_t first, Wave& wave, int line) {
        if (args.size() < first + 5) {
            warn(line, "wave needs a function and four numbers");
            return false;
        }
        bool ok = false;
        wave.func = waveFunc(args[first], ok);
        if (!ok) {
            warn(line, "unknown wave function '" + args[first] + "'");
            return false;
        }
        wave.base = number(args[first + 1]);
        wave.amplitude = number(args[first + 2]);
        wave.phase = number(args[first + 3]);
        wave.frequency = number(args[first + 4]);
        return true;
    }

    /// "( x y z )" or "x y z" from args[first...]: the numbers, parentheses skipped.
    static std::vector<float> numbers(const std::vector<std::string>& args, size_t first) {
        std::vector<float> values;
        for (size_t i = first; i < args.size(); ++i)
            if (args[i] != "(" && args[i] != ")")
                values.push_back(number(args[i]));
        return values;
    }

    void parseDeform(ShaderDef& def, const std::vector<std::string>& args, int line) {
        const std::string kind = args.empty() ? "" : lower(args[0]);
        Deform d;
        if (kind == "wave" && args.size() >= 7) {
            d.kind = DeformKind::Wave;
            d.spread = number(args[1]);
            if (d.spread == 0.0f) {
                // The game's fallback for a zero divisor: a phase of 100 per unit.
                warn(line, "deformVertexes wave with a div of 0 (using 0.01, as the game)");
                d.spread = 0.01f;
            }
            if (!readWave(args, 2, d.wave, line))
                return;
        } else if (kind == "normal" && args.size() >= 3) {
            d.kind = DeformKind::Normal;
            d.wave.amplitude = number(args[1]);
            d.wave.frequency = number(args[2]);
        } else if (kind == "bulge" && args.size() >= 4) {
            d.kind = DeformKind::Bulge;
            d.bulgeWidth = number(args[1]);
            d.bulgeHeight = number(args[2]);
            d.bulgeSpeed = number(args[3]);
        } else if (kind == "move" && args.size() >= 9) {
            d.kind = DeformKind::Move;
            for (size_t i = 0; i < 3; ++i)
                d.moveVector[i] = number(args[1 + i]);
            if (!readWave(args, 4, d.wave, line))
                return;
        } else if (kind == "autosprite") {
            d.kind = DeformKind::Autosprite;
            def.autosprite = true;
        } else if (kind == "autosprite2") {
            d.kind = DeformKind::Autosprite2;
            def.autosprite = true;
        } else if (kind == "wave" || kind == "normal" || kind == "bulge" || kind == "move") {
            warn(line, "deformVertexes " + kind + ": missing arguments");
            return;
        } else {
            // projectionShadow and text0..7 shape player shadows and scoreboard text, never map surfaces.
            unknown("deformVertexes " + kind);
            return;
        }
        if (def.deforms.size() >= kMaxDeforms) {
            warn(line, "more than 3 deformVertexes (the rest ignored, as in the game)");
            return;
        }
        def.deforms.push_back(d);
    }

    core::Status parseBody(ShaderDef& def) {
        while (m_pos < m_tokens.size()) {
            const Token& t = m_tokens[m_pos++];
            if (t.text == "}")
                return core::Ok{};
            if (t.text == "{") {
                ShaderStage stage;
                core::Status s = parseStage(stage);
                if (!s)
                    return s;
                def.stages.push_back(std::move(stage));
                continue;
            }
            const std::string key = lower(t.text);
            const std::vector<std::string> args = lineArgs(t);
            if (key == "surfaceparm") {
                const std::string p = args.empty() ? "" : lower(args[0]);
                if (!p.empty())
                    def.surfaceParms.push_back(p);
                if (p == "nodraw")
                    def.nodraw = true;
                else if (p == "sky")
                    def.sky = true;
                else if (p == "trans")
                    def.trans = true;
                else if (p == "nolightmap")
                    def.nolightmap = true;
                else if (p == "fog")
                    def.fog = true;
                // Other surfaceparms only matter to the compiler and collision (stored in the BSP).
            } else if (key == "cull") {
                const std::string m = args.empty() ? "" : lower(args[0]);
                if (m == "none" || m == "twosided" || m == "disable")
                    def.cull = CullMode::None;
                else if (m == "back" || m == "backside" || m == "backsided")
                    def.cull = CullMode::Back;
                else
                    def.cull = CullMode::Front;
            } else if (key == "sort") {
                const std::string v = args.empty() ? "" : lower(args[0]);
                static const std::pair<const char*, float> names[] = {{"portal", sortkey::Portal},
                                                                      {"sky", sortkey::Sky},
                                                                      {"opaque", sortkey::Opaque},
                                                                      {"banner", sortkey::Banner},
                                                                      {"underwater", sortkey::Underwater},
                                                                      {"additive", sortkey::Additive},
                                                                      {"nearest", sortkey::Nearest},
                                                                      {"decal", 4},
                                                                      {"seethrough", 5}};
                def.sort = 0.0f;
                for (const auto& [n, value] : names)
                    if (v == n)
                        def.sort = value;
                if (def.sort == 0.0f && !v.empty())
                    def.sort = number(v);
            } else if (key == "skyparms") {
                if (!args.empty())
                    def.skyFarbox = args[0] == "-" ? "" : args[0];
                if (args.size() > 1 && args[1] != "-")
                    def.cloudHeight = number(args[1]);
                def.sky = true;
            } else if (key == "deformvertexes") {
                parseDeform(def, args, t.line);
            } else if (key == "polygonoffset") {
                def.polygonOffset = true;
            } else if (key == "portal") {
                // A mirror or portal surface: drawn first, as the game sorts it (the view through it
                // is not rendered).
                def.sort = sortkey::Portal;
            } else if (key == "entitymergable") {
                // Lets the game batch sprites of several entities: no change to the picture.
            } else if (key == "q3map_sun" || key == "q3map_sunext" || key == "sun") {
                def.sun = true;
            } else if (key == "q3map_baseshader") {
                // The base's parameters replace everything said before this line.
                def.baseShader = args.empty() ? "" : normalizeShaderName(args[0]);
                def.surfaceParms.clear();
            } else if (key == "q3map_deprecateshader") {
                def.deprecatedBy = args.empty() ? "" : normalizeShaderName(args[0]);
            } else if (key == "q3map_onlyvertexlighting") {
                def.vertexLitOnly = true;
            } else if (key.rfind("qer_", 0) == 0 || key.rfind("q3map_", 0) == 0 || key == "tesssize" ||
                       key == "light" || key == "nopicmip" || key == "nomipmaps") {
                // Editor and compiler keywords: nothing to draw.
            } else {
                unknown(key);
            }
        }
        return error(m_tokens.empty() ? 0 : m_tokens.back().line,
                     "shader '" + def.name + "' has no closing '}'");
    }

    core::Status parseStage(ShaderStage& stage) {
        while (m_pos < m_tokens.size()) {
            const Token& t = m_tokens[m_pos++];
            if (t.text == "}")
                return core::Ok{};
            if (t.text == "{")
                return error(t.line, "'{' inside a stage");
            const std::string key = lower(t.text);
            const std::vector<std::string> args = lineArgs(t);
            if (key == "map" || key == "clampmap") {
                if (args.empty()) {
                    warn(t.line, key + " without an image");
                    continue;
                }
                const std::string m = normalizeShaderName(args[0]);
                stage.maps = {m};
                stage.clamp = key == "clampmap";
                stage.lightmap = m == "$lightmap";
            } else if (key == "animmap") {
                if (args.size() < 2) {
                    warn(t.line, "animMap needs a frequency and images");
                    continue;
                }
                stage.animFrequency = number(args[0]);
                stage.maps.clear();
                for (size_t i = 1; i < args.size() && stage.maps.size() < 8; ++i)
                    stage.maps.push_back(normalizeShaderName(args[i]));
            } else if (key == "blendfunc") {
                const std::string a = args.empty() ? "" : lower(args[0]);
                stage.blend = true;
                if (a == "add") {
                    stage.src = BlendFactor::One;
                    stage.dst = BlendFactor::One;
                } else if (a == "filter") {
                    stage.src = BlendFactor::DstColor;
                    stage.dst = BlendFactor::Zero;
                } else if (a == "blend") {
                    stage.src = BlendFactor::SrcAlpha;
                    stage.dst = BlendFactor::OneMinusSrcAlpha;
                } else if (args.size() >= 2 && blendFactor(args[0], stage.src) &&
                           blendFactor(args[1], stage.dst)) {
                    // explicit factors
                } else {
                    stage.blend = false;
                    warn(t.line, "unknown blendFunc");
                }
                // GL_ONE GL_ZERO is no blending at all.
                if (stage.blend && stage.src == BlendFactor::One && stage.dst == BlendFactor::Zero)
                    stage.blend = false;
                if (!stage.depthWriteExplicit)
                    stage.depthWrite = !stage.blend;
            } else if (key == "alphafunc") {
                const std::string a = args.empty() ? "" : lower(args[0]);
                if (a == "gt0")
                    stage.alphaFunc = AlphaFunc::Gt0;
                else if (a == "lt128")
                    stage.alphaFunc = AlphaFunc::Lt128;
                else if (a == "ge128")
                    stage.alphaFunc = AlphaFunc::Ge128;
                else
                    warn(t.line, "unknown alphaFunc '" + a + "'");
            } else if (key == "depthwrite") {
                stage.depthWrite = true;
                stage.depthWriteExplicit = true;
            } else if (key == "rgbgen") {
                const std::string a = args.empty() ? "" : lower(args[0]);
                static const std::pair<const char*, RgbGen> simple[] = {
                    {"identity", RgbGen::Identity},
                    {"identitylighting", RgbGen::IdentityLighting},
                    {"vertex", RgbGen::Vertex},
                    {"exactvertex", RgbGen::ExactVertex},
                    {"oneminusvertex", RgbGen::OneMinusVertex},
                    {"entity", RgbGen::Entity},
                    {"oneminusentity", RgbGen::OneMinusEntity},
                    {"lightingdiffuse", RgbGen::LightingDiffuse}};
                bool known = false;
                for (const auto& [name, value] : simple)
                    if (a == name) {
                        stage.rgbGen = value;
                        known = true;
                    }
                if (a == "wave") {
                    known = readWave(args, 1, stage.rgbWave, t.line);
                    if (known)
                        stage.rgbGen = RgbGen::Wave;
                } else if (a == "const" || a == "constant") {
                    stage.rgbGen = RgbGen::Const;
                    const std::vector<float> values = numbers(args, 1);
                    for (size_t i = 0; i < 3 && i < values.size(); ++i)
                        stage.rgbConst[i] = values[i];
                    known = true;
                } else if (!known) {
                    unknown("rgbGen " + a);
                }
                stage.rgbGenExplicit = stage.rgbGenExplicit || known;
                // As the game: "rgbGen vertex" brings the vertex alpha unless an alphaGen came first.
                if (stage.rgbGen == RgbGen::Vertex &&
                    (stage.alphaGen == AlphaGen::Default || stage.alphaGen == AlphaGen::Identity))
                    stage.alphaGen = AlphaGen::Vertex;
            } else if (key == "alphagen") {
                const std::string a = args.empty() ? "" : lower(args[0]);
                static const std::pair<const char*, AlphaGen> simple[] = {
                    {"identity", AlphaGen::Identity},
                    {"entity", AlphaGen::Entity},
                    {"oneminusentity", AlphaGen::OneMinusEntity},
                    {"vertex", AlphaGen::Vertex},
                    {"oneminusvertex", AlphaGen::OneMinusVertex},
                    {"lightingspecular", AlphaGen::LightingSpecular},
                    {"portal", AlphaGen::Portal}};
                bool known = false;
                for (const auto& [name, value] : simple)
                    if (a == name) {
                        stage.alphaGen = value;
                        known = true;
                    }
                if (a == "wave") {
                    if (readWave(args, 1, stage.alphaWave, t.line))
                        stage.alphaGen = AlphaGen::Wave;
                } else if (a == "const" || a == "constant") {
                    stage.alphaGen = AlphaGen::Const;
                    stage.alphaConst = args.size() > 1 ? number(args[1]) : 0.0f;
                } else if (!known) {
                    unknown("alphaGen " + a);
                }
            } else if (key == "tcmod") {
                const std::string a = args.empty() ? "" : lower(args[0]);
                TcMod mod;
                if (a == "scroll" && args.size() >= 3) {
                    mod = {TcModKind::Scroll, number(args[1]), number(args[2]), {}};
                } else if (a == "scale" && args.size() >= 3) {
                    mod = {TcModKind::Scale, number(args[1]), number(args[2]), {}};
                } else if (a == "rotate" && args.size() >= 2) {
                    mod = {TcModKind::Rotate, number(args[1]), 0.0f, {}};
                } else if (a == "turb" && args.size() >= 5) {
                    // turb has no function name: base amplitude phase frequency.
                    mod.kind = TcModKind::Turb;
                    mod.wave = {WaveFunc::Sin, number(args[1]), number(args[2]), number(args[3]),
                                number(args[4])};
                } else if (a == "stretch" && args.size() >= 6) {
                    mod.kind = TcModKind::Stretch;
                    if (!readWave(args, 1, mod.wave, t.line))
                        continue;
                } else if (a == "transform" && args.size() >= 7) {
                    mod.kind = TcModKind::Transform;
                    mod.matrix[0][0] = number(args[1]);
                    mod.matrix[0][1] = number(args[2]);
                    mod.matrix[1][0] = number(args[3]);
                    mod.matrix[1][1] = number(args[4]);
                    mod.translate[0] = number(args[5]);
                    mod.translate[1] = number(args[6]);
                } else if (a == "entitytranslate") {
                    mod.kind = TcModKind::EntityTranslate;
                } else {
                    unknown("tcMod " + a);
                    continue;
                }
                stage.tcMods.push_back(mod);
            } else if (key == "tcgen" || key == "texgen") {
                const std::string a = args.empty() ? "" : lower(args[0]);
                if (a == "environment") {
                    stage.tcGen = TcGen::Environment;
                } else if (a == "lightmap") {
                    stage.tcGen = TcGen::Lightmap;
                } else if (a == "base" || a == "texture") {
                    stage.tcGen = TcGen::Base;
                } else if (a == "vector") {
                    const std::vector<float> v = numbers(args, 1);
                    if (v.size() < 6) {
                        warn(t.line, "tcGen vector needs two vectors of three numbers");
                        continue;
                    }
                    stage.tcGen = TcGen::Vector;
                    for (size_t i = 0; i < 6; ++i)
                        stage.tcGenVectors[i / 3][i % 3] = v[i];
                } else {
                    unknown("tcGen " + a);
                }
            } else if (key == "depthfunc") {
                const std::string a = args.empty() ? "" : lower(args[0]);
                if (a == "equal")
                    stage.depthFuncEqual = true;
                else if (a == "lequal")
                    stage.depthFuncEqual = false;
                else
                    warn(t.line, "unknown depthFunc '" + a + "'");
            } else if (key == "detail") {
                stage.detail = true;
            } else {
                unknown(key);
            }
        }
        return error(m_tokens.empty() ? 0 : m_tokens.back().line, "stage has no closing '}'");
    }

    const std::vector<Token>& m_tokens;
    const std::string& m_file;
    ShaderLibrary& m_library;
    size_t m_pos = 0;
};

} // namespace

const ShaderDef* ShaderLibrary::find(std::string_view name) const {
    auto it = shaders.find(normalizeShaderName(name));
    return it == shaders.end() ? nullptr : &it->second;
}

std::string unsupportedSummary(const ShaderLibrary& library) {
    if (library.unknownKeywords.empty())
        return {};
    std::string out = "shader scripts: not supported (ignored):";
    const char* separator = " ";
    for (const std::string& keyword : library.unknownKeywords) {
        out += separator + keyword;
        separator = ", ";
    }
    return out;
}

std::string normalizeShaderName(std::string_view name) {
    std::string out = lower(name);
    for (char& c : out)
        if (c == '\\')
            c = '/';
    return out;
}

core::Status parseShaderScript(std::string_view text, const std::string& file, ShaderLibrary& library) {
    std::string error;
    const std::vector<Token> tokens = tokenize(text, error);
    if (!error.empty())
        return core::makeError(file + ":" + error.substr(5));
    Reader reader(tokens, file, library);
    return reader.run();
}

} // namespace cliplab::shader
