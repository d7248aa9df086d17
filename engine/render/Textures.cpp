#include "render/Textures.h"

#include "core/Log.h"
#include "scene/ImageDecode.h"
#include "scene/Material.h"
#include "shader/ShaderScript.h"

#include <array>
#include <vector>

namespace cliplab::render {

TextureCache::TextureCache(const fs::FileSystem* vfs) : m_vfs(vfs) {
    // Magenta and black squares of 8 pixels: unmistakable in a screenshot.
    std::vector<unsigned char> pixels(64 * 64 * 4);
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x) {
            const bool on = ((x / 8) + (y / 8)) % 2 == 0;
            unsigned char* p = &pixels[static_cast<size_t>((y * 64 + x) * 4)];
            p[0] = on ? 255 : 0;
            p[1] = 0;
            p[2] = on ? 255 : 0;
            p[3] = 255;
        }
    m_checker = upload(pixels.data(), 64, 64, false, true);
    const std::array<unsigned char, 4> white{255, 255, 255, 255};
    m_white = upload(white.data(), 1, 1, false, false);
}

TextureCache::~TextureCache() {
    for (const auto& [key, tex] : m_cache)
        if (tex)
            glDeleteTextures(1, &tex);
    glDeleteTextures(1, &m_checker);
    glDeleteTextures(1, &m_white);
}

GLuint TextureCache::upload(const unsigned char* rgba, int width, int height, bool clamp, bool mipmaps) {
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    if (mipmaps)
        glGenerateMipmap(GL_TEXTURE_2D);
    // Bilinear within the nearest mip level: the game's default (r_textureMode), and half the
    // texture fetches of trilinear on a software rasteriser.
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, mipmaps ? GL_LINEAR_MIPMAP_NEAREST : GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    const GLint wrap = clamp ? GL_CLAMP_TO_EDGE : GL_REPEAT;
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, wrap);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, wrap);
    return tex;
}

std::string TextureCache::resolveCase(const std::string& path) {
    if (m_vfs->exists(path))
        return path;
    const size_t slash = path.rfind('/');
    const size_t dot = path.rfind('.');
    if (slash == std::string::npos || dot == std::string::npos || dot < slash)
        return {};
    const std::string folder = path.substr(0, slash);
    auto it = m_folders.find(folder);
    if (it == m_folders.end()) {
        std::map<std::string, std::string> files;
        for (const char* ext : {".tga", ".jpg", ".png"}) // listFiles matches extensions ignoring case
            for (const std::string& stored : m_vfs->listFiles(folder, ext))
                files.emplace(shader::normalizeShaderName(stored), stored);
        it = m_folders.emplace(folder, std::move(files)).first;
    }
    auto found = it->second.find(shader::normalizeShaderName(path));
    return found == it->second.end() ? std::string() : found->second;
}

GLuint TextureCache::load(const std::string& image, bool clamp) {
    if (!m_vfs)
        return 0;
    for (const std::string& candidate : scene::imageCandidates(image)) {
        const std::string path = resolveCase(candidate);
        if (path.empty())
            continue;
        auto bytes = m_vfs->readFile(path);
        if (!bytes)
            continue;
        auto decoded = scene::decodeImage(bytes.value(), 4);
        if (!decoded) {
            core::logWarning(path + ": cannot decode image: " + decoded.error().message);
            continue;
        }
        return upload(decoded->pixels.data(), decoded->width, decoded->height, clamp, true);
    }
    return 0;
}

GLuint TextureCache::find(const std::string& image, bool clamp) {
    const auto key = std::make_pair(image, clamp);
    auto it = m_cache.find(key);
    if (it == m_cache.end())
        it = m_cache.emplace(key, load(image, clamp)).first;
    return it->second;
}

GLuint TextureCache::get(const std::string& image, bool clamp) {
    const GLuint tex = find(image, clamp);
    if (tex)
        return tex;
    if (m_missing.insert(image).second)
        core::logWarning("missing texture: " + image);
    return m_checker;
}

} // namespace cliplab::render
