// Model::trace: sets up the per-trace work (symmetric box, corner offsets, swept bounds, sphere or
// capsule parameters), runs the sweep or the position test, and fills the end position.

#include "collision/Model.h"
#include "collision/TraceLimits.h"
#include "collision/TraceWork.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace cliplab::collision {

namespace {

/// Visited-brush marks of the traces run on this thread. A trace bumps the generation instead of
/// clearing the array, so marking is allocation-free after the first trace on a thread; the array
/// only grows when a larger model is traced. Per-thread, so concurrent traces never share marks.
struct VisitMarks {
    std::vector<uint32_t> stamps;
    uint32_t generation = 0;
};

uint32_t* beginVisit(size_t brushCount, uint32_t& generation) {
    thread_local VisitMarks marks;
    if (marks.stamps.size() < brushCount)
        marks.stamps.resize(brushCount, 0);
    if (++marks.generation == 0) { // wrapped: old marks could alias the new generation
        std::fill(marks.stamps.begin(), marks.stamps.end(), 0u);
        marks.generation = 1;
    }
    generation = marks.generation;
    return marks.stamps.data();
}

} // namespace

TraceResult Model::trace(const Shape& requested, const glm::vec3& start, const glm::vec3& end, int32_t mask,
                         const TraceOptions& options, TraceStats* stats) const {
    // Hostile numbers (TraceLimits.h): NaN, infinities and far points are refused before any
    // arithmetic; inverted or huge shapes and bad epsilons are clamped.
    return traceWithinLimits(requested, start, end, options,
                             [&](const Shape& shape, const TraceOptions& used) {
                                 return traceInRange(shape, start, end, mask, used, stats);
                             });
}

