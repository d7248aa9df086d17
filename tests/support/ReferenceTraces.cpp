#include "support/ReferenceTraces.h"

#include "core/Format.h"
#include "fs/FileSystem.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

#include <zlib.h>

#include <cstdio>
#include <sstream>

namespace cliplab::test {

core::Result<std::vector<std::string>> readGzipLines(const std::string& path) {
    gzFile f = gzopen(path.c_str(), "rb");
    if (!f) return core::makeError(path + ": cannot open");
    std::string text;
    char buffer[1 << 16];
    int n;
    while ((n = gzread(f, buffer, sizeof buffer)) > 0) text.append(buffer, static_cast<size_t>(n));
    const bool failed = n < 0;
    gzclose(f);
    if (failed) return core::makeError(path + ": corrupt gzip data");
    std::vector<std::string> lines;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty()) lines.push_back(line);
    return lines;
}

namespace {

std::string tracePath(const std::string& file) { return dataPath("reference/traces/" + file); }

bool parseFloats(const std::string& line, float* out, int count) {
    std::istringstream in(line);
    for (int i = 0; i < count; ++i)
        if (!(in >> out[i])) return false;
    std::string rest;
    return !(in >> rest);
}

} // namespace

core::Result<std::vector<ReferenceTrace>> loadReferenceInputs(const std::string& map) {
    const std::string path = tracePath(map + ".in.gz");
    auto lines = readGzipLines(path);
    if (!lines) return lines.error();
    std::vector<ReferenceTrace> out;
    for (size_t i = 0; i < lines->size(); ++i) {
        float v[12];
        if (!parseFloats((*lines)[i], v, 12))
            return core::makeError(core::format("%s: line %zu: expected 12 numbers", path.c_str(), i + 1));
        out.push_back({{v[0], v[1], v[2]}, {v[3], v[4], v[5]}, {v[6], v[7], v[8]}, {v[9], v[10], v[11]}});
    }
    return out;
}

core::Result<std::vector<ReferenceResult>> loadReferenceResults(const std::string& map, const std::string& suffix) {
    const std::string path = tracePath(map + "." + suffix + ".out.gz");
    auto lines = readGzipLines(path);
    if (!lines) return lines.error();
    std::vector<ReferenceResult> out;
    for (size_t i = 0; i < lines->size(); ++i) {
        float v[11];
        if (!parseFloats((*lines)[i], v, 11))
            return core::makeError(core::format("%s: line %zu: expected 11 numbers", path.c_str(), i + 1));
        out.push_back({v[0], {v[1], v[2], v[3]}, {v[4], v[5], v[6]}, v[7], static_cast<int>(v[8]),
                       static_cast<int>(v[9]), static_cast<int>(v[10])});
    }
    return out;
}

collision::Shape referenceShape(const ReferenceTrace& t, bool capsule) {
    if (t.mins == glm::vec3(0.0f) && t.maxs == glm::vec3(0.0f)) return collision::Shape::ray();
    return capsule ? collision::Shape::capsule(t.mins, t.maxs) : collision::Shape::box(t.mins, t.maxs);
}

core::Result<bsp::BspData> loadOpenArenaMap(const std::string& name) {
    const std::string pk3 = openArenaMapsPk3();
    if (pk3.empty())
        return core::makeError("OpenArena maps are not installed: apt-get install openarena-081-maps "
                               "(scripts/test.sh does this)");
    auto vfs = fs::FileSystem::create();
    if (!vfs) return vfs.error();
    if (auto s = vfs.value()->mountArchive(pk3); !s) return s.error();
    return world::loadMap(name, vfs.value().get());
}

} // namespace cliplab::test
