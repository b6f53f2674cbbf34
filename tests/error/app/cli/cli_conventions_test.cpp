// Must-fail: command lines the window and the subcommands refuse before any window opens (a bad
// window option, a bad shared option, a mistyped subcommand or option, no display): one line naming
// the option (and the near name where there is one) and exit 2. The conventions a command-line user
// expects are in tests/app/cli/cli_conventions_test.cpp.
#include <gtest/gtest.h>

#include <QProcessEnvironment>
#include <filesystem>

#include "app/cli/commands.hpp"
#include "app/live/display_check.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/test_data.hpp"

namespace kc {
namespace {

using test::CliRun;
using test::runKernelcam;

TEST(CliConventions, BadWindowOptionsAreOneLineAndExitTwo) {
  for (const QStringList& arguments : {QStringList{"--camera-format", "1280"}, QStringList{"--camera-format", "0x0"},
                                       QStringList{"--camera-format", "640x480@fast"},
                                       QStringList{"--view-mode", "diagonal"}, QStringList{"--backend", "gpu"}}) {
    SCOPED_TRACE(arguments.join(' ').toStdString());
    const CliRun run = runKernelcam(arguments);
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err.rfind("kernelcam: " + arguments[0].toStdString(), 0), 0u) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  }
}

// The options the window and process share (app/options/run_option_group.hpp) are read by the same
// code: a bad value is the same line in both, exit 2, before any window opens or any work is done.
TEST(CliConventions, ABadSharedOptionIsTheSameLineForTheWindowAndProcess) {
  const QString out = QString::fromStdString(test::cliTempPath("shared.png"));
  for (const QStringList& bad :
       {QStringList{"--size", "12"}, QStringList{"--pattern-format", "nv21"}, QStringList{"--filters", "gray,blur"},
        QStringList{"--source", "webcam"}, QStringList{"--backend", "gpu"}}) {
    SCOPED_TRACE(bad.join(' ').toStdString());
    const QStringList processArguments = QStringList{"process"} +
                                         (bad[0] == "--source" ? QStringList{} : QStringList{"--source", "pattern"}) +
                                         bad + QStringList{"--out", out};
    const CliRun window = runKernelcam(bad), process = runKernelcam(processArguments);
    EXPECT_EQ(window.exitCode, 2) << window.err;
    EXPECT_EQ(process.exitCode, 2) << process.err;
    EXPECT_EQ(std::count(window.err.begin(), window.err.end(), '\n'), 1) << window.err;
    EXPECT_EQ(window.err, process.err);
  }
  EXPECT_FALSE(std::filesystem::exists(out.toStdString()));
}

TEST(CliConventions, AMistypedSubcommandOrOptionNamesTheNearOneAndExitsTwo) {
  struct Case {
    QStringList arguments;
    std::string line;
  };
  const std::vector<Case> cases = {
      {{"proces"}, "kernelcam: unknown command 'proces' (did you mean 'process'?)\n"},
      // Named before the window's parser meets process's options.
      {{"procss", "--source", "pattern", "--out", "x.png"},
       "kernelcam: unknown command 'procss' (did you mean 'process'?)\n"},
      {{"frobnicate"}, "kernelcam: unknown command 'frobnicate' (try --help)\n"},
      {{"--sorce", "pattern"}, "kernelcam: Unknown option 'sorce' (did you mean --source?)\n"},
      {{"process", "--sorce", "pattern"}, "kernelcam: process: Unknown option 'sorce' (did you mean --source?)\n"},
      {{"bench", "--rep", "3"}, "kernelcam: bench: Unknown option 'rep' (did you mean --reps?)\n"},
      {{"demo", "reduce", "--nn", "3"}, "kernelcam: demo reduce: Unknown option 'nn' (did you mean --n?)\n"},
      {{"demo", "redcue"}, "kernelcam: demo: unknown demo 'redcue' (did you mean 'reduce'?)\n"},
      {{"kernel", "chek"}, "kernelcam: kernel: unknown action 'chek' (did you mean 'check'?)\n"},
      {{"help", "proces"}, "kernelcam: help: unknown command 'proces' (did you mean 'process'?)\n"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.arguments.join(' ').toStdString());
    const CliRun run = runKernelcam(c.arguments);
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err, c.line);
    EXPECT_TRUE(run.out.empty()) << run.out;
  }
}

// Issue 40, class 4: what a user typed reached the terminal raw: an unknown command, option, stage
// or path holding ESC and BEL could set the terminal's title or clear it, a newline split the line,
// and a 100 KB word was echoed whole. Every such message is one line through the one sanitiser
// (printableText): control characters as escapes, long words cut.
TEST(CliConventions, UntrustedTextReachesTheTerminalEscapedAndCut) {
  const QString title = QStringLiteral("\x1b]0;pwned\x07");  // OSC 0: set the window title
  const QString clear = QStringLiteral("\x1b[2J");
  const QStringList huge{QString(100000, QLatin1Char('w'))};
  struct Case {
    QStringList arguments;
    std::string shows;  // what the line says instead of the raw bytes
  };
  const std::vector<Case> cases = {
      {{title}, "unknown command '\\e]0;pwned\\a'"},
      {{"process", "--" + clear, "x"}, "Unknown option '\\e[2J'"},
      {{"process", "--source", "pattern", "--filters", "gray,bl\nur" + title, "--out", "x.png"},
       "unknown stage 'bl\\nur\\e]0;pwned\\a'"},
      {{"process", "--source", "image:/nonexistent/" + title + "\n.png", "--out", "x.png"}, "pwned\\a\\n.png"},
      {huge, "... (100000 bytes)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.shows);
    const CliRun run = runKernelcam(c.arguments);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find(c.shows), std::string::npos) << run.err;
    ASSERT_FALSE(run.err.empty());
    EXPECT_EQ(run.err.find_first_of(std::string("\x1b\x07\r", 3)), std::string::npos) << "a raw control character";
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << "one line: " << run.err;
    EXPECT_LT(run.err.size(), 1000u) << "cut: " << run.err.substr(0, 200);
  }
}

TEST(CliConventions, WithoutADisplayTheWindowSaysSoInOneLineAndExitsTwo) {
  const std::string line = "kernelcam: no display: use `kernelcam process` for headless work";
  QProcessEnvironment noDisplay = QProcessEnvironment::systemEnvironment();
  for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
    noDisplay.remove(QString::fromLatin1(name));
  QProcessEnvironment deadDisplay = noDisplay;
  deadDisplay.insert(QStringLiteral("DISPLAY"), QStringLiteral(":987"));  // no X server there
  QProcessEnvironment xcbAsked = noDisplay;
  xcbAsked.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
  for (const QProcessEnvironment& environment : {noDisplay, deadDisplay, xcbAsked}) {
    const CliRun run = runKernelcam({"--source", "pattern"}, 60000, environment);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_EQ(run.err.rfind(line, 0), 0u) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  }
  // Help and the subcommands need no display.
  EXPECT_EQ(runKernelcam({"--help"}, 60000, noDisplay).exitCode, 0);
  EXPECT_EQ(runKernelcam({"devices", "--help"}, 60000, noDisplay).exitCode, 0);
  // A platform that needs no display is the user's choice: Qt's offscreen gets as far as the GL check.
  const CliRun offscreen = runKernelcam({"-platform", "offscreen", "--source", "pattern"}, 60000, noDisplay);
  EXPECT_EQ(offscreen.exitCode, 1) << offscreen.err;
  EXPECT_NE(offscreen.err.find("needs OpenGL"), std::string::npos) << offscreen.err;
}

}  // namespace
}  // namespace kc
