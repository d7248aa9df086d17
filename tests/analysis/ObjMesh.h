#pragma once
/// \file ObjMesh.h
/// Reading back what `cliplab hull` writes, and what a segment meets in it: the test's own
/// geometry, independent of the engine's trace.

#include <glm/vec3.hpp>

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::test {

/// One triangle of an object, with its plane (from its corners).
struct ObjTriangle {
    glm::dvec3 a{0.0}, b{0.0}, c{0.0};
    glm::dvec3 normal{0.0}; ///< Unit, from (b - a) x (c - a).
    double dist = 0.0;      ///< normal . a.
    bool back = false;      ///< In group "back" (a patch facet's back face).
};

/// A distinct plane of an object (triangles of one face share it).
struct ObjPlane {
    glm::dvec3 normal{0.0};
    double dist = 0.0;
    bool back = false;
};

/// One `o` object.
struct ObjObject {
    std::string name;
    std::vector<ObjTriangle> triangles;
    std::vector<ObjPlane> planes; ///< Triangles' planes merged (normals within 1e-6, distances within 1e-3).
};

/// Parses OBJ text (v, f with 3 indices, o, g, comments); nullopt with `error` set on anything else.
std::optional<std::vector<ObjObject>> parseObj(const std::string& text, std::string& error);

/// Where the segment start + t (end - start), t in [0, 1], first crosses a triangle of `object`
/// from its outside (the triangle facing against the segment).
struct ObjEntry {
    double t = 0.0;
    bool back = false; ///< The triangle is in group "back".
};
std::optional<ObjEntry> firstEntry(const ObjObject& object, const glm::dvec3& start, const glm::dvec3& end);

/// Quake 3's brush test on the object's planes, in double: the fraction where a box trace of the
/// segment stops at this object with distance `epsilon` kept, or nullopt when it passes. With
/// `facet`, the patch rules: a stop on a back plane does not count and a start inside is no hit.
std::optional<double> epsilonRuleStop(const ObjObject& object, const glm::dvec3& start, const glm::dvec3& end,
                                      double epsilon, bool facet);

/// Largest signed distance of `p` from the object's planes (units; > 0 outside).
double outsideDistance(const ObjObject& object, const glm::dvec3& p);

/// Signed volume enclosed by the triangles (cubic units).
double objVolume(const ObjObject& object);

} // namespace cliplab::test
