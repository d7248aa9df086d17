#include "support/TestSupport.h"

#include "bsp/Entities.h"
#include "core/ByteReader.h"
#include "world/MapLoader.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sys/wait.h>
#include <unistd.h>

namespace cliplab::test {

bsp::BspData makeCubeMap(float half) {
    bsp::BspData d;
    d.name = "cube.bsp";
    d.entities = "{\n\"classname\" \"worldspawn\"\n}\n{\n\"classname\" \"info_player_deathmatch\"\n"
                 "\"origin\" \"0 0 200\"\n\"angle\" \"90\"\n}\n";
    d.shaders = {{"textures/test/wall", 0, bsp::contents::Solid}};
    // Axial planes in +/- pairs, the way q3map stores them.
    const glm::vec3 axes[3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (const auto& a : axes) {
        d.planes.push_back({a, half});
        d.planes.push_back({-a, half});
    }
    d.brushes.push_back({0, 6, 0});
    for (int32_t p = 0; p < 6; ++p)
        d.brushSides.push_back({p, 0});
    const glm::ivec3 lo(static_cast<int>(-half)), hi(static_cast<int>(half));
    d.nodes.push_back({0, {-1, -2}, lo, hi}); // split on x = half: front leaf 0 outside, back leaf 1
    bsp::Leaf outside;
    outside.cluster = 0;
    outside.mins = lo;
    outside.maxs = hi;
    bsp::Leaf inside = outside;
    inside.firstLeafBrush = 0;
    inside.numLeafBrushes = 1;
    inside.firstLeafSurface = 0;
    inside.numLeafSurfaces = 1;
    d.leafs = {outside, inside};
    d.leafBrushes = {0};
    d.leafSurfaces = {0};
    for (int i = 0; i < 4; ++i) {
        bsp::DrawVert v;
        v.xyz = glm::vec3((i & 1) ? half : -half, (i & 2) ? half : -half, half);
        v.normal = {0, 0, 1};
        d.drawVerts.push_back(v);
    }
    d.drawIndexes = {0, 1, 2, 2, 1, 3};
    bsp::Surface s;
    s.type = bsp::SurfaceType::Planar;
    s.numVerts = 4;
    s.numIndexes = 6;
    s.lightmapVecs[2] = {0, 0, 1};
    d.surfaces.push_back(s);
    bsp::Model world;
    world.mins = glm::vec3(-half);
    world.maxs = glm::vec3(half);
    world.numSurfaces = 1;
    world.numBrushes = 1;
    d.models.push_back(world);
    return d;
}

namespace {

uint32_t crc32(const std::vector<uint8_t>& data) {
    uint32_t crc = 0xFFFFFFFFu;
    for (uint8_t b : data) {
        crc ^= b;
        for (int k = 0; k < 8; ++k)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

} // namespace

std::vector<uint8_t> makeZip(const std::vector<std::pair<std::string, std::vector<uint8_t>>>& files) {
    core::ByteWriter w;
    core::ByteWriter central;
    for (const auto& [name, content] : files) {
        const uint32_t offset = static_cast<uint32_t>(w.size());
        const uint32_t crc = crc32(content);
        const auto size = static_cast<uint32_t>(content.size());
        const auto nameLength = static_cast<uint16_t>(name.size());
        auto u16 = [](core::ByteWriter& out, uint16_t v) {
            out.u8(static_cast<uint8_t>(v));
            out.u8(static_cast<uint8_t>(v >> 8));
        };
        w.u32(0x04034b50);
        u16(w, 10);   // version needed
        u16(w, 0);    // flags
        u16(w, 0);    // stored
        u16(w, 0);    // time
        u16(w, 0x21); // date
        w.u32(crc);
        w.u32(size);
        w.u32(size);
        u16(w, nameLength);
        u16(w, 0);
        w.bytes({reinterpret_cast<const uint8_t*>(name.data()), name.size()});
        w.bytes(content);

        central.u32(0x02014b50);
        u16(central, 20);
        u16(central, 10);
        u16(central, 0);
        u16(central, 0);
        u16(central, 0);
        u16(central, 0x21);
        central.u32(crc);
        central.u32(size);
        central.u32(size);
        u16(central, nameLength);
        u16(central, 0);
        u16(central, 0);
        u16(central, 0);
        u16(central, 0);
        central.u32(0);
        central.u32(offset);
        central.bytes({reinterpret_cast<const uint8_t*>(name.data()), name.size()});
    }
    const uint32_t centralOffset = static_cast<uint32_t>(w.size());
    w.bytes(central.data());
    auto u16 = [](core::ByteWriter& out, uint16_t v) {
        out.u8(static_cast<uint8_t>(v));
        out.u8(static_cast<uint8_t>(v >> 8));
    };
    w.u32(0x06054b50);
    u16(w, 0);
    u16(w, 0);
    u16(w, static_cast<uint16_t>(files.size()));
    u16(w, static_cast<uint16_t>(files.size()));
    w.u32(static_cast<uint32_t>(central.size()));
    w.u32(centralOffset);
    u16(w, 0);
    return std::move(w.data());
}

void writeFile(const std::string& path, const std::vector<uint8_t>& bytes) {
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

void writeFile(const std::string& path, const std::string& text) {
    writeFile(path, std::vector<uint8_t>(text.begin(), text.end()));
}

namespace {

/// The folder every temporary directory of this test process goes into: made on first use, and
/// removed with all it holds when the process exits (a test that fails still exits normally), by
/// the destructor of the static that holds it. (An atexit handler registered while that static is
/// being made would run after the static is gone.)
struct ProcessTempRoot {
    std::filesystem::path path;
    ProcessTempRoot() {
        std::string pattern = (std::filesystem::temp_directory_path() / "cliplab-tests-XXXXXX").string();
        if (const char* made = mkdtemp(pattern.data()))
            path = made;
    }
    ~ProcessTempRoot() {
        std::error_code ec;
        if (!path.empty())
            std::filesystem::remove_all(path, ec);
    }
    ProcessTempRoot(const ProcessTempRoot&) = delete;
    ProcessTempRoot& operator=(const ProcessTempRoot&) = delete;
};

const std::filesystem::path& processTempRoot() {
    static const ProcessTempRoot root;
    return root.path;
}

} // namespace

std::string makeTempDir(const std::string& tag) {
    const std::filesystem::path& root = processTempRoot();
    if (root.empty())
        return {};
    std::string pattern = (root / (tag + "-XXXXXX")).string();
    char* dir = mkdtemp(pattern.data());
    return dir ? std::string(dir) : std::string();
}

namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

} // namespace

CommandResult runCliplab(const std::string& args, const std::string& stdinText) {
    const std::string dir = makeTempDir("run");
    const std::string inPath = dir + "/stdin", outPath = dir + "/stdout", errPath = dir + "/stderr";
    writeFile(inPath, stdinText);
    const std::string command = std::string("'") + CLIPLAB_BINARY + "' " + args + " <'" + inPath + "' >'" +
                                outPath + "' 2>'" + errPath + "'";
    const int status = std::system(command.c_str());
    CommandResult r;
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(outPath);
    r.err = slurp(errPath);
    std::filesystem::remove_all(dir);
    return r;
}

std::string openArenaBaseDir() {
    const char* dir = "/usr/share/games/openarena/baseoa";
    return std::filesystem::exists(std::string(dir) + "/pak1-maps.pk3") ? dir : "";
}

std::string openArenaMapsPk3() {
    const std::string base = openArenaBaseDir();
    return base.empty() ? "" : base + "/pak1-maps.pk3";
}

std::string dataPath(const std::string& relative) {
    return std::string(CLIPLAB_TEST_DATA_DIR) + "/" + relative;
}

std::string playgroundPath() {
    return std::string(CLIPLAB_SOURCE_DIR) + "/assets/maps/playground.map";
}

core::Result<bsp::BspData> loadPlayground() {
    return world::loadMap(playgroundPath(), nullptr);
}

std::vector<glm::vec3> spawnStarts(const bsp::BspData& data) {
    std::vector<glm::vec3> out;
    auto entities = bsp::parseEntities(data.entities, data.name);
    if (!entities)
        return out;
    for (const auto& spawn : bsp::spawnPoints(entities.value()))
        out.push_back(spawn.origin + glm::vec3(0.0f, 0.0f, 9.0f));
    return out;
}

} // namespace cliplab::test
