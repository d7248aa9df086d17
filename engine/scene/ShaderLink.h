#pragma once
/// \file ShaderLink.h
/// The one place where the scene names the shader script parser: its header and its namespace.
/// The parser (engine/render/ShaderScript) is moving into a module of its own; until then the
/// scene reaches its types as shader::NAME through the alias below, and engine/scene/CMakeLists.txt
/// compiles its source. Re-pointing the scene at the new module changes this file and that one.

#include "render/ShaderScript.h"

namespace cliplab {
/// The shader script parser's types (waves, stages, deforms, definitions, the library).
namespace shader = render;
} // namespace cliplab
