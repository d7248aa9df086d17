#pragma once
/// \file EnumNames.h
/// Names tables beside enums: one row per value with the name the command line, the settings files
/// and the viewer write it as, so that a name is written once and every parser, printer, help text
/// and choice list reads the same table. A table is any array of rows with `value` and `name`
/// members (EnumName, or a module's own row type such as collision::SemanticsName), in enum order.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace cliplab::core {

/// One row of a names table.
template <typename E> struct EnumName {
    E value;               ///< The enumerator.
    std::string_view name; ///< Its name (a literal: null-terminated).
};

/// True when row i of `table` holds the enumerator numbered i (tables are in enum order, so an
/// enum value indexes its row). For static_asserts beside each table.
template <typename Table> constexpr bool inEnumOrder(const Table& table) {
    for (size_t i = 0; i < table.size(); ++i)
        if (static_cast<size_t>(table[i].value) != i)
            return false;
    return true;
}

/// The name of `value` in `table`; `fallback` for a number outside the table.
template <typename Table, typename E>
constexpr std::string_view nameOf(const Table& table, E value, std::string_view fallback = "?") {
    for (const auto& row : table)
        if (row.value == value)
            return row.name;
    return fallback;
}

/// The value named `name` in `table` (exact, case-sensitive); nullopt for anything else.
template <typename Table>
constexpr auto valueOf(const Table& table, std::string_view name) -> std::optional<decltype(table[0].value)> {
    for (const auto& row : table)
        if (row.name == name)
            return row.value;
    return std::nullopt;
}

/// The names of `table` joined by `separator`, in table order: "melax|quake3" for help texts.
template <typename Table> std::string joinNames(const Table& table, std::string_view separator = "|") {
    std::string out;
    for (const auto& row : table) {
        if (!out.empty())
            out += separator;
        out += row.name;
    }
    return out;
}

/// The names of `table` as a choice for messages: "walk, fly or noclip".
template <typename Table> std::string choiceText(const Table& table) {
    std::string out;
    for (size_t i = 0; i < table.size(); ++i) {
        out += i == 0 ? "" : i + 1 == table.size() ? " or " : ", ";
        out += table[i].name;
    }
    return out;
}

} // namespace cliplab::core
