#pragma once
/// \file TestSupport.h
/// Helpers shared by the tests: small maps built in code, zip archives, running the CLI.

#include "bsp/BspData.h"
#include "core/Result.h"

#include <glm/vec3.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cliplab::test {

/// A minimal valid map built in code: one solid cube brush of half size `half` centred at the
/// origin, one node splitting on the plane x = half (front leaf 0 outside, back leaf 1 holding the
/// brush), one planar surface, one spawn point.
bsp::BspData makeCubeMap(float half = 64.0f);

/// Bytes of a zip archive (stored, no compression) holding `files` (path, content).
std::vector<uint8_t> makeZip(const std::vector<std::pair<std::string, std::vector<uint8_t>>>& files);

/// Writes `bytes` to `path` (creating parent folders).
void writeFile(const std::string& path, const std::vector<uint8_t>& bytes);
void writeFile(const std::string& path, const std::string& text);

/// A fresh empty temporary directory; it and everything in it are removed when the test process
/// exits.
std::string makeTempDir(const std::string& tag);

/// Output and exit code of a command run through the shell.
struct CommandResult {
    int exitCode = -1;
    std::string out; ///< stdout
    std::string err; ///< stderr
};

/// Runs the built cliplab program with `args` (shell-quoted by the caller) and optional stdin text.
CommandResult runCliplab(const std::string& args, const std::string& stdinText = {});

/// Path of OpenArena's pak1-maps.pk3 if installed, else "".
std::string openArenaMapsPk3();

/// The OpenArena base folder if installed, else "".
std::string openArenaBaseDir();

/// Path of a file under tests/data.
std::string dataPath(const std::string& relative);

/// Path of the built-in playground map source (assets/maps/playground.map).
std::string playgroundPath();

/// The playground compiled from its source, as `cliplab` loads it.
core::Result<bsp::BspData> loadPlayground();

/// Where players appear on `data`: its spawn points raised 9 units, as the game spawns them.
/// Empty when the entity text does not parse or has no spawn point.
std::vector<glm::vec3> spawnStarts(const bsp::BspData& data);

} // namespace cliplab::test
