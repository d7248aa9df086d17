#include "console/Console.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

namespace cliplab::console {

namespace {

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool equalNoCase(std::string_view a, std::string_view b) {
    return a.size() == b.size() && lower(a) == lower(b);
}

bool startsNoCase(std::string_view s, std::string_view prefix) {
    return s.size() >= prefix.size() && lower(s.substr(0, prefix.size())) == lower(prefix);
}

/// Longest prefix (compared without case) that every string of `words` starts with, in the
/// first word's spelling.
std::string commonPrefix(const std::vector<std::string>& words) {
    if (words.empty())
        return {};
    std::string prefix = words.front();
    for (const std::string& w : words) {
        size_t n = 0;
        while (n < prefix.size() && n < w.size() &&
               std::tolower(static_cast<unsigned char>(prefix[n])) ==
                   std::tolower(static_cast<unsigned char>(w[n])))
            ++n;
        prefix.resize(n);
    }
    return prefix;
}

} // namespace

Tokens tokenize(std::string_view text) {
    Tokens t;
    size_t i = 0;
    while (true) {
        while (i < text.size() && isSpace(text[i]))
            ++i;
        if (i >= text.size() || text.substr(i, 2) == "//")
            break;
        std::string word;
        if (text[i] == '"') {
            const size_t close = text.find('"', i + 1);
            if (close == std::string_view::npos) {
                t.error = "unterminated quote";
                t.words.clear();
                return t;
            }
            word = std::string(text.substr(i + 1, close - i - 1));
            i = close + 1;
        } else {
            while (i < text.size() && !isSpace(text[i]) && text[i] != '"' && text.substr(i, 2) != "//")
                word += text[i++];
        }
        t.words.push_back(std::move(word));
    }
    return t;
}

std::vector<std::string> splitCommands(std::string_view line) {
    std::vector<std::string> out;
    std::string current;
    bool quoted = false;
    auto flush = [&] {
        const bool blank = std::all_of(current.begin(), current.end(), isSpace);
        if (!blank)
            out.push_back(current);
        current.clear();
    };
    for (size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '"')
            quoted = !quoted;
        if (!quoted && c == '/' && i + 1 < line.size() && line[i + 1] == '/')
            break;
        if (!quoted && (c == ';' || c == '\n')) {
            flush();
            continue;
        }
        current += c;
    }
    flush();
    return out;
}

std::string quoteWord(const std::string& word) {
    const bool plain = !word.empty() && word.find_first_of(" \t\r\n;\"") == std::string::npos &&
                       word.find("//") == std::string::npos;
    return plain ? word : "\"" + word + "\"";
}

Console::Console() {
    addBuiltins();
}

void Console::addCommand(const std::string& name, const std::string& help, Handler handler,
                         Completer completer) {
    for (Command& c : m_commands)
        if (equalNoCase(c.name, name)) {
            c = {name, help, std::move(handler), std::move(completer)};
            return;
        }
    m_commands.push_back({name, help, std::move(handler), std::move(completer)});
}

void Console::addVariable(Variable variable) {
    for (Variable& v : m_variables)
        if (equalNoCase(v.name, variable.name)) {
            v = std::move(variable);
            return;
        }
    m_variables.push_back(std::move(variable));
}

const Console::Command* Console::command(std::string_view name) const {
    for (const Command& c : m_commands)
        if (equalNoCase(c.name, name))
            return &c;
    return nullptr;
}

const Variable* Console::variable(std::string_view name) const {
    for (const Variable& v : m_variables) {
        if (equalNoCase(v.name, name))
            return &v;
        for (const std::string& a : v.aliases)
            if (equalNoCase(a, name))
                return &v;
    }
    return nullptr;
}

bool Console::has(std::string_view name) const {
    return command(name) || variable(name);
}

std::vector<std::string> Console::names() const {
    std::vector<std::string> out;
    for (const Command& c : m_commands)
        out.push_back(c.name);
    for (const Variable& v : m_variables) {
        out.push_back(v.name);
        out.insert(out.end(), v.aliases.begin(), v.aliases.end());
    }
    std::sort(out.begin(), out.end(),
              [](const std::string& a, const std::string& b) { return lower(a) < lower(b); });
    return out;
}

void Console::print(std::string_view text) {
    size_t start = 0;
    while (true) {
        const size_t nl = text.find('\n', start);
        std::string line(
            text.substr(start, nl == std::string_view::npos ? std::string_view::npos : nl - start));
        if (m_echo)
            m_echo(line);
        m_lines.push_back(std::move(line));
        while (m_lines.size() > kScrollback)
            m_lines.pop_front();
        if (nl == std::string_view::npos)
            break;
        start = nl + 1;
    }
}

void Console::submit(const std::string& line) {
    print("] " + line);
    const bool blank = std::all_of(line.begin(), line.end(), isSpace);
    if (!blank && (m_history.empty() || m_history.back() != line)) {
        m_history.push_back(line);
        while (m_history.size() > kHistorySize)
            m_history.pop_front();
    }
    m_historyPos = m_history.size();
    m_draft.clear();
    enqueue(line);
}

