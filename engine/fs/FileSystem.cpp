#include "fs/FileSystem.h"

#include "core/Format.h"

#include <physfs.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace cliplab::fs {

using core::Error;
using core::format;

namespace {

/// PhysFS has one process-wide state; this flag enforces a single owner of it.
std::atomic<bool> g_physfsOwned{false};

std::string lastPhysfsError() {
    const char* e = PHYSFS_getErrorByCode(PHYSFS_getLastErrorCode());
    return e ? e : "unknown error";
}

bool endsWithNoCase(const std::string& s, const std::string& suffix) {
    if (s.size() < suffix.size())
        return false;
    return std::equal(suffix.rbegin(), suffix.rend(), s.rbegin(),
                      [](unsigned char a, unsigned char b) { return std::tolower(a) == std::tolower(b); });
}

} // namespace

core::Result<std::unique_ptr<FileSystem>> FileSystem::create() {
    bool expected = false;
    if (!g_physfsOwned.compare_exchange_strong(expected, true))
        return Error{"file system: another FileSystem is already alive (PhysFS is process-wide)"};
    if (!PHYSFS_init(nullptr)) {
        g_physfsOwned = false;
        return Error{format("file system: PhysFS failed to start: %s", lastPhysfsError().c_str())};
    }
    return std::unique_ptr<FileSystem>(new FileSystem());
}

FileSystem::~FileSystem() {
    PHYSFS_deinit();
    g_physfsOwned = false;
}

core::Status FileSystem::mount(const std::string& path, const std::string& what) {
    // appendToPath = 0 puts the new mount first in the search order: later mounts win.
    if (!PHYSFS_mount(path.c_str(), nullptr, 0))
        return Error{
            format("%s: cannot mount %s: %s", path.c_str(), what.c_str(), lastPhysfsError().c_str())};
    m_mounts.push_back(path);
    return core::Ok{};
}

core::Status FileSystem::mountArchive(const std::string& path) {
    (void)ensureMounted(); // keep the order of the calls; a deferred failure is reported by lookups
    return mount(path, "archive");
}

core::Status FileSystem::mountBaseDirectoryOnDemand(const std::string& directory) {
    std::error_code ec;
    if (!std::filesystem::is_directory(directory, ec))
        return Error{format("%s: base directory does not exist", directory.c_str())};
    std::lock_guard lock(m_deferredMutex);
    m_deferred.push_back(directory);
    return core::Ok{};
}

core::Status FileSystem::ensureMounted() const {
    std::lock_guard lock(m_deferredMutex);
    if (!m_deferred.empty()) {
        std::vector<std::string> pending;
        pending.swap(m_deferred);
        // Mounting changes PhysFS's process-wide search path, which this object owns; the
        // observable state (what lookups find) is the one the caller asked for.
        auto* self = const_cast<FileSystem*>(this);
        for (const std::string& directory : pending) {
            core::Status s = self->mountBaseDirectoryNow(directory);
            if (!s && m_deferredError.empty())
                m_deferredError = s.error().message;
        }
    }
    if (!m_deferredError.empty())
        return Error{m_deferredError};
    return core::Ok{};
}

bool FileSystem::hasDeferredMounts() const {
    std::lock_guard lock(m_deferredMutex);
    return !m_deferred.empty();
}

const std::vector<std::string>& FileSystem::mounts() const {
    (void)ensureMounted();
    return m_mounts;
}

core::Status FileSystem::mountDirectory(const std::string& path) {
    (void)ensureMounted();
    std::error_code ec;
    if (!std::filesystem::is_directory(path, ec))
        return Error{format("%s: not a directory", path.c_str())};
    return mount(path, "directory");
}

core::Status FileSystem::mountArchiveBytes(std::vector<uint8_t> bytes, const std::string& name) {
    (void)ensureMounted();
    m_memoryArchives.push_back(std::move(bytes));
    const auto& data = m_memoryArchives.back();
    if (!PHYSFS_mountMemory(data.data(), data.size(), nullptr, name.c_str(), nullptr, 0)) {
        std::string why = lastPhysfsError();
        m_memoryArchives.pop_back();
        return Error{format("%s: cannot mount archive: %s", name.c_str(), why.c_str())};
    }
    m_mounts.push_back(name);
    return core::Ok{};
}

