#include "fs/FileSystem.h"
#include "bsp/BspFile.h"
#include "support/TestSupport.h"
#include "world/MapLoader.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

using namespace cliplab;

namespace {

std::vector<uint8_t> bytesOf(const std::string& s) {
    return {s.begin(), s.end()};
}
std::string textOf(const std::vector<uint8_t>& b) {
    return {b.begin(), b.end()};
}

} // namespace

TEST(FileSystem, Pk3sLoadAlphabeticallyAndLooseFilesWin) {
    const std::string base = test::makeTempDir("fs");
    // Written in non-alphabetical order on purpose.
    test::writeFile(base + "/zz.pk3",
                    test::makeZip({{"a.txt", bytesOf("zz")}, {"maps/two.bsp", bytesOf("2")}}));
    test::writeFile(base + "/aa.pk3", test::makeZip({{"a.txt", bytesOf("aa")},
                                                     {"b.txt", bytesOf("aa")},
                                                     {"maps/one.bsp", bytesOf("1")},
                                                     {"c.txt", bytesOf("aa")}}));
    test::writeFile(base + "/mm.PK3", test::makeZip({{"b.txt", bytesOf("mm")}}));
    test::writeFile(base + "/c.txt", std::string("loose"));
    test::writeFile(base + "/maps/three.bsp", std::string("3"));

    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok()) << vfs.error().message;
    ASSERT_TRUE(vfs.value()->mountBaseDirectory(base).ok());
    EXPECT_EQ(textOf(vfs.value()->readFile("a.txt").value()), "zz"); // last pk3 wins
    EXPECT_EQ(textOf(vfs.value()->readFile("b.txt").value()), "mm");
    EXPECT_EQ(textOf(vfs.value()->readFile("c.txt").value()), "loose"); // loose over pk3
    EXPECT_EQ(vfs.value()->listMaps(), (std::vector<std::string>{"one", "three", "two"}));
    EXPECT_EQ(vfs.value()->mounts().size(), 4u);
    std::filesystem::remove_all(base);
}

TEST(FileSystem, OnlyOneAtATime) {
    auto first = fs::FileSystem::create();
    ASSERT_TRUE(first.ok());
    auto second = fs::FileSystem::create();
    ASSERT_FALSE(second.ok());
    EXPECT_NE(second.error().message.find("already alive"), std::string::npos);
}

TEST(FileSystem, MissingFileAndDirectoryErrorsNameThePath) {
    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok());
    auto missing = vfs.value()->readFile("maps/nothing.bsp");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message.rfind("maps/nothing.bsp: cannot open", 0), 0u)
        << missing.error().message;
    auto dir = vfs.value()->mountBaseDirectory("/no/such/dir");
    ASSERT_FALSE(dir.ok());
    EXPECT_EQ(dir.error().message, "/no/such/dir: base directory does not exist");
}

TEST(FileSystem, CorruptArchiveIsRefused) {
    const std::string base = test::makeTempDir("fsbad");
    test::writeFile(base + "/broken.pk3", std::string("PK\x03\x04 this is not a zip"));
    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok());
    auto s = vfs.value()->mountBaseDirectory(base);
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().message.rfind(base + "/broken.pk3: cannot mount archive", 0), 0u)
        << s.error().message;
    auto mem = vfs.value()->mountArchiveBytes(bytesOf("garbage bytes"), "mem.pk3");
    ASSERT_FALSE(mem.ok());
    EXPECT_EQ(mem.error().message.rfind("mem.pk3: cannot mount archive", 0), 0u) << mem.error().message;
    std::filesystem::remove_all(base);
}

TEST(FileSystem, ArchiveFromMemory) {
    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok());
    ASSERT_TRUE(
        vfs.value()->mountArchiveBytes(test::makeZip({{"maps/m.bsp", bytesOf("x")}}), "mem.pk3").ok());
    EXPECT_TRUE(vfs.value()->exists("maps/m.bsp"));
    EXPECT_EQ(vfs.value()->listFiles("maps", ".bsp"), std::vector<std::string>{"maps/m.bsp"});
}

TEST(FileSystem, BasePathFromEnvironmentReplacesDefaults) {
    const std::string base = test::makeTempDir("fsenv");
    setenv("CLIPLAB_BASEPATH", (base + ":/no/such/dir").c_str(), 1);
    EXPECT_EQ(fs::defaultBaseDirectories(), std::vector<std::string>{base});
    unsetenv("CLIPLAB_BASEPATH");
    std::filesystem::remove_all(base);
}

