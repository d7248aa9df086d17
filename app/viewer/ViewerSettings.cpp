#include "viewer/ViewerSettings.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace cliplab::viewer {

namespace {

std::string trim(const std::string& s) {
    const size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

} // namespace

std::string configDirectory() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::string(xdg) + "/cliplab";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::string(home) + "/.config/cliplab";
    return {};
}

namespace {

/// The pictures folder as xdg-user-dirs records it: `XDG_PICTURES_DIR="$HOME/Pictures"` in
/// user-dirs.dirs of the config home ("" when there is no such line).
std::string userDirsPictures(const std::string& home) {
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    const std::string config = xdg && *xdg    ? std::string(xdg)
                               : home.empty() ? std::string()
                                              : home + "/.config";
    if (config.empty())
        return {};
    std::ifstream in(config + "/user-dirs.dirs");
    for (std::string line; std::getline(in, line);) {
        const std::string key = "XDG_PICTURES_DIR=\"";
        if (line.rfind(key, 0) != 0 || line.size() < key.size() + 1 || line.back() != '"')
            continue;
        std::string dir = line.substr(key.size(), line.size() - key.size() - 1);
        if (dir.rfind("$HOME", 0) == 0)
            dir = home.empty() ? std::string() : home + dir.substr(5);
        return !dir.empty() && dir[0] == '/' ? dir : std::string();
    }
    return {};
}

} // namespace

std::string screenshotDirectory() {
    if (const char* pictures = std::getenv("XDG_PICTURES_DIR"); pictures && *pictures == '/')
        return std::string(pictures) + "/cliplab";
    const char* homeVar = std::getenv("HOME");
    const std::string home = homeVar && *homeVar ? homeVar : "";
    if (const std::string recorded = userDirsPictures(home); !recorded.empty())
        return recorded + "/cliplab";
    if (!home.empty())
        return home + "/Pictures/cliplab";
    const std::string config = configDirectory();
    return config.empty() ? std::string() : config + "/screenshots";
}

int loadSettings(const std::string& path, ViewerState& state) {
    std::ifstream in(path);
    int applied = 0;
    std::string line;
    while (std::getline(in, line)) {
        const size_t eq = line.find('=');
        if (line.empty() || line[0] == '#' || eq == std::string::npos)
            continue;
        Setting* setting = state.settings.findKey(trim(line.substr(0, eq)));
        if (setting && !setting->setFileText(trim(line.substr(eq + 1))))
            ++applied;
    }
    return applied;
}

bool saveSettings(const std::string& path, const ViewerState& state) {
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    std::ofstream out(path);
    if (!out)
        return false;
    out << "# cliplab viewer settings (written on exit; the console's names in docs/viewer.md)\n";
    for (const Setting* s : state.settings.all())
        if (s->info().archived)
            out << s->info().key << " = " << s->text() << "\n";
    return static_cast<bool>(out);
}

} // namespace cliplab::viewer
