// Arbitrary text through the .cliprec parser (replay/Recording.h). Whatever it accepts must write
// back to text that parses to the same recording, and must be playable: settings that pass
// validateRunSettings, at most kMaxTicks ticks, moves in [-1, 1], finite numbers.
#include "replay/Recording.h"

#include <cmath>
#include <cstdlib>
#include <string_view>

namespace {

bool finite3(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    auto r = cliplab::replay::parseRecording(text, "fuzz.cliprec");
    if (!r)
        return 0;
    const cliplab::replay::Recording& rec = r.value();
    if (cliplab::replay::validateRunSettings(rec.settings) || rec.map.empty() ||
        static_cast<int64_t>(rec.ticks.size()) > cliplab::replay::kMaxTicks || !finite3(rec.start.origin) ||
        !finite3(rec.start.velocity))
        std::abort();
    for (const auto& t : rec.ticks) {
        const auto& in = t.input;
        if (!(std::fabs(in.forward) <= 1.0f && std::fabs(in.right) <= 1.0f && std::fabs(in.up) <= 1.0f) ||
            !std::isfinite(in.yaw) || !std::isfinite(in.pitch) || (t.origin && !finite3(*t.origin)))
            std::abort();
    }
    const std::string written = cliplab::replay::writeRecording(rec);
    auto again = cliplab::replay::parseRecording(written, "again.cliprec");
    if (!again || cliplab::replay::writeRecording(again.value()) != written)
        std::abort();
    return 0;
}
