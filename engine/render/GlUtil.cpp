#include "render/GlUtil.h"

#include <vector>

namespace cliplab::render {

std::string_view embeddedFile(std::string_view name); // generated from shaders/

std::string_view embeddedShader(std::string_view fileName) {
    return embeddedFile(fileName);
}

namespace {

core::Result<GLuint> compile(GLenum type, std::string_view file, std::string_view defines) {
    const std::string_view text = embeddedShader(file);
    if (text.empty())
        return core::makeError("shaders/" + std::string(file) + ": not embedded in this build");
    std::string full(text);
    const size_t versionEnd = full.find('\n');
    if (!defines.empty() && versionEnd != std::string::npos)
        full.insert(versionEnd + 1, defines);
    const GLuint shader = glCreateShader(type);
    const char* source = full.data();
    const auto length = static_cast<GLint>(full.size());
    glShaderSource(shader, 1, &source, &length);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        GLint logLength = 0;
        glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &logLength);
        std::vector<char> log(static_cast<size_t>(logLength) + 1, '\0');
        glGetShaderInfoLog(shader, logLength, nullptr, log.data());
        glDeleteShader(shader);
        return core::makeError("shaders/" + std::string(file) + ": compile error: " + log.data());
    }
    return shader;
}

} // namespace

core::Result<GLuint> buildProgram(std::string_view vertexFile, std::string_view fragmentFile,
                                  std::string_view defines) {
    auto vs = compile(GL_VERTEX_SHADER, vertexFile, defines);
    if (!vs)
        return vs.error();
    auto fs = compile(GL_FRAGMENT_SHADER, fragmentFile, defines);
    if (!fs) {
        glDeleteShader(*vs);
        return fs.error();
    }
    const GLuint program = glCreateProgram();
    glAttachShader(program, *vs);
    glAttachShader(program, *fs);
    glLinkProgram(program);
    glDeleteShader(*vs);
    glDeleteShader(*fs);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        GLint logLength = 0;
        glGetProgramiv(program, GL_INFO_LOG_LENGTH, &logLength);
        std::vector<char> log(static_cast<size_t>(logLength) + 1, '\0');
        glGetProgramInfoLog(program, logLength, nullptr, log.data());
        glDeleteProgram(program);
        return core::makeError("shaders/" + std::string(vertexFile) + " + " + std::string(fragmentFile) +
                               ": link error: " + log.data());
    }
    return program;
}

} // namespace cliplab::render
