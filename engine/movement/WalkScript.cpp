#include "movement/WalkScript.h"

#include "core/Parse.h"
#include "movement/Simulation.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace cliplab::movement {

namespace {

bool toNumber(const std::string& text, double& out) {
    const auto v = core::parseFiniteNumber(text);
    if (v)
        out = *v;
    return v.has_value();
}

} // namespace

core::Result<std::vector<ScriptStep>> parseWalkScript(std::string_view text, const std::string& name) {
    std::vector<ScriptStep> steps;
    double total = 0.0; // seconds of all lines so far
    int lineNumber = 0;
    size_t pos = 0;
    while (pos <= text.size()) {
        size_t eol = text.find('\n', pos);
        if (eol == std::string_view::npos)
            eol = text.size();
        std::string line(text.substr(pos, eol - pos));
        pos = eol + 1;
        ++lineNumber;
        if (const size_t hash = line.find('#'); hash != std::string::npos)
            line.resize(hash);
        // A line may hold several script lines joined by ';'.
        std::stringstream parts(line);
        std::string part;
        while (std::getline(parts, part, ';')) {
            std::istringstream words(part);
            std::vector<std::string> w;
            for (std::string word; words >> word;)
                w.push_back(word);
            if (w.empty())
                continue;
            const std::string where = name + ":" + std::to_string(lineNumber) + ": ";
            if (w.size() != 7)
                return core::Error{where +
                                   "expected 7 fields (SECONDS FORWARD RIGHT UP BUTTONS YAW PITCH), got " +
                                   std::to_string(w.size())};
            double v[7] = {};
            const char* labels[7] = {"SECONDS", "FORWARD", "RIGHT", "UP", "BUTTONS", "YAW", "PITCH"};
            for (int i : {0, 1, 2, 3, 5, 6})
                if (!toNumber(w[static_cast<size_t>(i)], v[i]))
                    return core::Error{where + labels[i] + " '" + w[static_cast<size_t>(i)] +
                                       "' is not a number"};
            if (!(v[0] > 0.0) || v[0] > 1e6)
                return core::Error{where + "SECONDS must be > 0, got " + w[0]};
            for (int i = 1; i <= 3; ++i)
                if (v[i] < -1.0 || v[i] > 1.0)
                    return core::Error{where + labels[i] + " must be in [-1, 1], got " +
                                       w[static_cast<size_t>(i)]};
            ScriptStep step;
            step.seconds = v[0];
            step.input.forward = static_cast<float>(v[1]);
            step.input.right = static_cast<float>(v[2]);
            step.input.up = static_cast<float>(v[3]);
            step.input.yaw = static_cast<float>(v[5]);
            step.input.pitch = static_cast<float>(v[6]);
            if (w[4] != "-")
                for (char c : w[4]) {
                    if (c == 'j')
                        step.input.jump = true;
                    else if (c == 'c')
                        step.input.crouch = true;
                    else
                        return core::Error{where + "BUTTONS '" + w[4] + "': unknown button '" +
                                           std::string(1, c) + "' (use j, c or -)"};
                }
            total += step.seconds;
            if (total > kMaxScriptSeconds)
                return core::Error{where + "the script lasts more than " +
                                   std::to_string(static_cast<int>(kMaxScriptSeconds)) + " s in total"};
            steps.push_back(step);
        }
    }
    return steps;
}

std::vector<Input> scriptTicks(const std::vector<ScriptStep>& steps, double rate) {
    rate = Simulation::clampRate(rate);
    std::vector<Input> ticks;
    for (const auto& step : steps) {
        if (!(step.seconds > 0.0 && step.seconds <= kMaxScriptSeconds))
            continue; // only parseWalkScript's steps are promised to run
        const auto n = static_cast<long long>(std::llround(step.seconds * rate));
        for (long long i = 0; i < n; ++i)
            ticks.push_back(step.input);
    }
    return ticks;
}

namespace {
class CountingRecorder : public Recorder {
public:
    void onTrace(const TraceRecord&) override { ++count; }
    void onCorrection(const CorrectionRecord& record) override {
        ++corrections;
        pushes += record.result.pushes;
    }
    int64_t count = 0;
    int64_t corrections = 0;
    int64_t pushes = 0;
};
} // namespace

WalkRun runWalk(const std::vector<ScriptStep>& steps, const PlayerState& start, const Settings& settings,
                double rate, const collision::TraceFunction& trace, float yawOffset,
                const collision::CorrectFunction* correct) {
    WalkRun run;
    CountingRecorder counter;
    PlayerState state = start;
    rate = Simulation::clampRate(rate);
    const std::vector<Input> inputs = scriptTicks(steps, rate);
    run.ticks.reserve(inputs.size());
    run.tracesPerTick.reserve(inputs.size());
    run.correctionsPerTick.reserve(inputs.size());
    for (size_t i = 0; i < inputs.size(); ++i) {
        Input input = inputs[i];
        input.yaw += yawOffset;
        const int64_t before = counter.count;
        const int64_t correctionsBefore = counter.corrections;
        state = move(state, input, 1.0 / rate, settings, trace, &counter, correct);
        run.tracesPerTick.push_back(static_cast<int32_t>(counter.count - before));
        run.correctionsPerTick.push_back(static_cast<int32_t>(counter.corrections - correctionsBefore));
        // Time from the tick count, so that long walks do not accumulate rounding.
        state.time = static_cast<double>(i + 1) / rate;
        run.ticks.push_back(state);
    }
    run.traces = counter.count;
    run.corrections = counter.corrections;
    run.pushes = counter.pushes;
    return run;
}

} // namespace cliplab::movement
