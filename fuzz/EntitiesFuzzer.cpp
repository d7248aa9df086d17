// Arbitrary text through the entity parser and the spawn point extraction.
#include "bsp/Entities.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto entities = cliplab::bsp::parseEntities(text, "fuzz");
    if (entities.ok())
        (void)cliplab::bsp::spawnPoints(entities.value());
    return 0;
}
