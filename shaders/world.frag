#version 330 core
// One pass of a world or model shader: texture x colour x light, with the alpha test of alphaFunc.
// Each program is this file compiled with defines that fix its texture fetches (Renderer.cpp):
// llvmpipe runs both sides of a branch on a uniform, so a fetch behind `if (uniform)` would cost
// every fragment of every surface drawn with that program.
in vec2 vSt;
in vec2 vLightmapSt;
in vec2 vModSt;
in vec4 vColor;
in vec4 vGen;
in vec3 vNormal;
in vec3 vWorld;

uniform sampler2D uTexture;
uniform sampler2D uLightmap;
uniform int uLightSource;    // without LIGHTMAP: 2 vertex colour, else none
uniform vec4 uColor;         // the wireframe's colour
uniform int uAlphaFunc;      // 1 GT0, 2 LT128, 3 GE128
// A folded multiplying layer (MODULATE): the colour (alpha too) is multiplied by uModScale x its
// texel, as the blend it replaces did (1 for a filter, 2 for GL_DST_COLOR GL_SRC_COLOR).
uniform sampler2D uModulate;
uniform float uModScale;

out vec4 fragColor;

#if defined(LIGHTMAPPED)
// The common case as its own program: image x lightmap, nothing to branch on.
void main() {
    vec4 tex = texture(uTexture, vSt);
    fragColor = vec4(tex.rgb * texture(uLightmap, vLightmapSt).rgb, tex.a);
#ifdef MODULATE
    fragColor *= uModScale * texture(uModulate, vModSt);
#endif
}
#elif defined(VIEW_SOLID)
// One colour: the wireframe overlay.
void main() {
    fragColor = uColor;
}
#elif defined(VIEW_FLAT)
// The flat view: grey, shaded by the surface normal.
void main() {
    vec3 n = normalize(vNormal);
    float shade = 0.55 + 0.45 * dot(n, normalize(vec3(0.4, 0.3, 0.85)));
    fragColor = vec4(vec3(0.75) * shade, 1.0);
}
#else
// The surface's light: its lightmap (LIGHTMAP), or the vertex colour, or none.
vec3 light() {
#ifdef LIGHTMAP
    return texture(uLightmap, vLightmapSt).rgb;
#else
    return uLightSource == 2 ? vColor.rgb : vec3(1.0);
#endif
}
#ifdef VIEW_LIGHT
// The lightmap view: light only, on white surfaces.
void main() {
    fragColor = vec4(light(), 1.0);
}
#else
// A textured pass: its image (TEXTURE, else white) x its rgbGen and alphaGen x light, a folded
// layer (MODULATE), the alpha test (ALPHA_TEST).
void main() {
#ifdef TEXTURE
    vec4 tex = texture(uTexture, vSt);
#else
    vec4 tex = vec4(1.0);
#endif
#ifdef ALPHA_TEST
    // Only in the alpha-test variants: a shader that may discard loses early depth testing on
    // software rasterisers, which costs every opaque surface dearly.
    // On the fragment's alpha (texture x alphaGen), as the fixed-function alpha test.
    float alpha = tex.a * vGen.a;
    if (uAlphaFunc == 1 && alpha <= 0.0) discard;
    if (uAlphaFunc == 2 && alpha >= 0.5) discard;
    if (uAlphaFunc == 3 && alpha < 0.5) discard;
#endif
    // vGen: the stage's rgbGen and alphaGen, from the vertex shader.
    fragColor = vec4(tex.rgb * vGen.rgb * light(), tex.a * vGen.a);
#ifdef MODULATE
    fragColor *= uModScale * texture(uModulate, vModSt);
#endif
}
#endif
#endif
