#pragma once
/// \file ReachView.h
/// The reach map in the viewer: a search (analysis/Reach.h) run on a background thread while the
/// frame loop goes on, and its floor cells drawn through the debug-draw interface.

#include "analysis/Reach.h"
#include "debugdraw/DebugDraw.h"

#include <atomic>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace cliplab::viewer {

/// One reach search on its own thread. The map's data, model and entities must outlive the job:
/// destroying it cancels the search and waits for the thread.
class ReachJob {
public:
    ReachJob(const bsp::BspData& data, const collision::Model& model,
             const std::vector<bsp::Entity>& entities, const analysis::ReachSettings& settings);
    ~ReachJob();
    ReachJob(const ReachJob&) = delete;
    ReachJob& operator=(const ReachJob&) = delete;

    /// True once the search has ended (finished, failed or cancelled).
    bool done() const { return m_done.load(std::memory_order_acquire); }
    /// How far it is, [0, 1]: the cells expanded over the listed cells (0 while the floor is scanned).
    float fraction() const;
    /// True while the floor scan runs (before the flood).
    bool scanning() const { return m_progress.scanning.load(); }
    /// Asks the search to stop at the next cell.
    void cancel() { m_progress.cancel = true; }
    /// Blocks until done().
    void wait();
    /// The result; only once done(). Moves it out.
    core::Result<analysis::ReachMap> take();

private:
    analysis::ReachProgress m_progress;
    std::optional<core::Result<analysis::ReachMap>> m_result;
    std::atomic<bool> m_done{false};
    std::thread m_thread;
};

/// The reach overlay's search and its result (its switch, grid and range are settings).
struct ReachResult {
    std::unique_ptr<ReachJob> job;             ///< The search under way, if any.
    std::optional<analysis::ReachMap> map;     ///< The last finished search.
    std::vector<std::vector<int32_t>> regions; ///< Its unreachable regions, biggest first.
    std::string summary;                       ///< Its last line, as `cliplab reach` prints it.
};

/// The colour of a cell reached `via` (red for not reached).
debugdraw::Color reachColor(analysis::ReachVia via);
/// The colour of a deadly cell (not reached, nobody stands there alive): a dim grey.
inline constexpr debugdraw::Color kDeadlyReachColor{0.45f, 0.45f, 0.5f, 0.3f};

/// Draws the listed cells of `map` whose origin is within `range` units of `eye` as flat squares
/// just above the floor (`feet` units below the origin: the player box's depth), in reachColor;
/// the deadly cells only when `deadly`, in kDeadlyReachColor. Returns the cells drawn.
size_t drawReachCells(const analysis::ReachMap& map, debugdraw::DebugDraw& draw, const glm::vec3& eye,
                      float range, float feet, bool deadly);

} // namespace cliplab::viewer
