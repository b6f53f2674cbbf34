// Reading a kernel file: every bad file gets one line that starts with its path.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "gpu/core/error.hpp"
#include "gpu/lab/kernel_source.hpp"

namespace {

namespace fs = std::filesystem;

fs::path tempDir() {
  const fs::path dir = fs::temp_directory_path() / ("kc_lab_source_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

std::string write(const std::string& name, const std::string& bytes) {
  const fs::path path = tempDir() / name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path.string();
}

std::string errorOf(const std::string& path) {
  try {
    kc::lab::readKernelSource(path);
  } catch (const kc::InvalidArgument& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << "one line: " << message;
    return message;
  }
  return "no error";
}

TEST(LabKernelSource, ReadsText) {
  const std::string path = write("ok.cu", "__global__ void k() {}\n");
  const auto source = kc::lab::readKernelSource(path);
  EXPECT_EQ(source.path, path);
  EXPECT_EQ(source.text, "__global__ void k() {}\n");
}

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

TEST(LabKernelSource, UnreadableFile) {
  if (::geteuid() == 0) GTEST_SKIP() << "running as root: every file is readable";
  const std::string path = write("locked.cu", "__global__ void k() {}\n");
  fs::permissions(path, fs::perms::none);
  EXPECT_EQ(errorOf(path), path + ": cannot be read (Permission denied)");
  fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write);
}

TEST(LabKernelSource, Utf8CommentsAreText) {
  const std::string path = write("utf8.cu", "// Grün, très bien\n__global__ void k() {}\n");
  EXPECT_NO_THROW(kc::lab::readKernelSource(path));
}

TEST(LabKernelSource, LineEndsAndAByteOrderMarkAreNormalised) {
  EXPECT_EQ(kc::lab::normalizeKernelText("a\rb\r\nc\n\rd\r"), "a\nb\nc\n\nd\n");
  EXPECT_EQ(kc::lab::normalizeKernelText("\xEF\xBB\xBF// k\n"), "// k\n");
  EXPECT_EQ(kc::lab::normalizeKernelText("// \xEF\xBB\xBF in the middle stays\n"), "// \xEF\xBB\xBF in the middle stays\n");
  const std::string path = write("cr.cu", "// cr\r__global__ void k() {}\r");
  EXPECT_EQ(kc::lab::readKernelSource(path).text, "// cr\n__global__ void k() {}\n");
}

TEST(LabKernelSource, AFifoIsRefusedWithoutWaiting) {
  const std::string path = (tempDir() / "fifo.cu").string();
  fs::remove(path);
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  EXPECT_EQ(errorOf(path), path + ": is a FIFO (named pipe), not a regular file");
  EXPECT_EQ(errorOf("/dev/zero"), "/dev/zero: is a character device, not a regular file");
}

}  // namespace
