// The headers a kernel includes, found by kernelcam inside the kernel's folder (the compiler
// process opens no file): what is followed, what is refused and where the refusal is reported.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "gpu/lab/kernel_includes.hpp"

namespace {

namespace fs = std::filesystem;
using kc::lab::KernelIncludes;

fs::path folder() {
  const fs::path dir = fs::temp_directory_path() / ("kc_lab_includes_" + std::to_string(::getpid()));
  fs::create_directories(dir / "k" / "sub");
  return dir / "k";
}

void write(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

KernelIncludes resolve(const std::string& text) {
  return kc::lab::resolveIncludes({(folder() / "k.cu").string(), text});
}

std::string only(const KernelIncludes& includes) {
  if (includes.diagnostics.size() != 1) return "diagnostics: " + std::to_string(includes.diagnostics.size());
  return kc::lab::formatDiagnostic(includes.diagnostics[0]);
}

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

TEST(LabIncludes, RefusalsNameTheIncludersLineAndTheReason) {
  const std::string kernel = (folder() / "k.cu").string();
  write(folder() / "binary.cuh", std::string("int x;\0", 7));
  fs::create_directories(folder() / "adir");
  EXPECT_EQ(only(resolve("\n#include <binary.cuh>\n")),
            kernel + ":2:10: error: cannot open source file \"binary.cuh\": not a text file (byte 0x00 at offset 6)");
  EXPECT_EQ(only(resolve("#include \"adir\"\n")),
            kernel + ":1:10: error: cannot open source file \"adir\": is a directory, not a header");
  EXPECT_EQ(only(resolve("#include \"\"\n")), kernel + ":1:10: error: cannot open source file \"\": an empty name");
  EXPECT_EQ(only(resolve("#include_next \"../k.cu\"\n")),
            kernel + ":1:15: error: cannot open source file \"../k.cu\": outside the kernel's folder; the lab includes "
                     "only files in that folder");
  // <NAME> not in the folder is NVRTC's to refuse (it has no standard headers).
  EXPECT_TRUE(resolve("#include <cstdint>\n").diagnostics.empty());
}

TEST(LabIncludes, OneNameForTwoFilesIsRefused) {
  write(folder() / "sub" / "c.cuh", "int sub_c;\n");
  write(folder() / "c.cuh", "#include \"sub/c2.cuh\"\n");
  write(folder() / "sub" / "c2.cuh", "#include \"c.cuh\"\n");  // sub/c.cuh, not the folder's c.cuh
  const KernelIncludes includes = resolve("#include \"c.cuh\"\n");
  ASSERT_EQ(includes.diagnostics.size(), 1u);
  EXPECT_EQ(includes.diagnostics[0].path, (folder() / "sub" / "c2.cuh").string());
  EXPECT_NE(includes.diagnostics[0].message.find("another file of this name (c.cuh) is included already"),
            std::string::npos)
      << includes.diagnostics[0].message;
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
