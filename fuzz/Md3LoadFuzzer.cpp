// Feeds arbitrary bytes to the MD3 loader: it must return a model or an error, never crash, hang
// or read out of bounds; what it accepts must survive a write/load round trip unchanged, and every
// triangle must index a vertex of its surface.
#include "md3/Md3.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    auto loaded = cliplab::md3::load({data, size}, "fuzz.md3");
    if (!loaded.ok())
        return 0;
    for (const auto& surface : loaded->surfaces) {
        if (surface.vertices.size() != surface.st.size() * loaded->frames.size())
            std::abort();
        for (const auto& t : surface.triangles)
            for (int32_t v : t)
                if (v < 0 || v >= surface.vertexCount)
                    std::abort();
    }
    const auto bytes = cliplab::md3::write(loaded.value());
    auto again = cliplab::md3::load(bytes, "fuzz.md3");
    if (!again.ok() || cliplab::md3::write(again.value()) != bytes)
        std::abort();
    return 0;
}
