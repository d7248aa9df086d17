#include "viewer/LoadedMap.h"

#include "bsp/Entities.h"
#include "viewer/MapEntities.h"
#include "world/MapLoader.h"

#include <chrono>
#include <filesystem>

namespace cliplab::viewer {

namespace {

/// The map's data: a .map source compiled (what the compile found kept in `info`), else loaded.
core::Result<bsp::BspData> readMapData(const std::string& argument, const fs::FileSystem* vfs,
                                       LoadInfo& info) {
    if (world::classifyMapArgument(argument) != world::MapSourceKind::MapFile)
        return world::loadMap(argument, vfs);
    auto compiled = world::compileMapFile(argument, vfs);
    if (!compiled)
        return compiled.error();
    info.compiled = true;
    info.compileMs = compiled->times.total;
    info.leak = std::move(compiled->leak);
    info.warnings = std::move(compiled->warnings);
    return std::move(compiled->data);
}

} // namespace

core::Result<std::unique_ptr<LoadedMap>> loadViewerMap(const std::string& argument,
                                                       const fs::FileSystem* vfs) {
    const auto start = std::chrono::steady_clock::now();
    LoadInfo info;
    auto data = readMapData(argument, vfs, info);
    if (!data)
        return data.error();
    std::error_code ec;
    if (std::filesystem::is_regular_file(argument, ec))
        info.diskPath = argument;
    auto m = finishViewerMap(argument, std::move(data.value()), vfs);
    if (!m)
        return m.error();
    info.loadMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    m.value()->load = std::move(info);
    return m;
}

core::Result<std::unique_ptr<LoadedMap>> finishViewerMap(const std::string& argument, bsp::BspData data,
                                                         const fs::FileSystem* vfs) {
    auto m = buildLoadedMap(argument, std::move(data));
    if (!m)
        return m.error();
    auto renderer = render::Renderer::create(m.value()->data, vfs);
    if (!renderer)
        return renderer.error();
    m.value()->renderer = std::move(renderer.value());
    m.value()->renderer->setEntities(placeMapEntities(m.value()->data, *m.value()->model));
    return m;
}

std::string surfaceClassesText(analysis::SurfaceClasses classes) {
    std::string out;
    for (int i = 0; i < analysis::kSurfaceClassCount; ++i)
        if (classes & (1u << i))
            out += (out.empty() ? "" : ", ") +
                   std::string(analysis::surfaceClassName(static_cast<analysis::SurfaceClass>(i)));
    return out.empty() ? "no class" : out;
}

const analysis::ClassifiedFace* LoadedMap::face(int32_t brushSide, int32_t surface, int32_t facet) const {
    if (brushSide >= 0 && static_cast<size_t>(brushSide) < sideFace.size()) {
        const int32_t i = sideFace[static_cast<size_t>(brushSide)];
        return i >= 0 ? &surfaceFaces[static_cast<size_t>(i)] : nullptr;
    }
    const auto it = facetFace.find({surface, facet});
    return it == facetFace.end() ? nullptr : &surfaceFaces[static_cast<size_t>(it->second)];
}

core::Result<std::unique_ptr<LoadedMap>> buildLoadedMap(const std::string& argument, bsp::BspData data) {
    auto m = std::make_unique<LoadedMap>();
    m->argument = argument;
    m->data = std::move(data);
    if (m->data.models.empty())
        return core::makeError(argument + ": the map has no models");
    m->model = std::make_unique<collision::Model>(m->data);
    m->tracer = std::make_unique<tracing::Tracer>(*m->model);
    m->correct = collision::correctFunction(*m->model);
    auto entities = bsp::parseEntities(m->data.entities, m->data.name);
    // An entity lump that does not parse leaves owners named by model number and no markers.
    m->inspector = std::make_unique<inspect::Inspector>(m->data, entities ? entities.value()
                                                                          : std::vector<bsp::Entity>{});
    m->markers = inspect::entityMarkers(m->data, m->inspector->entities());
    for (const bsp::Brush& b : m->data.brushes)
        ++m->brushKinds[static_cast<size_t>(
            inspect::brushKind(m->data.shaders[static_cast<size_t>(b.shader)].contents))];
    m->surfaceFaces = analysis::classifySurfaces(m->data, *m->model, *m->inspector);
    m->surfaceCounts = analysis::countClasses(m->surfaceFaces);
    m->sideFace.assign(m->data.brushSides.size(), -1);
    for (size_t i = 0; i < m->surfaceFaces.size(); ++i) {
        const analysis::ClassifiedFace& f = m->surfaceFaces[i];
        if (f.side >= 0)
            m->sideFace[static_cast<size_t>(f.side)] = static_cast<int32_t>(i);
        else
            m->facetFace[{f.surface, f.facet}] = static_cast<int32_t>(i);
    }
    if (entities) {
        for (const auto& e : entities.value()) {
            const std::string* message = e.get("message");
            if (e.classname() == "target_position" && message) {
                if (auto o = e.vec3("origin"))
                    m->stations.push_back({*message, *o, e.number("angle").value_or(0.0f)});
            }
        }
        int n = 0;
        for (const auto& sp : bsp::spawnPoints(entities.value()))
            m->spawns.push_back({sp.classname + " #" + std::to_string(++n),
                                 sp.origin + glm::vec3(0.0f, 0.0f, 9.0f), sp.angle});
    }
    return m;
}

const LoadedMap::Place* LoadedMap::thinWallStation() const {
    for (const auto& place : stations)
        if (place.label == "thin wall: 1 thick")
            return &place;
    return nullptr;
}

} // namespace cliplab::viewer
