// Surface classes: a face's classes from its normal, contents, flags and owner entity.

#include "analysis/SurfaceClass.h"

#include "analysis/Hull.h"
#include "geometry/Winding.h"

#include <algorithm>
#include <set>
#include <string>

namespace cliplab::analysis {

namespace {

namespace c = bsp::contents;
namespace s = bsp::surf;

constexpr const char* kNames[kSurfaceClassCount] = {"walkable", "too-steep",   "slick",       "no-damage",
                                                    "no-steps", "player-clip", "weapon-clip", "monster-clip",
                                                    "trigger",  "jump-pad",    "teleporter",  "hurt",
                                                    "water",    "slime",       "lava"};

constexpr SurfaceClass kPriority[kSurfaceClassCount] = {
    SurfaceClass::Lava,       SurfaceClass::Slime,       SurfaceClass::Water,   SurfaceClass::JumpPad,
    SurfaceClass::Teleporter, SurfaceClass::Hurt,        SurfaceClass::Trigger, SurfaceClass::PlayerClip,
    SurfaceClass::WeaponClip, SurfaceClass::MonsterClip, SurfaceClass::Slick,   SurfaceClass::NoDamage,
    SurfaceClass::NoSteps,    SurfaceClass::Walkable,    SurfaceClass::TooSteep};

} // namespace

const char* surfaceClassName(SurfaceClass cls) {
    const auto i = static_cast<int>(cls);
    return i >= 0 && i < kSurfaceClassCount ? kNames[i] : "?";
}

std::optional<SurfaceClass> parseSurfaceClass(std::string_view name) {
    for (int i = 0; i < kSurfaceClassCount; ++i)
        if (name == kNames[i])
            return static_cast<SurfaceClass>(i);
    return std::nullopt;
}

SurfaceClasses classifyFace(const FaceFacts& face) {
    const std::string_view owner = face.ownerClass;
    // The game gives trigger entities trigger contents at spawn, whatever the brush's shader
    // (q3map writes common/trigger as SOLID).
    if (owner == "trigger_push")
        return classBit(SurfaceClass::JumpPad);
    if (owner == "trigger_teleport")
        return classBit(SurfaceClass::Teleporter);
    if (owner == "trigger_hurt")
        return classBit(SurfaceClass::Hurt);
    if (owner.rfind("trigger_", 0) == 0)
        return classBit(SurfaceClass::Trigger);
    if (face.contents & c::Lava)
        return classBit(SurfaceClass::Lava);
    if (face.contents & c::Slime)
        return classBit(SurfaceClass::Slime);
    if (face.contents & c::Water)
        return classBit(SurfaceClass::Water);
    SurfaceClasses out = 0;
    if ((face.contents & c::PlayerClip) && !(face.contents & c::Solid))
        out |= classBit(SurfaceClass::PlayerClip);
    if ((face.contents & c::Solid) && (face.contents & c::Translucent) && (face.surfaceFlags & s::NoDraw) &&
        !(face.surfaceFlags & s::Sky))
        out |= classBit(SurfaceClass::WeaponClip);
    if (face.contents & c::MonsterClip)
        out |= classBit(SurfaceClass::MonsterClip);
    if (face.contents & (c::Solid | c::PlayerClip)) {
        if (face.normal.z >= kWalkableNormalZ)
            out |= classBit(SurfaceClass::Walkable);
        else if (face.normal.z > 0.0f)
            out |= classBit(SurfaceClass::TooSteep);
        if (face.surfaceFlags & s::Slick)
            out |= classBit(SurfaceClass::Slick);
        if (face.surfaceFlags & s::NoDamage)
            out |= classBit(SurfaceClass::NoDamage);
        if (face.surfaceFlags & s::NoSteps)
            out |= classBit(SurfaceClass::NoSteps);
    }
    return out;
}

std::optional<SurfaceClass> leadingClass(SurfaceClasses classes, SurfaceClasses shown) {
    for (SurfaceClass cls : kPriority)
        if (classes & shown & classBit(cls))
            return cls;
    return std::nullopt;
}

std::vector<ClassifiedFace> classifySurfaces(const bsp::BspData& data, const collision::Model& model,
                                             const inspect::Inspector& inspector, bool patches) {
    std::vector<ClassifiedFace> out;
    for (int32_t m = 0; m < static_cast<int32_t>(data.models.size()); ++m) {
        const bsp::Model& bm = data.models[static_cast<size_t>(m)];
        const int32_t entity = inspector.entityOfModel(m);
        const std::string owner =
            entity >= 0 ? std::string(inspector.entities()[static_cast<size_t>(entity)].classname())
                        : std::string();
        for (int32_t b = bm.firstBrush; b < bm.firstBrush + bm.numBrushes; ++b) {
            const bsp::Brush& brush = data.brushes[static_cast<size_t>(b)];
            const int32_t contents = data.shaders[static_cast<size_t>(brush.shader)].contents;
            // The brush's own faces: grown by an empty box, the hull is the brush.
            const HullBrush hull = expandBrush(model, b, glm::vec3(0.0f), glm::vec3(0.0f));
            for (const HullFace& f : hull.faces) {
                if (inspect::isBevelFace(f.points))
                    continue;
                const bsp::BrushSide& side = data.brushSides[static_cast<size_t>(f.side)];
                ClassifiedFace face;
                face.model = m;
                face.brush = b;
                face.side = f.side;
                face.shader = side.shader;
                face.contents = contents;
                face.surfaceFlags = data.shaders[static_cast<size_t>(side.shader)].surfaceFlags;
                face.normal = glm::vec3(f.normal);
                for (const glm::dvec3& p : f.points)
                    face.polygon.emplace_back(p);
                face.classes = classifyFace({face.normal, face.contents, face.surfaceFlags, owner});
                out.push_back(std::move(face));
            }
        }
        if (!patches)
            continue;
        for (int32_t sf = bm.firstSurface; sf < bm.firstSurface + bm.numSurfaces; ++sf) {
            const int32_t p = model.patchForSurface(sf);
            if (p < 0)
                continue;
            const collision::CollisionPatch& patch = model.patches()[static_cast<size_t>(p)];
            const collision::PatchCollide& pc = patch.collide;
            for (size_t f = 0; f < pc.facets.size(); ++f) {
                ClassifiedFace face;
                face.model = m;
                face.surface = sf;
                face.facet = static_cast<int32_t>(f);
                face.shader = data.surfaces[static_cast<size_t>(sf)].shader;
                face.contents = patch.contents;
                face.surfaceFlags = patch.surfaceFlags;
                face.normal = pc.planes[static_cast<size_t>(pc.facets[f].surfacePlane)].normal;
                face.polygon = collision::facetPolygon(pc, static_cast<int32_t>(f));
                if (face.polygon.size() < 3)
                    continue;
                face.classes = classifyFace({face.normal, face.contents, face.surfaceFlags, owner});
                out.push_back(std::move(face));
            }
        }
    }
    return out;
}

SurfaceClassCounts countClasses(const std::vector<ClassifiedFace>& faces) {
    SurfaceClassCounts counts;
    std::array<std::set<int32_t>, kSurfaceClassCount> brushes;
    for (const ClassifiedFace& f : faces) {
        const bool facet = f.brush < 0;
        ++(facet ? counts.totalFacets : counts.totalSides);
        if (f.classes == 0)
            ++counts.unclassified;
        for (int i = 0; i < kSurfaceClassCount; ++i) {
            if (!(f.classes & (1u << i)))
                continue;
            ++(facet ? counts.facets : counts.sides)[static_cast<size_t>(i)];
            if (!facet)
                brushes[static_cast<size_t>(i)].insert(f.brush);
        }
    }
    for (int i = 0; i < kSurfaceClassCount; ++i)
        counts.brushes[static_cast<size_t>(i)] = brushes[static_cast<size_t>(i)].size();
    return counts;
}

} // namespace cliplab::analysis
