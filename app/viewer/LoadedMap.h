#pragma once
/// \file LoadedMap.h
/// A map loaded in the viewer and everything built from it: collision model with its plane-shift
/// trees, step-and-correct, renderer, inspector, markers, surface classes, stations and spawn
/// points. Replaced whole when another map loads (Session owns it).

#include "analysis/SurfaceClass.h"
#include "bsp/BspData.h"
#include "collision/Model.h"
#include "core/Result.h"
#include "fs/FileSystem.h"
#include "inspect/BrushKind.h"
#include "inspect/Inspector.h"
#include "inspect/Markers.h"
#include "mapc/Flood.h"
#include "render/Renderer.h"
#include "stepcorrect/StepCorrect.h"
#include "tracing/Tracing.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::viewer {

/// What loading a map took and found.
struct LoadInfo {
    bool compiled = false;  ///< A .map source compiled on load.
    double compileMs = 0.0; ///< The compile's own time (CompileTimes::total), milliseconds; 0 for a .bsp.
    double loadMs = 0.0;    ///< The whole load (read, compile or check, collision model, renderer), ms.
    std::optional<mapc::Leak> leak;    ///< The compile's leak, when the flood reached the void.
    std::vector<std::string> warnings; ///< The compile's warnings ("FILE:LINE:COL: ...").
    std::string diskPath; ///< The file on disk it was read from (watched for changes); "" for the game data.
};

/// A map and what is built from it.
struct LoadedMap {
    std::string argument; ///< The MAP argument it was loaded from.
    LoadInfo load;        ///< How it was loaded.
    bsp::BspData data;
    std::unique_ptr<collision::Model> model;
    /// `model` with its plane-shift trees, built when the method switch needs one.
    std::unique_ptr<tracing::Tracer> tracer;
    collision::CorrectFunction correct; ///< Step-and-correct against `model` (its corner table built once).
    std::unique_ptr<render::Renderer> renderer;
    /// A named place to jump to: playground stations and spawn points.
    struct Place {
        std::string label;
        glm::vec3 origin{0.0f}; ///< Player origin (units).
        float yaw = 0.0f;       ///< Degrees.
    };
    std::vector<Place> stations; ///< target_position entities with a "message".
    std::vector<Place> spawns;   ///< info_player_* (origin already 9 units up, as the game spawns).
    std::unique_ptr<inspect::Inspector>
        inspector;                        ///< Names and owners of `data`'s brushes (points into `data`).
    std::vector<inspect::Marker> markers; ///< Spawn points, items, teleporter destinations, triggers.
    std::array<size_t, inspect::kBrushKindCount> brushKinds{}; ///< Brushes of every model, by kind.
    std::vector<analysis::ClassifiedFace> surfaceFaces;        ///< Every face with its surface classes.
    analysis::SurfaceClassCounts surfaceCounts;                ///< Faces per class.
    std::vector<int32_t> sideFace; ///< Per brush side: its index in surfaceFaces, -1 for a bevel.
    std::map<std::pair<int32_t, int32_t>, int32_t>
        facetFace; ///< (patch surface, facet) -> index in surfaceFaces.

    /// The classified face of brush side `brushSide`, or else of facet `facet` of patch surface
    /// `surface`; null when there is none (a bevel, an index out of range, -1s).
    const analysis::ClassifiedFace* face(int32_t brushSide, int32_t surface, int32_t facet) const;
    /// The "thin wall: 1 thick" station (only the playground has it), or null.
    const Place* thinWallStation() const;
};

/// "walkable, slick" for a face's classes; "no class" for none.
std::string surfaceClassesText(analysis::SurfaceClasses classes);

/// Loads `argument` with `vfs` into a new LoadedMap (renderer included: needs a current GL
/// context). On error nothing changes for the caller, which keeps its previous map.
core::Result<std::unique_ptr<LoadedMap>> loadViewerMap(const std::string& argument,
                                                       const fs::FileSystem* vfs);

/// loadViewerMap() for a map already read (named `argument`).
core::Result<std::unique_ptr<LoadedMap>> finishViewerMap(const std::string& argument, bsp::BspData data,
                                                         const fs::FileSystem* vfs);

/// Everything of a LoadedMap but its renderer (no GL context needed; `renderer` stays null):
/// collision model, inspector, markers, stations and spawn points. An error for a map without models.
core::Result<std::unique_ptr<LoadedMap>> buildLoadedMap(const std::string& argument, bsp::BspData data);

} // namespace cliplab::viewer
