#pragma once
/// \file Result.h
/// Value-or-error return type used at every file and parse boundary of the engine.

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace cliplab::core {

/// An error: a human-readable message that names the file and what is wrong.
struct Error {
    std::string message; ///< Full text, e.g. "maps/x.bsp: planes lump: length 13 is not a multiple of 16".
    /// Where in a text file, when the error is about a place in one (a .map, a script): the file
    /// as named in `message`, and 1-based line and column; line 0 when no place is known.
    std::string file{};
    int line = 0;
    int column = 0;
};

/// Holds either a value of type T or an Error. Use `ok()` before `value()`.
template <typename T> class [[nodiscard]] Result {
public:
    /// Success.
    Result(T value) : m_data(std::in_place_index<0>, std::move(value)) {}
    /// Failure.
    Result(Error error) : m_data(std::in_place_index<1>, std::move(error)) {}

    /// True when a value is held.
    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }

    /// The value; only valid when ok().
    T& value() & {
        assert(ok());
        return std::get<0>(m_data);
    }
    const T& value() const& {
        assert(ok());
        return std::get<0>(m_data);
    }
    T&& value() && {
        assert(ok());
        return std::get<0>(std::move(m_data));
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    /// The error; only valid when !ok().
    const Error& error() const {
        assert(!ok());
        return std::get<1>(m_data);
    }

private:
    std::variant<T, Error> m_data;
};

/// Result for operations that produce no value.
struct Ok {};
using Status = Result<Ok>;

/// Builds an Error from a message.
inline Error makeError(std::string message) {
    return Error{std::move(message)};
}

} // namespace cliplab::core
