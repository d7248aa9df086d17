#pragma once
/// \file CommandLine.h
/// Option parsing shared by every `cliplab` command.

#include "core/Result.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::cli {

/// One option a command accepts: how it parses and how `--help` shows it. Each command's table
/// of these is the one place the option is described (Commands.h).
struct OptionSpec {
    std::string name;   ///< With dashes, e.g. "--mask".
    int valueCount = 0; ///< 0 for a flag, else how many values follow (e.g. 3 for --start X Y Z).
    bool repeatable = false;
    std::string values; ///< The values as the usage shows them, e.g. "N", "on|off", "X Y Z"; "" for a flag.
    std::string help;   ///< What it does, with its default and range, for `cliplab COMMAND --help`.
};

/// Parsed arguments of one command.
class CommandLine {
public:
    /// Parses `args` (without the program and command names). Unknown options and missing values
    /// give an error naming them.
    static core::Result<CommandLine> parse(const std::vector<std::string>& args,
                                           const std::vector<OptionSpec>& specs);

    bool has(const std::string& name) const { return m_options.count(name) != 0; }
    /// Values of the last occurrence of `name` (empty if absent).
    const std::vector<std::string>& values(const std::string& name) const;
    /// All occurrences of a repeatable option, each with its values.
    const std::vector<std::vector<std::string>>& occurrences(const std::string& name) const;
    /// The single value of `name`, or `fallback` when absent.
    std::string value(const std::string& name, const std::string& fallback = {}) const;
    const std::vector<std::string>& positionals() const { return m_positionals; }

private:
    std::map<std::string, std::vector<std::vector<std::string>>> m_options;
    std::vector<std::string> m_positionals;
};

/// Parses a whole decimal integer (e.g. a mask); nullopt on anything else.
std::optional<long long> parseInteger(const std::string& text);
/// Parses a finite float; nullopt on anything else.
std::optional<double> parseNumber(const std::string& text);

/// Process exit codes.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1; ///< The command ran and failed (e.g. a map failed to load).
inline constexpr int kExitUsage = 2;   ///< Bad command line or malformed input.

} // namespace cliplab::cli
