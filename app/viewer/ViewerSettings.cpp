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
