#pragma once
/// \file ModelScene.h
/// The MD3 models a map shows (items, unbaked misc_models): loaded once through the file system,
/// posed at a time and turned into world-space triangles lit from the light grid, ready for the
/// renderer's dynamic buffer. No graphics API here.

#include "fs/FileSystem.h"
#include "items/Placement.h"
#include "items/Pose.h"
#include "md3/Md3.h"
#include "scene/Deform.h"
#include "scene/LightGrid.h"
#include "scene/WorldMesh.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cliplab::scene {

/// One surface of a loaded model: frame 0 in model space.
struct ModelSurface {
    std::string shader;               ///< Lower-case, backslashes turned to slashes, extension kept.
    std::vector<MeshVertex> vertices; ///< Positions and unit normals in model space; white.
    std::vector<uint32_t> indices;    ///< Triangles, into `vertices`.
};

/// A loaded model.
struct SceneModel {
    std::string path;
    glm::vec3 mins{0.0f}, maxs{0.0f};  ///< Frame 0 bounds (units, model space).
    std::optional<md3::Tag> barrelTag; ///< Frame 0 "tag_barrel", when the model has one.
    std::vector<ModelSurface> surfaces;
};

/// One model to draw this frame.
struct PosedModel {
    int32_t model = -1;     ///< Index in ModelScene::models().
    int32_t placement = -1; ///< Index in ModelScene::placements().
    glm::vec3 origin{0.0f};
    std::array<glm::vec3, 3> axis{}; ///< Model axes in the world, scale included.
};

/// The entities drawn as models.
class ModelScene {
public:
    /// Loads what `placements` need through `vfs` (null: nothing loads). A missing or malformed
    /// model is named once in warnings() and the placements using it are not drawn; a missing
    /// second model or barrel is not drawn either (the game skips them quietly).
    ModelScene(std::vector<items::Placement> placements, const fs::FileSystem* vfs);

    const std::vector<items::Placement>& placements() const { return m_placements; }
    const std::vector<SceneModel>& models() const { return m_models; }
    const std::vector<std::string>& warnings() const { return m_warnings; }

    /// Every model of every drawable placement at `seconds`, as items::poses() places them.
    std::vector<PosedModel> pose(double seconds) const;

    /// World-space bounds of a posed model (conservative: the frame's bounds turned and scaled).
    void bounds(const PosedModel& posed, glm::vec3& mins, glm::vec3& maxs) const;

private:
    struct Parts {
        int32_t main = -1, barrel = -1, second = -1;
    };
    int32_t load(const std::string& path, const fs::FileSystem* vfs, bool quiet);

    std::vector<items::Placement> m_placements;
    std::vector<Parts> m_parts; ///< Per placement.
    std::vector<SceneModel> m_models;
    std::map<std::string, int32_t> m_index; ///< Path -> model index, -1 when it did not load.
    std::vector<std::string> m_warnings;
};

/// Appends `surface` posed as `posed` to `vertices`/`indices`: the deforms are applied in model
/// space (the viewer `view`, given in world space, is carried there), then each vertex is moved into
/// the world and gets the diffuse light of `light` as its colour (alpha 255).
void appendPosedSurface(const ModelSurface& surface, const PosedModel& posed, const EntityLight& light,
                        std::span<const shader::Deform> deforms, double seconds, const DeformView& view,
                        std::vector<MeshVertex>& vertices, std::vector<uint32_t>& indices);

} // namespace cliplab::scene
