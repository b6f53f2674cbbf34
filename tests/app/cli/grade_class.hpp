// A class of synthetic submissions for the grader's tests (tests/app/cli/cli_grade_test.cpp and its
// must-fail tests): one of every kind a teacher meets.
#pragma once

#include <sys/stat.h>

#include <QProcessEnvironment>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/app/cli/kernel_files.hpp"
#include "tests/gpu/exercises/exercise_fixtures.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"

namespace kc::test {

// reduce-sum submissions: right, wrong, not compiling, empty, binary, 5 MB, a FIFO, an include of
// ../secret.h from a student's folder, names with a space, unicode and a newline, a kernel that
// faults, one that hangs and one whose compile takes too long: 14 in all.
inline void writeClass(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  const std::string solution = fixtureKernel(exerciseFixtures("reduce-sum") / "solution.cu").text;
  // Deterministically wrong (it adds the guard's poison): the shard test compares two runs' rows, and
  // a racing kernel's wrong sum differs from run to run (seen on the H200: 1572, then 1077).
  const std::string wrong = fixtureKernel(exerciseFixtures("reduce-sum") / "wrong_bounds.cu").text;
  writeBytes((dir / "alice.cu").string(), solution);
  writeBytes((dir / "bob.cu").string(), wrong);
  writeBytes((dir / "carol.cu").string(),
             "// @exercise reduce-sum\n// @block 256\n// @grid n\n"
             "__global__ void k(const int* in, int n, int* sum) { undefined_name; }\n");
  writeBytes((dir / "dave.cu").string(), "");
  writeBytes((dir / "erin.cu").string(), std::string("\x7f"
                                                     "ELF\x02\x01\x01\0\0\0",
                                                     10));
  writeBytes((dir / "frank.cu").string(), "// @exercise reduce-sum\n" + std::string(5 << 20, ' ') + "\n");
  ::mkfifo((dir / "grace.cu").string().c_str(), 0644);
  std::filesystem::create_directories(dir / "heidi");
  writeBytes((dir / "heidi" / "reduce.cu").string(), "#include \"../secret.h\"\n" + solution);
  writeBytes((dir / "secret.h").string(), "// a teacher's file beside the class\n");
  writeBytes((dir / "ivan smith.cu").string(), solution);
  writeBytes((dir / "\xc3\xbcrsula.cu").string(), solution);
  writeBytes((dir / "new\nline.cu").string(), solution);
  // A kernel that faults, one that never finishes, one whose compile passes any sane limit.
  writeBytes((dir / "jack.cu").string(),
             "// @exercise reduce-sum\n// @block 256\n// @grid (n + 255) / 256\n"
             "__global__ void k(const int* in, int n, int* sum) { if (n > 0) __trap(); }\n");
  writeBytes((dir / "kate.cu").string(),
             "// @exercise reduce-sum\n// @block 256\n// @grid (n + 255) / 256\n"
             "__global__ void k(const int* in, int n, int* sum) {\n"
             "  for (;;) if (clock64() < 0) break;  // never: the clock only grows\n}\n");
  writeBytes((dir / "liam.cu").string(),
             "// @exercise reduce-sum\n// @block 256\n// @grid (n + 255) / 256\n"
             "__device__ int big[1 << 28] = {1};\n"
             "__global__ void k(const int* in, int n, int* sum) { atomicAdd(sum, big[n]); }\n");
}

// The options every grading test gives: a compile limit that keeps the slow compile short (the run
// limit stays the lab's 2 s: a fault's report takes over half a second with eight workers busy).
inline QStringList gradeLimits() { return {"--compile-time", "3"}; }

inline CliRun runGrade(const TempDir& home, const QStringList& arguments, int timeoutMs = 600000) {
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("XDG_CACHE_HOME"), QString::fromStdString(home.file("cache")));
  return runKernelcam(QStringList{QStringLiteral("grade")} + arguments, timeoutMs, environment);
}

}  // namespace kc::test
