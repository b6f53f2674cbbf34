// Must-fail: kernel files the lab cannot read (missing, a folder, empty, binary, too large, unreadable,
// a FIFO). Each is one line that starts with the file's path and says why; reading good files is in
// tests/gpu/lab/kernel_source_test.cpp.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "gpu/core/error.hpp"
#include "gpu/lab/kernel_source.hpp"
#include "tests/gpu/lab/kernel_source_files.hpp"
#include "tests/support/unprivileged.hpp"

namespace {

namespace fs = std::filesystem;

using namespace kc::test;

TEST(LabKernelSource, BadFiles) {
  const std::string missing = (tempDir() / "missing.cu").string();
  EXPECT_EQ(errorOf(missing), missing + ": no such file");
  const std::string dir = (tempDir() / "adir.cu").string();
  fs::create_directories(dir);
  EXPECT_EQ(errorOf(dir), dir + ": is a directory, not a kernel source file");
  const std::string empty = write("empty.cu", "");
  EXPECT_EQ(errorOf(empty), empty + ": the file is empty (kernelcam kernel new PATH writes a template to start from)");
  const std::string blank = write("blank.cu", " \n\t\r\n");
  EXPECT_EQ(errorOf(blank), blank + ": the file is empty (kernelcam kernel new PATH writes a template to start from)");
  const std::string binary = write("binary.cu", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
  EXPECT_EQ(errorOf(binary), binary + ": not a text file (byte 0x1a at offset 6): a kernel is CUDA C++ source");
  const std::string huge = write("huge.cu", std::string(kc::lab::kMaxKernelSourceBytes + 1, ' '));
  EXPECT_EQ(errorOf(huge), huge + ": too large for a kernel source (1048577 bytes; the lab reads at most 1048576)");
  EXPECT_EQ(errorOf(""), "no kernel file given");
}

// As root (CI) the read runs as nobody: root reads every file.
TEST(LabKernelSource, UnreadableFile) {
  const std::string path = write("locked.cu", "__global__ void k() {}\n");
  fs::permissions(path, fs::perms::none);
  EXPECT_EQ(asUnprivilegedUser([&] { return errorOf(path); }), path + ": cannot be read (Permission denied)");
  fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
}

TEST(LabKernelSource, AFifoIsRefusedWithoutWaiting) {
  const std::string path = (tempDir() / "fifo.cu").string();
  fs::remove(path);
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  EXPECT_EQ(errorOf(path), path + ": is a FIFO (named pipe), not a regular file");
  EXPECT_EQ(errorOf("/dev/zero"), "/dev/zero: is a character device, not a regular file");
}

}  // namespace
