// The conventions a command-line user expects: --version, Qt's --help-all on the window and on
// every subcommand, Qt's own options (-platform ...) not taken for unknown ones, bad window
// options rejected before any window opens, and a quiet stderr unless --verbose.
#include <gtest/gtest.h>

#include <QProcessEnvironment>
#include <filesystem>

#include "cli_run.hpp"
#include "common/test_data.hpp"

namespace kc {
namespace {

using test::CliRun;
using test::runKernelcam;

TEST(CliConventions, VersionIsTheProjectVersion) {
  for (const char* option : {"--version", "-v"}) {
    const CliRun run = runKernelcam({option});
    EXPECT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.out, "kernelcam " KC_EXPECTED_VERSION "\n");
  }
}

TEST(CliConventions, HelpAllWorksForTheWindowAndEverySubcommand) {
  const CliRun window = runKernelcam({"--help-all"});
  EXPECT_EQ(window.exitCode, 0) << window.err;
  for (const char* word : {"--camera-format", "--view-mode", "--verbose", "--version", "process", "bench",
                           "--platform"})  // the last one: Qt's own, which only --help-all lists
    EXPECT_NE(window.out.find(word), std::string::npos) << word;

  const std::vector<QStringList> subcommands = {{"process"},        {"devices"},      {"demo"},
                                                {"demo", "reduce"}, {"demo", "matmul"}, {"demo", "cg"}, {"bench"}};
  for (QStringList arguments : subcommands) {
    SCOPED_TRACE(arguments.join(' ').toStdString());
    const CliRun help = runKernelcam(arguments + QStringList{"--help"});
    arguments << "--help-all";
    const CliRun all = runKernelcam(arguments);
    EXPECT_EQ(all.exitCode, 0) << all.err;
    EXPECT_TRUE(all.err.empty()) << all.err;
    EXPECT_EQ(help.exitCode, 0) << help.err;
    EXPECT_EQ(all.out, help.out) << "no Qt options of its own: the same page";
    EXPECT_FALSE(all.out.empty());
  }
}

TEST(CliConventions, QtOptionsAreNotUnknownOptions) {
  // -platform is QGuiApplication's: the window's parser leaves it to Qt and still checks the rest.
  const CliRun run = runKernelcam({"-platform", "offscreen", "--source", "nowhere"});
  EXPECT_EQ(run.exitCode, 2);
  EXPECT_NE(run.err.find("unknown source 'nowhere'"), std::string::npos) << run.err;
  EXPECT_EQ(run.err.find("Unknown option"), std::string::npos) << run.err;
  // The offscreen platform has no GL for the window: one line, no crash.
  const CliRun offscreen = runKernelcam({"-platform", "offscreen", "--source", "pattern"});
  EXPECT_EQ(offscreen.exitCode, 1);
  EXPECT_NE(offscreen.err.find("needs OpenGL"), std::string::npos) << offscreen.err;
}

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

TEST(CliConventions, StderrIsQuietUnlessVerbose) {
  // chelsea.png carries the colour profile libpng warns about; no XDG_RUNTIME_DIR, as in a container.
  const std::filesystem::path image = test::sharedData("images/chelsea.png");
  if (!std::filesystem::exists(image)) GTEST_SKIP() << image << " is absent (shared test data not checked out)";
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.remove(QStringLiteral("XDG_RUNTIME_DIR"));
  const std::string out = test::cliTempPath("quiet.png"), view = test::cliTempPath("quiet_view.png");
  const QStringList arguments = {"process", "--source", QString::fromStdString("image:" + image.string()),
                                 "--backend", "cpu", "--out", QString::fromStdString(out), "--view",
                                 QString::fromStdString(view)};
  const CliRun quiet = runKernelcam(arguments, 120000, environment);
  EXPECT_EQ(quiet.exitCode, 0) << quiet.err;
  EXPECT_EQ(quiet.err, "") << "a normal run prints nothing on stderr";
  const CliRun verbose = runKernelcam(arguments + QStringList{"--verbose"}, 120000, environment);
  EXPECT_EQ(verbose.exitCode, 0) << verbose.err;
  EXPECT_NE(verbose.err.find("libpng warning"), std::string::npos) << verbose.err;
  std::filesystem::remove(out);
  std::filesystem::remove(view);
}

}  // namespace
}  // namespace kc
