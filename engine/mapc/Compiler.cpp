// Compilation driver, one function per phase: entities to models (EntityModels.h), brushes and
// shaders out, the world's tree, the flood from the entities, draw surfaces, leaf surfaces and the
// entity lump, then a check of the whole file.

#include "mapc/Compiler.h"

#include "bsp/BspFile.h"
#include "core/Format.h"
#include "mapc/BspTree.h"
#include "mapc/EntityModels.h"
#include "mapc/Surfaces.h"

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <chrono>
#include <cmath>
#include <functional>

namespace cliplab::mapc {

using core::Error;

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

/// Everything the phases share.
struct Build {
    const MapSource& source;
    CompileOptions options;
    ShaderCatalog catalog;
    ShaderTable shaders;
    PlaneSet planes;
    EntityModels models;
    std::vector<BuiltBrush> brushes;          ///< All models' brushes in output order, the world's first.
    std::vector<size_t> modelFirstBrush;      ///< Per model, then the end.
    std::vector<SurfaceBounds> worldSurfaces; ///< For the leaf surface lists.
    bsp::BspData out;
    CompileResult result;

    Build(const MapSource& s, const CompileOptions& o)
        : source(s), options(o), catalog(o.scripts), shaders(catalog) {}
};

/// Phase 1: models and their brushes, in output order.
core::Status gatherBrushes(Build& b) {
    const MapSource& source = b.source;
    if (source.entities.empty() || source.entities[0].classname() != "worldspawn") {
        const SourcePos pos = source.entities.empty() ? SourcePos{} : source.entities[0].pos;
        return sourceError(source.name, pos, "the first entity must be the worldspawn");
    }
    auto models = gatherModels(source, b.planes, b.shaders, b.options.bevels);
    if (!models)
        return models.error();
    b.models = std::move(models.value());
    for (ModelSource& m : b.models.models) {
        b.modelFirstBrush.push_back(b.brushes.size());
        for (BuiltBrush& brush : m.brushes)
            b.brushes.push_back(std::move(brush));
        m.brushes.clear();
    }
    b.modelFirstBrush.push_back(b.brushes.size());
    return core::Ok{};
}

core::Status checkPatch(const Build& b, const MapPatch& p, const glm::dvec3& offset) {
    if (p.texture.size() + (p.texture.rfind("textures/", 0) == 0 ? 0 : 9) > 63)
        return sourceError(b.source.name, p.pos,
                           core::format("texture name '%s' is longer than 63 characters", p.texture.c_str()));
    for (const PatchPoint& pt : p.points)
        for (int k = 0; k < 3; ++k)
            if (!(std::abs(pt.xyz[k] - offset[k]) <= kMaxCoordinate))
                return sourceError(b.source.name, p.pos,
                                   core::format("patch point coordinate %g is out of range (at most %g from "
                                                "the origin)",
                                                pt.xyz[k] - offset[k], kMaxCoordinate));
    return core::Ok{};
}

/// True when some 3x3 part of the world patch touches a leaf the flood did not fill: q3map2 drops
/// world patches that lie wholly inside sealing brushes or outside the map.
bool patchInOpen(const Build& b, const FloodResult& flood, const MapPatch& p, const glm::dvec3& offset);
bool hullInOpen(const Build& b, const FloodResult& flood, const std::vector<glm::dvec3>& hull,
                double onPlane);

/// True when the space just in front of a world face is open somewhere: the face moved half a unit
/// out and its points a tenth of a unit in from its edges (so that what lies beside the face, past
/// its edges, does not count).
bool faceSeen(const Build& b, const FloodResult& flood, const Winding& w) {
    const glm::dvec3 out = glm::cross(w[2] - w[0], w[1] - w[0]); // clockwise points: front normal
    const double len = glm::length(out);
    if (len <= 0.0)
        return true;
    glm::dvec3 centre(0.0);
    for (const glm::dvec3& p : w)
        centre += p;
    centre /= static_cast<double>(w.size());
    std::vector<glm::dvec3> moved;
    for (const glm::dvec3& p : w) {
        const double toCentre = glm::length(centre - p);
        const glm::dvec3 inset = toCentre > 0.2 ? p + (centre - p) * (0.1 / toCentre) : centre;
        moved.push_back(inset + out * (0.5 / len));
    }
    return hullInOpen(b, flood, moved, 0.01);
}
std::vector<std::vector<glm::dvec3>> patchHulls(const MapPatch& p, const glm::dvec3& offset);

/// Phase 4: draw surfaces per model (brush faces, then patches) and the models lump.
core::Status emitSurfaces(Build& b, const FloodResult* flood) {
    for (size_t mi = 0; mi < b.models.models.size(); ++mi) {
        const ModelSource& m = b.models.models[mi];
        bsp::Model model;
        model.firstSurface = static_cast<int32_t>(b.out.surfaces.size());
        model.firstBrush = static_cast<int32_t>(b.modelFirstBrush[mi]);
        model.numBrushes = static_cast<int32_t>(b.modelFirstBrush[mi + 1] - b.modelFirstBrush[mi]);
        glm::dvec3 mins(1e30), maxs(-1e30);
        // World faces wholly inside sealing brushes or outside the map are never seen: q3map2 makes
        // no surface of them.
        std::function<bool(const Winding&)> seen;
        if (mi == 0 && flood)
            seen = [&](const Winding& w) { return faceSeen(b, *flood, w); };
        for (size_t i = b.modelFirstBrush[mi]; i < b.modelFirstBrush[mi + 1]; ++i) {
            emitBrushFaces(b.brushes[i], b.planes, b.shaders, b.out, seen);
            mins = glm::min(mins, b.brushes[i].mins);
            maxs = glm::max(maxs, b.brushes[i].maxs);
        }
        const auto firstPatch = static_cast<int32_t>(b.out.surfaces.size());
        std::vector<const MapPatch*> emitted;
        for (const MapPatch* p : m.patches) {
            if (core::Status s = checkPatch(b, *p, m.origin); !s)
                return s;
            if (mi == 0 && flood && !patchInOpen(b, *flood, *p, m.origin))
                continue;
            emitPatch(*p, m.origin, b.shaders.add(p->texture), b.out);
            emitted.push_back(p);
        }
        model.numSurfaces = static_cast<int32_t>(b.out.surfaces.size()) - model.firstSurface;
        for (int32_t s = model.firstSurface; s < model.firstSurface + model.numSurfaces; ++s) {
            SurfaceBounds sb;
            sb.surface = s;
            const bsp::Surface& surface = b.out.surfaces[static_cast<size_t>(s)];
            surfaceBounds(b.out, surface, sb.mins, sb.maxs);
            mins = glm::min(mins, sb.mins);
            maxs = glm::max(maxs, sb.maxs);
            if (mi != 0)
                continue;
            if (s >= firstPatch) {
                sb.hulls = patchHulls(*emitted[static_cast<size_t>(s - firstPatch)], m.origin);
            } else {
                std::vector<glm::dvec3>& face = sb.hulls.emplace_back();
                for (int32_t v = 0; v < surface.numVerts; ++v)
                    face.push_back(
                        glm::dvec3(b.out.drawVerts[static_cast<size_t>(surface.firstVert + v)].xyz));
            }
            b.worldSurfaces.push_back(std::move(sb));
        }
        if (mins.x > maxs.x)
            mins = maxs = glm::dvec3(0.0);
        model.mins = glm::vec3(mins);
        model.maxs = glm::vec3(maxs);
        b.out.models.push_back(model);
    }
    return core::Ok{};
}

/// Phase 5: brushes, planes, shaders, visibility and entities into the file.
void emitLumps(Build& b) {
    for (const BuiltBrush& brush : b.brushes) {
        bsp::Brush ob;
        ob.firstSide = static_cast<int32_t>(b.out.brushSides.size());
        ob.numSides = static_cast<int32_t>(brush.sides.size());
        ob.shader = brush.shader;
        for (const BuiltSide& s : brush.sides)
            b.out.brushSides.push_back({s.plane, s.shader});
        b.out.brushes.push_back(ob);
    }
    if (b.shaders.shaders().empty())
        b.shaders.add("common/caulk"); // the format needs one shader even for an empty map
    for (const DPlane& p : b.planes.planes()) {
        bsp::Plane op;
        op.normal = glm::vec3(p.normal);
        op.dist = static_cast<float>(p.dist);
        for (int k = 0; k < 3; ++k)
            if (op.normal[k] == 0.0f)
                op.normal[k] = 0.0f; // no negative zeros in the file
        b.out.planes.push_back(op);
    }
    b.out.shaders = b.shaders.shaders();
    // One cluster that sees itself: q3map's row size is the cluster count rounded up to 64 bits.
    b.out.visibility.numClusters = 1;
    b.out.visibility.bytesPerCluster = 8;
    b.out.visibility.bits.assign(8, 0);
    b.out.visibility.bits[0] = 0x01;
    b.out.entities = entityLump(b.source, b.models);
}

std::vector<std::vector<glm::dvec3>> patchHulls(const MapPatch& p, const glm::dvec3& offset) {
    std::vector<std::vector<glm::dvec3>> hulls;
    for (int i = 0; i + 2 < p.height; i += 2)
        for (int j = 0; j + 2 < p.width; j += 2) {
            std::vector<glm::dvec3>& hull = hulls.emplace_back();
            for (int di = 0; di < 3; ++di)
                for (int dj = 0; dj < 3; ++dj)
                    hull.push_back(p.points[static_cast<size_t>((i + di) * p.width + j + dj)].xyz - offset);
        }
    return hulls;
}

bool hullInOpen(const Build& b, const FloodResult& flood, const std::vector<glm::dvec3>& hull,
                double onPlane) {
    std::vector<int32_t> leaves;
    hullLeaves(b.out, b.planes, hull, leaves, onPlane);
    for (int32_t l : leaves)
        if (!flood.filled(static_cast<size_t>(l)))
            return true;
    return false;
}

bool patchInOpen(const Build& b, const FloodResult& flood, const MapPatch& p, const glm::dvec3& offset) {
    for (const std::vector<glm::dvec3>& hull : patchHulls(p, offset))
        if (hullInOpen(b, flood, hull, 0.1))
            return true;
    return false;
}

core::Result<CompileResult> run(Build& b) {
    const auto start = Clock::now();
    if (core::Status s = gatherBrushes(b); !s)
        return s.error();
    b.result.times.brushes = msSince(start);
    auto phase = Clock::now();
    // The tree's root box takes in the world's patches too (surfaces are made after the flood).
    std::vector<SurfaceBounds> patchBounds;
    for (const MapPatch* p : b.models.models[0].patches) {
        SurfaceBounds sb;
        sb.mins = glm::dvec3(1e30);
        sb.maxs = glm::dvec3(-1e30);
        for (const PatchPoint& pt : p->points) {
            sb.mins = glm::min(sb.mins, pt.xyz - b.models.models[0].origin);
            sb.maxs = glm::max(sb.maxs, pt.xyz - b.models.models[0].origin);
        }
        patchBounds.push_back(sb);
    }
    const TreeBox box = buildTree(b.brushes, b.modelFirstBrush[1], patchBounds, b.planes, b.out);
    b.result.times.tree = msSince(phase);
    phase = Clock::now();
    FloodResult flood =
        floodEntities(b.out, b.planes, b.brushes, b.modelFirstBrush[1], box, b.source, b.models);
    b.result.times.flood = msSince(phase);
    phase = Clock::now();
    if (core::Status s = emitSurfaces(b, &flood); !s)
        return s.error();
    std::vector<uint8_t> filled(b.out.leafs.size());
    for (size_t l = 0; l < filled.size(); ++l)
        filled[l] = flood.filled(l);
    listLeafSurfaces(b.worldSurfaces, b.planes, filled, b.out);
    emitLumps(b);
    b.out.name = b.source.name;
    core::Status valid = bsp::validate(b.out);
    if (!valid)
        return Error{core::format("%s: internal error: the compiled map does not validate: %s",
                                  b.source.name.c_str(), valid.error().message.c_str())};
    b.result.times.surfaces = msSince(phase);
    b.result.times.total = msSince(start);
    b.result.leak = std::move(flood.leak);
    b.result.portals = flood.portals;
    const std::vector<std::string>* lists[] = {&b.models.warnings, &flood.warnings, &b.catalog.warnings()};
    for (const std::vector<std::string>* list : lists)
        b.result.warnings.insert(b.result.warnings.end(), list->begin(), list->end());
    b.result.data = std::move(b.out);
    return std::move(b.result);
}

} // namespace

core::Result<CompileResult> compileSource(const MapSource& source, const CompileOptions& options) {
    Build b(source, options);
    return run(b);
}

core::Result<CompileResult> compileText(std::string_view text, const std::string& name,
                                        const CompileOptions& options) {
    const auto start = Clock::now();
    auto source = parseMap(text, name);
    if (!source)
        return source.error();
    const double parse = msSince(start);
    auto r = compileSource(source.value(), options);
    if (r) {
        r->times.parse = parse;
        r->times.total += parse;
    }
    return r;
}

core::Result<bsp::BspData> compile(const MapSource& source, const CompileOptions& options) {
    auto r = compileSource(source, options);
    if (!r)
        return r.error();
    return std::move(r->data);
}

core::Result<bsp::BspData> compileMap(std::string_view text, const std::string& name,
                                      const CompileOptions& options) {
    auto r = compileText(text, name, options);
    if (!r)
        return r.error();
    return std::move(r->data);
}

} // namespace cliplab::mapc
