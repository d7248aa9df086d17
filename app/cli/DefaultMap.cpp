#include "cli/DefaultMap.h"

#include <filesystem>
#include <system_error>

namespace cliplab::cli {

std::string defaultMap() {
    namespace fsys = std::filesystem;
    const fsys::path relative = fsys::path("assets") / "maps" / "playground.map";
    const fsys::path source = fsys::path(CLIPLAB_SOURCE_DIR) / relative;
    std::error_code ec;
    if (fsys::exists(source, ec))
        return source.string();
    // A copied or installed binary: look beside it (the source tree may be gone).
    const fsys::path exe = fsys::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        for (const fsys::path& dir : {exe.parent_path(), exe.parent_path().parent_path()}) {
            const fsys::path candidate = dir / relative;
            if (fsys::exists(candidate, ec))
                return candidate.string();
        }
    }
    return source.string();
}

} // namespace cliplab::cli
