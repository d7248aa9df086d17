#pragma once
/// \file Console.h
/// A Quake-style console without any user interface: commands and variables by name, a command
/// queue that can wait for frames (as the game's command buffer does across a map load), history,
/// tab completion and the scrollback. The viewer draws it with ImGui; tests drive it directly.

#include <cstddef>
#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cliplab::console {

/// Splits one command into words: spaces separate them, double quotes group ("a b" is one word,
/// "" an empty one), `//` outside quotes ends the command. An unterminated quote is an error.
struct Tokens {
    std::vector<std::string> words;
    std::string error; ///< Non-empty: the text could not be split (nothing should run).
};
Tokens tokenize(std::string_view command);

/// Splits a line into commands at ';' outside quotes (and before a `//` comment); empty commands
/// are dropped.
std::vector<std::string> splitCommands(std::string_view line);

/// `word` as tokenize() reads it back: quoted when it is empty or holds spaces, ';' or "//".
std::string quoteWord(const std::string& word);

/// What a command handler reports.
struct Reply {
    std::string error;  ///< Non-empty: the command failed (printed with where it came from).
    int waitFrames = 0; ///< Queued commands after this one wait this many frames (a map load, `wait`).

    static Reply ok() { return {}; }
    static Reply fail(std::string message) { return {std::move(message), 0}; }
    static Reply wait(int frames) { return {{}, frames}; }
};

/// A command: args[0] is its name as typed.
using Handler = std::function<Reply(const std::vector<std::string>& args)>;
/// Candidates for the argument being completed (args[0] the command name, the last element the
/// partial word, possibly empty). The console keeps those starting with the partial word.
using Completer = std::function<std::vector<std::string>(const std::vector<std::string>& args)>;

/// A variable ("cvar"): read and written as text.
struct Variable {
    std::string name;
    std::string help;  ///< One line: what it is, with units.
    std::string range; ///< The values accepted, e.g. "[-100000, 100000]", "0 or 1", "melax or quake3".
    std::function<std::string()> get;
    /// Sets from the words after the name (one for most, three for a vector); returns an error
    /// text (naming the variable and what is wrong) or nothing. On error the value is unchanged.
    std::function<std::optional<std::string>(const std::vector<std::string>& value)> set;
    std::vector<std::string> values;  ///< For completion when the value is one of a few words.
    std::vector<std::string> aliases; ///< Other names for it (e.g. the `--set` name of a cvar).
};

/// Where a queued command came from, for its error message.
struct Origin {
    std::string file; ///< "" for typed commands.
    int line = 0;     ///< 1-based line in `file`.
    int depth = 0;    ///< Files nested: 1 for a file exec'ed by a typed command, and so on.
};

/// The result of completing a partial line.
struct Completion {
    std::string line;                 ///< The line completed as far as every match agrees.
    std::vector<std::string> matches; ///< Every match (sorted); empty when nothing matched.
};

/// Commands, variables, the queue, history and the scrollback.
class Console {
public:
    Console();

    /// Registers a command; a later registration of the same name (any case) replaces it.
    void addCommand(const std::string& name, const std::string& help, Handler handler,
                    Completer completer = {});
    /// Registers a variable (and its aliases).
    void addVariable(Variable variable);
    /// True when `name` is a command or a variable (any case).
    bool has(std::string_view name) const;
    /// Every command and variable name (aliases included), sorted.
    std::vector<std::string> names() const;
    /// The variable called `name` or one of its aliases (any case), or null.
    const Variable* variable(std::string_view name) const;

    /// A line typed by the user: echoed as "] line", kept in the history (not repeated), queued.
    void submit(const std::string& line);
    /// Queues the commands of `line` (split at ';') with their origin.
    void enqueue(std::string_view line, const Origin& origin = {});
    /// Queues every line of file `path` (one or more commands a line; `//` comments) before what
    /// is queued already, as the game's exec does. Returns an error naming the file when it cannot
    /// be read, when files nest deeper than kMaxExecDepth or the queue would pass kMaxQueued
    /// commands (a file that execs itself).
    std::optional<std::string> enqueueFile(const std::string& path);
    static constexpr int kMaxExecDepth = 8;
    static constexpr size_t kMaxQueued = 10000;
    /// Runs queued commands until the queue is empty or a command asks to wait; a pending wait
    /// counts down one frame per call first. Call once a frame.
    void runQueued();
    /// Runs one command now (not queued; for the host and tests). Errors are printed.
    Reply execute(std::string_view command, const Origin& origin = {});
    /// True when commands are queued (waiting or not).
    bool busy() const { return !m_queue.empty(); }
    /// Commands from files that failed so far.
    int fileErrors() const { return m_fileErrors; }
    /// Commands that failed so far, typed or from files.
    int errors() const { return m_errors; }

    /// Tab completion of `line` at its end: command and variable names for the first word, then
    /// the command's (or the variable's) candidates for the last word.
    Completion complete(std::string_view line) const;

    /// The history entry before the one shown, or nullopt at the oldest. `current` (the line being
    /// edited) comes back from historyDown() past the newest entry.
    std::optional<std::string> historyUp(const std::string& current);
    /// The history entry after the one shown; past the newest, the line that was being edited.
    std::optional<std::string> historyDown();
    const std::deque<std::string>& history() const { return m_history; }
    static constexpr size_t kHistorySize = 64;

    /// Adds text to the scrollback (split at newlines) and passes each line to the echo sink.
    void print(std::string_view text);
    const std::deque<std::string>& lines() const { return m_lines; }
    static constexpr size_t kScrollback = 1000;
    /// Also called with every printed line (e.g. to copy console output to stdout).
    void setEcho(std::function<void(const std::string&)> echo) { m_echo = std::move(echo); }

private:
    struct Command {
        std::string name;
        std::string help;
        Handler handler;
        Completer completer;
    };
    struct Queued {
        std::string text;
        Origin origin;
    };
    const Command* command(std::string_view name) const;
    Reply runVariable(const Variable& v, const std::vector<std::string>& words);
    void addBuiltins();
    void addVariableCommands(); ///< set
    void addScriptCommands();   ///< exec, wait, echo
    void addListingCommands();  ///< cmdlist, cvarlist, help

    std::vector<Command> m_commands;
    std::vector<Variable> m_variables;
    std::deque<Queued> m_queue;
    int m_waitFrames = 0;
    int m_fileErrors = 0;
    int m_errors = 0;
    int m_runningDepth = 0; ///< Origin::depth of the command running now.
    std::deque<std::string> m_history;
    size_t m_historyPos = 0; ///< == m_history.size() when no entry is shown.
    std::string m_draft;     ///< The line being edited when history browsing began.
    std::deque<std::string> m_lines;
    std::function<void(const std::string&)> m_echo;
};

} // namespace cliplab::console