core::Status FileSystem::mountBaseDirectoryNow(const std::string& directory) {
    std::error_code ec;
    if (!std::filesystem::is_directory(directory, ec))
        return Error{format("%s: base directory does not exist", directory.c_str())};
    std::vector<std::string> archives;
    for (const auto& entry : std::filesystem::directory_iterator(directory, ec)) {
        const std::string name = entry.path().filename().string();
        if (entry.is_regular_file(ec) && endsWithNoCase(name, ".pk3"))
            archives.push_back(entry.path().string());
    }
    // Quake 3 loads pk3 files in alphabetical order and the last one loaded wins.
    std::sort(archives.begin(), archives.end());
    for (const std::string& a : archives) {
        core::Status s = mount(a, "archive");
        if (!s)
            return s;
    }
    return mount(directory, "directory");
}

core::Status FileSystem::mountBaseDirectory(const std::string& directory) {
    (void)ensureMounted();
    return mountBaseDirectoryNow(directory);
}

bool FileSystem::exists(const std::string& path) const {
    (void)ensureMounted();
    return PHYSFS_exists(path.c_str()) != 0;
}

core::Result<std::vector<uint8_t>> FileSystem::readFile(const std::string& path) const {
    if (core::Status s = ensureMounted(); !s && !PHYSFS_exists(path.c_str()))
        return Error{format("%s: cannot open: %s", path.c_str(), s.error().message.c_str())};
    PHYSFS_File* file = PHYSFS_openRead(path.c_str());
    if (!file)
        return Error{format("%s: cannot open: %s", path.c_str(), lastPhysfsError().c_str())};
    const PHYSFS_sint64 length = PHYSFS_fileLength(file);
    std::vector<uint8_t> bytes;
    if (length < 0) {
        PHYSFS_close(file);
        return Error{format("%s: cannot determine the file size", path.c_str())};
    }
    if (static_cast<uint64_t>(length) > kMaxFileSize) {
        PHYSFS_close(file);
        return Error{format("%s: file too large (%lld bytes; the limit is %llu)", path.c_str(),
                            (long long)length, (unsigned long long)kMaxFileSize)};
    }
    bytes.resize(static_cast<size_t>(length));
    const PHYSFS_sint64 got = PHYSFS_readBytes(file, bytes.data(), static_cast<PHYSFS_uint64>(length));
    std::string why = got != length ? lastPhysfsError() : std::string();
    PHYSFS_close(file);
    if (got != length)
        return Error{format("%s: read %lld of %lld bytes: %s", path.c_str(), (long long)got,
                            (long long)length, why.c_str())};
    return bytes;
}

std::vector<std::string> FileSystem::listFiles(const std::string& directory,
                                               const std::string& extension) const {
    (void)ensureMounted();
    std::vector<std::string> out;
    char** list = PHYSFS_enumerateFiles(directory.c_str());
    if (!list)
        return out;
    for (char** i = list; *i; ++i) {
        std::string name = *i;
        if (endsWithNoCase(name, extension))
            out.push_back(directory.empty() ? name : directory + "/" + name);
    }
    PHYSFS_freeList(list);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<std::string> FileSystem::listMaps() const {
    std::vector<std::string> names;
    for (const std::string& path : listFiles("maps", ".bsp")) {
        std::string name = path.substr(5);
        names.push_back(name.substr(0, name.size() - 4));
    }
    return names;
}

std::vector<std::string> defaultBaseDirectories() {
    std::vector<std::string> candidates;
    const char* env = std::getenv("CLIPLAB_BASEPATH");
    if (env && *env) {
        std::string s = env;
        size_t start = 0;
        while (start <= s.size()) {
            size_t colon = s.find(':', start);
            if (colon == std::string::npos)
                colon = s.size();
            if (colon > start)
                candidates.push_back(s.substr(start, colon - start));
            start = colon + 1;
        }
    } else {
        // The installed game first, then the per-user folders, which override it (as the games do).
        candidates.push_back("/usr/share/games/openarena/baseoa");
        if (const char* home = std::getenv("HOME")) {
            candidates.push_back(std::string(home) + "/.openarena/baseoa");
            candidates.push_back(std::string(home) + "/.q3a/baseq3");
        }
    }
    std::vector<std::string> out;
    std::error_code ec;
    for (const std::string& c : candidates)
        if (std::filesystem::is_directory(c, ec) && std::find(out.begin(), out.end(), c) == out.end())
            out.push_back(c);
    return out;
}

} // namespace cliplab::fs
