// Patch control grid subdivision (see PatchGrid.h), with ioquake3's rules and tolerances.

#include "collision/PatchGrid.h"

#include "core/Format.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace cliplab::collision::detail {

namespace {

constexpr float kSubdivideDistance = 16.0f; // a curve segment this far from straight is split
constexpr float kPointEpsilon = 0.1f;       // grid points this close are the same point
constexpr float kWrapPointEpsilon = 0.1f;   // first and last column this close: the patch wraps

float dot(const glm::vec3& a, const glm::vec3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

bool samePoint(const glm::vec3& a, const glm::vec3& b, float eps) {
    for (int i = 0; i < 3; ++i) {
        const float d = a[i] - b[i];
        if (d < -eps || d > eps)
            return false;
    }
    return true;
}

/// True when the quadratic curve a-b-c bulges 16 units or more from the chord a-c at its middle.
bool needsSubdivision(const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
    glm::vec3 delta;
    for (int i = 0; i < 3; ++i) {
        const float linear = 0.5f * (a[i] + c[i]);
        const float curve = 0.5f * (0.5f * (a[i] + b[i]) + 0.5f * (b[i] + c[i]));
        delta[i] = curve - linear;
    }
    return std::sqrt(dot(delta, delta)) >= kSubdivideDistance;
}

void removeColumn(Grid& g, int32_t column) {
    for (int32_t y = 0; y < g.height; ++y)
        for (int32_t x = column + 1; x < g.width; ++x)
            g.at(x - 1, y) = g.at(x, y);
    --g.width;
}

} // namespace

/// A patch wraps around (a pipe) when its first and last columns coincide.
void setWrapWidth(Grid& g) {
    int32_t y = 0;
    for (; y < g.height; ++y)
        if (!samePoint(g.at(0, y), g.at(g.width - 1, y), kWrapPointEpsilon))
            break;
    g.wrapWidth = y == g.height;
}

/// Replaces each column triple (interpolating, approximating, interpolating) by points on the
/// curve: the middle column is dropped where every row is straight enough, else the segment is
/// split in two at its middle and both halves are looked at again.
core::Result<bool> subdivideColumns(Grid& g) {
    for (int32_t i = 0; i < g.width - 2;) {
        int32_t y = 0;
        for (; y < g.height; ++y)
            if (needsSubdivision(g.at(i, y), g.at(i + 1, y), g.at(i + 2, y)))
                break;
        if (y == g.height) {
            removeColumn(g, i + 1);
            ++i;
            continue;
        }
        if (g.width + 2 > kMaxPatchGridSize)
            return core::makeError(
                core::format("subdivided grid exceeds %d points per side", kMaxPatchGridSize));
        for (y = 0; y < g.height; ++y) {
            const glm::vec3 prev = g.at(i, y), mid = g.at(i + 1, y), next = g.at(i + 2, y);
            for (int32_t x = g.width - 1; x > i + 1; --x)
                g.at(x + 2, y) = g.at(x, y);
            const glm::vec3 a = (prev + mid) * 0.5f, c = (mid + next) * 0.5f;
            g.at(i + 1, y) = a;
            g.at(i + 2, y) = (a + c) * 0.5f;
            g.at(i + 3, y) = c;
        }
        g.width += 2; // the new middle column is looked at again: i stays
    }
    return true;
}

/// Drops a column equal (within 0.1) to its right neighbour in every row.
void removeDegenerateColumns(Grid& g) {
    for (int32_t i = 0; i < g.width - 1; ++i) {
        int32_t y = 0;
        for (; y < g.height; ++y)
            if (!samePoint(g.at(i, y), g.at(i + 1, y), kPointEpsilon))
                break;
        if (y != g.height)
            continue;
        removeColumn(g, i + 1);
        --i;
    }
}

void transpose(Grid& g) {
    // Through a second buffer: only the width x height corner holds points (the rest of the
    // storage is uninitialised and must not be read).
    Grid t;
    for (int32_t x = 0; x < g.width; ++x)
        for (int32_t y = 0; y < g.height; ++y)
            t.at(y, x) = g.at(x, y);
    std::swap(g.pts, t.pts);
    std::swap(g.width, g.height);
    std::swap(g.wrapWidth, g.wrapHeight);
}

} // namespace cliplab::collision::detail
