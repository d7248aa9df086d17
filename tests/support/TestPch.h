#pragma once
/// \file TestPch.h
/// The headers nearly every test file includes, precompiled once for all test targets
/// (tests/CMakeLists.txt): GoogleTest and the standard library's most used parts.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <glm/glm.hpp>
