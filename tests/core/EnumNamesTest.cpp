// Names tables beside enums (core/EnumNames.h): the helpers every parser and printer uses, and the
// engine's tables themselves: in enum order, every name distinct and read back to its value.

#include "core/EnumNames.h"

#include "collision/Trace.h"
#include "movement/Settings.h"
#include "render/Renderer.h"
#include "tracing/Tracing.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace cliplab;

namespace {

enum class Fruit { Apple, Pear, Plum };
constexpr std::array<core::EnumName<Fruit>, 3> kFruitNames{{
    {Fruit::Apple, "apple"},
    {Fruit::Pear, "pear"},
    {Fruit::Plum, "plum"},
}};

/// Every row of `table` names a distinct value in enum order and reads back.
template <typename Table> void expectWellFormed(const Table& table, const char* what) {
    SCOPED_TRACE(what);
    EXPECT_TRUE(core::inEnumOrder(table));
    std::set<std::string_view> names;
    for (const auto& row : table) {
        EXPECT_FALSE(row.name.empty());
        EXPECT_TRUE(names.insert(row.name).second) << "duplicate " << row.name;
        EXPECT_EQ(core::valueOf(table, row.name), row.value) << row.name;
        EXPECT_EQ(core::nameOf(table, row.value), row.name);
        EXPECT_EQ(row.name.data()[row.name.size()], '\0') << "names are literals: " << row.name;
    }
}

} // namespace

TEST(EnumNames, HelpersReadTheTable) {
    EXPECT_EQ(core::nameOf(kFruitNames, Fruit::Pear), "pear");
    EXPECT_EQ(core::nameOf(kFruitNames, static_cast<Fruit>(9)), "?");
    EXPECT_EQ(core::nameOf(kFruitNames, static_cast<Fruit>(-1), "apple"), "apple");
    EXPECT_EQ(core::valueOf(kFruitNames, "plum"), Fruit::Plum);
    for (const char* bad : {"", "Plum", "plum ", "plums", "?"})
        EXPECT_FALSE(core::valueOf(kFruitNames, bad)) << "'" << bad << "'";
    EXPECT_EQ(core::joinNames(kFruitNames), "apple|pear|plum");
    EXPECT_EQ(core::joinNames(kFruitNames, ", "), "apple, pear, plum");
    EXPECT_EQ(core::choiceText(kFruitNames), "apple, pear or plum");
    constexpr std::array<core::EnumName<Fruit>, 2> swapped{{{Fruit::Pear, "pear"}, {Fruit::Apple, "apple"}}};
    EXPECT_FALSE(core::inEnumOrder(swapped));
}

TEST(EnumNames, EngineTablesAreWellFormed) {
    expectWellFormed(collision::kShapeNames, "shape kinds");
    expectWellFormed(collision::kSemanticsNames, "semantics");
    expectWellFormed(movement::kPresetNames, "presets");
    expectWellFormed(movement::kMethodNames, "movement methods");
    expectWellFormed(movement::kModeNames, "modes");
    expectWellFormed(render::kViewModeNames, "view modes");
    expectWellFormed(tracing::kTraceMethodNames, "trace methods");
    EXPECT_EQ(core::choiceText(collision::kShapeNames), "ray, box, sphere, capsule or cylinder");
    EXPECT_EQ(core::choiceText(movement::kPresetNames), "melax or quake3");
}
