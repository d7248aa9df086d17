// Compilation driver: entities -> models (world first, then each brush entity), brushes and
// surfaces grouped per model, the BSP tree over the world brushes, visibility and entity text.
// Like q3map: func_group brushes join the world, brush entities with an "origin" have their
// geometry stored relative to it, and origin brushes (common/origin) are dropped.

#include "mapc/Compiler.h"

#include "bsp/BspFile.h"
#include "core/Format.h"
#include "mapc/BspTree.h"
#include "mapc/Surfaces.h"

#include <glm/common.hpp>

#include <cmath>

#include <sstream>

namespace cliplab::mapc {

using core::Error;

namespace {

/// One output model: the entity it came from and what it holds.
struct ModelSource {
    size_t entity = 0; ///< Index in MapSource::entities of the entity that owns the model.
    std::vector<std::pair<size_t, const MapBrush*>> brushes; ///< (entity, brush) pairs.
    std::vector<std::pair<size_t, const MapPatch*>> patches; ///< (entity, patch) pairs.
    glm::dvec3 offset{0.0};
};

bool isOriginBrush(const MapBrush& b) {
    for (const MapSide& s : b.sides)
        if (toolTextureFlags(s.texture).contents & bsp::contents::Origin)
            return true;
    return false;
}

std::string entityText(const MapEntity& e, int model) {
    std::string out = "{\n";
    bool wroteModel = false;
    for (const auto& [k, v] : e.pairs) {
        if (k == "model" && model > 0) {
            if (wroteModel)
                continue;
            out += core::format("\"model\" \"*%d\"\n", model);
            wroteModel = true;
            continue;
        }
        out += "\"" + k + "\" \"" + v + "\"\n";
    }
    if (model > 0 && !wroteModel)
        out += core::format("\"model\" \"*%d\"\n", model);
    return out + "}\n";
}

} // namespace

core::Result<bsp::BspData> compile(const MapSource& source, const CompileOptions& options) {
    if (source.entities.empty() || source.entities[0].classname() != "worldspawn") {
        const SourcePos pos = source.entities.empty() ? SourcePos{} : source.entities[0].pos;
        return Error{sourceError(source.name, pos, "the first entity must be the worldspawn")};
    }
    // Models: world (worldspawn + func_group), then every other entity with geometry.
    std::vector<ModelSource> models(1);
    std::vector<int> modelOfEntity(source.entities.size(), -1);
    modelOfEntity[0] = 0;
    for (size_t e = 0; e < source.entities.size(); ++e) {
        const MapEntity& ent = source.entities[e];
        const bool world = e == 0 || ent.classname() == "func_group";
        if (!world && ent.brushes.empty() && ent.patches.empty())
            continue;
        if (!world) {
            if (e > 0 && ent.classname() == "worldspawn")
                return Error{sourceError(source.name, ent.pos, "a second worldspawn entity")};
            modelOfEntity[e] = static_cast<int>(models.size());
            models.push_back({});
            models.back().entity = e;
            if (const std::string* o = ent.get("origin")) {
                std::istringstream in(*o);
                glm::dvec3 v(0.0);
                if (in >> v.x >> v.y >> v.z)
                    models.back().offset = v;
            }
        }
        ModelSource& m = models[world ? 0 : models.size() - 1];
        for (const MapBrush& b : ent.brushes)
            if (!isOriginBrush(b))
                m.brushes.emplace_back(e, &b);
        for (const MapPatch& p : ent.patches)
            m.patches.emplace_back(e, &p);
    }

    bsp::BspData out;
    out.name = source.name;
    PlaneSet planes;
    ShaderTable shaders;
    std::vector<BuiltBrush> brushes;
    std::vector<size_t> modelFirstBrush;
    for (const ModelSource& m : models) {
        modelFirstBrush.push_back(brushes.size());
        for (const auto& [e, b] : m.brushes) {
            const MapEntity& ent = source.entities[e];
            const BrushOrigin where{&source.name, static_cast<int>(e),
                                    static_cast<int>(b - ent.brushes.data())};
            auto built = buildBrush(*b, m.offset, planes, shaders, options.bevels, where);
            if (!built)
                return built.error();
            brushes.push_back(std::move(built.value()));
        }
    }
    modelFirstBrush.push_back(brushes.size());

    // Surfaces per model: brush faces in brush order, then patches.
    std::vector<SurfaceBounds> worldSurfaces;
    for (size_t mi = 0; mi < models.size(); ++mi) {
        const ModelSource& m = models[mi];
        bsp::Model model;
        model.firstSurface = static_cast<int32_t>(out.surfaces.size());
        model.firstBrush = static_cast<int32_t>(modelFirstBrush[mi]);
        model.numBrushes = static_cast<int32_t>(modelFirstBrush[mi + 1] - modelFirstBrush[mi]);
        glm::dvec3 mins(1e30), maxs(-1e30);
        for (size_t b = modelFirstBrush[mi]; b < modelFirstBrush[mi + 1]; ++b) {
            emitBrushFaces(brushes[b], planes, shaders, out);
            mins = glm::min(mins, brushes[b].mins);
            maxs = glm::max(maxs, brushes[b].maxs);
        }
        for (const auto& [e, p] : m.patches) {
            if (p->texture.size() + (p->texture.rfind("textures/", 0) == 0 ? 0 : 9) > 63)
                return Error{sourceError(
                    source.name, p->pos,
                    core::format("texture name '%s' is longer than 63 characters", p->texture.c_str()))};
            for (const PatchPoint& pt : p->points)
                for (int k = 0; k < 3; ++k)
                    if (!(std::abs(pt.xyz[k] - m.offset[k]) <= kMaxCoordinate))
                        return Error{
                            sourceError(source.name, p->pos,
                                        core::format("patch point coordinate %g is out of range (at most "
                                                     "%g from the origin)",
                                                     pt.xyz[k] - m.offset[k], kMaxCoordinate))};
            emitPatch(*p, m.offset, shaders.add(p->texture), out);
        }
        model.numSurfaces = static_cast<int32_t>(out.surfaces.size()) - model.firstSurface;
        for (int32_t s = model.firstSurface; s < model.firstSurface + model.numSurfaces; ++s) {
            SurfaceBounds sb;
            sb.surface = s;
            surfaceBounds(out, out.surfaces[static_cast<size_t>(s)], sb.mins, sb.maxs);
            mins = glm::min(mins, sb.mins);
            maxs = glm::max(maxs, sb.maxs);
            if (mi == 0)
                worldSurfaces.push_back(sb);
        }
        if (mins.x > maxs.x)
            mins = maxs = glm::dvec3(0.0);
        model.mins = glm::vec3(mins);
        model.maxs = glm::vec3(maxs);
        out.models.push_back(model);
    }

    if (shaders.shaders().empty())
        shaders.add("common/caulk"); // the format needs one shader even for an empty map
    buildTree(brushes, modelFirstBrush[1], worldSurfaces, planes, out);

    for (const BuiltBrush& b : brushes) {
        bsp::Brush ob;
        ob.firstSide = static_cast<int32_t>(out.brushSides.size());
        ob.numSides = static_cast<int32_t>(b.sides.size());
        ob.shader = b.shader;
        for (const BuiltSide& s : b.sides)
            out.brushSides.push_back({s.plane, s.shader});
        out.brushes.push_back(ob);
    }
    for (const DPlane& p : planes.planes()) {
        bsp::Plane op;
        op.normal = glm::vec3(p.normal);
        op.dist = static_cast<float>(p.dist);
        for (int k = 0; k < 3; ++k)
            if (op.normal[k] == 0.0f)
                op.normal[k] = 0.0f; // no negative zeros in the file
        out.planes.push_back(op);
    }
    out.shaders = shaders.shaders();

    // One cluster that sees itself: q3map's row size is the cluster count rounded up to 64 bits.
    out.visibility.numClusters = 1;
    out.visibility.bytesPerCluster = 8;
    out.visibility.bits.assign(8, 0);
    out.visibility.bits[0] = 0x01;

    for (size_t e = 0; e < source.entities.size(); ++e) {
        const MapEntity& ent = source.entities[e];
        if (e > 0 && ent.classname() == "func_group")
            continue;
        out.entities += entityText(ent, modelOfEntity[e] > 0 ? modelOfEntity[e] : 0);
    }

    core::Status valid = bsp::validate(out);
    if (!valid)
        return Error{core::format("%s: internal error: the compiled map does not validate: %s",
                                  source.name.c_str(), valid.error().message.c_str())};
    return out;
}

core::Result<bsp::BspData> compileMap(std::string_view text, const std::string& name,
                                      const CompileOptions& options) {
    auto source = parseMap(text, name);
    if (!source)
        return source.error();
    return compile(source.value(), options);
}

} // namespace cliplab::mapc
