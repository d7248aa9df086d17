// The one table of semantics names (Trace.h): every row parses back to its value, the names are
// distinct, and the help and error texts list them all in table order.

#include "collision/Trace.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace cliplab::collision {
namespace {

TEST(SemanticsNames, EveryNameParsesBackToItsValue) {
    std::set<std::string_view> seen;
    for (size_t i = 0; i < kSemanticsNames.size(); ++i) {
        const SemanticsName& row = kSemanticsNames[i];
        EXPECT_EQ(static_cast<size_t>(row.value), i) << row.name; // rows in enum order
        EXPECT_EQ(std::string(semanticsName(row.value)), row.name);
        ASSERT_TRUE(parseSemantics(row.name).has_value()) << row.name;
        EXPECT_EQ(*parseSemantics(row.name), row.value);
        EXPECT_TRUE(seen.insert(row.name).second) << "duplicate name " << row.name;
    }
}

TEST(SemanticsNames, UnknownNamesAreRefused) {
    for (const char* bad : {"", "Quake3", "quake", "quake3 ", "robust\n", "doom"})
        EXPECT_FALSE(parseSemantics(bad).has_value()) << "'" << bad << "'";
    // A number outside the enum prints as the first name rather than reading past the table.
    EXPECT_EQ(std::string(semanticsName(static_cast<Semantics>(99))), "quake3");
}

TEST(SemanticsNames, HelpAndErrorTextsListTheTable) {
    EXPECT_EQ(semanticsNames(), "quake3|tutorial|robust|quake3e");
    EXPECT_EQ(semanticsNames(", "), "quake3, tutorial, robust, quake3e");
    EXPECT_EQ(semanticsChoice(), "quake3, tutorial, robust or quake3e");
}

} // namespace
} // namespace cliplab::collision
