#include "inspect/Inspector.h"

#include "geometry/BrushFace.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <cmath>
#include <limits>

namespace cliplab::inspect {

namespace {

/// Half the size of the square each side's face starts from (units), as the map compiler's.
constexpr double kFaceExtent = 65536.0;
/// Points this close to a plane count as on it (units), as in the map compiler.
constexpr double kOnEpsilon = 0.001;
/// A side whose plane repeats an earlier side's gets no face (that earlier side owns it).
constexpr geometry::SamePlane<double> kSamePlane{1.0 - 1e-9, kOnEpsilon};

/// The planes of `brush`'s sides, in double.
std::vector<geometry::DPlane> sidePlanes(const bsp::BspData& d, const bsp::Brush& brush) {
    std::vector<geometry::DPlane> planes;
    planes.reserve(static_cast<size_t>(brush.numSides));
    for (int32_t k = 0; k < brush.numSides; ++k) {
        const bsp::Plane& p =
            d.planes[static_cast<size_t>(d.brushSides[static_cast<size_t>(brush.firstSide + k)].plane)];
        planes.push_back({glm::dvec3(p.normal), double(p.dist)});
    }
    return planes;
}

std::string shaderName(const bsp::BspData& d, int32_t shader) {
    return shader >= 0 && static_cast<size_t>(shader) < d.shaders.size()
               ? d.shaders[static_cast<size_t>(shader)].name
               : std::string();
}

} // namespace

bool isBevelFace(const std::vector<glm::dvec3>& face) {
    return face.size() < 3 || geometry::windingArea(face) < kBevelArea ||
           geometry::windingWidth(face) < kBevelWidth;
}

Inspector::Inspector(const bsp::BspData& data, std::vector<bsp::Entity> entities)
    : m_data(&data), m_entities(std::move(entities)), m_modelEntity(data.models.size(), -1) {
    for (size_t e = 0; e < m_entities.size(); ++e) {
        const bsp::Entity& ent = m_entities[e];
        int32_t model = -1;
        if (ent.classname() == "worldspawn")
            model = 0;
        else if (const auto n = ent.inlineModel())
            model = *n;
        if (model >= 0 && static_cast<size_t>(model) < m_modelEntity.size() &&
            m_modelEntity[size_t(model)] < 0)
            m_modelEntity[static_cast<size_t>(model)] = static_cast<int32_t>(e);
    }
}

int32_t Inspector::modelOfBrush(int32_t brush) const {
    if (brush < 0 || static_cast<size_t>(brush) >= m_data->brushes.size())
        return -1;
    for (size_t m = 0; m < m_data->models.size(); ++m) {
        const bsp::Model& model = m_data->models[m];
        if (brush >= model.firstBrush && brush < model.firstBrush + model.numBrushes)
            return static_cast<int32_t>(m);
    }
    return -1;
}

int32_t Inspector::entityOfModel(int32_t model) const {
    return model >= 0 && static_cast<size_t>(model) < m_modelEntity.size()
               ? m_modelEntity[static_cast<size_t>(model)]
               : -1;
}

Owner Inspector::ownerOfBrush(int32_t brush) const {
    Owner o;
    o.model = modelOfBrush(brush);
    o.entity = entityOfModel(o.model);
    if (o.entity >= 0) {
        const bsp::Entity& e = m_entities[static_cast<size_t>(o.entity)];
        o.classname = std::string(e.classname());
        if (const std::string* t = e.get("targetname"))
            o.targetname = *t;
    }
    return o;
}

std::optional<BrushInfo> Inspector::brush(int32_t index) const {
    if (index < 0 || static_cast<size_t>(index) >= m_data->brushes.size())
        return std::nullopt;
    const bsp::BspData& d = *m_data;
    const bsp::Brush& b = d.brushes[static_cast<size_t>(index)];
    BrushInfo info;
    info.index = index;
    info.shader = shaderName(d, b.shader);
    info.contents = d.shaders[static_cast<size_t>(b.shader)].contents;
    info.owner = ownerOfBrush(index);
    glm::dvec3 lo(std::numeric_limits<double>::max()), hi(-std::numeric_limits<double>::max());
    const std::vector<geometry::DPlane> planes = sidePlanes(d, b);
    for (int32_t i = 0; i < b.numSides; ++i) {
        const int32_t sideIndex = b.firstSide + i;
        const bsp::BrushSide& side = d.brushSides[static_cast<size_t>(sideIndex)];
        const bsp::Plane& p = d.planes[static_cast<size_t>(side.plane)];
        SideInfo s;
        s.index = sideIndex;
        s.plane = side.plane;
        s.normal = p.normal;
        s.dist = p.dist;
        s.shader = shaderName(d, side.shader);
        s.surfaceFlags = d.shaders[static_cast<size_t>(side.shader)].surfaceFlags;
        const geometry::DWinding face =
            geometry::brushFace<double>(planes, static_cast<size_t>(i), kFaceExtent, kOnEpsilon, kSamePlane);
        s.bevel = isBevelFace(face);
        s.area = s.bevel ? 0.0 : geometry::windingArea(face);
        if (!s.bevel)
            for (const glm::dvec3& v : face) {
                lo = glm::min(lo, v);
                hi = glm::max(hi, v);
            }
        info.bevels += s.bevel ? 1 : 0;
        info.sides.push_back(std::move(s));
    }
    if (lo.x <= hi.x) {
        // + 0 turns a -0 of the clipped windings into 0, which reads better.
        info.mins = glm::vec3(lo + 0.0);
        info.maxs = glm::vec3(hi + 0.0);
    }
    return info;
}

SurfaceInfo Inspector::hitSurface(int32_t brush, int32_t brushSide, int32_t surface) const {
    const bsp::BspData& d = *m_data;
    SurfaceInfo out;
    if (brushSide >= 0 && static_cast<size_t>(brushSide) < d.brushSides.size()) {
        const int32_t shader = d.brushSides[static_cast<size_t>(brushSide)].shader;
        out.shader = shaderName(d, shader);
        out.surfaceFlags = d.shaders[static_cast<size_t>(shader)].surfaceFlags;
        if (brush >= 0 && static_cast<size_t>(brush) < d.brushes.size())
            out.contents =
                d.shaders[static_cast<size_t>(d.brushes[static_cast<size_t>(brush)].shader)].contents;
    } else if (surface >= 0 && static_cast<size_t>(surface) < d.surfaces.size()) {
        const int32_t shader = d.surfaces[static_cast<size_t>(surface)].shader;
        out.shader = shaderName(d, shader);
        out.surfaceFlags = d.shaders[static_cast<size_t>(shader)].surfaceFlags;
        out.contents = d.shaders[static_cast<size_t>(shader)].contents;
    }
    return out;
}

} // namespace cliplab::inspect