TraceResult Model::traceInRange(const Shape& shape, const glm::vec3& start, const glm::vec3& end,
                                int32_t mask, const TraceOptions& options, TraceStats* stats) const {
    detail::TraceWork tw;
    tw.mask = mask;
    tw.epsilon = options.epsilon;
    tw.quake3 = options.semantics != Semantics::Tutorial;
    tw.robust = options.semantics == Semantics::Robust;
    tw.quake3e = options.semantics == Semantics::Quake3e;
    // Quake3e widened the game's bounds check from the epsilon to 0.25 (CM_BoundsIntersect).
    tw.boundsMargin = tw.quake3e ? std::max(0.25f, tw.epsilon) : tw.epsilon;
    tw.nodeMargin = tw.robust ? std::max(1.0f, 2.0f * tw.epsilon) : tw.quake3 ? 1.0f : 0.0f;
    tw.stats = stats;
    tw.curves = options.curves;
    tw.rayCurveClip = options.rayCurveClip;
    tw.result.fraction = 1.0f;

    const bool validModel =
        options.model >= 0 && options.model < numModels() && (options.model > 0 || !m_nodes.empty());
    if (validModel) {
        // Box made symmetric around its centre; the centre offset moves the segment instead.
        glm::vec3 mins = shape.mins, maxs = shape.maxs;
        if (shape.kind == ShapeKind::Ray)
            mins = maxs = glm::vec3(0.0f);
        if (shape.kind == ShapeKind::Sphere) {
            const float r = std::max(shape.radius, 0.0f);
            mins = glm::vec3(-r);
            maxs = glm::vec3(r);
        }
        if (shape.kind == ShapeKind::Cylinder) {
            // Its bounding box serves the axial planes, the bounds and the axial node test exactly.
            // Centred on the middle of mins/maxs (zero for Shape::cylinder, a player box's middle
            // for movement).
            const float r = std::max(shape.radius, 0.0f), h = std::max(shape.halfHeight, 0.0f);
            const glm::vec3 centre = (shape.mins + shape.maxs) * 0.5f;
            mins = centre - glm::vec3(r, r, h);
            maxs = centre + glm::vec3(r, r, h);
        }
        for (int i = 0; i < 3; ++i) {
            const float offset = (mins[i] + maxs[i]) * 0.5f;
            tw.size[0][i] = mins[i] - offset;
            tw.size[1][i] = maxs[i] - offset;
            tw.start[i] = start[i] + offset;
            tw.end[i] = end[i] + offset;
        }
        if (shape.kind == ShapeKind::Sphere) {
            tw.sphere = true;
            tw.radius = tw.size[1].x;
        } else if (shape.kind == ShapeKind::Capsule) {
            // ioquake3's capsule: radius from the smaller of half width and half height, the two
            // sphere centres half height minus radius above and below the middle.
            tw.sphere = true;
            tw.radius = tw.size[1].x > tw.size[1].z ? tw.size[1].z : tw.size[1].x;
            tw.sphereOffset = glm::vec3(0.0f, 0.0f, tw.size[1].z - tw.radius);
        } else if (shape.kind == ShapeKind::Cylinder) {
            tw.cylinder = true;
            tw.radius = tw.size[1].x;
        }
        detail::setBoxOffsets(tw);

        for (int i = 0; i < 3; ++i) {
            const float lo = std::min(tw.start[i], tw.end[i]), hi = std::max(tw.start[i], tw.end[i]);
            if (tw.sphere) {
                const float pad = std::fabs(tw.sphereOffset[i]) + tw.radius;
                tw.bounds[0][i] = lo - pad;
                tw.bounds[1][i] = hi + pad;
            } else {
                tw.bounds[0][i] = lo + tw.size[0][i];
                tw.bounds[1][i] = hi + tw.size[1][i];
            }
        }

        for (int i = 0; i < 3; ++i) {
            tw.swept[0][i] = tw.bounds[0][i];
            tw.swept[1][i] = tw.bounds[1][i];
        }
        tw.swept[0][3] = tw.swept[1][3] = 0.0f;
        tw.stamps = beginVisit(m_brushes.size() + m_patches.size(), tw.generation);
        tw.patchStampBase = m_brushes.size();
        const CollisionLeaf* leaf =
            options.model > 0 ? &m_models[static_cast<size_t>(options.model)].leaf : nullptr;
        if (start == end) {
            if (leaf)
                detail::testInLeaf(*this, tw, *leaf);
            else
                detail::positionTest(*this, tw);
        } else {
            for (int k = 0; k < 3; ++k) {
                tw.axialShift[2 * k] = tw.size[1][k];
                tw.axialShift[2 * k + 1] = -tw.size[0][k];
                tw.axialStart[2 * k] = -tw.start[k];
                tw.axialStart[2 * k + 1] = tw.start[k];
                tw.axialEnd[2 * k] = -tw.end[k];
                tw.axialEnd[2 * k + 1] = tw.end[k];
            }
            for (int lane = 6; lane < 8; ++lane)
                tw.axialShift[lane] = tw.axialStart[lane] = tw.axialEnd[lane] = 0.0f;
            tw.isPoint = tw.size[0] == glm::vec3(0.0f);
            tw.extents = tw.isPoint ? glm::vec3(0.0f) : tw.size[1];
            if (leaf)
                detail::traceThroughLeaf(*this, tw, *leaf);
            else
                detail::traceThroughTree(*this, tw, 0, 0.0f, 1.0f, tw.start, tw.end);
        }
    }

    TraceResult& r = tw.result;
    // The end point comes from the caller's own start and end, not the centred segment.
    r.endpos = traceEndPoint(start, end, r.fraction);
    return r;
}

} // namespace cliplab::collision

namespace cliplab::collision {

static_assert(
    [] {
        for (size_t i = 0; i < kSemanticsNames.size(); ++i)
            if (static_cast<size_t>(kSemanticsNames[i].value) != i)
                return false;
        return true;
    }(),
    "kSemanticsNames must be in enum order");

const char* semanticsName(Semantics s) {
    const auto i = static_cast<size_t>(s);
    // The names are literals, so their data is null-terminated.
    return i < kSemanticsNames.size() ? kSemanticsNames[i].name.data() : kSemanticsNames[0].name.data();
}

std::optional<Semantics> parseSemantics(std::string_view name) {
    for (const SemanticsName& row : kSemanticsNames)
        if (name == row.name)
            return row.value;
    return std::nullopt;
}

std::string semanticsNames(std::string_view separator) {
    std::string out;
    for (const SemanticsName& row : kSemanticsNames) {
        if (!out.empty())
            out += separator;
        out += row.name;
    }
    return out;
}

std::string semanticsChoice() {
    std::string out;
    for (size_t i = 0; i < kSemanticsNames.size(); ++i) {
        out += i == 0 ? "" : i + 1 == kSemanticsNames.size() ? " or " : ", ";
        out += kSemanticsNames[i].name;
    }
    return out;
}

} // namespace cliplab::collision
