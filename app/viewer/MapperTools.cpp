#include "viewer/MapperTools.h"

#include "core/Format.h"
#include "mapc/Pointfile.h"
#include "world/MapLoader.h"

namespace cliplab::viewer {

MapWatcher::Stamp MapWatcher::stampOf(const std::string& path) {
    Stamp s;
    std::error_code ec;
    s.time = std::filesystem::last_write_time(path, ec);
    if (ec)
        return {};
    s.size = std::filesystem::file_size(path, ec);
    if (ec)
        return {};
    s.exists = true;
    return s;
}

void MapWatcher::watch(const std::string& path) {
    m_path = path;
    m_seen = path.empty() ? Stamp{} : stampOf(path);
    m_settling = Stamp{};
    m_lastLook = std::chrono::steady_clock::now();
}

bool MapWatcher::changed(std::chrono::steady_clock::time_point now) {
    if (m_path.empty() || std::chrono::duration<double>(now - m_lastLook).count() < kInterval)
        return false;
    m_lastLook = now;
    const Stamp s = stampOf(m_path);
    if (!s.exists || s == m_seen) {
        m_settling = Stamp{};
        return false;
    }
    if (!(s == m_settling)) { // still being written, maybe: look again next time
        m_settling = s;
        return false;
    }
    m_seen = s;
    m_settling = Stamp{};
    return true;
}

core::Result<LeakPath> readPointfile(const std::string& path) {
    auto bytes = world::readDiskFile(path);
    if (!bytes)
        return bytes.error();
    const std::vector<uint8_t>& b = bytes.value();
    auto points =
        mapc::parsePointfile(std::string_view(reinterpret_cast<const char*>(b.data()), b.size()), path);
    if (!points)
        return points.error();
    LeakPath leak;
    for (const glm::dvec3& p : points.value())
        leak.points.emplace_back(p);
    if (leak.points.size() < 2)
        return core::makeError(core::format("%s:1:1: a leak path needs two points or more, the file has %zu",
                                            path.c_str(), leak.points.size()));
    leak.source = path;
    const glm::vec3 end = leak.points.back();
    leak.summary = core::format("pointfile %s: %zu points from the void to %.0f %.0f %.0f", path.c_str(),
                                leak.points.size(), double(end.x), double(end.y), double(end.z));
    return leak;
}

void MapperTools::ageNote(double seconds) {
    if (note.seconds > 0.0 && (note.seconds -= seconds) <= 0.0)
        note = MapNote{};
}

void MapperTools::addHit(const glm::vec3& point, const glm::vec3& normal) {
    tape.hits[0] = tape.hits[1];
    tape.hits[1] = analysis::TapePoint{point, normal};
}

} // namespace cliplab::viewer
