// A normal run keeps library noise off stderr (known lines only) and passes everything else on;
// --verbose passes everything. Also: command-line options hold for one run (RunOverrides).
#include <gtest/gtest.h>

#include <QSettings>
#include <cstdio>
#include <fstream>
#include <ostream>
#include <sstream>

#include "app/diagnostics/stderr_noise.hpp"
#include "app/live/run_overrides.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"

namespace kc {
namespace {

// What `body` writes to a stream like std::cerr (unit-buffered: each << flushes) through a
// NoiseFilteringBuffer into a file, the buffer gone at the end.
template <class Body>
std::string filtered(const test::TempDir& dir, Body body) {
  const std::string path = dir.file("cerr.txt");
  std::FILE* file = std::fopen(path.c_str(), "w");
  {
    NoiseFilteringBuffer buffer(file);
    std::ostream cerr(&buffer);
    cerr.setf(std::ios::unitbuf);
    body(cerr);
  }
  std::fclose(file);
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(QuietOutput, KnownNoiseIsDroppedAndTheRestPassesInOrder) {
  test::TempDir dir;
  const std::string seen = filtered(dir, [](std::ostream& cerr) {
    // As OpenCV 4.6's imdecode writes a failure: in pieces, then a blank line.
    cerr << "imdecode_('"
         << ""
         << "'): can't read data: "
         << "OpenCV(4.6.0) bitstrm.cpp:102: error"
         << "\n"
         << std::endl;
    cerr << "a real problem" << '\n';
    cerr << "\n";  // a blank line after one that passed stays
    cerr << "libpng warning: iCCP: known incorrect sRGB profile\n";
    cerr << "last line without a newline";
  });
  EXPECT_EQ(seen, "a real problem\n\nlast line without a newline");
}

TEST(QuietOutput, OpenCvsDecoderFailuresAreKnownNoise) {
  EXPECT_TRUE(isKnownNoise("imdecode_(''): can't read header: OpenCV(4.6.0) grfmt_bmp.cpp:99: error"));
  EXPECT_FALSE(isKnownNoise("kernelcam: image:a.bmp: could not be decoded (truncated or corrupt file)"));
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
