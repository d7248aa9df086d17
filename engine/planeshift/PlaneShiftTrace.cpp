// The plane-shifted walk: each node plane is moved by the shape's support distance, once toward
// each child, so a sub-segment near the plane goes to both; at a solid leaf the clipped interval is
// the entry into the grown cell, with the game's epsilon rules applied per plane as in a brush.

#include "planeshift/PlaneShiftTree.h"

#include "collision/TraceLimits.h"
#include "geometry/Support.h"
#include "geometry/Vector.h"

#include <glm/common.hpp>

#include <algorithm>
#include <cmath>

namespace cliplab::collision {

namespace {

/// The interval of the segment inside the grown cell reached so far, brush-style.
struct Clip {
    float enter = -1.0f, leave = 1.0f;
    int32_t lead = -1;     ///< Node whose plane was crossed last on entering.
    bool leadFlip = false; ///< The cell lies in front of the lead plane (its outward normal is -n).
    bool startOut = false, getOut = false;
};

struct Walk {
    const PlaneShiftTree* tree = nullptr;
    const Model* model = nullptr;
    glm::vec3 start{0.0f}, end{0.0f};
    geometry::ShapeSupport shape; ///< The swept shape, reduced to its support distance.
    float eps = 0.125f;
    TraceResult result;
    TraceStats* stats = nullptr;

    /// Applies one outward plane of the cell (distances d1, d2 of the ends, already shifted);
    /// false when the segment cannot be in the cell.
    bool clip(Clip& c, float d1, float d2, int32_t node, bool flip) const {
        if (d2 > 0.0f)
            c.getOut = true;
        if (d1 > 0.0f)
            c.startOut = true;
        if (d1 > 0.0f && (d2 >= eps || d2 >= d1))
            return false;
        if (d1 <= 0.0f && d2 <= 0.0f)
            return true;
        const double de = eps;
        if (d1 > d2) {
            float f = static_cast<float>((double(d1) - de) / double(d1 - d2));
            if (f < 0.0f)
                f = 0.0f;
            if (f > c.enter) {
                c.enter = f;
                c.lead = node;
                c.leadFlip = flip;
            }
        } else {
            float f = static_cast<float>((double(d1) + de) / double(d1 - d2));
            if (f > 1.0f)
                f = 1.0f;
            if (f < c.leave)
                c.leave = f;
        }
        // Entered after leaving: no sub-cell can be reached either (enter only grows, leave shrinks).
        return !(c.startOut && c.enter >= c.leave);
    }

    /// The shape at `p` overlaps brush `b` (its sides shifted by the support; touching counts).
    bool insideBrush(const CollisionBrush& b, const glm::vec3& p) const {
        const CollisionSide* sides = model->sides().data() + b.firstSide;
        for (int32_t i = 0; i < b.numSides; ++i)
            if (geometry::dot3(sides[i].normal, p) - (sides[i].dist + shape.along(sides[i].normal)) > 0.0f)
                return false;
        return true;
    }

    void solidLeaf(const Clip& c, int32_t code) {
        const PlaneShiftLeaf& leaf = tree->solidLeaves()[static_cast<size_t>(-2 - code)];
        const int32_t brush = leaf.brush;
        const CollisionBrush& b = model->brushes()[static_cast<size_t>(brush)];
        if (stats) {
            ++stats->brushesTested;
            stats->testedBrushes.push_back(brush);
        }
        TraceResult& r = result;
        if (!c.startOut) {
            r.startSolid = true;
            if (!c.getOut) {
                r.allSolid = true;
                r.fraction = 0.0f;
                r.contents = leaf.contents;
                r.brush = brush;
            }
            return;
        }
        if (!(c.enter < c.leave && c.enter > -1.0f))
            return;
        // A brush is split into several cells; the trace starting inside it must not hit its other
        // cells (the game ignores the brush it starts in): test the start against the leaf's brush.
        if (insideBrush(b, start)) {
            r.startSolid = true;
            if (insideBrush(b, end)) {
                r.allSolid = true;
                r.fraction = 0.0f;
                r.contents = leaf.contents;
                r.brush = brush;
            }
            return;
        }
        if (stats)
            ++stats->brushesHit;
        if (c.enter >= r.fraction)
            return;
        r.fraction = std::max(c.enter, 0.0f);
        r.contents = leaf.contents;
        r.brush = brush;
        r.brushSide = -1;
        r.surfaceFlags = 0;
        if (c.lead >= 0) {
            const PlaneShiftNode& n = tree->nodes()[static_cast<size_t>(c.lead)];
            r.plane.normal = c.leadFlip ? -n.normal : n.normal;
            r.plane.dist = c.leadFlip ? -n.dist : n.dist;
            if (!c.leadFlip && n.side >= 0) {
                r.brushSide = n.side;
                r.surfaceFlags = model->sides()[static_cast<size_t>(n.side)].surfaceFlags;
            }
        }
    }

