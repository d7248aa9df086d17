#version 330 core
// Sky surfaces: a farbox (six images, SKY_BOX), a cloud layer projected on the game's sky dome
// (SKY_CLOUDS), or a plain colour. One program per kind: llvmpipe runs the body of an `if` on a
// uniform for every fragment, so one program choosing by uniform fetched all seven images.
in vec2 vSt;
in vec2 vLightmapSt;
in vec4 vColor;
in vec3 vNormal;
in vec3 vWorld;

uniform vec3 uEye;
uniform vec4 uColor;           // plain colour, or the layer's rgbGen colour
uniform sampler2D uBox[6];     // +X rt, -X lf, +Y bk, -Y ft, +Z up, -Z dn
uniform sampler2D uTexture;    // cloud layer
uniform float uCloudHeight;
uniform vec3 uTcS;
uniform vec3 uTcT;

out vec4 fragColor;

#if defined(SKY_BOX)
void main() {
    vec3 d = normalize(vWorld - uEye);
    vec3 a = abs(d);
    vec2 st;
    vec4 c;
    // Face selection and (s, t) per face follow the game's sky box layout.
    if (a.x >= a.y && a.x >= a.z) {
        if (d.x > 0.0) { st = vec2(-d.y, d.z) / a.x; st = vec2(st.x, -st.y) * 0.5 + 0.5; c = texture(uBox[0], st); }
        else { st = vec2(d.y, d.z) / a.x; st = vec2(st.x, -st.y) * 0.5 + 0.5; c = texture(uBox[1], st); }
    } else if (a.y >= a.z) {
        if (d.y > 0.0) { st = vec2(d.x, d.z) / a.y; st = vec2(st.x, -st.y) * 0.5 + 0.5; c = texture(uBox[2], st); }
        else { st = vec2(-d.x, d.z) / a.y; st = vec2(st.x, -st.y) * 0.5 + 0.5; c = texture(uBox[3], st); }
    } else {
        if (d.z > 0.0) { st = vec2(-d.y, -d.x) / a.z; st = vec2(st.x, -st.y) * 0.5 + 0.5; c = texture(uBox[4], st); }
        else { st = vec2(-d.y, d.x) / a.z; st = vec2(st.x, -st.y) * 0.5 + 0.5; c = texture(uBox[5], st); }
    }
    fragColor = vec4(c.rgb, 1.0);
}
#elif defined(SKY_CLOUDS)
void main() {
    // Hit point on a sphere of radius R + height centred R below the eye.
    vec3 d = normalize(vWorld - uEye);
    float R = 4096.0;
    float h = uCloudHeight;
    float t = -R * d.z + sqrt(R * R * d.z * d.z - R * R + (R + h) * (R + h));
    vec3 v = normalize(d * t + vec3(0.0, 0.0, R));
    vec2 st = vec2(acos(clamp(v.x, -1.0, 1.0)), acos(clamp(v.y, -1.0, 1.0)));
    st = vec2(dot(uTcS, vec3(st, 1.0)), dot(uTcT, vec3(st, 1.0)));
    fragColor = texture(uTexture, st) * uColor;
}
#else
void main() {
    fragColor = uColor;
}
#endif
