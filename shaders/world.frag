#version 330 core
// One pass of a world or model shader: texture x colour x light, with the alpha test of alphaFunc.
in vec2 vSt;
in vec2 vLightmapSt;
in vec2 vModSt;
in vec4 vColor;
in vec4 vGen;
in vec3 vNormal;
in vec3 vWorld;

uniform sampler2D uTexture;
uniform sampler2D uLightmap;
uniform int uUseTexture;     // 0: white (lightmap-only stages and views)
uniform int uLightSource;    // 0: none, 1: lightmap texture, 2: vertex colour
uniform vec4 uColor;         // the wireframe's colour
uniform int uAlphaFunc;      // 0 none, 1 GT0, 2 LT128, 3 GE128
uniform int uView;           // 0 textured, 1 lightmap only, 2 flat, 3 solid colour (wireframe)
// A folded multiplying layer: the colour (alpha too) is multiplied by uModScale x its texel, as
// the blend it replaces did (1 for a filter, 2 for GL_DST_COLOR GL_SRC_COLOR); 0: no layer.
uniform sampler2D uModulate;
uniform float uModScale;

out vec4 fragColor;

#ifdef LIGHTMAPPED
// The common case as its own program: image x lightmap, nothing to branch on.
void main() {
    vec4 tex = texture(uTexture, vSt);
    fragColor = vec4(tex.rgb * texture(uLightmap, vLightmapSt).rgb, tex.a);
#ifdef MODULATE
    fragColor *= uModScale * texture(uModulate, vModSt);
#endif
}
#else
void main() {
    if (uView == 3) {
        fragColor = uColor;
        return;
    }
    vec4 tex = uUseTexture != 0 ? texture(uTexture, vSt) : vec4(1.0);
#ifdef ALPHA_TEST
    // Only in the alpha-test variant: a shader that may discard loses early depth testing on
    // software rasterisers, which costs every opaque surface dearly.
    // On the fragment's alpha (texture x alphaGen), as the fixed-function alpha test.
    float alpha = tex.a * vGen.a;
    if (uAlphaFunc == 1 && alpha <= 0.0) discard;
    if (uAlphaFunc == 2 && alpha >= 0.5) discard;
    if (uAlphaFunc == 3 && alpha < 0.5) discard;
#endif
    vec3 light = vec3(1.0);
    if (uLightSource == 1) light = texture(uLightmap, vLightmapSt).rgb;
    else if (uLightSource == 2) light = vColor.rgb;
    if (uView == 2) {
        vec3 n = normalize(vNormal);
        float shade = 0.55 + 0.45 * dot(n, normalize(vec3(0.4, 0.3, 0.85)));
        fragColor = vec4(vec3(0.75) * shade, 1.0);
        return;
    }
    if (uView == 1) {
        fragColor = vec4(light, 1.0);
        return;
    }
    // vGen: the stage's rgbGen and alphaGen, from the vertex shader.
    fragColor = vec4(tex.rgb * vGen.rgb * light, tex.a * vGen.a);
    if (uModScale > 0.0) fragColor *= uModScale * texture(uModulate, vModSt);
}
#endif
