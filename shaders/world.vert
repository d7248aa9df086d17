#version 330 core
// World and model surfaces: Quake 3 positions in units, two texture coordinate sets, vertex colour.
// Deforms are done on the CPU (see Deform.h); here the per-stage generators: tcGen, tcMod, rgbGen
// and alphaGen.
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec2 aSt;
layout(location = 2) in vec2 aLightmapSt;
layout(location = 3) in vec3 aNormal;
layout(location = 4) in vec4 aColor;

uniform mat4 uViewProj;
uniform float uTime;          // seconds
uniform vec3 uEye;            // the viewer (units)
// tcGen: 0 base, 1 lightmap, 2 environment, 3 vector (s = dot(p, uTcVec0), t = dot(p, uTcVec1)).
uniform int uTcGen;
uniform vec3 uTcVec0;
uniform vec3 uTcVec1;
// The model's unit axes (identity for the world): environment maps follow the model as it turns.
uniform mat3 uEnvAxis;
// tcMod: turb first (amplitude, phase, frequency, enabled), then one affine 2x3 map.
uniform vec4 uTurb;
uniform vec3 uTcS;            // s' = dot(uTcS, vec3(s, t, 1))
uniform vec3 uTcT;            // t' = dot(uTcT, vec3(s, t, 1))
// rgbGen: 0 uColor.rgb, 1 vertex, 2 one minus vertex. alphaGen: 0 uColor.a, 1 vertex,
// 2 one minus vertex, 3 specular from uSpecularLight.
uniform int uRgbGen;
uniform int uAlphaGen;
uniform vec4 uColor;
uniform vec3 uSpecularLight;
// A folded multiplying layer (MaterialPass::modulate): its coordinates, base st through its tcMods.
uniform vec3 uModS;
uniform vec3 uModT;

out vec2 vSt;
out vec2 vLightmapSt;
out vec2 vModSt;
out vec4 vColor;
out vec4 vGen;
out vec3 vNormal;
out vec3 vWorld;
// The depth pre-pass and the colour passes use different programs: identical depths need this.
invariant gl_Position;

void main() {
    vec3 p = aPosition;
    vec2 st = aSt;
    if (uTcGen == 1) {
        st = aLightmapSt;
    } else if (uTcGen == 2) {
        vec3 viewer = normalize(uEye - p);
        vec3 r = aNormal * (2.0 * dot(aNormal, viewer)) - viewer;
        st = vec2(0.5 + dot(r, uEnvAxis[1]) * 0.5, 0.5 - dot(r, uEnvAxis[2]) * 0.5);
    } else if (uTcGen == 3) {
        st = vec2(dot(p, uTcVec0), dot(p, uTcVec1));
    }
    if (uTurb.w > 0.5) {
        float now = uTurb.y + uTime * uTurb.z;
        st.x += sin(((p.x + p.z) * (1.0 / 128.0) * 0.125 + now) * 6.2831853) * uTurb.x;
        st.y += sin((p.y * (1.0 / 128.0) * 0.125 + now) * 6.2831853) * uTurb.x;
    }
    vSt = vec2(dot(uTcS, vec3(st, 1.0)), dot(uTcT, vec3(st, 1.0)));
    vModSt = vec2(dot(uModS, vec3(aSt, 1.0)), dot(uModT, vec3(aSt, 1.0)));

    vec4 gen = uColor;
    if (uRgbGen == 1) gen.rgb = aColor.rgb;
    else if (uRgbGen == 2) gen.rgb = vec3(1.0) - aColor.rgb;
    if (uAlphaGen == 1) {
        gen.a = aColor.a;
    } else if (uAlphaGen == 2) {
        gen.a = 1.0 - aColor.a;
    } else if (uAlphaGen == 3) {
        // A highlight from a fixed light, as the game's lightingSpecular.
        vec3 toLight = normalize(uSpecularLight - p);
        vec3 reflected = aNormal * (2.0 * dot(aNormal, toLight)) - toLight;
        vec3 viewer = uEye - p;
        float l = dot(reflected, viewer) / max(length(viewer), 1e-6);
        gen.a = l < 0.0 ? 0.0 : min(l * l * l * l, 1.0);
    }
    vGen = gen;
    vLightmapSt = aLightmapSt;
    vColor = aColor;
    vNormal = aNormal;
    vWorld = p;
    gl_Position = uViewProj * vec4(p, 1.0);
}
