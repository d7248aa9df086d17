#pragma once
/// \file FileSystem.h
/// Virtual file system over directories and .pk3 (zip) archives, in Quake 3's search order.
///
/// Backed by PhysFS, whose search path is process-wide: at most one FileSystem may exist at a time
/// (a second one is refused by create()). Reads are serialised by PhysFS's own lock.

#include "core/Result.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace cliplab::fs {

/// Largest file readFile() accepts (bytes). A zip entry can claim any size; real Quake 3 files
/// (maps, textures) stay far below this.
inline constexpr uint64_t kMaxFileSize = 256ull << 20;

/// The mounted search path. Later mounts override earlier ones, as in Quake 3.
class FileSystem {
public:
    /// Initialises PhysFS. Fails when another FileSystem is alive or PhysFS cannot start.
    static core::Result<std::unique_ptr<FileSystem>> create();
    ~FileSystem();
    FileSystem(const FileSystem&) = delete;
    FileSystem& operator=(const FileSystem&) = delete;

    /// Mounts a Quake 3 base directory (e.g. .../baseoa): its .pk3 files in alphabetical order, each
    /// overriding the previous ones, then the directory itself, whose loose files override them all.
    core::Status mountBaseDirectory(const std::string& directory);

    /// The same as mountBaseDirectory(), but only when something first looks a file up (exists,
    /// readFile, listFiles, listMaps, mounts or ensureMounted). Mounting every pk3 of a game folder
    /// reads each archive's directory: a command given a map file path never pays for it.
    /// Fails now only when `directory` is not a directory; an archive that cannot be mounted is
    /// reported by ensureMounted() and by readFile(), and leaves the lookups without that folder.
    core::Status mountBaseDirectoryOnDemand(const std::string& directory);

    /// Mounts what mountBaseDirectoryOnDemand() deferred, once. The error of the first archive
    /// that could not be mounted, or Ok.
    core::Status ensureMounted() const;

    /// True while base directories wait to be mounted (nothing has looked a file up yet).
    bool hasDeferredMounts() const;

    /// Mounts one archive (.pk3/.zip) on top of everything mounted so far.
    core::Status mountArchive(const std::string& path);

    /// Mounts zip bytes held in memory (copied) on top of everything so far. `name` is used in
    /// messages and must be unique among mounts.
    core::Status mountArchiveBytes(std::vector<uint8_t> bytes, const std::string& name);

    /// Mounts a plain directory on top of everything mounted so far.
    core::Status mountDirectory(const std::string& path);

    /// True when `path` (e.g. "maps/oa_dm1.bsp") exists in the search path.
    bool exists(const std::string& path) const;

    /// Reads a whole file through the search path. Errors name the path; files over kMaxFileSize
    /// are refused before anything is allocated.
    core::Result<std::vector<uint8_t>> readFile(const std::string& path) const;

    /// Files directly inside `directory` whose names end in `extension` (e.g. ".bsp"),
    /// as full virtual paths, sorted and without duplicates.
    std::vector<std::string> listFiles(const std::string& directory, const std::string& extension) const;

    /// All maps (`maps/*.bsp`) across the mounted archives and directories, as bare names ("oa_dm1").
    std::vector<std::string> listMaps() const;

    /// Everything mounted, lowest priority first (for `cliplab info` and the map panel).
    const std::vector<std::string>& mounts() const;

private:
    FileSystem() = default;
    core::Status mount(const std::string& path, const std::string& what);
    /// mountBaseDirectory() without realising deferred mounts first.
    core::Status mountBaseDirectoryNow(const std::string& directory);

    /// Deferred base directories, mounted in order by ensureMounted(); later explicit mounts
    /// realise them first so that the search order stays the order of the calls.
    mutable std::vector<std::string> m_deferred;
    mutable std::string m_deferredError; ///< First failure of a deferred mount, "" when none.
    mutable std::mutex m_deferredMutex;
    std::vector<std::string> m_mounts;
    std::vector<std::vector<uint8_t>> m_memoryArchives; ///< Kept alive while mounted.
};

/// Base directories to mount when none is given on the command line: $CLIPLAB_BASEPATH
/// (colon-separated) when set, else the folders Debian's OpenArena and the games use:
/// /usr/share/games/openarena/baseoa, ~/.openarena/baseoa, ~/.q3a/baseq3. Only existing
/// directories are returned, lowest priority first.
std::vector<std::string> defaultBaseDirectories();

} // namespace cliplab::fs
