// Must-fail: a bad value of a shared option: one line naming the option, the same for the window and
// process. The options themselves are in tests/app/options/run_options_test.cpp.
#include <gtest/gtest.h>

#include <QCommandLineParser>

#include "app/cli/commands.hpp"
#include "app/options/run_option_group.hpp"
#include "gpu/core/error.hpp"
#include "tests/app/options/options_read.hpp"

namespace kc {
namespace {

using namespace kc::test;

TEST(RunOptions, ABadValueIsOneLineNamingTheOptionTheSameForBoth) {
  const struct {
    QStringList arguments;
    std::string line;
  } cases[] = {
      {{"--size", "12"}, "--size '12': expected WxH, each 1..16384 (1280x720)"},
      {{"--size", "0x5"}, "--size '0x5': expected WxH, each 1..16384 (1280x720)"},
      {{"--pattern-format", "nv21"},
       "--pattern-format 'nv21': expected rgba, nv12, i420, yv12, yuyv, uyvy, bgra or gray"},
      {{"--backend", "gpu"}, "--backend 'gpu': expected auto, cuda or cpu"},
      {{"--filters", "gray,blur"}, ""},  // the chain parser's own line, checked below to be one line
      {{"--source", "webcam"}, ""},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.arguments.join(' ').toStdString());
    const Read window = readWith(OptionsFor::Window, c.arguments), process = readWith(OptionsFor::Process, c.arguments);
    EXPECT_FALSE(window.error.empty());
    EXPECT_EQ(window.error, process.error);
    EXPECT_EQ(window.error.find('\n'), std::string::npos) << window.error;
    if (!c.line.empty()) EXPECT_EQ(window.error, c.line);
  }
  EXPECT_EQ(readWith(OptionsFor::Window, {"--view-mode", "diagonal"}).error,
            "--view-mode 'diagonal': expected side-by-side, filtered or split");
  EXPECT_EQ(
      readWith(OptionsFor::Window, {"--camera-format", "640x480@fast"}).error,
      "--camera-format '640x480@fast': expected WxH[@FPS][:PIXFMT], e.g. 1280x720, 1920x1080@30 or 640x480@30:YUYV");
}

}  // namespace
}  // namespace kc
