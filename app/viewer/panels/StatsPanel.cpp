// Stats panel: frame time, traces per frame, microseconds per trace, the plane-shift trees.

#include "viewer/panels/Panels.h"

#include <imgui.h>

namespace cliplab::viewer::panels {

void statsPanel(ViewerState& state) {
    const auto& ms = state.stats.frameMs();
    const double last = ms.empty() ? 0.0 : double(ms.back());
    ImGui::Text("%.1f fps  (%.2f ms)", last > 0.0 ? 1000.0 / last : 0.0, last);
    plotSeries("frame ms", ms, "%.2f ms");
    plotSeries("traces/frame", state.stats.tracesPerFrame(), "%.0f");
    plotSeries("us/trace", state.stats.usPerTrace(), "%.2f us");
    planeShiftStatsSection(state);
}

} // namespace cliplab::viewer::panels
