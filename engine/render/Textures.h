#pragma once
/// \file Textures.h
/// Images from the virtual file system as OpenGL textures (stb_image; mipmapped), with a
/// checker texture standing in for anything missing.

#include "fs/FileSystem.h"

#include <glad/gl.h>

#include <map>
#include <set>
#include <string>

namespace cliplab::render {

/// Loads and caches textures. Needs a current GL context; not thread-safe.
class TextureCache {
public:
    /// `vfs` may be null (then every image is missing). It must outlive the cache.
    explicit TextureCache(const fs::FileSystem* vfs);
    ~TextureCache();
    TextureCache(const TextureCache&) = delete;
    TextureCache& operator=(const TextureCache&) = delete;

    /// The texture for `image` (a path with or without extension), or the checker when no
    /// candidate file loads (the name is then counted as missing).
    GLuint get(const std::string& image, bool clamp);
    /// A texture for `image`, or 0 when missing (not counted; for optional images like sky sides).
    GLuint find(const std::string& image, bool clamp);
    /// Uploads RGBA8 pixels (row 0 first) with mipmaps.
    static GLuint upload(const unsigned char* rgba, int width, int height, bool clamp, bool mipmaps);

    GLuint checker() const { return m_checker; }
    GLuint white() const { return m_white; }
    /// Image names that could not be loaded.
    const std::set<std::string>& missing() const { return m_missing; }

private:
    GLuint load(const std::string& image, bool clamp);
    /// The stored path matching `path` ignoring case (Quake 3 file names are case-insensitive but
    /// pk3s keep the authors' case, e.g. textures/acc_dm3/SQRlight_dn.jpg), or "" when none.
    std::string resolveCase(const std::string& path);

    const fs::FileSystem* m_vfs;
    std::map<std::pair<std::string, bool>, GLuint> m_cache; ///< 0 = known missing.
    std::set<std::string> m_missing;
    /// Per folder: lower-case file path -> stored path (filled on first use of the folder).
    std::map<std::string, std::map<std::string, std::string>> m_folders;
    GLuint m_checker = 0, m_white = 0;
};

} // namespace cliplab::render
