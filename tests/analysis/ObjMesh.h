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

/// A plane: a distinct one of an object's triangles (triangles of one face share it), or one the
/// game's trace tests.
struct ObjPlane {
    glm::dvec3 normal{0.0};
    double dist = 0.0;
    bool back = false; ///< The back face of a patch facet.
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

/// Quake 3's brush test on `planes` (in the game's order), in double: the fraction where a box
/// trace of the segment stops at the polyhedron behind them with distance `epsilon` kept, or
/// nullopt when it passes. With `facet`, the patch rules: a stop on a back plane does not count
/// and a start inside is no hit. The planes must be all those the game tests, not only the ones
/// that bound a face: a plane touching the polyhedron along an edge changes the result too.
std::optional<double> epsilonRuleStop(const std::vector<ObjPlane>& planes, const glm::dvec3& start,
                                      const glm::dvec3& end, double epsilon, bool facet);

/// Largest signed distance of `p` from `planes` (units; > 0 outside).
double outsideDistance(const std::vector<ObjPlane>& planes, const glm::dvec3& p);

/// How far the object's mesh strays from the convex polyhedron behind `planes` (units): the
/// largest of each vertex's distance in front of any plane and each triangle's distance from the
/// plane it lies on best (the farthest of its corners; triangles in group "back" only on back
/// planes). Zero when every triangle lies on one of the planes and no vertex is in front of any.
double meshOffPlanes(const ObjObject& object, const std::vector<ObjPlane>& planes);

/// Edges of the object's triangles that no other triangle runs along the other way (vertices
/// compared by position): zero for a closed mesh wound consistently.
size_t unpairedEdges(const ObjObject& object);

/// Signed volume enclosed by the triangles (cubic units).
double objVolume(const ObjObject& object);

} // namespace cliplab::test