void Console::enqueue(std::string_view line, const Origin& origin) {
    for (std::string& c : splitCommands(line))
        m_queue.push_back({std::move(c), origin});
}

std::optional<std::string> Console::enqueueFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return path + ": cannot read the file";
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.find('\0') != std::string::npos)
        return path + ": not a text file (it holds a NUL byte)";
    const int depth = m_runningDepth + 1;
    if (depth > kMaxExecDepth)
        return path + ": files nested deeper than " + std::to_string(kMaxExecDepth) +
               " (a file that execs itself?)";
    std::deque<Queued> file;
    std::istringstream lines(text);
    std::string line;
    int number = 0;
    while (std::getline(lines, line)) {
        ++number;
        for (std::string& c : splitCommands(line))
            file.push_back({std::move(c), Origin{path, number, depth}});
        if (file.size() + m_queue.size() > kMaxQueued)
            return path + ": more than " + std::to_string(kMaxQueued) +
                   " commands queued (a file that execs itself?)";
    }
    // Inserted before what is already queued, so a file's commands run before the commands after
    // `exec` on the same line.
    m_queue.insert(m_queue.begin(), std::make_move_iterator(file.begin()),
                   std::make_move_iterator(file.end()));
    return std::nullopt;
}

void Console::runQueued() {
    if (m_waitFrames > 0) {
        --m_waitFrames;
        return;
    }
    while (!m_queue.empty() && m_waitFrames == 0) {
        Queued q = std::move(m_queue.front());
        m_queue.pop_front();
        const Reply r = execute(q.text, q.origin);
        m_waitFrames = std::max(r.waitFrames, 0);
    }
}

Reply Console::execute(std::string_view text, const Origin& origin) {
    const Tokens t = tokenize(text);
    m_runningDepth = origin.depth;
    Reply reply;
    if (!t.error.empty())
        reply = Reply::fail(t.error + " in: " + std::string(text));
    else if (t.words.empty())
        return reply;
    else if (const Command* c = command(t.words[0]))
        reply = c->handler(t.words);
    else if (const Variable* v = variable(t.words[0]))
        reply = runVariable(*v, t.words);
    else
        reply = Reply::fail("unknown command '" + t.words[0] + "' (cmdlist and cvarlist list them)");
    m_runningDepth = 0;
    if (!reply.error.empty()) {
        ++m_errors;
        if (!origin.file.empty()) {
            ++m_fileErrors;
            print(origin.file + ":" + std::to_string(origin.line) + ": " + reply.error);
        } else {
            print(reply.error);
        }
    }
    return reply;
}

Reply Console::runVariable(const Variable& v, const std::vector<std::string>& words) {
    if (words.size() == 1) {
        std::string text = v.name + " is " + quoteWord(v.get());
        if (!v.range.empty())
            text += "  (" + v.range + ")";
        if (!v.help.empty())
            text += "  " + v.help;
        print(text);
        return Reply::ok();
    }
    const std::vector<std::string> value(words.begin() + 1, words.end());
    if (auto error = v.set(value))
        return Reply::fail(*error);
    return Reply::ok();
}

void Console::addBuiltins() {
    addVariableCommands();
    addScriptCommands();
    addListingCommands();
}

void Console::addVariableCommands() {
    addCommand(
        "set", "set NAME VALUE: sets a variable (NAME VALUE does the same; NAME alone prints it)",
        [this](const std::vector<std::string>& a) {
            if (a.size() < 3)
                return Reply::fail("usage: set NAME VALUE");
            const Variable* v = variable(a[1]);
            if (!v)
                return Reply::fail("set: unknown variable '" + a[1] + "' (cvarlist lists them)");
            return runVariable(*v, std::vector<std::string>(a.begin() + 1, a.end()));
        },
        [this](const std::vector<std::string>& a) {
            std::vector<std::string> out;
            if (a.size() == 2) {
                for (const Variable& v : m_variables) {
                    out.push_back(v.name);
                    out.insert(out.end(), v.aliases.begin(), v.aliases.end());
                }
            } else if (a.size() == 3) {
                if (const Variable* v = variable(a[1]))
                    out = v->values;
            }
            return out;
        });
}

void Console::addScriptCommands() {
    addCommand("exec", "exec FILE: runs the commands of a text file, one or more a line ('//' comments)",
               [this](const std::vector<std::string>& a) {
                   if (a.size() != 2)
                       return Reply::fail("usage: exec FILE");
                   if (auto error = enqueueFile(a[1]))
                       return Reply::fail("exec: " + *error);
                   return Reply::ok();
               });
    addCommand("wait", "wait [N]: the next queued commands wait N frames (default 1)",
               [](const std::vector<std::string>& a) {
                   int frames = 1;
                   if (a.size() > 2)
                       return Reply::fail("usage: wait [FRAMES]");
                   if (a.size() == 2) {
                       const std::string& s = a[1];
                       if (s.empty() || s.size() > 6 || !std::all_of(s.begin(), s.end(), [](char c) {
                               return std::isdigit(static_cast<unsigned char>(c));
                           }))
                           return Reply::fail(
                               "wait: expected a whole number of frames in [0, 999999], got '" + s + "'");
                       frames = std::stoi(s);
                   }
                   return Reply::wait(frames);
               });
    addCommand("echo", "echo TEXT: prints its words", [this](const std::vector<std::string>& a) {
        std::string text;
        for (size_t i = 1; i < a.size(); ++i)
            text += (i > 1 ? " " : "") + a[i];
        print(text);
        return Reply::ok();
    });
}

