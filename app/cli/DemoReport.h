#pragma once
/// \file DemoReport.h
/// The text and JSON `cliplab demo` prints for a demo: its header, the players with their figures
/// and jumps, positions, in-solid samples, the reach comparison and the last summary line.

#include "analysis/Reach.h"
#include "demo/Demo.h"
#include "demo/DemoChecks.h"
#include "demo/DemoPlayers.h"

#include <optional>
#include <string>
#include <vector>

namespace cliplab::cli {

/// One demo's report; the map checks are added when there is a map.
class DemoReport {
public:
    /// Summarises every player of `demo` (which must outlive the report).
    explicit DemoReport(const demo::Demo& demo);

    /// The player-state samples found in solid (without this call in_solid is "unchecked") and the
    /// entity samples certainly in solid (demo::solidEntities).
    void setSolid(std::vector<demo::SolidSample> solid, std::vector<demo::SolidSample> solidEntities);
    /// The reach map and how the demo compares with it.
    void setReach(const analysis::ReachMap& reach, demo::ReachComparison comparison);

    /// The lines, the last being `demo map=NAME protocol=N snapshots=S seconds=T players=P
    /// positions=N in_solid=I`; with `positions` a `pos` line per player per snapshot.
    std::string text(bool positions) const;
    /// The same as one JSON object (positions only when asked).
    std::string json(bool positions) const;

private:
    std::string header() const;
    std::string playerLines() const;
    std::string positionLines() const;
    std::string solidLines() const;
    std::string reachLines() const;
    std::string lastLine() const;
    std::string playerJson(const demo::PlayerSummary& s) const;
    std::string positionsJson() const;
    std::string checksJson() const;
    /// Seconds from the first snapshot to server time `ms`.
    double since(int32_t ms) const;

    const demo::Demo& m_demo;
    std::vector<demo::PlayerSummary> m_summaries;
    std::optional<std::vector<demo::SolidSample>> m_solid;
    std::vector<demo::SolidSample> m_solidEntities;
    std::optional<analysis::ReachMap> m_reach;
    demo::ReachComparison m_comparison;
    size_t m_positions = 0;
};

} // namespace cliplab::cli
