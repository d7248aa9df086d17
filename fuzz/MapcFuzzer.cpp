// Arbitrary text through the .map parser and the compiler (with and without bevels): any input
// must give a map that validates or an error, never a crash, hang or NaN.
#include "bsp/BspFile.h"
#include "mapc/Compiler.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    cliplab::mapc::CompileOptions options;
    options.bevels = size % 2 == 0;
    auto map = cliplab::mapc::compileMap(text, "fuzz.map", options);
    if (map.ok())
        (void)cliplab::bsp::write(map.value());
    return 0;
}
