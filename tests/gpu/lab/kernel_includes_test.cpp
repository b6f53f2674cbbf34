// The headers a kernel includes, found by kernelcam inside the kernel's folder (the compiler
// process opens no file): what is followed, what is refused and where the refusal is reported.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "gpu/lab/kernel_includes.hpp"
#include "tests/gpu/lab/kernel_include_files.hpp"

namespace {

namespace fs = std::filesystem;
using kc::lab::KernelIncludes;

using namespace kc::test;

TEST(LabIncludes, NestedHeadersAreFollowedBesideTheirIncluder) {
  write(folder() / "sub" / "a.cuh", "#include \"b.cuh\"\n/* #include \"/etc/passwd\" */\n// #include \"x\"\n");
  write(folder() / "sub" / "b.cuh", "#pragma once\r\nint b;\r\n");
  const KernelIncludes includes = resolve("  #  include \"sub/a.cuh\"\nconst char* s = \"#include <no>\";\n");
  ASSERT_TRUE(includes.diagnostics.empty()) << only(includes);
  ASSERT_EQ(includes.headers.size(), 2u);
  EXPECT_EQ(includes.headers[0].name, "sub/a.cuh");
  EXPECT_EQ(includes.headers[0].path, (folder() / "sub" / "a.cuh").string());
  EXPECT_EQ(includes.headers[1].name, "b.cuh");
  EXPECT_EQ(includes.headers[1].path, (folder() / "sub" / "b.cuh").string());
  EXPECT_EQ(includes.headers[1].text, "#pragma once\nint b;\n");
}

TEST(LabIncludes, AtMostSoManyHeaders) {
  std::string text;
  for (std::size_t i = 0; i <= kc::lab::kMaxHeaders; ++i) {
    const std::string name = std::to_string(i).append(".cuh");
    write(folder() / name, "\n");
    text.append("#include \"").append(name).append("\"\n");
  }
  const KernelIncludes includes = resolve(text);
  EXPECT_EQ(includes.headers.size(), kc::lab::kMaxHeaders);
  EXPECT_NE(only(includes).find("more than 64 headers"), std::string::npos) << only(includes);
}

}  // namespace