    void visit(int32_t code, const Clip& c) {
        if (c.enter >= result.fraction)
            return; // nothing in here can be earlier
        if (code < 0) {
            if (stats)
                ++stats->leavesVisited;
            if (code <= -2)
                solidLeaf(c, code);
            return;
        }
        if (stats)
            ++stats->nodesVisited;
        const PlaneShiftNode& node = tree->nodes()[static_cast<size_t>(code)];
        const float o = shape.along(node.normal);
        const float t1 = geometry::dot3(node.normal, start) - node.dist;
        const float t2 = geometry::dot3(node.normal, end) - node.dist;
        // The child on the start's side first (Melax orders by direction), then the other, each
        // with the plane shifted toward it by the support: the two intervals overlap.
        const bool backFirst = t2 > t1;
        for (int k = 0; k < 2; ++k) {
            const bool back = (k == 0) == backFirst;
            Clip cc = c;
            const bool in =
                back ? clip(cc, t1 - o, t2 - o, code, false) : clip(cc, -t1 - o, -t2 - o, code, true);
            if (in)
                visit(node.children[back ? 1 : 0], cc);
            if (result.allSolid)
                return;
        }
    }
};

} // namespace

TraceResult PlaneShiftTree::trace(const Shape& requested, const glm::vec3& start, const glm::vec3& end,
                                  const TraceOptions& options, TraceStats* stats) const {
    // The same hostile-number rules as Model::trace (TraceLimits.h).
    return traceWithinLimits(requested, start, end, options,
                             [&](const Shape& shape, const TraceOptions& used) {
                                 return traceInRange(shape, start, end, used, stats);
                             });
}

TraceResult PlaneShiftTree::traceInRange(const Shape& shape, const glm::vec3& start, const glm::vec3& end,
                                         const TraceOptions& options, TraceStats* stats) const {
    Walk w;
    w.tree = this;
    w.model = m_model;
    w.eps = options.epsilon;
    w.stats = stats;
    w.result.fraction = 1.0f;
    glm::vec3 centre(0.0f);
    switch (shape.kind) {
    case ShapeKind::Ray:
        break;
    case ShapeKind::Box:
    case ShapeKind::Capsule: {
        centre = (shape.mins + shape.maxs) * 0.5f;
        const glm::vec3 half = glm::max(shape.maxs - centre, glm::vec3(0.0f));
        if (shape.kind == ShapeKind::Box) {
            w.shape.kind = half == glm::vec3(0.0f) ? geometry::ShapeSupport::Kind::Point
                                                   : geometry::ShapeSupport::Kind::Box;
            w.shape.halfExtents = half;
        } else { // the game's capsule: radius min(half x, half z), spheres at +/-(half z - radius)
            w.shape.kind = geometry::ShapeSupport::Kind::Capsule;
            w.shape.radius = std::min(half.x, half.z);
            w.shape.height = half.z - w.shape.radius;
        }
        break;
    }
    case ShapeKind::Sphere:
        w.shape.kind = geometry::ShapeSupport::Kind::Capsule;
        w.shape.radius = std::max(shape.radius, 0.0f);
        break;
    case ShapeKind::Cylinder:
        centre = (shape.mins + shape.maxs) * 0.5f;
        w.shape.kind = geometry::ShapeSupport::Kind::Cylinder;
        w.shape.radius = std::max(shape.radius, 0.0f);
        w.shape.height = std::max(shape.halfHeight, 0.0f);
        break;
    }
    w.start = start + centre;
    w.end = end + centre;
    if (m_root <= -2) {
        Clip c;
        w.solidLeaf(c, m_root);
    } else if (m_root >= 0) {
        w.visit(m_root, Clip{});
    }
    TraceResult& r = w.result;
    r.endpos = traceEndPoint(start, end, r.fraction);
    return r;
}

TraceFunction PlaneShiftTree::traceFunction(const TraceOptions& options) const {
    return [this, options](const Shape& shape, const glm::vec3& start, const glm::vec3& end, int32_t) {
        return trace(shape, start, end, options);
    };
}

} // namespace cliplab::collision
