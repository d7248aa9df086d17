#pragma once
/// \file MapTestUtil.h
/// Helpers for the map compiler tests: .map text for simple brushes, and checks on compiled maps.

#include "bsp/BspData.h"
#include "shader/ShaderScript.h"

#include <glm/vec3.hpp>

#include <string>
#include <vector>

namespace cliplab::test {

/// Shader scripts for test maps: textures/liquids/water, slime and lava as the games define them
/// (non-solid, translucent liquids), textures/base/ice (slick), base/pad (nodamage, nosteps) and
/// base/monster (monsterclip). Without scripts these names would compile solid, as in q3map2.
const shader::ShaderLibrary& testScripts();

/// Compiles `text` (reported as `name` in errors) with testScripts(), adding a test failure and
/// returning empty map data when it does not compile.
bsp::BspData compileOk(const std::string& text, bool bevels = true, const std::string& name = "test.map");

/// A classic brush block for an axis-aligned box.
std::string boxBrush(const glm::dvec3& mins, const glm::dvec3& maxs,
                     const std::string& texture = "base/wall");

/// A classic brush block from planes (outward normal, distance); three points per plane are derived.
std::string planesBrush(const std::vector<std::pair<glm::dvec3, double>>& planes,
                        const std::string& texture = "base/wall");

/// A map: a worldspawn holding `worldBrushes`, followed by `moreEntities` (full entity blocks).
std::string mapText(const std::string& worldBrushes, const std::string& moreEntities = {});

/// The leaf that contains point `p` (front side when on a plane).
int32_t leafAt(const bsp::BspData& d, const glm::vec3& p);

/// True when `p` is deeper than `margin` inside every side of brush `b`.
bool insideBrush(const bsp::BspData& d, int32_t b, const glm::vec3& p, float margin);

/// Samples up to `samples` random points inside each world brush and returns a description of the
/// first one whose leaf does not list its brush ("" when every leaf does).
std::string checkLeafBrushes(const bsp::BspData& d, int samples, unsigned seed);

/// Depth of the deepest leaf (root = 1).
int treeDepth(const bsp::BspData& d);

} // namespace cliplab::test
