#include "bsp/PointLeaf.h"

#include <glm/geometric.hpp>

namespace cliplab::bsp {

int32_t findLeaf(const BspData& data, const glm::vec3& point) {
    if (data.nodes.empty())
        return data.leafs.empty() ? -1 : 0;
    int32_t node = 0;
    // Each step goes one level deeper; the depth bound guards against a cyclic tree.
    for (size_t depth = 0; depth <= data.nodes.size() && node >= 0; ++depth) {
        const Node& n = data.nodes[static_cast<size_t>(node)];
        const Plane& p = data.planes[static_cast<size_t>(n.plane)];
        node = n.children[glm::dot(p.normal, point) - p.dist >= 0.0f ? 0 : 1];
    }
    return node < 0 ? -(node + 1) : -1;
}

} // namespace cliplab::bsp
