#pragma once
/// \file ShaderScript.h
/// Parser for Quake 3 shader scripts (scripts/*.shader): the subset that makes maps look right.
/// Pure data, no graphics API. Unknown keywords are reported, never fatal.

#include "core/Result.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace cliplab::render {

/// Periodic functions of rgbGen wave, deformVertexes wave and tcMod stretch.
enum class WaveFunc { Sin, Triangle, Square, Sawtooth, InverseSawtooth, Noise };

/// base + amplitude * f(phase + time * frequency); time in seconds.
struct Wave {
    WaveFunc func = WaveFunc::Sin;
    float base = 0.0f, amplitude = 0.0f, phase = 0.0f, frequency = 0.0f;
    /// The value at `seconds`.
    float evaluate(double seconds) const;
};

/// OpenGL-style blend factors (values independent of any API; the renderer maps them).
enum class BlendFactor { Zero, One, DstColor, OneMinusDstColor, SrcColor, OneMinusSrcColor, SrcAlpha,
                         OneMinusSrcAlpha, DstAlpha, OneMinusDstAlpha, SrcAlphaSaturate };

/// Alpha test of alphaFunc.
enum class AlphaFunc { None, Gt0, Lt128, Ge128 };

/// Face culling: Front is the game's default (hides back faces), None draws both sides.
enum class CullMode { Front, Back, None };

/// rgbGen sources.
enum class RgbGen { Identity, IdentityLighting, Vertex, ExactVertex, Wave, Const, Other };

/// tcMod kinds supported.
enum class TcModKind { Scroll, Scale, Rotate, Turb, Stretch };

/// One tcMod: scroll (s, t per second), scale (s, t), rotate (degrees per second), turb / stretch (wave).
struct TcMod {
    TcModKind kind = TcModKind::Scroll;
    float a = 0.0f, b = 0.0f; ///< scroll/scale: s and t; rotate: a = degrees per second.
    Wave wave;                ///< turb and stretch.
};

/// One rendering pass of a shader.
struct ShaderStage {
    std::vector<std::string> maps;   ///< Image paths; several for animMap; "$lightmap", "$whiteimage".
    float animFrequency = 0.0f;      ///< animMap frames per second (0 when a single map).
    bool clamp = false;              ///< clampMap.
    bool lightmap = false;           ///< The stage draws the lightmap ($lightmap).
    bool blend = false;              ///< blendFunc given (else opaque replace).
    BlendFactor src = BlendFactor::One, dst = BlendFactor::Zero;
    AlphaFunc alphaFunc = AlphaFunc::None;
    bool depthWrite = true;          ///< Opaque stages write depth; blended ones only with depthWrite.
    bool depthWriteExplicit = false; ///< depthWrite keyword present.
    RgbGen rgbGen = RgbGen::Identity;
    bool rgbGenExplicit = false;
    Wave rgbWave;                    ///< For RgbGen::Wave.
    float rgbConst[3] = {1.0f, 1.0f, 1.0f};
    std::vector<TcMod> tcMods;
    bool tcGenEnvironment = false;   ///< tcGen environment (drawn with base coordinates).
};

/// Sort keys of the game: smaller draws first.
namespace sortkey {
inline constexpr float Portal = 1, Sky = 2, Opaque = 3, Banner = 6, Underwater = 8, Additive = 9, Nearest = 16;
} // namespace sortkey

/// deformVertexes wave: vertices move along their normals.
struct Deform {
    bool active = false;
    float spread = 0.0f; ///< The "div" argument, in units; phase offset = (x+y+z) / div.
    Wave wave;
};

/// A parsed shader.
struct ShaderDef {
    std::string name;           ///< Lower-case, as looked up.
    std::string file;           ///< Script it came from.
    bool nodraw = false, sky = false, trans = false, nolightmap = false, fog = false;
    CullMode cull = CullMode::Front;
    float sort = 0.0f;          ///< 0 = not given (derived by the renderer).
    std::string skyFarbox;      ///< skyparms farbox base name ("env/sky/space"), "" or "-" = none.
    float cloudHeight = 128.0f; ///< skyparms cloud height.
    Deform deform;
    bool polygonOffset = false;
    std::vector<ShaderStage> stages;
};

/// Everything parsed from a set of scripts.
struct ShaderLibrary {
    std::map<std::string, ShaderDef> shaders; ///< By lower-case name; the first definition wins (as in the game).
    std::set<std::string> unknownKeywords;    ///< Keywords seen but not understood (each once).
    std::vector<std::string> warnings;        ///< Recoverable syntax problems, naming file and line.

    /// The definition for `name` (any case) or nullptr.
    const ShaderDef* find(std::string_view name) const;
};

/// Parses one script's text into `library`. `file` is used in warnings. Syntax errors (an
/// unterminated block) return an error naming file and line; what was parsed before stays.
core::Status parseShaderScript(std::string_view text, const std::string& file, ShaderLibrary& library);

/// Lower-cases ASCII and turns backslashes into slashes.
std::string normalizeShaderName(std::string_view name);

} // namespace cliplab::render
