#pragma once
/// \file GlUtil.h
/// Small OpenGL helpers shared by the renderer: programs from embedded GLSL. Needs a current
/// context with glad loaded.

#include "core/Result.h"

#include <glad/gl.h>

#include <string>
#include <string_view>

namespace cliplab::render {

/// The text of a GLSL file from shaders/, embedded at build time ("" when unknown).
std::string_view embeddedShader(std::string_view fileName);

/// Compiles and links a program from two embedded files; `defines` (e.g. "#define X 1\n") go
/// right after each file's #version line. Errors carry the GLSL log and file names.
core::Result<GLuint> buildProgram(std::string_view vertexFile, std::string_view fragmentFile,
                                  std::string_view defines = {});

} // namespace cliplab::render
