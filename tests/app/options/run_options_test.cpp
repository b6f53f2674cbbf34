// The options the window and `process` share come from one declaration (RunOptionGroup) and are
// read once into typed values: the same arguments give the same values to both, a bad value the
// same one line, and each command's own options stay its own.
#include <gtest/gtest.h>

#include <QCommandLineParser>

#include "app/cli/commands.hpp"
#include "app/options/run_option_group.hpp"
#include "gpu/core/error.hpp"
#include "tests/app/options/options_read.hpp"

namespace kc {
namespace {

using namespace kc::test;

TEST(RunOptions, TheWindowAndProcessDeclareTheSharedOptionsOnce) {
  QCommandLineParser window, process;
  RunOptionGroup(OptionsFor::Window).addTo(window);
  RunOptionGroup(OptionsFor::Process).addTo(process);
  const QStringList windowNames = cli::optionNames(window), processNames = cli::optionNames(process);
  for (const char* shared : {"source", "filters", "backend", "size", "pattern-format", "lenient", "vcam"}) {
    EXPECT_TRUE(windowNames.contains(QLatin1String(shared))) << shared;
    EXPECT_TRUE(processNames.contains(QLatin1String(shared))) << shared;
  }
  for (const char* windowOnly : {"camera-format", "view-mode"}) {
    EXPECT_TRUE(windowNames.contains(QLatin1String(windowOnly))) << windowOnly;
    EXPECT_FALSE(processNames.contains(QLatin1String(windowOnly))) << windowOnly;
  }
  EXPECT_EQ(windowNames.size(), processNames.size() + 2) << "nothing else in the group";
}

TEST(RunOptions, TheSameArgumentsGiveTheSameTypedValuesToBoth) {
  const QStringList arguments = {"-s",
                                 "sequence:frames/f_%03d.png",
                                 "-f",
                                 "gray=bt601,conv=box:3:clamp",
                                 "--backend",
                                 "cpu",
                                 "--size",
                                 "640X480",
                                 "--pattern-format",
                                 "nv12",
                                 "--lenient",
                                 "--vcam",
                                 "file:out.yuyv"};
  const Read window = readWith(OptionsFor::Window, arguments), process = readWith(OptionsFor::Process, arguments);
  ASSERT_EQ(window.error, "");
  ASSERT_EQ(process.error, "");
  for (const RunOptions* options : {&window.options, &process.options}) {
    ASSERT_TRUE(options->source.has_value());
    EXPECT_EQ(options->source->kind, SourceKind::Video);
    EXPECT_TRUE(options->source->sequence);
    EXPECT_EQ(options->source->path, "frames/f_%03d.png");
    ASSERT_TRUE(options->chain.has_value());
    EXPECT_EQ(formatFilterChain(*options->chain), "gray=bt601,conv=box:3:clamp");
    EXPECT_EQ(options->backend, Backend::Cpu);
    EXPECT_EQ(options->patternSize, (RunOptions::Size{640, 480}));
    EXPECT_EQ(options->patternFormat, PixelFormat::Nv12);
    EXPECT_TRUE(options->lenient);
    EXPECT_EQ(options->vcam, "file:out.yuyv");
    const SourceOptions source = options->sourceOptions();
    EXPECT_EQ(source.patternWidth, 640);
    EXPECT_EQ(source.patternHeight, 480);
    EXPECT_EQ(source.patternFormat, PixelFormat::Nv12);
    EXPECT_TRUE(source.lenient);
  }
}

TEST(RunOptions, WhatIsNotGivenStaysEmptyAndTheSourceOptionsKeepTheirDefaults) {
  const Read read = readWith(OptionsFor::Window, {});
  ASSERT_EQ(read.error, "");
  EXPECT_FALSE(read.options.source || read.options.chain || read.options.patternSize || read.options.patternFormat ||
               read.options.cameraFormat || read.options.viewMode);
  EXPECT_EQ(read.options.backend, Backend::Auto);
  const SourceOptions defaults, given = read.options.sourceOptions();
  EXPECT_EQ(given.patternWidth, defaults.patternWidth);
  EXPECT_EQ(given.patternFormat, defaults.patternFormat);
  EXPECT_TRUE(given.cameraFormat.empty());
}

TEST(RunOptions, TheWindowsOwnOptionsAreTyped) {
  const Read read = readWith(OptionsFor::Window,
                             {"--camera-format", "1280x720@30:MJPG", "--view-mode", "split", "--source", "camera:1"});
  ASSERT_EQ(read.error, "");
  EXPECT_EQ(read.options.viewMode, ViewMode::Split);
  ASSERT_TRUE(read.options.cameraFormat.has_value());
  EXPECT_EQ(formatCameraFormat(*read.options.cameraFormat), "1280x720@30:MJPG");
  EXPECT_EQ(read.options.sourceOptions().cameraFormat, *read.options.cameraFormat);
  EXPECT_EQ(read.options.source->cameraIndex, 1);
  // Not `process`'s: its parser does not know them.
  QCommandLineParser parser;
  RunOptionGroup(OptionsFor::Process).addTo(parser);
  EXPECT_FALSE(parser.parse({"kernelcam", "--view-mode", "split"}));
}

}  // namespace
}  // namespace kc
