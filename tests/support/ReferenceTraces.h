#pragma once
/// \file ReferenceTraces.h
/// The ioquake3 and Quake3e reference trace sets copied into tests/data/reference (see the README
/// there), and loading the OpenArena maps they were made on.

#include "bsp/BspData.h"
#include "collision/Model.h"
#include "collision/Trace.h"
#include "core/Result.h"

#include <memory>
#include <string>
#include <vector>

namespace cliplab::test {

/// The lines of a gzip-compressed text file (read with zlib). Errors name the file.
core::Result<std::vector<std::string>> readGzipLines(const std::string& path);

/// One input line: `sx sy sz ex ey ez minx miny minz maxx maxy maxz`.
struct ReferenceTrace {
    glm::vec3 start{0.0f}, end{0.0f}, mins{0.0f}, maxs{0.0f};
};

/// One output line: `fraction endx endy endz nx ny nz dist startsolid allsolid contents`.
struct ReferenceResult {
    float fraction = 1.0f;
    glm::vec3 endpos{0.0f}, normal{0.0f};
    float dist = 0.0f;
    int startSolid = 0, allSolid = 0, contents = 0;
};

/// tests/data/reference/traces/MAP.in.gz parsed. Errors name the file and line.
/// `map` is a map name ("oa_dm1") or a position set ("oa_dm6.positions"); the files are looked up in
/// tests/data/reference/traces, traces-more, traces-generated and positions.
core::Result<std::vector<ReferenceTrace>> loadReferenceInputs(const std::string& map);
/// tests/data/reference/traces/MAP.SUFFIX.out.gz parsed, e.g. suffix "mask1.curves0".
core::Result<std::vector<ReferenceResult>> loadReferenceResults(const std::string& map,
                                                                const std::string& suffix);

/// The same file's lines as they are, to compare with printedResult().
core::Result<std::vector<std::string>> loadReferenceLines(const std::string& map, const std::string& suffix);
/// Quake3e's answers as they are: tests/data/reference/quake3e/MAP.SUFFIX.out.gz.
core::Result<std::vector<std::string>> loadQuake3eLines(const std::string& map, const std::string& suffix);
/// A result printed as the reference tools print theirs (and `cliplab trace` prints): fraction to 6
/// decimals, end point 3, normal 4, dist 3, then startsolid allsolid contents.
std::string printedResult(const collision::TraceResult& r);

/// The shape of a reference line: a ray when mins and maxs are zero, else a box or capsule.
collision::Shape referenceShape(const ReferenceTrace& t, bool capsule);

/// A map of OpenArena's pak1-maps.pk3 by name ("oa_dm1"). Fails when OpenArena is not installed.
core::Result<bsp::BspData> loadOpenArenaMap(const std::string& name);

/// An independent judge for traces and "in solid": the map again, with every world brush and
/// surface as one more inline model, which a trace tests one by one with no tree walk and no
/// leaf lists. What it says does not depend on the code paths the semantics differ in.
class BruteForceJudge {
public:
    /// `curves`: patches collide too (as the game by default).
    explicit BruteForceJudge(bsp::BspData map, bool curves = true);
    collision::TraceResult trace(const collision::Shape& shape, const glm::vec3& start, const glm::vec3& end,
                                 int32_t mask) const;
    /// The judge as a TraceFunction (it keeps a pointer to this object).
    collision::TraceFunction function() const;

private:
    bsp::BspData m_data;
    std::unique_ptr<collision::Model> m_model;
    collision::TraceOptions m_options;
};

/// Robust semantics with curves on: what the player controller uses.
collision::TraceOptions robustWithCurves();

} // namespace cliplab::test
