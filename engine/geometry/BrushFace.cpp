// The face of a brush from its planes. Instantiated for float (debug drawing) and double (the
// inspector, hull export, plane-shift cells); the cuts are clipBehind's, in the planes' order.

#include "geometry/BrushFace.h"

#include <cassert>
#include <cmath>

namespace cliplab::geometry {

template <class T>
BasicWinding<T> brushFace(std::span<const BasicPlane<T>> planes, size_t index, std::type_identity_t<T> extent,
                          std::type_identity_t<T> epsilon, std::optional<SamePlane<T>> same) {
    assert(index < planes.size());
    const BasicPlane<T>& own = planes[index];
    auto sameAsOwn = [&](const BasicPlane<T>& p) {
        return same && dot3(p.normal, own.normal) > same->minDot &&
               std::abs(p.dist - own.dist) < same->maxDist;
    };
    BasicWinding<T> w = baseWinding(own, extent, Facing::CounterClockwise);
    for (size_t j = 0; j < planes.size() && !w.empty(); ++j) {
        if (j == index)
            continue;
        if (sameAsOwn(planes[j])) {
            if (j < index)
                return {}; // the earlier duplicate owns the face
            continue;      // cutting by its own plane would only shave rounding slivers
        }
        w = clipBehind(w, planes[j], epsilon);
    }
    return w;
}

#define CLIPLAB_INSTANTIATE_BRUSH_FACE(T)                                                                    \
    template BasicWinding<T> brushFace<T>(std::span<const BasicPlane<T>>, size_t, std::type_identity_t<T>,   \
                                          std::type_identity_t<T>, std::optional<SamePlane<T>>);

CLIPLAB_INSTANTIATE_BRUSH_FACE(float)
CLIPLAB_INSTANTIATE_BRUSH_FACE(double)

#undef CLIPLAB_INSTANTIATE_BRUSH_FACE

} // namespace cliplab::geometry
