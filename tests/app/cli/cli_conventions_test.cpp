// The conventions a command-line user expects: --version, Qt's --help-all on the window and on
// every subcommand, Qt's own options (-platform ...) not taken for unknown ones, bad window
// options rejected before any window opens, and a quiet stderr unless --verbose.
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
  // The program's name, not the build path; no QML debugger option in a widgets app.
  EXPECT_EQ(window.out.rfind("Usage: kernelcam [options]", 0), 0u) << window.out.substr(0, 80);
  EXPECT_EQ(window.out.find(KC_KERNELCAM_BINARY), std::string::npos);
  EXPECT_EQ(window.out.find("qmljsdebugger"), std::string::npos);
  EXPECT_TRUE(window.err.empty()) << window.err;

  const std::vector<QStringList> subcommands = {{"process"},        {"devices"},    {"demo"}, {"demo", "reduce"},
                                                {"demo", "matmul"}, {"demo", "cg"}, {"bench"}};
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

TEST(CliConventions, StderrIsQuietUnlessVerbose) {
  // chelsea.png carries the colour profile libpng warns about; no XDG_RUNTIME_DIR, as in a container.
  const std::filesystem::path image = test::projectData("samples/chelsea.png");
  ASSERT_TRUE(std::filesystem::exists(image)) << image << " (data/samples is part of the repository)";
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.remove(QStringLiteral("XDG_RUNTIME_DIR"));
  const std::string out = test::cliTempPath("quiet.png"), view = test::cliTempPath("quiet_view.png");
  const QStringList arguments = {"process",
                                 "--source",
                                 QString::fromStdString("image:" + image.string()),
                                 "--backend",
                                 "cpu",
                                 "--out",
                                 QString::fromStdString(out),
                                 "--view",
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

TEST(CliConventions, DidYouMeanPicksTheNearNameOnly) {
  const QStringList commands = cli::commandNames();
  EXPECT_EQ(cli::closestName("proces", commands), "process");
  EXPECT_EQ(cli::closestName("prcoess", commands), "process");  // a swap counts once
  EXPECT_EQ(cli::closestName("devcies", commands), "devices");
  EXPECT_EQ(cli::closestName("bnech", commands), "bench");
  EXPECT_EQ(cli::closestName("hlep", commands), "help");
  EXPECT_EQ(cli::closestName("proc", commands), "process");  // a prefix
  EXPECT_EQ(cli::closestName("foo", commands), "");
  EXPECT_EQ(cli::closestName("x", commands), "");
  EXPECT_EQ(cli::closestName("camera", commands), "");
  EXPECT_EQ(cli::closestName("sorce", {"source", "size", "filters"}), "source");
}

TEST(CliConventions, HelpCommandIsTheHelpOption) {
  const CliRun help = runKernelcam({"help"}), option = runKernelcam({"--help"});
  EXPECT_EQ(help.exitCode, 0) << help.err;
  EXPECT_EQ(help.out, option.out);
  EXPECT_NE(help.out.find("help COMMAND"), std::string::npos) << "the page lists help itself";
  for (const QStringList& command :
       {QStringList{"process"}, QStringList{"devices"}, QStringList{"demo"}, QStringList{"demo", "cg"},
        QStringList{"bench"}, QStringList{"kernel"}, QStringList{"kernel", "check"}}) {
    SCOPED_TRACE(command.join(' ').toStdString());
    const CliRun viaHelp = runKernelcam(QStringList{"help"} + command);
    const CliRun viaOption = runKernelcam(command + QStringList{"--help"});
    EXPECT_EQ(viaHelp.exitCode, 0) << viaHelp.err;
    EXPECT_EQ(viaHelp.out, viaOption.out);
    EXPECT_FALSE(viaHelp.out.empty());
  }
}

TEST(CliConventions, DisplayCheckReadsThePlatformFromArgumentsThenTheEnvironment) {
  const QByteArray saved = qgetenv("QT_QPA_PLATFORM");
  qputenv("QT_QPA_PLATFORM", "offscreen");
  EXPECT_EQ(requestedQtPlatform({"kernelcam"}), "offscreen");
  EXPECT_EQ(requestedQtPlatform({"kernelcam", "-platform", "xcb"}), "xcb");
  EXPECT_EQ(requestedQtPlatform({"kernelcam", "--platform=minimal"}), "minimal");
  EXPECT_TRUE(displayProblem({"kernelcam"}).isEmpty()) << "offscreen needs no display";
  EXPECT_FALSE(displayProblem({"kernelcam", "-platform", "xcb", "-display", ":987"}).isEmpty());
  if (saved.isNull()) qunsetenv("QT_QPA_PLATFORM");
  else qputenv("QT_QPA_PLATFORM", saved);
}

TEST(CliConventions, AFileArgumentIsTheSource) {
  // What a file manager's "Open with" runs (Exec=kernelcam %F): the offscreen platform stops at the GL
  // check, past the option checks, so the file was taken as the source.
  const std::filesystem::path image = test::projectData("samples/chelsea.png");
  ASSERT_TRUE(std::filesystem::exists(image)) << image << " (data/samples is part of the repository)";
  const QString path = QString::fromStdString(image.string());
  const CliRun run = runKernelcam({"-platform", "offscreen", path});
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_NE(run.err.find("needs OpenGL"), std::string::npos) << run.err;
  const CliRun both = runKernelcam({"--source", "pattern", path});
  EXPECT_EQ(both.exitCode, 2);
  EXPECT_NE(both.err.find("not both"), std::string::npos) << both.err;
  const CliRun notAnImage = runKernelcam({"notes.txt"});
  EXPECT_EQ(notAnImage.exitCode, 2);
  EXPECT_NE(notAnImage.err.find("notes.txt"), std::string::npos) << notAnImage.err;
}

}  // namespace
}  // namespace kc
