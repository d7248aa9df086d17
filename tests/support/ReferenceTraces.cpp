#include "support/ReferenceTraces.h"

#include "core/Format.h"
#include "fs/FileSystem.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

#include <zlib.h>

#include <cstdio>
#include <filesystem>
#include <sstream>

namespace cliplab::test {

core::Result<std::vector<std::string>> readGzipLines(const std::string& path) {
    gzFile f = gzopen(path.c_str(), "rb");
    if (!f)
        return core::makeError(path + ": cannot open");
    std::string text;
    char buffer[1 << 16];
    int n;
    while ((n = gzread(f, buffer, sizeof buffer)) > 0)
        text.append(buffer, static_cast<size_t>(n));
    const bool failed = n < 0;
    gzclose(f);
    if (failed)
        return core::makeError(path + ": corrupt gzip data");
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty())
            lines.push_back(line);
    return lines;
}

namespace {

/// The reference file `file` in traces/, traces-more/, traces-generated/ or positions/ (the first
/// that has it).
std::string tracePath(const std::string& file) {
    for (const char* dir : {"reference/traces/", "reference/traces-more/", "reference/traces-generated/",
                            "reference/positions/"}) {
        const std::string path = dataPath(dir + file);
        if (std::filesystem::exists(path))
            return path;
    }
    return dataPath("reference/traces/" + file);
}

bool parseFloats(const std::string& line, float* out, int count) {
    std::istringstream in(line);
    for (int i = 0; i < count; ++i)
        if (!(in >> out[i]))
            return false;
    std::string rest;
    return !(in >> rest);
}

} // namespace

core::Result<std::vector<ReferenceTrace>> loadReferenceInputs(const std::string& map) {
    const std::string path = tracePath(map + ".in.gz");
    auto lines = readGzipLines(path);
    if (!lines)
        return lines.error();
    std::vector<ReferenceTrace> out;
    for (size_t i = 0; i < lines->size(); ++i) {
        float v[12];
        if (!parseFloats((*lines)[i], v, 12))
            return core::makeError(core::format("%s: line %zu: expected 12 numbers", path.c_str(), i + 1));
        out.push_back({{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, {v[6], v[7], v[8]}, {v[9], v[10], v[11]}});
    }
    return out;
}

core::Result<std::vector<ReferenceResult>> loadReferenceResults(const std::string& map,
                                                                const std::string& suffix) {
    const std::string path = tracePath(map + "." + suffix + ".out.gz");
    auto lines = readGzipLines(path);
    if (!lines)
        return lines.error();
    std::vector<ReferenceResult> out;
    for (size_t i = 0; i < lines->size(); ++i) {
        // Eight reals, then three integers read as integers: contents such as 536870913
        // (0x20000001) have more bits than a float holds.
        std::istringstream in((*lines)[i]);
        float v[8];
        long long flags[3];
        bool ok = true;
        for (float& f : v)
            ok = ok && static_cast<bool>(in >> f);
        for (long long& n : flags)
            ok = ok && static_cast<bool>(in >> n);
        std::string rest;
        if (!ok || (in >> rest))
            return core::makeError(
                core::format("%s: line %zu: expected 8 numbers and 3 integers", path.c_str(), i + 1));
        out.push_back({v[0],
                       {v[1], v[2], v[3]},
                       {v[4], v[5], v[6]},
                       v[7],
                       static_cast<int>(flags[0]),
                       static_cast<int>(flags[1]),
                       static_cast<int>(static_cast<uint32_t>(flags[2]))});
    }
    return out;
}

core::Result<std::vector<std::string>> loadReferenceLines(const std::string& map, const std::string& suffix) {
    return readGzipLines(tracePath(map + "." + suffix + ".out.gz"));
}

core::Result<std::vector<std::string>> loadQuake3eLines(const std::string& map, const std::string& suffix) {
    return readGzipLines(dataPath("reference/quake3e/" + map + "." + suffix + ".out.gz"));
}

std::string printedResult(const collision::TraceResult& r) {
    return core::format("%.6f %.3f %.3f %.3f %.4f %.4f %.4f %.3f %d %d %d", double(r.fraction),
                        double(r.endpos.x), double(r.endpos.y), double(r.endpos.z), double(r.plane.normal.x),
                        double(r.plane.normal.y), double(r.plane.normal.z), double(r.plane.dist),
                        r.startSolid ? 1 : 0, r.allSolid ? 1 : 0, r.contents);
}

collision::Shape referenceShape(const ReferenceTrace& t, bool capsule) {
    if (t.mins == glm::vec3(0.0f) && t.maxs == glm::vec3(0.0f))
        return collision::Shape::ray();
    return capsule ? collision::Shape::capsule(t.mins, t.maxs) : collision::Shape::box(t.mins, t.maxs);
}

core::Result<bsp::BspData> loadOpenArenaMap(const std::string& name) {
    const std::string pk3 = openArenaMapsPk3();
    if (pk3.empty())
        return core::makeError("OpenArena maps are not installed: apt-get install openarena-081-maps "
                               "(scripts/test.sh does this)");
    auto vfs = fs::FileSystem::create();
    if (!vfs)
        return vfs.error();
    if (auto s = vfs.value()->mountArchive(pk3); !s)
        return s.error();
    return world::loadMap(name, vfs.value().get());
}

BruteForceJudge::BruteForceJudge(bsp::BspData map, bool curves) : m_data(std::move(map)) {
    if (m_data.models.empty())
        m_data.models.emplace_back();
    m_data.models.push_back(m_data.models[0]);
    m_model = std::make_unique<collision::Model>(m_data);
    m_options.model = static_cast<int32_t>(m_data.models.size() - 1);
    m_options.curves = curves;
}

collision::TraceResult BruteForceJudge::trace(const collision::Shape& shape, const glm::vec3& start,
                                              const glm::vec3& end, int32_t mask) const {
    return m_model->trace(shape, start, end, mask, m_options);
}

collision::TraceFunction BruteForceJudge::function() const {
    return [this](const collision::Shape& shape, const glm::vec3& start, const glm::vec3& end, int32_t mask) {
        return trace(shape, start, end, mask);
    };
}

collision::TraceOptions robustWithCurves() {
    collision::TraceOptions o;
    o.semantics = collision::Semantics::Robust;
    o.curves = true;
    return o;
}

} // namespace cliplab::test
