// Pointfile text both ways. The writer prints what q3map2 prints; the reader accepts any blank
// separation and refuses anything else with the place it stopped.

#include "mapc/Pointfile.h"

#include "core/Format.h"
#include "mapc/MapSource.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace cliplab::mapc {

std::string pointfileText(std::span<const glm::dvec3> path) {
    std::string out;
    for (const glm::dvec3& p : path)
        out += core::format("%f %f %f\n", p.x, p.y, p.z);
    return out;
}

namespace {

bool blank(char c) {
    return c == ' ' || c == '\t' || c == '\r';
}

} // namespace

core::Result<std::vector<glm::dvec3>> parsePointfile(std::string_view text, const std::string& name) {
    std::vector<glm::dvec3> points;
    int line = 1;
    size_t i = 0;
    while (i < text.size()) {
        const size_t end = std::min(text.find('\n', i), text.size());
        const std::string row(text.substr(i, end - i));
        size_t k = 0;
        glm::dvec3 p(0.0);
        int found = 0;
        while (true) {
            while (k < row.size() && blank(row[k]))
                ++k;
            if (k >= row.size())
                break;
            if (found == 3)
                return sourceError(name, {line, static_cast<int>(k) + 1},
                                   "expected three numbers on the line, found more");
            const char* begin = row.c_str() + k;
            char* stop = nullptr;
            errno = 0;
            const double v = std::strtod(begin, &stop);
            if (stop == begin || errno == ERANGE || !std::isfinite(v) || (*stop != '\0' && !blank(*stop)))
                return sourceError(name, {line, static_cast<int>(k) + 1}, "expected a number");
            p[found++] = v;
            k = static_cast<size_t>(stop - row.c_str());
        }
        if (found != 0 && found != 3)
            return sourceError(name, {line, static_cast<int>(row.size()) + 1},
                               core::format("expected three numbers on the line, found %d", found));
        if (found == 3)
            points.push_back(p);
        i = end + 1;
        ++line;
    }
    if (points.empty())
        return sourceError(name, {line, 1}, "no points: a pointfile lists the leak's path, one point a line");
    return points;
}

std::string pointfilePath(const std::string& bspPath) {
    const size_t slash = bspPath.find_last_of("/\\");
    const size_t dot = bspPath.rfind('.');
    if (dot != std::string::npos && (slash == std::string::npos || dot > slash))
        return bspPath.substr(0, dot) + ".lin";
    return bspPath + ".lin";
}

} // namespace cliplab::mapc
