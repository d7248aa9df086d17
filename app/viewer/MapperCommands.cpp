// The mapper's console commands: reload, pointfile, measure.

#include "viewer/ConsoleCommands.h"

#include "collision/TraceLimits.h"
#include "core/Parse.h"
#include "viewer/MapperView.h"

#include <cmath>

namespace cliplab::viewer {

namespace {

using console::Reply;
using Words = std::vector<std::string>;

/// `measure [X Y Z X Y Z | clear]`.
Reply measureCommand(console::Console& con, ViewerState& st, const Words& a) {
    if (!st.session.map())
        return Reply::fail("measure: no map is loaded");
    if (a.size() == 2 && a[1] == "clear") {
        st.mapper.tape.result.reset();
        return Reply::ok();
    }
    if (a.size() == 1) {
        if (!st.measureLastHits())
            return Reply::fail("measure: the probe has not hit two surfaces yet (click two points, or give "
                               "X Y Z X Y Z)");
    } else if (a.size() == 7) {
        glm::vec3 p[2];
        for (size_t i = 0; i < 6; ++i) {
            const auto v = core::parseFiniteNumber(a[i + 1]);
            if (!v || std::fabs(*v) > double(collision::kMaxCoordinate))
                return Reply::fail("measure: expected a number of units within +/-" +
                                   std::to_string(int(collision::kMaxCoordinate)) + ", got '" + a[i + 1] +
                                   "'");
            p[i / 3][int(i % 3)] = float(*v);
        }
        // Typed points have no surface: each is a floor the player's box stands on.
        st.measure({p[0], std::nullopt}, {p[1], std::nullopt});
    } else {
        return Reply::fail("usage: measure [X Y Z X Y Z | clear]");
    }
    for (const std::string& line : tapeText(*st.mapper.tape.result))
        con.print(line);
    return Reply::ok();
}

} // namespace

void addMapperCommands(console::Console& con, ViewerState& st) {
    con.addCommand("reload",
                   "reload: loads the map again from its file (as a save does), keeping the camera, the "
                   "player and the settings",
                   [&con, &st](const Words& a) {
                       if (a.size() != 1)
                           return Reply::fail("usage: reload");
                       bool ok = false;
                       const std::string line = st.reloadMap(&ok);
                       if (!ok)
                           return Reply::fail(line);
                       con.print(line);
                       return Reply::ok();
                   });
    con.addCommand(
        "pointfile",
        "pointfile [FILE]: shows a leak path (a .lin; without FILE the map's own) and flies to its "
        "start",
        [&con, &st](const Words& a) {
            if (a.size() > 2)
                return Reply::fail("usage: pointfile [FILE.lin]");
            const std::string line = st.showPointfile(a.size() == 2 ? a[1] : std::string());
            if (line.rfind("pointfile:", 0) == 0)
                return Reply::fail(line);
            con.print(line);
            return Reply::ok();
        });
    con.addCommand(
        "measure",
        "measure [X Y Z X Y Z | clear]: the tape between two points (default: the probe's last two "
        "hits): distance, x y z, whether the player's box fits through, whether a running jump "
        "reaches",
        [&con, &st](const Words& a) { return measureCommand(con, st, a); });
}

} // namespace cliplab::viewer
