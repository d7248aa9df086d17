#pragma once
/// \file ShaderScript.h
/// Parser for Quake 3 shader scripts (scripts/*.shader): the keywords that change how maps and
/// models look. Pure data, no graphics API. Unknown keywords are reported, never fatal.

#include "core/Result.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace cliplab::shader {

/// Periodic functions of rgbGen wave, deformVertexes wave and tcMod stretch.
enum class WaveFunc { Sin, Triangle, Square, Sawtooth, InverseSawtooth, Noise };

/// base + amplitude * f(phase + time * frequency); time in seconds.
struct Wave {
    WaveFunc func = WaveFunc::Sin;
    float base = 0.0f, amplitude = 0.0f, phase = 0.0f, frequency = 0.0f;
    /// The value at `seconds`.
    float evaluate(double seconds) const;
};

/// A smooth deterministic noise in [-1, 1] of a point and a time (for "noise" waves and
/// deformVertexes normal). Not the game's table, which it fills randomly at start; it wobbles alike.
float smoothNoise(float x, float y, float z, float t);

/// OpenGL-style blend factors (values independent of any API; the renderer maps them).
enum class BlendFactor {
    Zero,
    One,
    DstColor,
    OneMinusDstColor,
    SrcColor,
    OneMinusSrcColor,
    SrcAlpha,
    OneMinusSrcAlpha,
    DstAlpha,
    OneMinusDstAlpha,
    SrcAlphaSaturate
};

/// Alpha test of alphaFunc.
enum class AlphaFunc { None, Gt0, Lt128, Ge128 };

/// Face culling: Front is the game's default (hides back faces), None draws both sides.
enum class CullMode { Front, Back, None };

/// rgbGen sources. Identity and IdentityLighting are the same here: the game's overbright
/// brightening is all in the lightmaps (see WorldMesh.h), so its "identity light" is 1.
/// Entity colours are the refEntity's: zero for the world and for items (the game clears them).
enum class RgbGen {
    Identity,
    IdentityLighting,
    Vertex,
    ExactVertex,
    OneMinusVertex,
    Wave,
    Const,
    Entity,
    OneMinusEntity,
    LightingDiffuse
};

/// alphaGen sources. Default: 1, or the vertex alpha when "rgbGen vertex" set no alphaGen (as the game).
/// Portal is drawn as a constant 1: portal views are not rendered, so the fade to them has nothing to show.
enum class AlphaGen {
    Default,
    Identity,
    Const,
    Wave,
    Entity,
    OneMinusEntity,
    Vertex,
    OneMinusVertex,
    LightingSpecular,
    Portal
};

/// Texture coordinate sources.
enum class TcGen { Base, Lightmap, Environment, Vector };

/// tcMod kinds.
enum class TcModKind { Scroll, Scale, Rotate, Turb, Stretch, Transform, EntityTranslate };

/// One tcMod: scroll (s, t per second), scale (s, t), rotate (degrees per second), turb / stretch
/// (wave), transform (s' = s m00 + t m10 + t0, t' = s m01 + t m11 + t1), entityTranslate (by the
/// entity's texture offset: none for the world and items, so it changes nothing here).
struct TcMod {
    TcModKind kind = TcModKind::Scroll;
    float a = 0.0f, b = 0.0f; ///< scroll/scale: s and t; rotate: a = degrees per second.
    Wave wave;                ///< turb and stretch.
    float matrix[2][2] = {
        {1.0f, 0.0f}, {0.0f, 1.0f}};   ///< transform: [0][0] = m00, [0][1] = m01, [1][0] = m10, [1][1] = m11.
    float translate[2] = {0.0f, 0.0f}; ///< transform: t0, t1.
};

/// One rendering pass of a shader.
struct ShaderStage {
    std::vector<std::string> maps; ///< Image paths; several for animMap; "$lightmap", "$whiteimage".
    float animFrequency = 0.0f;    ///< animMap frames per second (0 when a single map).
    bool clamp = false;            ///< clampMap.
    bool lightmap = false;         ///< The stage draws the lightmap ($lightmap).
    bool blend = false;            ///< blendFunc given (else opaque replace).
    BlendFactor src = BlendFactor::One, dst = BlendFactor::Zero;
    AlphaFunc alphaFunc = AlphaFunc::None;
    bool depthWrite = true;          ///< Opaque stages write depth; blended ones only with depthWrite.
    bool depthWriteExplicit = false; ///< depthWrite keyword present.
    RgbGen rgbGen = RgbGen::Identity;
    bool rgbGenExplicit = false;
    Wave rgbWave; ///< For RgbGen::Wave.
    float rgbConst[3] = {1.0f, 1.0f, 1.0f};
    AlphaGen alphaGen = AlphaGen::Default;
    Wave alphaWave;          ///< For AlphaGen::Wave.
    float alphaConst = 1.0f; ///< For AlphaGen::Const, [0, 1].
    std::vector<TcMod> tcMods;
    TcGen tcGen = TcGen::Base;
    float tcGenVectors[2][3] = {{0, 0, 0},
                                {0, 0, 0}}; ///< tcGen vector: s = dot(position, [0]), t = dot(position, [1]).
    bool depthFuncEqual = false; ///< depthFunc equal: drawn only where the depth is exactly the surface's.
    bool detail = false;         ///< A detail stage (drawn: the game's r_detailTextures is on by default).
};

