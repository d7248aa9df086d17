#include "viewer/ViewerSettings.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace cliplab::viewer {

namespace {

/// One persisted value: how to write it and how to read it back.
struct Field {
    const char* key;
    std::string (*get)(const ViewerState&);
    bool (*set)(ViewerState&, const std::string&);
};

/// A finite float, the whole text; `out` is only written on success (a hand-edited "nan", "inf"
/// or "1e99" is refused, so a bad value never reaches the state).
bool toFloat(const std::string& s, float& out) {
    errno = 0;
    char* end = nullptr;
    const float v = std::strtof(s.c_str(), &end);
    if (end == s.c_str() || *end != '\0' || errno == ERANGE || !std::isfinite(v))
        return false;
    out = v;
    return true;
}

/// toFloat within [lo, hi] (the range of the panel control for the same value).
bool toFloatIn(const std::string& s, float lo, float hi, float& out) {
    float v = 0.0f;
    if (!toFloat(s, v) || v < lo || v > hi)
        return false;
    out = v;
    return true;
}

template <typename T> bool toEnum(const std::string& s, T& out, int count) {
    float v = 0.0f;
    if (!toFloat(s, v) || v < 0.0f || v >= float(count) || v != std::floor(v))
        return false;
    out = static_cast<T>(static_cast<int>(v));
    return true;
}

/// "NAME:0|1,NAME:0|1,...": which sidebar sections are open. Names are printable, without ':'
/// or ','; at most 64 entries. All or nothing: a malformed list changes no section.
bool parseSections(const std::string& text, std::map<std::string, bool>& out) {
    std::map<std::string, bool> sections;
    for (size_t at = 0; at < text.size();) {
        const size_t comma = std::min(text.find(',', at), text.size());
        const std::string item = text.substr(at, comma - at);
        const size_t colon = item.rfind(':');
        if (colon == std::string::npos || colon == 0 || colon + 2 != item.size() ||
            (item[colon + 1] != '0' && item[colon + 1] != '1'))
            return false;
        const std::string name = item.substr(0, colon);
        for (char c : name)
            if (c < ' ' || c > '~' || c == ':')
                return false;
        sections[name] = item[colon + 1] == '1';
        if (sections.size() > 64)
            return false;
        at = comma + 1;
    }
    for (const auto& [name, open] : sections)
        out[name] = open;
    return !sections.empty();
}

std::string num(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

const Field kFields[] = {
    {"trace.shape", [](const ViewerState& s) { return num(int(s.trace.shape)); },
     [](ViewerState& s, const std::string& v) { return toEnum(v, s.trace.shape, 5); }},
    {"trace.curves", [](const ViewerState& s) { return num(int(s.trace.options.curves)); },
     [](ViewerState& s, const std::string& v) { return toEnum(v, s.trace.options.curves, 2); }},
    {"trace.epsilon", [](const ViewerState& s) { return num(s.trace.options.epsilon); },
     [](ViewerState& s, const std::string& v) {
         return toFloatIn(v, 0.0f, limits::kEpsilon, s.trace.options.epsilon);
     }},
    {"trace.semantics", [](const ViewerState& s) { return num(int(s.trace.options.semantics)); },
     [](ViewerState& s, const std::string& v) {
         return toEnum(v, s.trace.options.semantics, int(collision::kSemanticsNames.size()));
     }},
    {"trace.mask", [](const ViewerState& s) { return num(s.trace.mask); },
     [](ViewerState& s, const std::string& v) {
         // A whole number that fits 32 bits (written signed; 0xffffffff-style values accepted too).
         errno = 0;
         char* end = nullptr;
         const long long m = std::strtoll(v.c_str(), &end, 10);
         if (v.empty() || *end != '\0' || errno == ERANGE || m < INT32_MIN || m > 0xffffffffLL)
             return false;
         s.trace.mask = static_cast<int32_t>(static_cast<uint32_t>(m));
         return true;
     }},
    {"trace.method", [](const ViewerState& s) { return num(int(s.trace.method)); },
     [](ViewerState& s, const std::string& v) { return toEnum(v, s.trace.method, 3); }},
    {"trace.bevels", [](const ViewerState& s) { return num(int(s.trace.planeShiftBevels)); },
     [](ViewerState& s, const std::string& v) { return toEnum(v, s.trace.planeShiftBevels, 2); }},
    {"trace.radius", [](const ViewerState& s) { return num(s.trace.radius); },
     [](ViewerState& s, const std::string& v) {
         return toFloatIn(v, 0.0f, limits::kProbeRadius, s.trace.radius);
     }},
    {"movement.preset",
     [](const ViewerState& s) { return std::string(movement::presetName(s.moveSettings.preset)); },
     [](ViewerState& s, const std::string& v) {
         auto p = movement::parsePreset(v);
         if (p)
             s.moveSettings.preset = *p;
         return p.has_value();
     }},
    {"movement.method",
     [](const ViewerState& s) { return std::string(movement::methodName(s.moveSettings.method)); },
     [](ViewerState& s, const std::string& v) {
         auto m = movement::parseMethod(v);
         if (m)
             s.moveSettings.method = *m;
         return m.has_value();
     }},
    {"movement.stepLength", [](const ViewerState& s) { return num(s.moveSettings.stepLength); },
     [](ViewerState& s, const std::string& v) {
         float f = 0.0f;
         if (!toFloat(v, f) || !(f >= 0.01f) || f > 10000.0f)
             return false;
         s.moveSettings.stepLength = f;
         return true;
     }},
    {"movement.tickRate", [](const ViewerState& s) { return num(s.tickRate); },
     [](ViewerState& s, const std::string& v) {
         float f = 0.0f;
         if (!toFloatIn(v, float(movement::Simulation::kMinRate), float(movement::Simulation::kMaxRate), f))
             return false;
         s.tickRate = f;
         return true;
     }},
    {"render.view", [](const ViewerState& s) { return num(int(s.render.view)); },
     [](ViewerState& s, const std::string& v) { return toEnum(v, s.render.view, 3); }},
    {"render.patchLevel", [](const ViewerState& s) { return num(s.render.patchLevel); },
     [](ViewerState& s, const std::string& v) {
         float f = 0.0f;
         if (!toFloatIn(v, float(limits::kPatchLevelMin), float(limits::kPatchLevelMax), f))
             return false;
         s.render.patchLevel = int(f);
         return true;
     }},
    {"render.vsync", [](const ViewerState& s) { return num(s.vsync); },
     [](ViewerState& s, const std::string& v) {
         if (v != "0" && v != "1")
             return false; // refused lines leave the value alone
         s.vsync = v == "1";
         return true;
     }},
    {"render.models", [](const ViewerState& s) { return num(s.render.drawModels); },
     [](ViewerState& s, const std::string& v) {
         if (v != "0" && v != "1")
             return false;
         s.render.drawModels = v == "1";
         return true;
     }},
    {"render.fov", [](const ViewerState& s) { return num(s.camera.fovX); },
     [](ViewerState& s, const std::string& v) {
         return toFloatIn(v, limits::kFovMin, limits::kFovMax, s.camera.fovX);
     }},
    {"ui.sections",
     [](const ViewerState& s) {
         std::string out;
         for (const auto& [name, open] : s.sectionOpen)
             out += (out.empty() ? "" : ",") + name + ":" + (open ? "1" : "0");
         return out;
     },
     [](ViewerState& s, const std::string& v) { return parseSections(v, s.sectionOpen); }},
    {"view.chase", [](const ViewerState& s) { return num(int(s.chase)); },
     [](ViewerState& s, const std::string& v) { return toEnum(v, s.chase, 2); }},
    {"view.chaseDistance", [](const ViewerState& s) { return num(s.chaseDistance); },
     [](ViewerState& s, const std::string& v) {
         return toFloatIn(v, 0.0f, limits::kChaseMax, s.chaseDistance);
     }},
    {"movement.leaveWorld", [](const ViewerState& s) { return num(int(s.leaveWorld)); },
     [](ViewerState& s, const std::string& v) { return toEnum(v, s.leaveWorld, 2); }},
    {"vis.ticksShown", [](const ViewerState& s) { return num(s.vis.ticksShown); },
     [](ViewerState& s, const std::string& v) {
         float f = 0.0f;
         if (!toFloatIn(v, 0.0f, float(limits::kTicksShownMax), f))
             return false;
         s.vis.ticksShown = int(f);
         return true;
     }},
};

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
        auto trim = [](std::string s) {
            const size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
            return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
        };
        const std::string key = trim(line.substr(0, eq)), value = trim(line.substr(eq + 1));
        for (const Field& f : kFields)
            if (key == f.key && f.set(state, value))
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
    out << "# cliplab viewer settings (written on exit)\n";
    for (const Field& f : kFields)
        out << f.key << " = " << f.get(state) << "\n";
    return static_cast<bool>(out);
}

} // namespace cliplab::viewer
