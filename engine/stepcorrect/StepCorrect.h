#pragma once
/// \file StepCorrect.h
/// The block engine's discrete step-and-correct (the block-engine point-correction page) adapted
/// to brushes: move in steps no longer than a set length; after each step push the shape out of
/// any brush it overlaps, along the brush plane (bevels included) of least penetration, faces
/// preferred over edges over corners by small handicaps. No sweep: a step longer than twice a
/// wall's half thickness crosses its middle and is pushed out on the far side, i.e. tunnels
/// through. A comparison against swept traces. Its own library, cliplab::stepcorrect, in the
/// collision namespace since it answers in the trace's vocabulary; movement code needs only
/// Correction.h.

#include "collision/Model.h"
#include "stepcorrect/Correction.h"

#include <cstdint>
#include <vector>

namespace cliplab::collision {

/// Most steps of one stepAndCorrect move: a longer move takes longer steps instead, so a hostile
/// length (2e6 units at the kMinStepLength minimum step) is bounded work.
inline constexpr int kMaxCorrectSteps = 65536;

/// Tuning of step-and-correct. Used clamped (clampStepCorrectOptions): NaN takes the default.
struct StepCorrectOptions {
    float stepLength = kDefaultStepLength; ///< Longest step (units, [kMinStepLength, kMaxStepLength]).
    float margin = 0.125f;                 ///< Distance kept from the plane pushed out of (units, [0, 16]).
    /// Added to the penetration of a side touching the brush along an edge (units, [0, 16]).
    float edgeHandicap = 0.1f;
    float cornerHandicap = 0.2f; ///< Added for a side touching it at a single corner (units, [0, 16]).
    int maxCorrections = 8;      ///< Pushes per step before giving up, [0, 64] (the shape stays where it is).
};

/// `options` with every field in its documented range: NaN -> the field's default, others clamped.
StepCorrectOptions clampStepCorrectOptions(const StepCorrectOptions& options);

/// What one step-and-correct move did.
struct StepCorrectResult {
    glm::vec3 position{0.0f}; ///< Where the shape ended (units).
    int steps = 0;            ///< Steps taken.
    int corrections = 0;      ///< Pushes out of brushes, all steps.
    bool stuck = false;       ///< A step could not be freed within maxCorrections pushes.
};

/// Pushes the shape at `position` out of the world brushes of `mask` it overlaps, one brush at a
/// time along its side of least penetration (see correctPosition), recording each push's normal.
Correction correct(const Model& model, const Shape& shape, const glm::vec3& position, int32_t mask,
                   const StepCorrectOptions& options);

/// How many corners of its brush lie on each brush side's plane, indexed like Model::sides():
/// >= 3 the side is a face, 2 an edge (a bevel), 1 a corner, 0 it does not touch the brush. What
/// correct() ranks pushes by (counted per push there; O(sides^4) per brush).
std::vector<uint8_t> sideCornerCounts(const Model& model);

/// A CorrectFunction correcting against `model`'s world brushes with fixed `options` (stepLength
/// unused: the caller steps), with the same results as correct(). It counts every brush's side
/// corners once, here (sideCornerCounts), instead of per push. The model must outlive the
/// function; the function may be copied and called from several threads. Patches are not
/// corrected against.
CorrectFunction correctFunction(const Model& model, const StepCorrectOptions& options = {});

/// Pushes the shape at `position` out of the world brushes of `mask` it overlaps (one brush at a
/// time, up to options.maxCorrections pushes). Returns the freed position and sets `pushes`;
/// `stuck` when still overlapping. Box and ray shapes (others are treated as their bounding box).
/// A position beyond +/-1e6 or not finite returns clampPoint(position) with `stuck` set and no push.
glm::vec3 correctPosition(const Model& model, const Shape& shape, const glm::vec3& position, int32_t mask,
                          const StepCorrectOptions& options, int& pushes, bool& stuck);

/// Moves `shape` from `start` towards `end` in equal steps no longer than options.stepLength,
/// correcting after each. A step that cannot be freed stops the move at the last free position.
/// At most kMaxCorrectSteps steps. A start or end that is not finite or beyond +/-1e6 (or a shape
/// with non-finite numbers) takes no step: position clampPoint(start), `stuck` set.
StepCorrectResult stepAndCorrect(const Model& model, const Shape& shape, const glm::vec3& start,
                                 const glm::vec3& end, int32_t mask, const StepCorrectOptions& options = {});

} // namespace cliplab::collision
