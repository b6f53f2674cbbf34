// Reading a kernel file: every bad file gets one line that starts with its path.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "gpu/core/error.hpp"
#include "gpu/lab/kernel_source.hpp"
#include "tests/gpu/lab/kernel_source_files.hpp"

namespace {

namespace fs = std::filesystem;

using namespace kc::test;

TEST(LabKernelSource, ReadsText) {
  const std::string path = write("ok.cu", "__global__ void k() {}\n");
  const auto source = kc::lab::readKernelSource(path);
  EXPECT_EQ(source.path, path);
  EXPECT_EQ(source.text, "__global__ void k() {}\n");
}

TEST(LabKernelSource, Utf8CommentsAreText) {
  const std::string path = write("utf8.cu", "// Grün, très bien\n__global__ void k() {}\n");
  EXPECT_NO_THROW(kc::lab::readKernelSource(path));
}

TEST(LabKernelSource, LineEndsAndAByteOrderMarkAreNormalised) {
  EXPECT_EQ(kc::lab::normalizeKernelText("a\rb\r\nc\n\rd\r"), "a\nb\nc\n\nd\n");
  EXPECT_EQ(kc::lab::normalizeKernelText("\xEF\xBB\xBF// k\n"), "// k\n");
  EXPECT_EQ(kc::lab::normalizeKernelText("// \xEF\xBB\xBF in the middle stays\n"),
            "// \xEF\xBB\xBF in the middle stays\n");
  const std::string path = write("cr.cu", "// cr\r__global__ void k() {}\r");
  EXPECT_EQ(kc::lab::readKernelSource(path).text, "// cr\n__global__ void k() {}\n");
}

}  // namespace
