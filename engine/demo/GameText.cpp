#include "demo/GameText.h"

#include "core/Text.h"

namespace cliplab::demo {

namespace {

/// The text from `at` up to the next backslash (or the end); moves `at` past it.
std::string_view nextPart(std::string_view info, size_t& at) {
    const size_t end = std::min(info.find('\\', at), info.size());
    const std::string_view part = info.substr(at, end - at);
    at = end < info.size() ? end + 1 : end;
    return part;
}

} // namespace

std::string infoValue(std::string_view info, std::string_view key) {
    size_t at = !info.empty() && info[0] == '\\' ? 1 : 0;
    while (at < info.size()) {
        const std::string_view k = nextPart(info, at);
        const std::string_view v = nextPart(info, at);
        if (core::equalsNoCase(k, key))
            return std::string(v);
    }
    return {};
}

std::vector<std::string> splitCommand(std::string_view line) {
    std::vector<std::string> args;
    size_t i = 0;
    while (i < line.size()) {
        if (static_cast<unsigned char>(line[i]) <= ' ') {
            ++i;
            continue;
        }
        if (line.compare(i, 2, "//") == 0)
            break;
        std::string arg;
        if (line[i] == '"') {
            const size_t end = std::min(line.find('"', i + 1), line.size());
            arg.assign(line.substr(i + 1, end - i - 1));
            i = end + 1;
        } else {
            while (i < line.size() && static_cast<unsigned char>(line[i]) > ' ' && line[i] != '"')
                arg += line[i++];
        }
        args.push_back(std::move(arg));
    }
    return args;
}

std::string stripColors(std::string_view name) {
    std::string out;
    for (size_t i = 0; i < name.size(); ++i) {
        if (name[i] == '^' && i + 1 < name.size() && name[i + 1] != '^') {
            ++i;
            continue;
        }
        out += name[i];
    }
    return out;
}

int demoFileProtocol(std::string_view name) {
    const size_t dot = name.rfind('.');
    if (dot == std::string_view::npos || name.size() - dot < 5 ||
        !core::equalsNoCase(name.substr(dot + 1, 3), "dm_"))
        return 0;
    int value = 0;
    for (size_t i = dot + 4; i < name.size(); ++i) {
        if (!std::isdigit(static_cast<unsigned char>(name[i])) || value > 99999)
            return 0;
        value = value * 10 + (name[i] - '0');
    }
    return value;
}

} // namespace cliplab::demo
