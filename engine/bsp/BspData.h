#pragma once
/// \file BspData.h
/// Quake 3 IBSP version 46 map data as plain typed arrays, one per lump. This is the in-memory
/// form of a .bsp file after bsp::load() has validated it (or after mapc has compiled it): every
/// index in it is in range, so consumers may index without further checks.

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace cliplab::bsp {

/// "IBSP" read as a little-endian 32-bit integer.
inline constexpr uint32_t kMagic = 0x50534249;
/// The only version this loader accepts (Quake 3 Arena, Team Arena, OpenArena).
inline constexpr int32_t kVersion = 46;

/// Lump indices in the header, in file order.
enum class Lump : int {
    Entities = 0,
    Shaders,
    Planes,
    Nodes,
    Leafs,
    LeafSurfaces,
    LeafBrushes,
    Models,
    Brushes,
    BrushSides,
    DrawVerts,
    DrawIndexes,
    Fogs,
    Surfaces,
    Lightmaps,
    LightGrid,
    Visibility,
};
inline constexpr int kLumpCount = 17;

/// Lower-case lump name as used in error messages ("planes", "brush sides"...).
const char* lumpName(Lump lump);

/// Size of one on-disk record of `lump` (bytes); 1 for the entity and visibility lumps.
size_t lumpRecordSize(Lump lump);

/// Contents flags (Quake 3 surfaceflags.h values).
namespace contents {
inline constexpr int32_t Solid = 1;
inline constexpr int32_t Lava = 8;
inline constexpr int32_t Slime = 16;
inline constexpr int32_t Water = 32;
inline constexpr int32_t Fog = 64;
inline constexpr int32_t NotTeam1 = 0x80;
inline constexpr int32_t NotTeam2 = 0x100;
inline constexpr int32_t NoBotClip = 0x200;
inline constexpr int32_t AreaPortal = 0x8000;
inline constexpr int32_t PlayerClip = 0x10000;
inline constexpr int32_t MonsterClip = 0x20000;
inline constexpr int32_t Teleporter = 0x40000;
inline constexpr int32_t JumpPad = 0x80000;
inline constexpr int32_t ClusterPortal = 0x100000;
inline constexpr int32_t DoNotEnter = 0x200000;
inline constexpr int32_t BotClip = 0x400000;
inline constexpr int32_t Mover = 0x800000;
inline constexpr int32_t Origin = 0x1000000;
inline constexpr int32_t Body = 0x2000000;
inline constexpr int32_t Corpse = 0x4000000;
inline constexpr int32_t Detail = 0x8000000;
inline constexpr int32_t Structural = 0x10000000;
inline constexpr int32_t Translucent = 0x20000000;
inline constexpr int32_t Trigger = 0x40000000;
inline constexpr int32_t NoDrop = static_cast<int32_t>(0x80000000u);
/// What blocks a player: SOLID | PLAYERCLIP | BODY (33619969).
inline constexpr int32_t MaskPlayerSolid = Solid | PlayerClip | Body;
} // namespace contents

/// Surface flags (Quake 3 surfaceflags.h values).
namespace surf {
inline constexpr int32_t NoDamage = 0x1;
inline constexpr int32_t Slick = 0x2;
inline constexpr int32_t Sky = 0x4;
inline constexpr int32_t Ladder = 0x8;
inline constexpr int32_t NoImpact = 0x10;
inline constexpr int32_t NoMarks = 0x20;
inline constexpr int32_t Flesh = 0x40;
inline constexpr int32_t NoDraw = 0x80;
inline constexpr int32_t Hint = 0x100;
inline constexpr int32_t Skip = 0x200;
inline constexpr int32_t NoLightmap = 0x400;
inline constexpr int32_t PointLight = 0x800;
inline constexpr int32_t MetalSteps = 0x1000;
inline constexpr int32_t NoSteps = 0x2000;
inline constexpr int32_t NonSolid = 0x4000;
inline constexpr int32_t LightFilter = 0x8000;
inline constexpr int32_t AlphaShadow = 0x10000;
inline constexpr int32_t NoDlight = 0x20000;
inline constexpr int32_t Dust = 0x40000;
} // namespace surf

/// One shader (texture) reference: name without extension, plus its collision properties.
struct Shader {
    std::string name;         ///< e.g. "textures/base_wall/concrete"; at most 63 characters.
    int32_t surfaceFlags = 0; ///< surf:: bits.
    int32_t contents = 0;     ///< contents:: bits.
};

/// A plane n.x = dist. q3map stores planes in pairs: 2k and 2k+1 are opposites.
struct Plane {
    glm::vec3 normal{0.0f}; ///< Unit normal.
    float dist = 0.0f;      ///< Distance from the origin along the normal (units).
};

/// A BSP node. A child >= 0 is a node index; a child < 0 is the leaf index -(child + 1).
struct Node {
    int32_t plane = 0;
    std::array<int32_t, 2> children{}; ///< [0] front (n.x >= dist), [1] back.
    glm::ivec3 mins{0}, maxs{0};       ///< Integer bounds, for culling.
};

/// A BSP leaf: a convex cell with the surfaces and brushes that touch it.
struct Leaf {
    int32_t cluster = -1; ///< Visibility cluster, -1 = outside the map (opaque).
    int32_t area = 0;
    glm::ivec3 mins{0}, maxs{0};
    int32_t firstLeafSurface = 0, numLeafSurfaces = 0; ///< Range in leafSurfaces.
    int32_t firstLeafBrush = 0, numLeafBrushes = 0;    ///< Range in leafBrushes.
};

/// A model: 0 is the world, the others are brush entities (`*1`, `*2`...).
struct Model {
    glm::vec3 mins{0.0f}, maxs{0.0f};
    int32_t firstSurface = 0, numSurfaces = 0;
    int32_t firstBrush = 0, numBrushes = 0;
};

/// A convex brush: the intersection of the back half-spaces of its sides.
struct Brush {
    int32_t firstSide = 0, numSides = 0; ///< Range in brushSides.
    int32_t shader = 0;                  ///< Gives the brush's contents.
};

/// One bounding plane of a brush.
struct BrushSide {
    int32_t plane = 0;
    int32_t shader = 0; ///< Gives the side's surface flags.
};

/// A render vertex.
struct DrawVert {
    glm::vec3 xyz{0.0f};
    glm::vec2 st{0.0f};       ///< Texture coordinates.
    glm::vec2 lightmap{0.0f}; ///< Lightmap coordinates.
    glm::vec3 normal{0.0f};
    std::array<uint8_t, 4> color{255, 255, 255, 255};
};

/// A fog volume.
struct Fog {
    std::string name;
    int32_t brush = 0;
    int32_t visibleSide = -1; ///< Side index within the brush, -1 = none.
};

/// Surface types.
enum class SurfaceType : int32_t { Bad = 0, Planar = 1, Patch = 2, TriangleSoup = 3, Flare = 4 };

/// Lightmap numbers below zero have special meanings.
inline constexpr int32_t kLightmapByVertex = -3;
inline constexpr int32_t kLightmapWhiteImage = -2;
inline constexpr int32_t kLightmapNone = -1;

/// A draw surface (face).
struct Surface {
    int32_t shader = 0;
    int32_t fog = -1;
    SurfaceType type = SurfaceType::Planar;
    int32_t firstVert = 0, numVerts = 0;    ///< Range in drawVerts.
    int32_t firstIndex = 0, numIndexes = 0; ///< Range in drawIndexes (values relative to firstVert).
    int32_t lightmapNum = kLightmapNone;
    int32_t lightmapX = 0, lightmapY = 0, lightmapWidth = 0, lightmapHeight = 0;
    glm::vec3 lightmapOrigin{0.0f};
    std::array<glm::vec3, 3> lightmapVecs{}; ///< [2] is the face normal for planar surfaces.
    int32_t patchWidth = 0, patchHeight = 0; ///< Control grid size for patches.
};

/// Size of one lightmap in the lump: 128 x 128 RGB.
inline constexpr size_t kLightmapSize = 128;
inline constexpr size_t kLightmapBytes = kLightmapSize * kLightmapSize * 3;

/// Potentially visible sets: one bit row per cluster.
struct Visibility {
    int32_t numClusters = 0;
    int32_t bytesPerCluster = 0;
    std::vector<uint8_t> bits; ///< numClusters * bytesPerCluster bytes.

    /// True when cluster `to` may be seen from cluster `from`. A negative cluster sees nothing; a map
    /// without visibility data (numClusters 0) sees everything, as in the game.
    bool visible(int32_t from, int32_t to) const {
        if (from < 0 || to < 0 || from >= numClusters || to >= numClusters)
            return numClusters == 0 && from >= 0 && to >= 0;
        return (bits[static_cast<size_t>(from) * static_cast<size_t>(bytesPerCluster) +
                     static_cast<size_t>(to >> 3)] >>
                (to & 7)) &
               1;
    }
};

/// A whole map, lump by lump.
struct BspData {
    std::string name;     ///< Where it came from (file path or VFS path), for messages.
    std::string entities; ///< The entity lump text (without the trailing NUL).
    std::vector<Shader> shaders;
    std::vector<Plane> planes;
    std::vector<Node> nodes;
    std::vector<Leaf> leafs;
    std::vector<int32_t> leafSurfaces;
    std::vector<int32_t> leafBrushes;
    std::vector<Model> models;
    std::vector<Brush> brushes;
    std::vector<BrushSide> brushSides;
    std::vector<DrawVert> drawVerts;
    std::vector<int32_t> drawIndexes;
    std::vector<Fog> fogs;
    std::vector<Surface> surfaces;
    std::vector<uint8_t> lightmaps; ///< numLightmaps() * kLightmapBytes bytes, RGB.
    std::vector<uint8_t> lightGrid; ///< Raw light grid, 8 bytes per cell.
    Visibility visibility;
    /// Harmless inconsistencies the loader repaired, one line each (e.g. a surface naming a fog
    /// the map does not have, which q3map2 writes and the game ignores).
    std::vector<std::string> repairs;

    int32_t numLightmaps() const { return static_cast<int32_t>(lightmaps.size() / kLightmapBytes); }
};

} // namespace cliplab::bsp

namespace cliplab::bsp {

/// Record count and serialised size of one lump.
struct LumpSize {
    size_t count = 0; ///< Records (entities: characters; visibility: clusters; lightmaps: 128x128 maps).
    size_t bytes = 0; ///< Size on disk as bsp::write() lays it out, without alignment padding.
};

/// Sizes of every lump of `data`, indexed by Lump.
std::array<LumpSize, kLumpCount> lumpSizes(const BspData& data);

} // namespace cliplab::bsp
