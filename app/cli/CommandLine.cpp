#include "cli/CommandLine.h"

#include "core/Format.h"
#include "core/Parse.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace cliplab::cli {

core::Result<CommandLine> CommandLine::parse(const std::vector<std::string>& args,
                                             const std::vector<OptionSpec>& specs) {
    CommandLine out;
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.size() > 1 && a[0] == '-' && !parseNumber(a)) {
            const OptionSpec* spec = nullptr;
            for (const OptionSpec& s : specs)
                if (s.name == a)
                    spec = &s;
            if (!spec)
                return core::Error{core::format("unknown option '%s'", a.c_str())};
            std::vector<std::string> values;
            for (int k = 0; k < spec->valueCount; ++k) {
                if (i + 1 >= args.size())
                    return core::Error{core::format("option '%s' needs %d value%s", a.c_str(),
                                                    spec->valueCount, spec->valueCount > 1 ? "s" : "")};
                values.push_back(args[++i]);
            }
            auto& list = out.m_options[a];
            if (!spec->repeatable)
                list.clear();
            list.push_back(std::move(values));
        } else {
            out.m_positionals.push_back(a);
        }
    }
    return out;
}

const std::vector<std::string>& CommandLine::values(const std::string& name) const {
    static const std::vector<std::string> empty;
    auto it = m_options.find(name);
    return it == m_options.end() || it->second.empty() ? empty : it->second.back();
}

const std::vector<std::vector<std::string>>& CommandLine::occurrences(const std::string& name) const {
    static const std::vector<std::vector<std::string>> empty;
    auto it = m_options.find(name);
    return it == m_options.end() ? empty : it->second;
}

std::string CommandLine::value(const std::string& name, const std::string& fallback) const {
    const auto& v = values(name);
    return v.empty() ? fallback : v.front();
}

std::optional<long long> parseInteger(const std::string& text) {
    if (text.empty())
        return std::nullopt;
    errno = 0;
    char* end = nullptr;
    long long v = std::strtoll(text.c_str(), &end, 0);
    if (errno != 0 || end != text.c_str() + text.size())
        return std::nullopt;
    return v;
}

std::optional<double> parseNumber(const std::string& text) {
    return core::parseFiniteNumber(text);
}

} // namespace cliplab::cli