void Console::addListingCommands() {
    addCommand("cmdlist", "cmdlist [PREFIX]: lists the commands", [this](const std::vector<std::string>& a) {
        std::vector<const Command*> list;
        for (const Command& c : m_commands)
            if (a.size() < 2 || startsNoCase(c.name, a[1]))
                list.push_back(&c);
        std::sort(list.begin(), list.end(), [](auto* x, auto* y) { return lower(x->name) < lower(y->name); });
        for (const Command* c : list)
            print(c->help.empty() ? c->name : c->help);
        print(std::to_string(list.size()) + " commands");
        return Reply::ok();
    });
    addCommand("cvarlist", "cvarlist [PREFIX]: lists the variables with their values",
               [this](const std::vector<std::string>& a) {
                   std::vector<const Variable*> list;
                   for (const Variable& v : m_variables)
                       if (a.size() < 2 || startsNoCase(v.name, a[1]))
                           list.push_back(&v);
                   std::sort(list.begin(), list.end(),
                             [](auto* x, auto* y) { return lower(x->name) < lower(y->name); });
                   for (const Variable* v : list)
                       print(v->name + " " + quoteWord(v->get()) + (v->help.empty() ? "" : "  " + v->help));
                   print(std::to_string(list.size()) + " variables");
                   return Reply::ok();
               });
    addCommand(
        "help", "help NAME: what a command or variable does",
        [this](const std::vector<std::string>& a) {
            if (a.size() != 2)
                return Reply::fail("usage: help NAME (cmdlist and cvarlist list the names)");
            if (const Command* c = command(a[1])) {
                print(c->help.empty() ? c->name : c->help);
                return Reply::ok();
            }
            if (const Variable* v = variable(a[1]))
                return runVariable(*v, {v->name});
            return Reply::fail("help: unknown name '" + a[1] + "'");
        },
        [this](const std::vector<std::string>&) { return names(); });
}

Completion Console::complete(std::string_view line) const {
    Completion out;
    out.line = std::string(line);
    // Only the last command of the line is completed; what comes before it is kept as typed.
    size_t start = 0;
    bool quoted = false;
    for (size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '"')
            quoted = !quoted;
        else if (!quoted && line[i] == ';')
            start = i + 1;
    }
    if (quoted)
        return out; // inside an open quote: nothing sensible to complete
    const std::string_view last = line.substr(start);
    const Tokens t = tokenize(last);
    if (!t.error.empty() || last.find("//") != std::string_view::npos)
        return out;
    std::vector<std::string> words = t.words;
    if (words.empty() || isSpace(last.back()))
        words.emplace_back(); // completing a new, empty word
    const std::string& partial = words.back();

    std::vector<std::string> candidates;
    if (words.size() == 1) {
        candidates = names();
    } else if (const Command* c = command(words[0])) {
        if (c->completer)
            candidates = c->completer(words);
    } else if (const Variable* v = variable(words[0])) {
        if (words.size() == 2)
            candidates = v->values;
    }
    for (const std::string& c : candidates)
        if (startsNoCase(c, partial))
            out.matches.push_back(c);
    std::sort(out.matches.begin(), out.matches.end());
    out.matches.erase(std::unique(out.matches.begin(), out.matches.end()), out.matches.end());
    if (out.matches.empty())
        return out;
    std::string completed = out.matches.size() == 1 ? out.matches.front() : commonPrefix(out.matches);
    if (completed.size() < partial.size())
        completed = partial; // the matches differ in case only beyond what was typed
    words.back() = completed;
    std::string text(line.substr(0, start));
    if (start > 0 && !text.empty() && !isSpace(text.back()))
        text += ' ';
    for (size_t i = 0; i < words.size(); ++i) {
        if (i > 0)
            text += ' ';
        // A partial word stays unquoted unless complete (a quote would close it early).
        text += (i + 1 < words.size() || out.matches.size() == 1) ? quoteWord(words[i]) : words[i];
    }
    if (out.matches.size() == 1)
        text += ' ';
    out.line = text;
    return out;
}

std::optional<std::string> Console::historyUp(const std::string& current) {
    if (m_history.empty() || m_historyPos == 0)
        return std::nullopt;
    if (m_historyPos == m_history.size())
        m_draft = current;
    --m_historyPos;
    return m_history[m_historyPos];
}

std::optional<std::string> Console::historyDown() {
    if (m_historyPos >= m_history.size())
        return std::nullopt;
    ++m_historyPos;
    return m_historyPos == m_history.size() ? m_draft : m_history[m_historyPos];
}

} // namespace cliplab::console
