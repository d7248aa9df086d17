#include "world/MapLoader.h"

#include "bsp/BspFile.h"
#include "core/Format.h"
#include "mapc/Compiler.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>

namespace cliplab::world {

using core::Error;
using core::format;

namespace {

bool endsWith(const std::string& s, const char* suffix) {
    const std::string_view suf(suffix);
    if (s.size() < suf.size())
        return false;
    for (size_t i = 0; i < suf.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[s.size() - suf.size() + i])) != suf[i])
            return false;
    return true;
}

} // namespace

MapSourceKind classifyMapArgument(const std::string& arg) {
    if (endsWith(arg, ".map"))
        return MapSourceKind::MapFile;
    std::error_code ec;
    if (std::filesystem::is_regular_file(arg, ec))
        return MapSourceKind::BspFile;
    return MapSourceKind::VfsName;
}

core::Result<std::vector<uint8_t>> readDiskFile(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        return Error{format("%s: is a directory, not a file", path.c_str())};
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return Error{format("%s: cannot open file", path.c_str())};
    // One read of the whole file when its size is known (a byte-at-a-time copy took 7 ms for a
    // 1.4 MB map), else in blocks (a pipe, a special file).
    std::vector<uint8_t> bytes;
    in.seekg(0, std::ios::end);
    const std::streamoff size = in.tellg();
    in.seekg(0, std::ios::beg);
    if (size > 0 && in) {
        bytes.resize(static_cast<size_t>(size));
        in.read(reinterpret_cast<char*>(bytes.data()), size);
        if (in.gcount() != size)
            return Error{format("%s: read error (%lld of %lld bytes)", path.c_str(),
                                static_cast<long long>(in.gcount()), static_cast<long long>(size))};
        return bytes;
    }
    in.clear();
    char block[65536];
    while (in.read(block, sizeof block) || in.gcount() > 0)
        bytes.insert(bytes.end(), block, block + in.gcount());
    if (in.bad())
        return Error{format("%s: read error", path.c_str())};
    return bytes;
}

namespace {

void parseScript(const std::vector<uint8_t>& bytes, const std::string& name, ShaderScripts& out) {
    const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
    core::Status s = shader::parseShaderScript(text, name, out.library);
    if (!s) // keep the shaders before the error, as the game and q3map2 do
        out.warnings.push_back(s.error().message);
    out.files.push_back(name);
}

} // namespace

ShaderScripts loadShaderScripts(const std::string& mapPath, const fs::FileSystem* vfs) {
    const auto start = std::chrono::steady_clock::now();
    ShaderScripts out;
    namespace stdfs = std::filesystem;
    std::error_code ec;
    const stdfs::path folder = stdfs::path(mapPath).parent_path();
    if (endsWith(folder.filename().string(), "maps") && folder.filename().string().size() == 4 &&
        stdfs::is_regular_file(mapPath, ec)) {
        std::vector<std::string> own;
        for (const auto& entry : stdfs::directory_iterator(folder.parent_path() / "scripts", ec))
            if (entry.is_regular_file(ec) && endsWith(entry.path().string(), ".shader"))
                own.push_back(entry.path().string());
        std::sort(own.begin(), own.end());
        for (const std::string& path : own) {
            auto bytes = readDiskFile(path);
            if (bytes)
                parseScript(bytes.value(), path, out);
            else
                out.warnings.push_back(bytes.error().message);
        }
    }
    if (vfs)
        for (const std::string& path : vfs->listFiles("scripts", ".shader")) {
            auto bytes = vfs->readFile(path);
            if (bytes)
                parseScript(bytes.value(), path, out);
            else
                out.warnings.push_back(bytes.error().message);
        }
    out.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return out;
}

core::Result<std::vector<uint8_t>> readMapSource(const std::string& path, const fs::FileSystem* vfs) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec) || !vfs)
        return readDiskFile(path);
    if (core::Status mounted = vfs->ensureMounted(); !mounted)
        return mounted.error();
    if (!vfs->exists(path))
        return Error{format("%s: no such file (on disk or in the %zu mounted archives and folders)",
                            path.c_str(), vfs->mounts().size())};
    return vfs->readFile(path);
}

core::Result<mapc::CompileResult> compileMapFile(const std::string& path, const fs::FileSystem* vfs,
                                                 mapc::CompileOptions options) {
    auto bytes = readMapSource(path, vfs);
    if (!bytes)
        return bytes.error();
    ShaderScripts scripts;
    if (!options.scripts) {
        scripts = loadShaderScripts(path, vfs);
        options.scripts = &scripts.library;
    }
    const std::vector<uint8_t>& b = bytes.value();
    auto result =
        mapc::compileText(std::string_view(reinterpret_cast<const char*>(b.data()), b.size()), path, options);
    if (result)
        result->warnings.insert(result->warnings.begin(), scripts.warnings.begin(), scripts.warnings.end());
    return result;
}

core::Result<bsp::BspData> loadMap(const std::string& arg, const fs::FileSystem* vfs) {
    switch (classifyMapArgument(arg)) {
    case MapSourceKind::MapFile: {
        auto compiled = compileMapFile(arg, vfs);
        if (!compiled)
            return compiled.error();
        return std::move(compiled->data);
    }
    case MapSourceKind::BspFile: {
        auto bytes = readDiskFile(arg);
        if (!bytes)
            return bytes.error();
        return bsp::load(bytes.value(), arg);
    }
    case MapSourceKind::VfsName:
        break;
    }
    if (vfs)
        if (core::Status mounted = vfs->ensureMounted(); !mounted)
            return mounted.error();
    if (endsWith(arg, ".bsp") && arg.find('/') != std::string::npos && !(vfs && vfs->exists(arg)))
        return Error{format("%s: no such file", arg.c_str())};
    const std::string path = endsWith(arg, ".bsp") ? arg : "maps/" + arg + ".bsp";
    if (!vfs)
        return Error{format("%s: not a file, and no game data is mounted to look up %s (use --basepath DIR "
                            "or set CLIPLAB_BASEPATH)",
                            arg.c_str(), path.c_str())};
    if (!vfs->exists(path))
        return Error{format("%s: no such map (looked for %s in %zu mounted archives and folders)",
                            arg.c_str(), path.c_str(), vfs->mounts().size())};
    auto bytes = vfs->readFile(path);
    if (!bytes)
        return bytes.error();
    return bsp::load(bytes.value(), path);
}

} // namespace cliplab::world
