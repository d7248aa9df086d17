#include "replay/Recording.h"

#include "collision/TraceLimits.h"
#include "core/Format.h"
#include "core/Parse.h"
#include "movement/Simulation.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>
#include <system_error>

namespace cliplab::replay {

TraceMethod RunSettings::effectiveMethod() const {
    return tracing::answeringMethod(method, trace);
}

RunSettings inEffect(const RunSettings& settings) {
    RunSettings s = settings;
    s.movement = movement::sanitize(settings.movement);
    s.trace.epsilon = collision::clampEpsilon(settings.trace.epsilon);
    s.trace.model = 0;
    s.rate = movement::Simulation::clampRate(settings.rate);
    if (static_cast<size_t>(s.trace.semantics) >= collision::kSemanticsNames.size())
        s.trace.semantics = collision::Semantics::Quake3; // any number outside the enum

    if (s.method != TraceMethod::PlaneShift)
        s.method = TraceMethod::Brush;
    return s;
}

std::optional<std::string> validateRunSettings(const RunSettings& s) {
    if (auto e = movement::validateSettings(s.movement))
        return e;
    if (!(s.rate >= movement::Simulation::kMinRate && s.rate <= movement::Simulation::kMaxRate))
        return core::format("hz: %g is outside [30, 333]", s.rate);
    if (!(s.trace.epsilon >= 0.0f && s.trace.epsilon <= 16.0f))
        return core::format("epsilon: %g is outside [0, 16]", double(s.trace.epsilon));
    if (static_cast<size_t>(s.trace.semantics) >= collision::kSemanticsNames.size())
        return "semantics: not " + collision::semanticsChoice();
    if (s.method != TraceMethod::Brush && s.method != TraceMethod::PlaneShift)
        return "trace method: not " + tracing::singleMethodChoice();
    return std::nullopt;
}

bool Recording::hasOrigins() const {
    for (const Tick& t : ticks)
        if (!t.origin)
            return false;
    return !ticks.empty();
}

namespace {

/// Any finite float: angles are used as they were recorded, however large.
constexpr double kFloatMax = std::numeric_limits<float>::max();

/// Appends `v` as %.9g writes it (9 significant digits: strtof, or strtod and a cast to float,
/// give back exactly `v`), by std::to_chars, which is several times faster than snprintf.
void appendReal(std::string& out, float v) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 9);
    out.append(buf, static_cast<size_t>(r.ptr - buf));
}

std::string real(float v) {
    std::string s;
    appendReal(s, v);
    return s;
}
std::string real3(const glm::vec3& v) {
    return real(v.x) + " " + real(v.y) + " " + real(v.z);
}
const char* onOff(bool b) {
    return b ? "on" : "off";
}

} // namespace

std::string writeRecording(const Recording& r) {
    std::string out;
    out.reserve(1024 + r.ticks.size() * 64);
    auto line = [&](const std::string& key, const std::string& value) {
        out += key;
        out += ' ';
        out += value;
        out += '\n';
    };
    line("cliprec", std::to_string(kFormatVersion));
    line("map", r.map);
    line("hz", core::format("%.17g", r.settings.rate));
    line("trace.method", traceMethodName(r.settings.method));
    line("trace.bevels", onOff(r.settings.bevels));
    line("trace.epsilon", real(r.settings.trace.epsilon));
    line("trace.semantics", collision::semanticsName(r.settings.trace.semantics));
    line("trace.curves", onOff(r.settings.trace.curves));
    for (const movement::SettingText& st : movement::settingTexts(r.settings.movement))
        line("movement." + st.name, st.value);
    const movement::PlayerState& s = r.start;
    line("start.origin", real3(s.origin));
    line("start.velocity", real3(s.velocity));
    line("start.mode", movement::modeName(s.mode));
    line("start.onGround", s.onGround ? "1" : "0");
    line("start.groundNormal", real3(s.groundNormal));
    line("start.crouched", s.crouched ? "1" : "0");
    line("start.jumpHeld", s.jumpHeld ? "1" : "0");
    line("start.timer", real(s.timer));
    line("start.waterJump", s.waterJump ? "1" : "0");
    line("start.waterLevel", std::to_string(s.waterLevel));
    line("start.stuck", s.stuck ? "1" : "0");
    line("start.time", core::format("%.17g", s.time));
    line("view.angles", real(r.viewYaw) + " " + real(r.viewPitch));
    line("ticks", std::to_string(r.ticks.size()));
    out += "# forward right up buttons yaw pitch [x y z after the tick]\n";
    for (const Tick& t : r.ticks) {
        const movement::Input& in = t.input;
        appendReal(out, in.forward);
        out += ' ';
        appendReal(out, in.right);
        out += ' ';
        appendReal(out, in.up);
        out += in.jump ? (in.crouch ? " jc " : " j ") : (in.crouch ? " c " : " - ");
        appendReal(out, in.yaw);
        out += ' ';
        appendReal(out, in.pitch);
        if (t.origin)
            for (int i = 0; i < 3; ++i) {
                out += ' ';
                appendReal(out, (*t.origin)[i]);
            }
        out += '\n';
    }
    return out;
}

