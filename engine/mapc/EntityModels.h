#pragma once
/// \file EntityModels.h
/// Which entities become models and what each holds, as q3map2 decides: the world is the
/// worldspawn with every func_group merged in; each other entity with brushes or patches is an
/// inline model *1, *2... in file order; origin brushes are removed and set their entity's origin;
/// a model's geometry is stored relative to its entity's origin. The order of brushes and patches
/// is q3map2's too (it decides which brush a trace reports when two are hit at once).

#include "core/Result.h"
#include "mapc/BrushBuild.h"
#include "mapc/MapSource.h"

#include <optional>
#include <string>
#include <vector>

namespace cliplab::mapc {

/// One output model.
struct ModelSource {
    size_t entity = 0;                    ///< Index in MapSource::entities of the entity that owns it.
    std::vector<BuiltBrush> brushes;      ///< In output order (see gatherModels).
    std::vector<const MapPatch*> patches; ///< In output order; degenerate patches left out.
    glm::dvec3 origin{0.0};               ///< The entity's origin: geometry is stored relative to it.
};

/// The entities' models and what the entity lump needs to know about them.
struct EntityModels {
    std::vector<ModelSource> models; ///< The world first, then the inline models.
    std::vector<int> modelOfEntity;  ///< Per source entity: its model, or -1 (0 for the world).
    /// Per source entity: the "origin" value an origin brush gave it ("X Y Z", whole units), or none.
    std::vector<std::optional<std::string>> originFromBrush;
    std::vector<std::string> warnings; ///< Things q3map2 warns about too (an origin brush in the world...).
};

/// Builds every brush and collects patches per model. Brush order within a model is q3map2's: each
/// opaque brush goes before those already there and each translucent one after them (so opaque
/// brushes come out in reverse file order, translucent ones after them in file order); a
/// func_group's brushes join the world the same way when the group ends. Patches come in reverse
/// file order, a func_group's before the world's. Errors are the brushes' (BrushBuild.h).
core::Result<EntityModels> gatherModels(const MapSource& source, PlaneSet& planes, ShaderTable& shaders,
                                        bool bevels);

/// True for a patch whose control points are all in one line (or one point): q3map2 drops it.
bool isDegeneratePatch(const MapPatch& patch);

/// Parses an "origin" value as q3map2 does ("X Y Z"; missing numbers are 0).
glm::dvec3 parseOrigin(const std::string& value);

/// The entity lump q3map2 leaves: entities in file order without func_group, group_info,
/// misc_model, _decal and _skybox, and without lights (classname "light...") that have no
/// targetname unless the worldspawn says "_keepLights" "1" (a light with a targetname gets its
/// switchable "style" 32 + n, and "switch_style" when it had one); pairs with an empty key or value
/// dropped, trailing blanks cut; "model" "*N" on every inline model's entity; an origin brush's
/// origin as "origin". Keys keep their file order; "model" and a new "origin" come last.
std::string entityLump(const MapSource& source, const EntityModels& models);

} // namespace cliplab::mapc
