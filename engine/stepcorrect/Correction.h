#pragma once
/// \file Correction.h
/// What movement code sees of step-and-correct: one correction of a position, the function that
/// makes it, and the step length (the one place its default and range are set). Only Trace.h
/// types; the corrections themselves are made against a collision::Model in StepCorrect.h.

#include "collision/Trace.h"

#include <glm/vec3.hpp>

#include <array>
#include <functional>

namespace cliplab::collision {

/// Longest step of a step-and-correct move unless set otherwise (units).
inline constexpr float kDefaultStepLength = 8.0f;
/// Shortest step length accepted (units); shorter ones are raised to it.
inline constexpr float kMinStepLength = 0.01f;
/// Longest step length accepted (units); longer ones are lowered to it.
inline constexpr float kMaxStepLength = 10000.0f;

/// One correction of a position (see correct() in StepCorrect.h).
struct Correction {
    static constexpr int kMaxNormals = 16; ///< Push normals kept (the first ones).
    glm::vec3 position{0.0f};              ///< The freed position (units), or the last one tried when stuck.
    int pushes = 0;                        ///< Pushes made, [0, maxCorrections].
    bool stuck = false;                    ///< Still overlapping after maxCorrections pushes.
    /// Unit normals of the planes pushed out along, in order; min(pushes, kMaxNormals) are valid.
    std::array<glm::vec3, kMaxNormals> normals{};
};

/// A correction as seen by movement code: shape, position (units), contents mask.
using CorrectFunction =
    std::function<Correction(const Shape& shape, const glm::vec3& position, int32_t mask)>;

} // namespace cliplab::collision