namespace {

/// Reads one `.cliprec` text; every error names the file and line.
class Parser {
public:
    Parser(std::string_view text, const std::string& name) : m_text(text), m_name(name) {}

    core::Result<Recording> parse();

private:
    std::string_view m_text;
    const std::string& m_name;
    size_t m_pos = 0;
    int m_line = 0;
    std::string m_error;

    /// The next line that is not blank or a comment, split into words; false at the end.
    bool next(std::vector<std::string_view>& words, std::string_view& raw);
    bool fail(const std::string& message) {
        m_error = m_name + ":" + std::to_string(m_line) + ": " + message;
        return false;
    }
    bool number(std::string_view word, const char* what, double& out);
    bool floatValue(std::string_view word, const char* what, float& out, double limit);
    bool vec3(const std::vector<std::string_view>& w, const char* what, glm::vec3& out, double limit);
    bool flag(const std::vector<std::string_view>& w, const char* what, bool& out);
    /// `key` has exactly one value.
    bool oneValue(const std::vector<std::string_view>& w, const std::string& key);
    bool header(const std::vector<std::string_view>& w, std::string_view raw, Recording& r);
    /// The map line: the rest of the line, spaces inside kept.
    bool mapName(std::string_view raw, std::string& map);
    /// hz and the trace.* keys.
    bool ruleKey(const std::string& key, const std::vector<std::string_view>& w, RunSettings& settings);
    /// The start.* keys.
    bool startKey(const std::string& key, const std::vector<std::string_view>& w, movement::PlayerState& s);
    bool tick(const std::vector<std::string_view>& w, Tick& t);
    /// The first line, `cliprec VERSION`.
    bool formatLine();
    /// The header's lines up to and including `ticks N`; `count` gets N.
    bool headerLines(Recording& r, int64_t& count);
    /// What the header must hold, checked once it has ended (`count` < 0: without a ticks line).
    bool headerComplete(const Recording& r, const std::set<std::string>& seen, int64_t count);
    /// The `count` tick lines and nothing after them.
    bool tickLines(Recording& r, int64_t count, int ticksLine);
};

bool Parser::next(std::vector<std::string_view>& words, std::string_view& raw) {
    while (m_pos < m_text.size()) {
        size_t eol = m_text.find('\n', m_pos);
        if (eol == std::string_view::npos)
            eol = m_text.size();
        std::string_view line = m_text.substr(m_pos, eol - m_pos);
        m_pos = eol + 1;
        ++m_line;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        words.clear();
        size_t i = 0;
        while (i < line.size()) {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
                ++i;
            size_t j = i;
            while (j < line.size() && line[j] != ' ' && line[j] != '\t')
                ++j;
            if (j > i)
                words.push_back(line.substr(i, j - i));
            i = j;
        }
        if (words.empty() || words.front().front() == '#')
            continue;
        raw = line;
        return true;
    }
    return false;
}

bool Parser::number(std::string_view word, const char* what, double& out) {
    const auto v = core::parseFiniteNumber(std::string(word));
    if (!v)
        return fail(std::string(what) + ": '" + std::string(word) + "' is not a finite number");
    out = *v;
    return true;
}

bool Parser::floatValue(std::string_view word, const char* what, float& out, double limit) {
    // std::from_chars rounds the text to the nearest float in one step (no double in between).
    std::string_view digits = word;
    if (digits.size() > 1 && digits.front() == '+')
        digits.remove_prefix(1);
    float v = 0.0f;
    const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (r.ec != std::errc() || r.ptr != digits.data() + digits.size() || !std::isfinite(v)) {
        // What from_chars does not take (hexadecimal, out of float range, no number at all) goes
        // through strtod like every other number cliplab reads.
        double d = 0.0;
        if (!number(word, what, d))
            return false;
        if (!(std::fabs(d) <= limit))
            return fail(core::format("%s: %s is beyond +/-%g", what, std::string(word).c_str(), limit));
        out = static_cast<float>(d);
        return true;
    }
    if (!(std::fabs(double(v)) <= limit))
        return fail(core::format("%s: %s is beyond +/-%g", what, std::string(word).c_str(), limit));
    out = v;
    return true;
}

bool Parser::vec3(const std::vector<std::string_view>& w, const char* what, glm::vec3& out, double limit) {
    if (w.size() != 4)
        return fail(core::format("%s: expected 3 numbers, got %zu", what, w.size() - 1));
    for (int i = 0; i < 3; ++i)
        if (!floatValue(w[static_cast<size_t>(i) + 1], what, out[i], limit))
            return false;
    return true;
}

bool Parser::flag(const std::vector<std::string_view>& w, const char* what, bool& out) {
    if (w.size() == 2 && (w[1] == "0" || w[1] == "1" || w[1] == "on" || w[1] == "off")) {
        out = w[1] == "1" || w[1] == "on";
        return true;
    }
    return fail(std::string(what) + ": expected 0/1 or on/off");
}

bool Parser::oneValue(const std::vector<std::string_view>& w, const std::string& key) {
    if (w.size() != 2)
        return fail(key + ": expected one value, got " + std::to_string(w.size() - 1));
    return true;
}

bool Parser::header(const std::vector<std::string_view>& w, std::string_view raw, Recording& r) {
    const std::string key(w[0]);
    if (key == "map")
        return mapName(raw, r.map);
    if (key == "hz" || key.rfind("trace.", 0) == 0)
        return ruleKey(key, w, r.settings);
    if (key.rfind("movement.", 0) == 0) {
        if (!oneValue(w, key))
            return false;
        if (auto e = movement::setSetting(r.settings.movement, key.substr(9), std::string(w[1])))
            return fail(*e);
        return true;
    }
    if (key.rfind("start.", 0) == 0)
        return startKey(key, w, r.start);
    if (key == "view.angles") {
        if (w.size() != 3)
            return fail("view.angles: expected YAW PITCH");
        return floatValue(w[1], "view.angles", r.viewYaw, kFloatMax) &&
               floatValue(w[2], "view.angles", r.viewPitch, kFloatMax);
    }
    return fail("unknown key '" + key + "'");
}

bool Parser::mapName(std::string_view raw, std::string& map) {
    // The rest of the line: a path may hold spaces.
    std::string_view rest = raw.substr(raw.find("map") + 3);
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t'))
        rest.remove_prefix(1);
    while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t'))
        rest.remove_suffix(1);
    for (char c : rest)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            return fail("map: the name holds a control character");
    map = std::string(rest);
    return true;
}

bool Parser::ruleKey(const std::string& key, const std::vector<std::string_view>& w, RunSettings& settings) {
    if (key == "hz") {
        double v = 0.0;
        if (!oneValue(w, key) || !number(w[1], "hz", v))
            return false;
        if (v < movement::Simulation::kMinRate || v > movement::Simulation::kMaxRate)
            return fail("hz: " + std::string(w[1]) + " is outside [30, 333]");
        settings.rate = v;
        return true;
    }
    if (key == "trace.method") {
        if (!oneValue(w, key))
            return false;
        const auto method = tracing::parseSingleMethod(w[1]);
        if (!method)
            return fail("trace.method: expected " + tracing::singleMethodChoice() + ", got '" +
                        std::string(w[1]) + "'");
        settings.method = *method;
        return true;
    }
    if (key == "trace.bevels")
        return flag(w, "trace.bevels", settings.bevels);
    if (key == "trace.curves")
        return flag(w, "trace.curves", settings.trace.curves);
    if (key == "trace.epsilon") {
        if (!oneValue(w, key) || !floatValue(w[1], "trace.epsilon", settings.trace.epsilon, 16.0))
            return false;
        if (settings.trace.epsilon < 0.0f)
            return fail("trace.epsilon: " + std::string(w[1]) + " is outside [0, 16]");
        return true;
    }
    if (key == "trace.semantics") {
        if (!oneValue(w, key))
            return false;
        if (auto parsed = collision::parseSemantics(w[1]))
            settings.trace.semantics = *parsed;
        else
            return fail("trace.semantics: expected " + collision::semanticsChoice() + ", got '" +
                        std::string(w[1]) + "'");
        return true;
    }
    return fail("unknown key '" + key + "'");
}

bool Parser::startKey(const std::string& key, const std::vector<std::string_view>& w,
                      movement::PlayerState& s) {
    const double far = collision::kMaxCoordinate;
    if (key == "start.origin")
        return vec3(w, "start.origin", s.origin, far);
    if (key == "start.velocity")
        return vec3(w, "start.velocity", s.velocity, movement::kMaxVelocity);
    if (key == "start.groundNormal")
        return vec3(w, "start.groundNormal", s.groundNormal, 1.0);
    if (key == "start.mode") {
        if (!oneValue(w, key))
            return false;
        const auto mode = movement::parseMode(std::string(w[1]));
        if (!mode)
            return fail("start.mode: expected walk, fly or noclip, got '" + std::string(w[1]) + "'");
        s.mode = *mode;
        return true;
    }
    if (key == "start.onGround")
        return flag(w, "start.onGround", s.onGround);
    if (key == "start.crouched")
        return flag(w, "start.crouched", s.crouched);
    if (key == "start.jumpHeld")
        return flag(w, "start.jumpHeld", s.jumpHeld);
    if (key == "start.waterJump")
        return flag(w, "start.waterJump", s.waterJump);
    if (key == "start.stuck")
        return flag(w, "start.stuck", s.stuck);
    if (key == "start.timer") {
        if (!oneValue(w, key) || !floatValue(w[1], "start.timer", s.timer, 10.0))
            return false;
        if (s.timer < 0.0f)
            return fail("start.timer: " + std::string(w[1]) + " is outside [0, 10]");
        return true;
    }
    if (key == "start.waterLevel") {
        if (!oneValue(w, key) || (w[1] != "0" && w[1] != "1" && w[1] != "2" && w[1] != "3"))
            return fail("start.waterLevel: expected 0, 1, 2 or 3");
        s.waterLevel = w[1][0] - '0';
        return true;
    }
    if (key == "start.time") {
        double v = 0.0;
        if (!oneValue(w, key) || !number(w[1], "start.time", v))
            return false;
        if (v < 0.0 || v > 1e9)
            return fail("start.time: " + std::string(w[1]) + " is outside [0, 1e9]");
        s.time = v;
        return true;
    }
    return fail("unknown key '" + key + "'");
}

bool Parser::tick(const std::vector<std::string_view>& w, Tick& t) {
    if (w.size() != 6 && w.size() != 9)
        return fail(core::format(
            "expected 6 fields (FORWARD RIGHT UP BUTTONS YAW PITCH) or 9 (and X Y Z), got %zu", w.size()));
    static const char* labels[3] = {"FORWARD", "RIGHT", "UP"};
    float moves[3] = {};
    for (size_t i = 0; i < 3; ++i) {
        if (!floatValue(w[i], labels[i], moves[i], kFloatMax))
            return false;
        if (moves[i] < -1.0f || moves[i] > 1.0f)
            return fail(std::string(labels[i]) + " must be in [-1, 1], got " + std::string(w[i]));
    }
    t.input.forward = moves[0];
    t.input.right = moves[1];
    t.input.up = moves[2];
    if (w[3] != "-")
        for (char c : w[3]) {
            if (c == 'j')
                t.input.jump = true;
            else if (c == 'c')
                t.input.crouch = true;
            else
                return fail("BUTTONS '" + std::string(w[3]) + "': unknown button '" + std::string(1, c) +
                            "' (use j, c or -)");
        }
    if (!floatValue(w[4], "YAW", t.input.yaw, kFloatMax) ||
        !floatValue(w[5], "PITCH", t.input.pitch, kFloatMax))
        return false;
    if (w.size() == 9) {
        glm::vec3 o{0.0f};
        for (int i = 0; i < 3; ++i)
            if (!floatValue(w[static_cast<size_t>(6 + i)], "X Y Z", o[i], collision::kMaxCoordinate))
                return false;
        t.origin = o;
    }
    return true;
}

core::Result<Recording> Parser::parse() {
    Recording r;
    int64_t count = -1;
    if (!formatLine() || !headerLines(r, count))
        return core::makeError(m_error);
    if (!tickLines(r, count, m_line))
        return core::makeError(m_error);
    return r;
}

bool Parser::formatLine() {
    std::vector<std::string_view> w;
    std::string_view raw;
    if (!next(w, raw)) {
        m_error =
            m_name + ": empty file, expected a first line 'cliprec " + std::to_string(kFormatVersion) + "'";
        return false;
    }
    if (w.size() != 2 || w[0] != "cliprec")
        return fail("expected the first line 'cliprec " + std::to_string(kFormatVersion) +
                    "' (not a cliplab recording)");
    if (w[1] != std::to_string(kFormatVersion))
        return fail("format version '" + std::string(w[1]) +
                    "' is not supported (this cliplab reads version " + std::to_string(kFormatVersion) + ")");
    return true;
}

bool Parser::headerLines(Recording& r, int64_t& count) {
    std::vector<std::string_view> w;
    std::string_view raw;
    std::set<std::string> seen;
    while (next(w, raw)) {
        const std::string key(w[0]);
        if (key == "ticks") {
            double v = 0.0;
            if (w.size() != 2)
                return fail("ticks: expected one count");
            if (!number(w[1], "ticks", v))
                return false;
            if (v != std::floor(v) || v < 0.0 || v > double(kMaxTicks))
                return fail("ticks: expected a whole number in [0, " + std::to_string(kMaxTicks) + "], got " +
                            std::string(w[1]));
            count = static_cast<int64_t>(v);
            break;
        }
        if (!seen.insert(key).second)
            return fail("'" + key + "' is given twice");
        if (!header(w, raw, r))
            return false;
    }
    return headerComplete(r, seen, count);
}

bool Parser::headerComplete(const Recording& r, const std::set<std::string>& seen, int64_t count) {
    if (count < 0)
        return fail("no 'ticks N' line (the header ends with it)");
    for (const char* required : {"map", "hz", "start.origin"})
        if (!seen.count(required))
            return fail(std::string("the header has no '") + required + "' line");
    if (r.map.empty())
        return fail("'map' names no map");
    if (auto e = validateRunSettings(r.settings))
        return fail("the settings do not hold together: " + *e);
    return true;
}

bool Parser::tickLines(Recording& r, int64_t count, int ticksLine) {
    std::vector<std::string_view> w;
    std::string_view raw;
    r.ticks.reserve(static_cast<size_t>(count));
    while (next(w, raw)) {
        if (static_cast<int64_t>(r.ticks.size()) == count)
            return fail(core::format("more tick lines than 'ticks %lld' (line %d) announced",
                                     static_cast<long long>(count), ticksLine));
        Tick t;
        if (!tick(w, t))
            return false;
        r.ticks.push_back(t);
    }
    if (static_cast<int64_t>(r.ticks.size()) != count)
        return fail(core::format("the file ends after %zu tick lines; 'ticks %lld' (line %d) announced %lld",
                                 r.ticks.size(), static_cast<long long>(count), ticksLine,
                                 static_cast<long long>(count)));
    return true;
}

} // namespace

core::Result<Recording> parseRecording(std::string_view text, const std::string& name) {
    return Parser(text, name).parse();
}

core::Result<Recording> loadRecording(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return core::makeError(path + ": cannot open the recording");
    std::stringstream ss;
    ss << in.rdbuf();
    if (in.bad())
        return core::makeError(path + ": read error");
    return parseRecording(ss.str(), path);
}

core::Status saveRecording(const std::string& path, const Recording& recording) {
    const std::string text = writeRecording(recording);
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f)
        return core::makeError(path + ": cannot open for writing");
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (std::fclose(f) != 0 || !ok)
        return core::makeError(path + ": write failed");
    return core::Ok{};
}

} // namespace cliplab::replay