TEST(FileSystem, FuzzFoundHugeEntryArchiveReadsCleanly) {
    // Regression for what fuzz_pk3 found: a zip entry claiming 2 GB made readFile() allocate it.
    // Every file in that archive now either reads or gives an error, and the huge one is refused
    // by size before any allocation.
    std::ifstream in(test::dataPath("fs/fuzz-oom-huge-entry.pk3"), std::ios::binary);
    std::vector<uint8_t> zip((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_FALSE(zip.empty());
    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok());
    // The archive itself is well-formed (only an entry's size lies), so it must mount.
    ASSERT_TRUE(vfs.value()->mountArchiveBytes(zip, "oom.pk3").ok());
    size_t refused = 0;
    for (const std::string& dir : {std::string(), std::string("maps")})
        for (const std::string& path : vfs.value()->listFiles(dir, ""))
            if (auto r = vfs.value()->readFile(path); !r.ok())
                refused += r.error().message.find("file too large") != std::string::npos;
    EXPECT_GE(refused, 1u);
}

TEST(FileSystem, BaseDirectoryOnDemandMountsAtTheFirstLookup) {
    const std::string base = test::makeTempDir("fslazy");
    test::writeFile(base + "/aa.pk3",
                    test::makeZip({{"maps/one.bsp", bytesOf("1")}, {"a.txt", bytesOf("aa")}}));
    test::writeFile(base + "/zz.pk3", test::makeZip({{"a.txt", bytesOf("zz")}}));
    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok());
    ASSERT_TRUE(vfs.value()->mountBaseDirectoryOnDemand(base).ok());
    EXPECT_TRUE(vfs.value()->hasDeferredMounts());
    // A map given as a file path is read from disk: the archives stay unmounted.
    const std::string cube = base + "/cube.bsp";
    test::writeFile(cube, bsp::write(test::makeCubeMap()));
    ASSERT_TRUE(world::loadMap(cube, vfs.value().get()).ok());
    EXPECT_TRUE(vfs.value()->hasDeferredMounts());
    // The first lookup mounts everything, in Quake 3's order.
    EXPECT_EQ(textOf(vfs.value()->readFile("a.txt").value()), "zz");
    EXPECT_FALSE(vfs.value()->hasDeferredMounts());
    EXPECT_EQ(vfs.value()->mounts().size(), 3u);
    // A later explicit mount still goes on top.
    ASSERT_TRUE(vfs.value()->mountArchiveBytes(test::makeZip({{"a.txt", bytesOf("mem")}}), "mem.pk3").ok());
    EXPECT_EQ(textOf(vfs.value()->readFile("a.txt").value()), "mem");
    auto missingDir = vfs.value()->mountBaseDirectoryOnDemand("/no/such/dir");
    ASSERT_FALSE(missingDir.ok());
    EXPECT_EQ(missingDir.error().message, "/no/such/dir: base directory does not exist");
    std::filesystem::remove_all(base);
}

TEST(FileSystem, CorruptArchiveOnDemandIsReportedByTheLookups) {
    const std::string base = test::makeTempDir("fslazybad");
    test::writeFile(base + "/broken.pk3", std::string("PK\x03\x04 this is not a zip"));
    auto vfs = fs::FileSystem::create();
    ASSERT_TRUE(vfs.ok());
    ASSERT_TRUE(vfs.value()->mountBaseDirectoryOnDemand(base).ok());
    auto s = vfs.value()->ensureMounted();
    ASSERT_FALSE(s.ok());
    EXPECT_EQ(s.error().message.rfind(base + "/broken.pk3: cannot mount archive", 0), 0u)
        << s.error().message;
    auto read = vfs.value()->readFile("maps/x.bsp");
    ASSERT_FALSE(read.ok());
    EXPECT_NE(read.error().message.find("broken.pk3: cannot mount archive"), std::string::npos)
        << read.error().message;
    auto map = world::loadMap("x", vfs.value().get());
    ASSERT_FALSE(map.ok());
    EXPECT_NE(map.error().message.find("broken.pk3"), std::string::npos) << map.error().message;
    std::filesystem::remove_all(base);
}
