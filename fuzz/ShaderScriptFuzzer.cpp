// Arbitrary text through the shader script parser (scripts/*.shader in the pk3s).
#include "shader/ShaderScript.h"

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    cliplab::shader::ShaderLibrary library;
    (void)cliplab::shader::parseShaderScript(text, "fuzz.shader", library);
    return 0;
}
