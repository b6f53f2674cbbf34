// The one input-file check (issue 15, item 2): every refusal names the real reason.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

#include "gpu/core/input_file.hpp"
#include "tests/support/unprivileged.hpp"

namespace {

namespace fs = std::filesystem;

class InputFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("kc_input_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ec;
    fs::permissions(dir_ / "locked", fs::perms::owner_all, ec);
    fs::remove_all(dir_, ec);
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  fs::path dir_;
};

TEST_F(InputFile, EachRefusalNamesItsReason) {
  std::ofstream(path("ok.txt")) << "data";
  std::ofstream(path("empty.txt"));
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  fs::create_symlink(path("loop_a"), path("loop_b"));
  fs::create_symlink(path("loop_b"), path("loop_a"));
  fs::create_symlink(path("gone"), path("dangling"));
  EXPECT_EQ(kc::unreadableInputReason(path("ok.txt")), "");
  EXPECT_EQ(kc::unreadableInputReason(path("missing")), "no such file");
  EXPECT_EQ(kc::unreadableInputReason(path("ok.txt") + "/x"), "a part of the path is not a folder");
  EXPECT_EQ(kc::unreadableInputReason(dir_.string()), "is a directory, not a file");
  EXPECT_EQ(kc::unreadableInputReason(path("fifo")), "is a FIFO (named pipe), not a regular file");
  EXPECT_EQ(kc::unreadableInputReason("/dev/zero"), "is a character device, not a regular file");
  EXPECT_EQ(kc::unreadableInputReason(path("empty.txt")), "the file is empty (0 bytes)");
  EXPECT_EQ(kc::unreadableInputReason(path("loop_a")), "too many levels of symbolic links (a link loop?)");
  EXPECT_EQ(kc::unreadableInputReason(path("dangling")), "a symbolic link to a missing file");
  EXPECT_EQ(kc::unreadableInputReason(""), "no path given");
}

// As root (CI) the checks run as nobody: permissions do not apply to root.
TEST_F(InputFile, PermissionProblemsSayWhichPermission) {
  fs::create_directories(path("locked"));
  std::ofstream(path("locked/inside.txt")) << "data";
  std::ofstream(path("unreadable.txt")) << "data";
  fs::permissions(path("unreadable.txt"), fs::perms::none);
  fs::permissions(path("locked"), fs::perms::none);
  const auto reasonOf = [](const std::string& file) {
    return kc::test::asUnprivilegedUser([&] { return kc::unreadableInputReason(file); });
  };
  EXPECT_EQ(reasonOf(path("locked/inside.txt")), "permission denied (a folder on the path cannot be searched)");
  EXPECT_EQ(reasonOf(path("unreadable.txt")), "permission denied (no read permission on the file)");
}

}  // namespace
