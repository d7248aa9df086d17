// Zip bytes handed to the virtual file system: mount, list and read everything it offers.
#include "fs/FileSystem.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    auto vfs = cliplab::fs::FileSystem::create();
    if (!vfs.ok())
        std::abort(); // only one FileSystem exists at a time; the previous one was destroyed
    std::vector<uint8_t> bytes(data, data + size);
    if (!vfs.value()->mountArchiveBytes(std::move(bytes), "fuzz.pk3").ok())
        return 0;
    for (const std::string& dir : {std::string(), std::string("maps")})
        for (const std::string& path : vfs.value()->listFiles(dir, ""))
            (void)vfs.value()->readFile(path);
    (void)vfs.value()->listMaps();
    return 0;
}
