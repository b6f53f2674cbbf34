// A normal run keeps library noise off stderr (known lines only) and passes everything else on;
// --verbose passes everything. Also: command-line options hold for one run (RunOverrides).
#include <gtest/gtest.h>

#include <QSettings>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "app/diagnostics/stderr_noise.hpp"
#include "app/live/run_overrides.hpp"
#include "qt_test_app.hpp"
#include "temp_dir.hpp"

namespace kc {
namespace {

// Runs `body` with file descriptor 2 going to a file; returns what reached it.
template <class Body>
std::string stderrOf(const test::TempDir& dir, Body body) {
  const std::string path = dir.file("stderr.txt");
  std::fflush(stderr);
  const int saved = ::dup(STDERR_FILENO);
  std::FILE* file = std::fopen(path.c_str(), "w");
  ::dup2(::fileno(file), STDERR_FILENO);
  body();
  std::fflush(stderr);
  ::dup2(saved, STDERR_FILENO);
  ::close(saved);
  std::fclose(file);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void writeLibraryOutput() {
  std::fprintf(stderr, "libpng warning: iCCP: known incorrect sRGB profile\n");
  const char direct[] = "a real problem\n";
  (void)!::write(STDERR_FILENO, direct, sizeof direct - 1);  // below stdio, as C libraries may
  std::fprintf(stderr, "last line without a newline");
}

TEST(QuietOutput, KnownNoiseIsDroppedAndTheRestPassesInOrder) {
  test::TempDir dir;
  const std::string seen = stderrOf(dir, [] {
    const LibraryNoiseFilter quiet;
    writeLibraryOutput();
  });
  EXPECT_EQ(seen, "a real problem\nlast line without a newline");
}

TEST(QuietOutput, VerbosePassesEverything) {
  test::TempDir dir;
  setVerboseOutput(true);
  const std::string seen = stderrOf(dir, [] {
    const LibraryNoiseFilter quiet;
    writeLibraryOutput();
  });
  setVerboseOutput(false);
  EXPECT_NE(seen.find("libpng warning: iCCP"), std::string::npos) << seen;
  EXPECT_NE(seen.find("a real problem"), std::string::npos) << seen;
}

TEST(QuietOutput, KnowsTheNoiseOfANormalRun) {
  EXPECT_TRUE(isKnownNoise("QStandardPaths: XDG_RUNTIME_DIR not set, defaulting to '/tmp/runtime-root'"));
  EXPECT_TRUE(isKnownNoise("PulseAudioService: pa_context_connect() failed"));
  EXPECT_TRUE(isKnownNoise("libpng warning: iCCP: known incorrect sRGB profile"));
  EXPECT_FALSE(isKnownNoise("kernelcam: image:a.png: no such file"));
  EXPECT_FALSE(isKnownNoise("libpng error: IDAT: CRC error"));
}

class RunOverridesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    test::testApplication();
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, QString::fromStdString(dir_.path().string()));
  }
  test::TempDir dir_;
};

TEST_F(RunOverridesTest, UnchangedCommandLineValuesGiveBackTheRememberedOnes) {
  QSettings settings;
  settings.setValue("view/mode", "filtered");
  RunOverrides overrides;
  overrides.pin(settings, "view/mode", "split");      // --view-mode split, never changed in the window
  overrides.pin(settings, "source/spec", "pattern");  // nothing was remembered for it
  overrides.pin(settings, "filters/chain", "gray");   // the user changes it below
  settings.setValue("view/mode", "split");            // what the window writes at the end
  settings.setValue("source/spec", "pattern");
  settings.setValue("filters/chain", "transpose");
  overrides.restore(settings);
  EXPECT_EQ(settings.value("view/mode").toString(), "filtered");
  EXPECT_FALSE(settings.contains("source/spec"));
  EXPECT_EQ(settings.value("filters/chain").toString(), "transpose");
  EXPECT_TRUE(overrides.pinned("view/mode"));
  EXPECT_FALSE(overrides.pinned("camera/format"));
}

}  // namespace
}  // namespace kc
