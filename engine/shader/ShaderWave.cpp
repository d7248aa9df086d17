// The periodic functions of shader scripts (waves) and the smooth noise their "noise" function and
// deformVertexes normal use.

#include "shader/ShaderScript.h"

#include <cmath>
#include <cstdint>

namespace cliplab::shader {

namespace {

/// Lattice value in [-1, 1] for integer coordinates (a hash, so no table and no state).
float lattice(int32_t x, int32_t y, int32_t z, int32_t t) {
    uint32_t h = static_cast<uint32_t>(x) * 73856093u ^ static_cast<uint32_t>(y) * 19349663u ^
                 static_cast<uint32_t>(z) * 83492791u ^ static_cast<uint32_t>(t) * 2654435761u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return static_cast<float>(h & 0xffffu) / 32767.5f - 1.0f;
}

float smooth(float f) {
    return f * f * (3.0f - 2.0f * f);
}

} // namespace

float smoothNoise(float x, float y, float z, float t) {
    const float p[4] = {x, y, z, t};
    int32_t i[4];
    float f[4];
    for (int k = 0; k < 4; ++k) {
        const float fl = std::floor(std::isfinite(p[k]) ? std::fmod(p[k], 1048576.0f) : 0.0f);
        i[k] = static_cast<int32_t>(fl);
        f[k] = smooth(std::isfinite(p[k]) ? std::fmod(p[k], 1048576.0f) - fl : 0.0f);
    }
    // Multilinear blend of the 16 lattice values around the point.
    float sum = 0.0f;
    for (int corner = 0; corner < 16; ++corner) {
        float w = 1.0f;
        int32_t c[4];
        for (int k = 0; k < 4; ++k) {
            const bool high = (corner >> k) & 1;
            c[k] = i[k] + (high ? 1 : 0);
            w *= high ? f[k] : 1.0f - f[k];
        }
        sum += w * lattice(c[0], c[1], c[2], c[3]);
    }
    return sum;
}

float Wave::evaluate(double seconds) const {
    double x = static_cast<double>(phase) + seconds * static_cast<double>(frequency);
    x -= std::floor(x);
    const float f = static_cast<float>(x);
    float v = 0.0f;
    switch (func) {
    case WaveFunc::Sin:
        v = std::sin(f * 6.2831853f);
        break;
    case WaveFunc::Triangle:
        v = f < 0.25f ? f * 4.0f : f < 0.75f ? 2.0f - f * 4.0f : f * 4.0f - 4.0f;
        break;
    case WaveFunc::Square:
        v = f < 0.5f ? 1.0f : -1.0f;
        break;
    case WaveFunc::Sawtooth:
        v = f;
        break;
    case WaveFunc::InverseSawtooth:
        v = 1.0f - f;
        break;
    case WaveFunc::Noise:
        // The game's noise ignores the wave's shape: noise of (time + phase) x frequency.
        v = smoothNoise(
            0.0f, 0.0f, 0.0f,
            static_cast<float>((seconds + static_cast<double>(phase)) * static_cast<double>(frequency)));
        break;
    }
    return base + amplitude * v;
}

} // namespace cliplab::shader
