// Feeds arbitrary bytes to the BSP loader: it must return a value or an error, never crash, hang
// or read out of bounds; what it accepts must survive a write/load round trip unchanged.
#include "bsp/BspFile.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    auto loaded = cliplab::bsp::load({data, size}, "fuzz.bsp");
    if (!loaded.ok())
        return 0;
    const auto bytes = cliplab::bsp::write(loaded.value());
    auto again = cliplab::bsp::load(bytes, "fuzz.bsp");
    if (!again.ok() || cliplab::bsp::write(again.value()) != bytes)
        std::abort();
    return 0;
}
