// Must-fail: #includes of a kernel the lab refuses (a binary file, a folder, an empty name, a path
// out of the kernel's folder, one name for two files): a diagnostic at the includer's line naming the
// reason. The includes it follows are in tests/gpu/lab/kernel_includes_test.cpp.
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
            kernel +
                ":1:15: error: cannot open source file \"../k.cu\": outside the kernel's folder; the lab includes "
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

}  // namespace
