#version 330 core
// World surfaces: Quake 3 positions in units, two texture coordinate sets, vertex colour.
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec2 aSt;
layout(location = 2) in vec2 aLightmapSt;
layout(location = 3) in vec3 aNormal;
layout(location = 4) in vec4 aColor;

uniform mat4 uViewProj;
uniform float uTime;          // seconds
// tcMod: turb first (amplitude, phase, frequency, enabled), then one affine 2x3 map.
uniform vec4 uTurb;
uniform vec3 uTcS;            // s' = dot(uTcS, vec3(s, t, 1))
uniform vec3 uTcT;            // t' = dot(uTcT, vec3(s, t, 1))
// deformVertexes wave: (enabled, spread, func, 0), (base, amplitude, phase, frequency)
uniform vec4 uDeform;
uniform vec4 uDeformWave;

out vec2 vSt;
out vec2 vLightmapSt;
out vec4 vColor;
out vec3 vNormal;
out vec3 vWorld;
// The depth pre-pass and the colour passes use different programs: identical depths need this.
invariant gl_Position;

float waveAt(int func, float x) {
    float f = fract(x);
    if (func == 0) return sin(f * 6.2831853);
    if (func == 1) return f < 0.25 ? f * 4.0 : (f < 0.75 ? 2.0 - f * 4.0 : f * 4.0 - 4.0);
    if (func == 2) return f < 0.5 ? 1.0 : -1.0;
    if (func == 3) return f;
    if (func == 4) return 1.0 - f;
    return sin(f * 6.2831853 * 7.0) * 0.5;
}

void main() {
    vec3 p = aPosition;
    if (uDeform.x > 0.5) {
        float offset = (p.x + p.y + p.z) * uDeform.y;
        float w = uDeformWave.x + uDeformWave.y *
                  waveAt(int(uDeform.z), uDeformWave.z + offset + uTime * uDeformWave.w);
        p += aNormal * w;
    }
    vec2 st = aSt;
    if (uTurb.w > 0.5) {
        float now = uTurb.y + uTime * uTurb.z;
        st.x += sin(((p.x + p.z) * (1.0 / 128.0) * 0.125 + now) * 6.2831853) * uTurb.x;
        st.y += sin((p.y * (1.0 / 128.0) * 0.125 + now) * 6.2831853) * uTurb.x;
    }
    vSt = vec2(dot(uTcS, vec3(st, 1.0)), dot(uTcT, vec3(st, 1.0)));
    vLightmapSt = aLightmapSt;
    vColor = aColor;
    vNormal = aNormal;
    vWorld = p;
    gl_Position = uViewProj * vec4(p, 1.0);
}