/// Sort keys of the game: smaller draws first.
namespace sortkey {
inline constexpr float Portal = 1, Sky = 2, Opaque = 3, Banner = 6, Underwater = 8, Additive = 9,
                       Nearest = 16;
} // namespace sortkey

/// deformVertexes kinds.
enum class DeformKind {
    Wave,        ///< Along the normal by a wave whose phase shifts with (x + y + z) / spread.
    Normal,      ///< Normals wobble (amplitude, frequency): changes lighting and environment maps only.
    Bulge,       ///< Along the normal by sin(s x width + time x speed) x height.
    Move,        ///< The whole surface along a vector, scaled by a wave.
    Autosprite,  ///< Each quad turned to face the viewer.
    Autosprite2, ///< Each quad turned about its long axis towards the viewer.
};

/// One deformVertexes line (a shader has up to three, applied in order).
struct Deform {
    DeformKind kind = DeformKind::Wave;
    float spread = 0.0f; ///< Wave: the "div" argument (units).
    Wave wave;           ///< Wave and Move: the wave; Normal: amplitude and frequency.
    float bulgeWidth = 0.0f, bulgeHeight = 0.0f, bulgeSpeed = 0.0f; ///< Bulge.
    float moveVector[3] = {0.0f, 0.0f, 0.0f};                       ///< Move (units).
};

/// Most deformVertexes lines a shader keeps (the game's limit).
inline constexpr size_t kMaxDeforms = 3;

/// A parsed shader.
struct ShaderDef {
    std::string name; ///< Lower-case, as looked up.
    std::string file; ///< Script it came from.
    bool nodraw = false, sky = false, trans = false, nolightmap = false, fog = false;
    CullMode cull = CullMode::Front;
    float sort = 0.0f;          ///< 0 = not given (derived by the renderer).
    std::string skyFarbox;      ///< skyparms farbox base name ("env/sky/space"), "" or "-" = none.
    float cloudHeight = 128.0f; ///< skyparms cloud height.
    std::vector<Deform> deforms;
    bool polygonOffset = false;
    std::vector<ShaderStage> stages;

    // What a map compiler reads (q3map2's keywords; the game ignores them all but sky and nodraw).
    /// Every `surfaceparm` after the last q3map_baseShader, lower-case, in script order.
    std::vector<std::string> surfaceParms;
    std::string baseShader;     ///< q3map_baseShader: inherits that shader's parameters ("" = none).
    std::string deprecatedBy;   ///< q3map_deprecateShader: the shader used instead ("" = none).
    bool sun = false;           ///< q3map_sun, q3map_sunExt or sun: a sky that lights the map.
    bool autosprite = false;    ///< deformVertexes autosprite or autosprite2 (any number of deforms).
    bool vertexLitOnly = false; ///< q3map_onlyVertexLighting.
};

/// Everything parsed from a set of scripts.
struct ShaderLibrary {
    std::map<std::string, ShaderDef>
        shaders; ///< By lower-case name; the first definition wins (as in the game).
    std::set<std::string> unknownKeywords; ///< Keywords seen but not understood or not drawn (each once).
    std::vector<std::string> warnings;     ///< Recoverable syntax problems, naming file and line.

    /// The definition for `name` (any case) or nullptr.
    const ShaderDef* find(std::string_view name) const;
};

/// Parses one script's text into `library`. `file` is used in warnings. Syntax errors (an
/// unterminated block) return an error naming file and line; what was parsed before stays.
core::Status parseShaderScript(std::string_view text, const std::string& file, ShaderLibrary& library);

/// One line naming what the scripts used that is not drawn ("" when nothing), e.g.
/// "shader scripts: not supported (ignored): deformVertexes text0, videoMap".
std::string unsupportedSummary(const ShaderLibrary& library);

/// Lower-cases ASCII and turns backslashes into slashes.
std::string normalizeShaderName(std::string_view name);

} // namespace cliplab::shader
