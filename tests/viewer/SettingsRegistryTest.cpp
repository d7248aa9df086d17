// The settings registry walked through its three fronts: every setting is set by the panel's
// setter, carried through viewer.cfg into a fresh viewer, read and reset by the console, and read
// back by the panel; hostile values (NaN, infinities, out of range, wrong names) are refused by the
// console and viewer.cfg and kept in range by the setters. No window: panels write through the
// same setters their widgets call.

#include "viewer/ConsoleCommands.h"
#include "viewer/ViewerSettings.h"

#include "support/TestSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <memory>
#include <set>

using namespace cliplab;
using viewer::Setting;

namespace {

/// A viewer state with its console, as the viewer builds them (the host does nothing here).
struct Viewer : viewer::ConsoleHost {
    viewer::ViewerState st;
    console::Console con;
    Viewer() { viewer::addViewerCommands(con, st, *this); }
    std::optional<std::string> loadMap(const std::string&) override { return std::nullopt; }
    std::optional<std::string> openDemo(const std::string&) override { return std::nullopt; }
    void setClipboard(const std::string&) override {}
    void screenshot(const std::string&) override {}
    void quit() override {}
    Setting& setting(const std::string& key) { return *st.settings.findKey(key); }
};

/// "0" <-> "1" for the console names that mean the opposite (cm_noCurves).
std::string consoleText(const Setting& s, const std::string& text) {
    if (!s.info().consoleInverted)
        return text;
    return text == "1" ? "0" : text == "0" ? "1" : text;
}

/// A value of `d`'s kind other than its default, within its range.
double numberAwayFrom(double d, double lo, double hi, bool toward) {
    return toward ? d + (hi - d) * 0.5 : d + (lo - d) * 0.5;
}

/// Sets `s` to a value other than its default through the typed setter the panel's widget calls,
/// for every kind but text (whose panel front is the sidebar's headers).
void setByPanel(Setting& s, viewer::ViewerState& st) {
    using namespace viewer;
    if (auto* f = dynamic_cast<FlagSetting*>(&s))
        f->set(!f->defaultValue());
    else if (auto* w = dynamic_cast<WholeSetting*>(&s))
        w->set(w->defaultValue() < w->max() ? w->max() : w->min());
    else if (auto* n = dynamic_cast<NumberSetting*>(&s))
        // Box corners and other negative defaults move away from the other corner.
        n->set(float(numberAwayFrom(n->defaultValue(), n->min(), n->max(), n->defaultValue() >= 0.0)));
    else if (auto* v = dynamic_cast<VectorSetting*>(&s)) {
        glm::vec3 x = v->defaultValue();
        for (int i = 0; i < 3; ++i)
            x[i] = float(numberAwayFrom(x[i], v->min(), v->max(), x[i] >= 0.0f));
        v->set(x);
    } else if (auto* c = dynamic_cast<ChoiceSetting*>(&s))
        c->set((c->defaultValue() + 1) % int(c->names().size()));
    else if (auto* ns = dynamic_cast<NameSetSetting*>(&s))
        ns->set(ns->defaultValue() ^ 1u);
    else if (auto* m = dynamic_cast<MaskSetting*>(&s))
        m->set(bsp::contents::Solid | bsp::contents::Water);
    else if (dynamic_cast<TextSetting*>(&s)) {
        st.view.setSectionOpen("Map", false);
        st.view.setSectionOpen("Trace", true);
    }
}

/// The shortest text of a double as a float, for the hostile list.
/// A temporary folder that goes when the test ends.
struct TempDir {
    std::string path;
    explicit TempDir(const std::string& tag) : path(test::makeTempDir(tag)) {}
    ~TempDir() { std::filesystem::remove_all(path); }
};

std::string fileText(const std::string& path) {
    std::ifstream in(path);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

/// The shortest text of a double as a float, for the hostile list.
std::string floatTextOf(double v) {
    return viewer::floatText(static_cast<float>(v));
}

/// Hostile words for `s`'s kind: NaN, infinities, overflow, just out of range, wrong names.
std::vector<std::string> hostileWords(const Setting& s) {
    using namespace viewer;
    std::vector<std::string> out = {"nan", "-nan", "inf", "-inf", "1e39", "", "12abc"};
    if (auto* w = dynamic_cast<const WholeSetting*>(&s)) {
        out.push_back(std::to_string(w->min() - 1));
        out.push_back(std::to_string(w->max() + 1));
        out.push_back(std::to_string(w->min()) + ".5");
    } else if (auto* n = dynamic_cast<const NumberSetting*>(&s)) {
        out.push_back(floatTextOf(n->min() - std::max(1.0, std::fabs(n->min()) * 0.01)));
        out.push_back(floatTextOf(n->max() + std::max(1.0, std::fabs(n->max()) * 0.01)));
    } else if (auto* v = dynamic_cast<const VectorSetting*>(&s)) {
        out.insert(out.end(), {"1 2", "nan 0 0", "0 0 " + std::to_string(v->max() + 1.0f)});
    } else if (dynamic_cast<const FlagSetting*>(&s)) {
        out.insert(out.end(), {"2", "-1", "yes", "0.5"});
    } else if (auto* c = dynamic_cast<const ChoiceSetting*>(&s)) {
        out.insert(out.end(), {"nosuch", c->names().front() + "x", std::to_string(c->names().size()), "-1"});
    } else if (auto* ns = dynamic_cast<const NameSetSetting*>(&s)) {
        out.insert(out.end(), {"nosuch", ns->names().front() + "|nosuch", "|"});
    } else if (dynamic_cast<const MaskSetting*>(&s)) {
        out.insert(out.end(), {"NOSUCH", "SOLID|", "1.5", "99999999999"});
    } else {
        out.insert(out.end(), {"Map:2", ":1", "Map"});
    }
    return out;
}

} // namespace

TEST(SettingsRegistry, EverySettingHasOneKeyOneNameADocAndAValidDefault) {
    Viewer v;
    std::set<std::string> keys, names;
    for (const Setting* s : v.st.settings.all()) {
        const auto& i = s->info();
        SCOPED_TRACE(i.key);
        EXPECT_TRUE(keys.insert(i.key).second) << "two settings with key " << i.key;
        EXPECT_TRUE(names.insert(i.name).second) << "two settings with name " << i.name;
        for (const std::string& alias : i.aliases)
            EXPECT_TRUE(names.insert(alias).second) << "alias " << alias;
        EXPECT_FALSE(i.doc.empty());
        EXPECT_FALSE(s->range().empty());
        EXPECT_EQ(s->text(), s->defaultText()) << "a fresh viewer holds the defaults";
        ASSERT_NE(v.con.variable(i.name), nullptr) << "every setting is a console variable";
        EXPECT_EQ(v.st.settings.find(i.name), s);
        EXPECT_EQ(v.st.settings.findKey(i.key), s);
    }
    // Today's console names and viewer.cfg keys still name settings.
    for (const char* name : {"g_gravity",      "g_speed",
                             "pmove_msec",     "tickRate",
                             "cm_noCurves",    "cm_playerCurveClip",
                             "trace_epsilon",  "trace_semantics",
                             "trace_mask",     "trace_shape",
                             "trace_mins",     "trace_maxs",
                             "trace_radius",   "trace_halfHeight",
                             "trace_method",   "trace_bevels",
                             "r_brushes",      "r_bevels",
                             "r_markerLabels", "r_surfaceClasses",
                             "r_hull",         "r_padArcs",
                             "r_snags",        "r_reach",
                             "r_prediction",   "gravity",
                             "stepHeight",     "minsx",
                             "preset"})
        EXPECT_NE(v.st.settings.find(name), nullptr) << name;
    for (const char* key :
         {"trace.shape",         "trace.curves",      "trace.epsilon",       "trace.semantics",
          "trace.mask",          "trace.method",      "trace.bevels",        "trace.radius",
          "movement.preset",     "movement.method",   "movement.stepLength", "movement.tickRate",
          "render.view",         "render.patchLevel", "render.vsync",        "render.models",
          "render.fov",          "ui.sections",       "view.chase",          "view.chaseDistance",
          "movement.leaveWorld", "vis.ticksShown"}) {
        ASSERT_NE(v.st.settings.findKey(key), nullptr) << key;
        EXPECT_TRUE(v.st.settings.findKey(key)->info().archived) << key << " was saved before";
    }
}

TEST(SettingsRegistry, EverySettingGoesThroughPanelFileAndConsoleAndBack) {
    const TempDir dir("settings-walk");
    const std::string path = dir.path + "/viewer.cfg";
    const std::vector<std::string> keys = [] {
        Viewer v;
        std::vector<std::string> out;
        for (const Setting* s : v.st.settings.all())
            out.push_back(s->info().key);
        return out;
    }();
    for (const std::string& key : keys) {
        SCOPED_TRACE(key);
        // The panel's setter: a value other than the default, and the listeners hear it.
        Viewer a;
        Setting& sa = a.setting(key);
        int heard = 0;
        a.st.settings.setListener([&](const Setting& s) { heard += &s == &sa; });
        setByPanel(sa, a.st);
        const std::string value = sa.text();
        ASSERT_NE(value, sa.defaultText());
        EXPECT_EQ(sa.modified(), key == "ui.sections" ? 0 : 1);
        EXPECT_EQ(heard, sa.modified());
        // viewer.cfg: the archived settings are written; any setting's line is read.
        ASSERT_TRUE(viewer::saveSettings(path, a.st));
        const bool written = fileText(path).find("\n" + key + " = ") != std::string::npos;
        EXPECT_EQ(written, sa.info().archived);
        if (!written)
            test::writeFile(path, key + " = " + value + "\n");
        Viewer b;
        Setting& sb = b.setting(key);
        EXPECT_GE(viewer::loadSettings(path, b.st), 1) << fileText(path);
        EXPECT_EQ(sb.text(), value);
        // The console reads it, and puts the default back.
        const std::string name = sb.info().name;
        EXPECT_EQ(b.con.variable(name)->get(), consoleText(sb, value));
        const auto reply = b.con.execute(name + " " + console::quoteWord(consoleText(sb, sb.defaultText())));
        if (key != "ui.sections") { // no console text for "nothing open"
            EXPECT_TRUE(reply.error.empty()) << reply.error;
            EXPECT_EQ(sb.text(), sb.defaultText());
        }
    }
}

TEST(SettingsRegistry, HostileValuesAreRefusedByTheConsoleAndTheFile) {
    const TempDir dir("settings-hostile");
    const std::string path = dir.path + "/viewer.cfg";
    Viewer v;
    for (Setting* s : v.st.settings.all()) {
        SCOPED_TRACE(s->info().key);
        for (const std::string& word : hostileWords(*s)) {
            const std::string before = s->text();
            const int errors = v.con.errors();
            v.con.execute(s->info().name + " " + console::quoteWord(consoleText(*s, word)));
            EXPECT_EQ(v.con.errors(), errors + 1) << "the console took '" << word << "'";
            EXPECT_EQ(s->text(), before) << "'" << word << "'";
            test::writeFile(path, s->info().key + " = " + word + "\n");
            // A choice's whole index is what files written before the names hold: only those in range read.
            EXPECT_EQ(viewer::loadSettings(path, v.st), 0) << "viewer.cfg took '" << word << "'";
            EXPECT_EQ(s->text(), before) << "'" << word << "'";
        }
    }
}

TEST(SettingsRegistry, SettersKeepEveryValueInItsRange) {
    using namespace viewer;
    constexpr double nan = std::numeric_limits<double>::quiet_NaN(),
                     inf = std::numeric_limits<double>::infinity();
    const std::vector<std::string> keys = [] {
        Viewer v;
        std::vector<std::string> out;
        for (const Setting* s : v.st.settings.all())
            out.push_back(s->info().key);
        return out;
    }();
    for (const std::string& key : keys) {
        SCOPED_TRACE(key);
        Viewer v; // a fresh one each: the player box's corners move each other (never inverted)
        Setting* s = &v.setting(key);
        if (auto* n = dynamic_cast<NumberSetting*>(s)) {
            n->set(nan);
            EXPECT_EQ(n->value(), double(float(n->defaultValue())));
            for (const double hostile : {inf, -inf, n->max() * 2.0 + 1.0, n->min() * 2.0 - 1.0}) {
                n->set(hostile);
                EXPECT_TRUE(n->value() >= n->min() && n->value() <= n->max())
                    << hostile << " -> " << n->value();
            }
        } else if (auto* w = dynamic_cast<WholeSetting*>(s)) {
            w->set(w->max() + 1000);
            EXPECT_EQ(w->value(), w->max());
            w->set(w->min() - 1000);
            EXPECT_EQ(w->value(), w->min());
        } else if (auto* vec = dynamic_cast<VectorSetting*>(s)) {
            vec->set(glm::vec3(float(nan), float(inf), -float(inf)));
            EXPECT_EQ(vec->value(), glm::vec3(vec->defaultValue().x, vec->max(), vec->min()));
        } else if (auto* c = dynamic_cast<ChoiceSetting*>(s)) {
            for (int bad : {-1, int(c->names().size()), 1000}) {
                c->set(bad);
                EXPECT_EQ(c->value(), c->defaultValue()) << bad;
            }
        } else if (auto* ns = dynamic_cast<NameSetSetting*>(s)) {
            ns->set(~0u);
            EXPECT_EQ(ns->value(), ns->all());
        } else if (auto* m = dynamic_cast<MaskSetting*>(s)) {
            m->set(-1);
            EXPECT_TRUE(m->value() == -1 || m->value() == INT32_MAX) << m->value();
        }
        EXPECT_TRUE(movement::inRange(v.st.session.movement())) << "the player box inverted";
    }
}

TEST(SettingsRegistry, TheViewerDocsListEverySetting) {
    // docs/viewer.md's Settings table is the registry's: a setting added or renamed shows there.
    const std::string docs = fileText(std::string(CLIPLAB_SOURCE_DIR) + "/docs/viewer.md");
    ASSERT_FALSE(docs.empty());
    Viewer v;
    for (const Setting* s : v.st.settings.all()) {
        EXPECT_NE(docs.find("| `" + s->info().name + "`"), std::string::npos) << s->info().name;
        EXPECT_NE(docs.find("`" + s->info().key + "`" + (s->info().archived ? " (saved)" : "")),
                  std::string::npos)
            << s->info().key;
    }
}
