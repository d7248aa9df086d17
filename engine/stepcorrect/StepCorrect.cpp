// Step-and-correct: discrete steps, each followed by pushing the shape out of overlapped brushes
// along the cheapest side (the block-engine point correction's nearest free neighbour, with brushes instead
// of blocks).

#include "stepcorrect/StepCorrect.h"

#include "collision/TraceLimits.h"
#include "geometry/Corners.h"
#include "geometry/Support.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

namespace cliplab::collision {

namespace {

/// Box half extents and centre offset standing for `shape` (rays: zero).
void boxOf(const Shape& shape, glm::vec3& half, glm::vec3& centre) {
    half = glm::vec3(0.0f);
    centre = glm::vec3(0.0f);
    switch (shape.kind) {
    case ShapeKind::Ray:
        break;
    case ShapeKind::Box:
    case ShapeKind::Capsule:
        centre = (shape.mins + shape.maxs) * 0.5f;
        half = glm::max(shape.maxs - centre, glm::vec3(0.0f));
        break;
    case ShapeKind::Sphere:
        half = glm::vec3(std::max(shape.radius, 0.0f));
        break;
    case ShapeKind::Cylinder:
        centre = (shape.mins + shape.maxs) * 0.5f;
        half = glm::vec3(std::max(shape.radius, 0.0f), std::max(shape.radius, 0.0f),
                         std::max(shape.halfHeight, 0.0f));
        break;
    }
}

/// How many brush corners lie on each side's plane: >= 3 a face, 2 an edge, 1 a corner.
std::vector<int> cornersPerSide(const Model& model, const CollisionBrush& brush) {
    const CollisionSide* sides = model.sides().data() + brush.firstSide;
    const int n = brush.numSides;
    std::vector<geometry::Plane> planes;
    planes.reserve(static_cast<size_t>(std::max(n, 0)));
    for (int s = 0; s < n; ++s)
        planes.push_back({sides[s].normal, sides[s].dist});
    const std::vector<glm::dvec3> corners = geometry::distinctPoints(geometry::brushCorners(planes), 0.01);
    std::vector<int> count(static_cast<size_t>(n), 0);
    for (int s = 0; s < n; ++s)
        for (const auto& p : corners)
            if (std::fabs(glm::dot(glm::dvec3(sides[s].normal), p) - double(sides[s].dist)) <= 0.01)
                ++count[static_cast<size_t>(s)];
    return count;
}

} // namespace

StepCorrectOptions clampStepCorrectOptions(const StepCorrectOptions& o) {
    const StepCorrectOptions d;
    auto field = [](float v, float fallback, float lo, float hi) {
        return std::isnan(v) ? fallback : std::clamp(v, lo, hi);
    };
    StepCorrectOptions c;
    c.stepLength = field(o.stepLength, d.stepLength, kMinStepLength, kMaxStepLength);
    c.margin = field(o.margin, d.margin, 0.0f, kMaxEpsilon);
    c.edgeHandicap = field(o.edgeHandicap, d.edgeHandicap, 0.0f, 16.0f);
    c.cornerHandicap = field(o.cornerHandicap, d.cornerHandicap, 0.0f, 16.0f);
    c.maxCorrections = std::clamp(o.maxCorrections, 0, 64);
    return c;
}

namespace {

/// correct() with the corner counts from `table` (sideCornerCounts of `model`) when given, else
/// counted for each brush pushed out of.
Correction correctWith(const Model& model, const std::vector<uint8_t>* table, const Shape& requested,
                       const glm::vec3& position, int32_t mask, const StepCorrectOptions& requestedOptions) {
    Correction out;
    if (!traceInputUsable(requested, position, position)) {
        out.position = clampPoint(position);
        out.stuck = true;
        return out;
    }
    const Shape shape = clampShape(requested);
    const StepCorrectOptions options = clampStepCorrectOptions(requestedOptions);
    glm::vec3 half, centre;
    boxOf(shape, half, centre);
    const Shape box = Shape::box(centre - half, centre + half);
    out.position = position;
    glm::vec3& p = out.position;
    for (;;) {
        const TraceResult r = model.trace(box, p, p, mask);
        if (!r.startSolid || r.brush < 0)
            return out;
        if (out.pushes >= options.maxCorrections) {
            out.stuck = true;
            return out;
        }
        const CollisionBrush& brush = model.brushes()[static_cast<size_t>(r.brush)];
        std::vector<int> counted;
        if (!table)
            counted = cornersPerSide(model, brush);
        auto cornersOf = [&](int i) {
            return table ? int((*table)[static_cast<size_t>(brush.firstSide + i)])
                         : counted[static_cast<size_t>(i)];
        };
        const glm::vec3 c = p + centre;
        float best = 0.0f, bestCost = INFINITY;
        glm::vec3 bestNormal(0.0f);
        for (int i = 0; i < brush.numSides; ++i) {
            const CollisionSide& s = model.sides()[static_cast<size_t>(brush.firstSide + i)];
            const int k = cornersOf(i);
            if (k == 0)
                continue; // not touching the brush at all
            const float support = geometry::boxSupport(s.normal, half);
            // How far along the side's normal the box must move to clear the side's plane.
            const float depth = s.dist + support - glm::dot(s.normal, c);
            const float cost = depth + (k >= 3   ? 0.0f
                                        : k == 2 ? options.edgeHandicap
                                                 : options.cornerHandicap);
            if (cost < bestCost) {
                bestCost = cost;
                best = depth;
                bestNormal = s.normal;
            }
        }
        if (!(bestCost < INFINITY)) {
            out.stuck = true;
            return out;
        }
        p += bestNormal * (std::max(best, 0.0f) + options.margin);
        if (out.pushes < Correction::kMaxNormals)
            out.normals[static_cast<size_t>(out.pushes)] = bestNormal;
        ++out.pushes;
    }
}

} // namespace

Correction correct(const Model& model, const Shape& shape, const glm::vec3& position, int32_t mask,
                   const StepCorrectOptions& options) {
    return correctWith(model, nullptr, shape, position, mask, options);
}

std::vector<uint8_t> sideCornerCounts(const Model& model) {
    std::vector<uint8_t> table(model.sides().size(), 0);
    for (const CollisionBrush& brush : model.brushes()) {
        const std::vector<int> counts = cornersPerSide(model, brush);
        for (int i = 0; i < brush.numSides; ++i)
            table[static_cast<size_t>(brush.firstSide + i)] =
                static_cast<uint8_t>(std::min(counts[static_cast<size_t>(i)], 255));
    }
    return table;
}

glm::vec3 correctPosition(const Model& model, const Shape& shape, const glm::vec3& position, int32_t mask,
                          const StepCorrectOptions& options, int& pushes, bool& stuck) {
    const Correction c = correct(model, shape, position, mask, options);
    pushes = c.pushes;
    stuck = c.stuck;
    return c.position;
}

CorrectFunction correctFunction(const Model& model, const StepCorrectOptions& options) {
    auto table = std::make_shared<const std::vector<uint8_t>>(sideCornerCounts(model));
    return [&model, table, options](const Shape& shape, const glm::vec3& position, int32_t mask) {
        return correctWith(model, table.get(), shape, position, mask, options);
    };
}

StepCorrectResult stepAndCorrect(const Model& model, const Shape& shape, const glm::vec3& start,
                                 const glm::vec3& end, int32_t mask,
                                 const StepCorrectOptions& requestedOptions) {
    StepCorrectResult out;
    if (!traceInputUsable(shape, start, end)) {
        out.position = clampPoint(start);
        out.stuck = true;
        return out;
    }
    const StepCorrectOptions options = clampStepCorrectOptions(requestedOptions);
    out.position = start;
    const float length = glm::length(end - start);
    // Both ends within +/-1e6: the length is finite, and the step count is capped before the cast.
    const double wanted = std::ceil(double(length) / double(options.stepLength));
    const int steps = static_cast<int>(std::clamp(wanted, 1.0, double(kMaxCorrectSteps)));
    const glm::vec3 delta = (end - start) / float(steps);
    for (int k = 0; k < steps; ++k) {
        int pushes = 0;
        bool stuck = false;
        const glm::vec3 next =
            correctPosition(model, shape, out.position + delta, mask, options, pushes, stuck);
        out.corrections += pushes;
        ++out.steps;
        if (stuck) {
            out.stuck = true;
            return out;
        }
        out.position = next;
    }
    return out;
}

} // namespace cliplab::collision
