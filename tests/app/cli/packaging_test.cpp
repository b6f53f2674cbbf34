// What the package installs beside the binary (packaging/, cmake/KernelcamPackaging.cmake): shell
// completion that works and knows every option, a desktop entry a file manager can open images and
// videos with, AppStream metainfo that validates, a machine-readable copyright file, and an install
// tree with all of them. Tools that Debian 12 may lack (zsh, appstreamcli, desktop-file-validate)
// skip their part visibly.
#include <gtest/gtest.h>

#include <QFile>
#include <QMimeDatabase>
#include <QRegularExpression>
#include <QStandardPaths>
#include <filesystem>
#include <fnmatch.h>
#include <fstream>
#include <set>
#include <sstream>

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/window/file_kind.hpp"

namespace kc {
namespace {

namespace fs = std::filesystem;
using test::CliRun;
using test::runKernelcam;
using test::runProgram;

const fs::path kPackaging = fs::path(KC_SOURCE_DIR) / "packaging";
const QString kBashCompletion = QString::fromStdString((kPackaging / "completions/kernelcam.bash").string());
const QString kZshCompletion = QString::fromStdString((kPackaging / "completions/_kernelcam").string());

std::string readText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The bash completion's answer for the words typed so far (the last one being completed).
std::string bashCompletes(const QStringList& words) {
  QString script = QStringLiteral("source '%1'; COMP_WORDS=(").arg(kBashCompletion);
  for (const QString& word : words) script += QStringLiteral("'%1' ").arg(word);
  script += QStringLiteral("); COMP_CWORD=%1; _kernelcam; printf '%s ' \"${COMPREPLY[@]}\"").arg(words.size() - 1);
  const CliRun run = runProgram(QStringLiteral("bash"), {QStringLiteral("--norc"), QStringLiteral("-c"), script});
  EXPECT_EQ(run.exitCode, 0) << run.err;
  EXPECT_TRUE(run.err.empty()) << run.err;
  return run.out;
}

TEST(Packaging, BashCompletionIsValidBashAndCompletesSubcommandsAndOptions) {
  const CliRun syntax = runProgram(QStringLiteral("bash"), {QStringLiteral("-n"), kBashCompletion});
  ASSERT_EQ(syntax.exitCode, 0) << syntax.err;
  EXPECT_EQ(bashCompletes({"kernelcam", "pro"}), "process ");
  EXPECT_EQ(bashCompletes({"kernelcam", "de"}), "devices demo ");
  EXPECT_EQ(bashCompletes({"kernelcam", ""}), "process devices demo bench kernel exercise grade help ");
  EXPECT_EQ(bashCompletes({"kernelcam", "process", "--so"}), "--source --soak ");
  EXPECT_EQ(bashCompletes({"kernelcam", "process", "--backend", "c"}), "cuda cpu ");
  EXPECT_EQ(bashCompletes({"kernelcam", "demo", ""}), "reduce matmul cg --help ");
  EXPECT_EQ(bashCompletes({"kernelcam", "demo", "cg", "--prec"}), "--precision --precond ");
  EXPECT_EQ(bashCompletes({"kernelcam", "help", "ke"}), "kernel ");
  EXPECT_EQ(bashCompletes({"kernelcam", "kernel", ""}), "new check profile --help ");
  EXPECT_EQ(bashCompletes({"kernelcam", "help", "kernel", "p"}), "profile ");
  EXPECT_EQ(bashCompletes({"kernelcam", "kernel", "profile", "--s"}), "--source --size ");
  EXPECT_EQ(bashCompletes({"kernelcam", "--view-mode", "s"}), "side-by-side split ");
}

// Every long option `kernelcam ARGS --help` lists.
std::set<std::string> helpOptions(const QStringList& arguments) {
  const CliRun help = runKernelcam(arguments + QStringList{"--help"});
  EXPECT_EQ(help.exitCode, 0) << help.err;
  static const QRegularExpression option(QStringLiteral("^  (?:-\\w, )?(--[\\w-]+)"),
                                         QRegularExpression::MultilineOption);
  std::set<std::string> names;
  for (auto match = option.globalMatch(QString::fromStdString(help.out)); match.hasNext();)
    names.insert(match.next().captured(1).toStdString());
  return names;
}

TEST(Packaging, CompletionsKnowEveryOptionOfEveryCommand) {
  const std::string zsh = readText(kZshCompletion.toStdString());
  for (const QStringList& command :
       {QStringList{}, QStringList{"process"}, QStringList{"devices"}, QStringList{"demo", "reduce"},
        QStringList{"demo", "matmul"}, QStringList{"demo", "cg"}, QStringList{"bench"}, QStringList{"kernel", "new"},
        QStringList{"kernel", "check"}, QStringList{"kernel", "profile"}, QStringList{"exercise", "list"},
        QStringList{"exercise", "check"}, QStringList{"grade"}, QStringList{"grade", "merge"}}) {
    SCOPED_TRACE("kernelcam " + command.join(' ').toStdString());
    const std::set<std::string> options = helpOptions(command);
    EXPECT_FALSE(options.empty());
    for (const std::string& option : options) {
      // bash: typing the option whole completes to it.
      const QStringList typed = QStringList{"kernelcam"} + command + QStringList{QString::fromStdString(option)};
      EXPECT_NE((" " + bashCompletes(typed)).find(" " + option + " "), std::string::npos)
          << option << " is not offered by the bash completion";
      // zsh: an _arguments spec, '--name[...' or {-x,--name}'[...'.
      EXPECT_TRUE(zsh.find(option + "[") != std::string::npos || zsh.find(option + "}'[") != std::string::npos)
          << option << " is not in the zsh completion";
    }
  }
}

// Every subcommand and every action of `kernel` is named where a user looks: the top page, the
// command's usage line, and both completions (issue 39: `kernel profile` was in none of them).
TEST(Packaging, EveryKernelActionIsInTheHelpAndBothCompletions) {
  const std::string top = runKernelcam({"--help"}).out;
  const std::string kernel = runKernelcam({"kernel", "--help"}).out;
  const std::string zsh = readText(kZshCompletion.toStdString());
  EXPECT_NE(kernel.find("Usage: kernelcam kernel new|check|profile "), std::string::npos) << kernel;
  for (const char* action : {"new", "check", "profile"}) {
    SCOPED_TRACE(action);
    EXPECT_NE(top.find(std::string("(") + action + ")"), std::string::npos) << top;
    EXPECT_NE(kernel.find(std::string("kernelcam kernel ") + action + " PATH"), std::string::npos) << kernel;
    EXPECT_NE(runKernelcam({"help", "kernel", action}).out.find(std::string("Usage: kernelcam kernel ") + action),
              std::string::npos);
    EXPECT_NE(zsh.find(std::string("_values action new check profile")), std::string::npos);
    EXPECT_NE(zsh.find(std::string("        ") + action + ") _arguments"), std::string::npos) << action;
  }
}

TEST(Packaging, ZshCompletionParses) {
  if (QStandardPaths::findExecutable(QStringLiteral("zsh")).isEmpty()) GTEST_SKIP() << "no zsh (apt-get install zsh)";
  const CliRun syntax = runProgram(QStringLiteral("zsh"), {QStringLiteral("-n"), kZshCompletion});
  EXPECT_EQ(syntax.exitCode, 0) << syntax.err;
}

TEST(Packaging, DesktopEntryOpensTheImagesAndVideosTheAppReads) {
  const std::string entry = readText(fs::path(KC_SOURCE_DIR) / "resources/io.github.kernelcam.kernelcam.desktop");
  EXPECT_NE(entry.find("\nExec=kernelcam %F\n"), std::string::npos) << "files from a file manager";
  const std::size_t mimeLine = entry.find("\nMimeType=");
  ASSERT_NE(mimeLine, std::string::npos);
  const QStringList mimeTypes =
      QString::fromStdString(entry.substr(mimeLine + 10, entry.find('\n', mimeLine + 1) - mimeLine - 10))
          .split(QLatin1Char(';'), Qt::SkipEmptyParts);
  // Each suffix the window opens as an image or a video (gpu/core/file_kind.cpp) has its type listed.
  const QMimeDatabase mime;
  for (FileKind kind : {FileKind::Image, FileKind::Video}) {
    const QString filter = fileDialogFilter(kind);
    static const QRegularExpression suffix(QStringLiteral("\\*\\.(\\w+)"));
    for (auto match = suffix.globalMatch(filter.section(QStringLiteral(";;"), 0, 0)); match.hasNext();) {
      const QString name = match.next().captured(1);
      const QMimeType type = mime.mimeTypeForFile(QStringLiteral("x.") + name, QMimeDatabase::MatchExtension);
      if (type.isDefault()) continue;  // a suffix this machine's MIME database does not know
      const bool listed = mimeTypes.contains(type.name()) ||
                          std::any_of(type.aliases().begin(), type.aliases().end(),
                                      [&](const QString& alias) { return mimeTypes.contains(alias); });
      EXPECT_TRUE(listed) << "." << name.toStdString() << " (" << type.name().toStdString() << ") is not in MimeType";
    }
  }
  if (QStandardPaths::findExecutable(QStringLiteral("desktop-file-validate")).isEmpty())
    GTEST_SKIP() << "no desktop-file-validate (apt-get install desktop-file-utils): MimeType and Exec checked only";
  const CliRun validate =
      runProgram(QStringLiteral("desktop-file-validate"),
                 {QStringLiteral(KC_SOURCE_DIR "/resources/io.github.kernelcam.kernelcam.desktop")});
  EXPECT_EQ(validate.exitCode, 0) << validate.out << validate.err;
  EXPECT_EQ(validate.out.find("error"), std::string::npos) << validate.out;
}

// What software centres match and show (issue 39): the AppStream id is the desktop entry's name,
// the launchable names that entry, and the component has a homepage and screenshots, each an image
// the repository holds (docs/) at the URL given.
TEST(Packaging, AppStreamIdIsTheDesktopEntrysAndItHasScreenshotsAndAHomepage) {
  const QString metainfo = QString::fromStdString(readText(kPackaging / "io.github.kernelcam.kernelcam.metainfo.xml"));
  const QRegularExpression id(QStringLiteral("<id>([^<]+)</id>"));
  const QString appId = id.match(metainfo).captured(1);
  EXPECT_EQ(appId, "io.github.kernelcam.kernelcam");
  EXPECT_TRUE(fs::is_regular_file(fs::path(KC_SOURCE_DIR) / "resources" / (appId.toStdString() + ".desktop")))
      << "the desktop entry is named by the AppStream id";
  EXPECT_TRUE(metainfo.contains(QStringLiteral("<launchable type=\"desktop-id\">") + appId + ".desktop</launchable>"));
  EXPECT_TRUE(metainfo.contains(QStringLiteral("<url type=\"homepage\">https://")));
  const QString raw = QStringLiteral("https://raw.githubusercontent.com/kernelcam/kernelcam/main/");
  static const QRegularExpression image(QStringLiteral("<image>([^<]+)</image>"));
  int screenshots = 0;
  for (auto match = image.globalMatch(metainfo); match.hasNext();) {
    const QString url = match.next().captured(1);
    ++screenshots;
    ASSERT_TRUE(url.startsWith(raw)) << url.toStdString();
    EXPECT_TRUE(fs::is_regular_file(fs::path(KC_SOURCE_DIR) / url.mid(raw.size()).toStdString())) << url.toStdString();
  }
  EXPECT_GE(screenshots, 1);
  EXPECT_TRUE(metainfo.contains(QStringLiteral("<screenshot type=\"default\">")));
}

// kernelcam-cuda recommends the NVIDIA driver (libcuda.so.1), which runs what it holds, from
// Debian's non-free section or NVIDIA's repository; the kernelcam package needs none.
TEST(Packaging, TheCudaPackageRecommendsTheNvidiaDriver) {
  const std::string config = readText(fs::path(KC_BINARY_DIR) / "CPackConfig.cmake");
  ASSERT_FALSE(config.empty()) << "no CPackConfig.cmake in " << KC_BINARY_DIR;
#ifdef KC_HAVE_CUDA
  EXPECT_NE(config.find("set(CPACK_DEBIAN_CUDA_PACKAGE_RECOMMENDS \"nvidia-driver | cuda-drivers\")"),
            std::string::npos);
#endif
  EXPECT_EQ(config.find("CPACK_DEBIAN_KERNELCAM_PACKAGE_RECOMMENDS \"nvidia"), std::string::npos);
}

TEST(Packaging, AppStreamMetainfoValidates) {
  if (QStandardPaths::findExecutable(QStringLiteral("appstreamcli")).isEmpty())
    GTEST_SKIP() << "no appstreamcli (apt-get install appstream)";
  const CliRun validate =
      runProgram(QStringLiteral("appstreamcli"),
                 {QStringLiteral("validate"), QStringLiteral("--no-net"), QStringLiteral("--pedantic"),
                  QString::fromStdString((kPackaging / "io.github.kernelcam.kernelcam.metainfo.xml").string())});
  EXPECT_EQ(validate.exitCode, 0) << validate.out << validate.err;
  EXPECT_NE(validate.out.find("Validation was successful"), std::string::npos) << validate.out;
}

TEST(Packaging, CopyrightFileIsMachineReadableAndHasEveryLicenceItNames) {
  const std::string text = readText(kPackaging / "copyright");
  EXPECT_EQ(text.rfind("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n", 0), 0u);
  // Every short name a Files paragraph uses has its own License paragraph with the text.
  static const QRegularExpression filesLicence(
      QStringLiteral("^Files: [^\\n]*\\n(?:[^\\n]+\\n)*?License: ([^\\n]+)\\n"), QRegularExpression::MultilineOption);
  const QString copyright = QString::fromStdString(text);
  int files = 0;
  for (auto match = filesLicence.globalMatch(copyright); match.hasNext();) {
    ++files;
    for (const QString& name : match.next().captured(1).split(QStringLiteral(" or ")))
      EXPECT_TRUE(copyright.contains(QStringLiteral("\n\nLicense: ") + name.trimmed() + QLatin1Char('\n')))
          << name.toStdString() << " has no License paragraph";
  }
  EXPECT_GE(files, 6);
  // The bundled font, and the MIT text of LICENSE.
  EXPECT_NE(text.find("Files: resources/fonts/DejaVuSansMono.ttf"), std::string::npos);
  EXPECT_NE(text.find(" Permission is hereby granted, free of charge"), std::string::npos);
}

// Every file of data/ (the matrices, photos and video the packages install) has its own Files
// paragraph, not the code's "Files: *", naming its copyright and licence.
TEST(Packaging, CopyrightFileNamesEveryDataFilesLicence) {
  const QString copyright = QString::fromStdString(readText(kPackaging / "copyright"));
  static const QRegularExpression filesLine(QStringLiteral("^Files: (.+)$"), QRegularExpression::MultilineOption);
  QStringList patterns;
  for (auto match = filesLine.globalMatch(copyright); match.hasNext();)
    for (const QString& pattern : match.next().captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts))
      if (pattern != QLatin1String("*")) patterns << pattern;
  int dataFiles = 0;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(KC_SOURCE_DIR) / "data")) {
    if (!entry.is_regular_file() || entry.path().filename() == "README.md") continue;
    ++dataFiles;
    const QString path = QString::fromStdString(fs::relative(entry.path(), KC_SOURCE_DIR).string());
    // Debian's copyright format: '*' matches any characters, '/' included (fnmatch without FNM_PATHNAME).
    const bool named = std::any_of(patterns.begin(), patterns.end(), [&](const QString& pattern) {
      return ::fnmatch(pattern.toStdString().c_str(), path.toStdString().c_str(), 0) == 0;
    });
    EXPECT_TRUE(named) << path.toStdString() << " has no Files paragraph in packaging/copyright";
  }
  EXPECT_EQ(dataFiles, 7 + 5) << "the seven matrices, four photos and a video";
}

TEST(Packaging, InstallTreeHasTheBinaryDocsCompletionsAndData) {
  const test::TempDir prefix;
  const CliRun install =
      runProgram(QStringLiteral("cmake"), {QStringLiteral("--install"), QStringLiteral(KC_BINARY_DIR),
                                           QStringLiteral("--prefix"), QString::fromStdString(prefix.path().string())});
  if (install.exitCode != 0 && install.err.find("file INSTALL cannot find") != std::string::npos)
    GTEST_SKIP() << "not every installed target is built here (build all, e.g. ninja -C build): " << install.err;
  ASSERT_EQ(install.exitCode, 0) << install.out << install.err;
  const fs::path root = prefix.path();
  for (const char* file :
       {"bin/kernelcam", "share/applications/io.github.kernelcam.kernelcam.desktop",
        "share/metainfo/io.github.kernelcam.kernelcam.metainfo.xml", "share/bash-completion/completions/kernelcam",
        "share/zsh/vendor-completions/_kernelcam", "share/doc/kernelcam/copyright",
        "share/doc/kernelcam/changelog.Debian.gz", "share/lintian/overrides/kernelcam"})
    EXPECT_TRUE(fs::is_regular_file(root / file)) << file;
  // gzip -9n: no name, no time stamp (bytes 4-7 zero), best compression (byte 8 == 2).
  const std::string changelog = readText(root / "share/doc/kernelcam/changelog.Debian.gz");
  ASSERT_GE(changelog.size(), 10u);
  EXPECT_EQ(changelog.substr(0, 2), "\x1f\x8b");
  EXPECT_EQ(changelog.substr(4, 4), std::string(4, '\0'));
  EXPECT_EQ(changelog[8], '\x02');
#ifdef KC_HAVE_HELP2MAN
  EXPECT_TRUE(fs::is_regular_file(root / "share/man/man1/kernelcam.1.gz"));
#endif
  // The project's data, always (data/ is part of the repository), with the READMEs naming sources and licences.
  for (const char* matrix : {"bcsstk11", "bcsstk13", "bcsstk14", "bcsstk15", "bcsstk17", "bcsstm25", "nos2"})
    EXPECT_TRUE(fs::is_regular_file(root / "share/kernelcam/matrices" / (std::string(matrix) + ".mtx.gz"))) << matrix;
  for (const char* sample : {"chelsea.png", "coffee.png", "Picture_1A_by_freespace.jpg",
                             "seeding_by_Clements_Engelhardt.jpg", "tears_of_steel_10s_640x360.mp4"})
    EXPECT_TRUE(fs::is_regular_file(root / "share/kernelcam/samples" / sample)) << sample;
  for (const char* readme : {"share/kernelcam/matrices/README.md", "share/kernelcam/samples/README.md"})
    EXPECT_TRUE(fs::is_regular_file(root / readme)) << readme;
  // The installed binary finds its matrices by name, away from the build and the checkout.
  const fs::path elsewhere = root / "elsewhere";  // (a second TempDir here would be this one: named by the test)
  fs::create_directories(elsewhere);
  const CliRun demo = runProgram(QString::fromStdString((root / "bin/kernelcam").string()),
                                 {"demo", "cg", "--matrix", "nos2.mtx", "--precond", "jacobi", "--backend", "cpu"},
                                 120000, QString::fromStdString(elsewhere.string()));
  EXPECT_EQ(demo.exitCode, 0) << demo.out << demo.err;
  EXPECT_NE(demo.out.find(": nos2.mtx, 957 rows"), std::string::npos) << demo.out << demo.err;
  const CliRun version = runProgram(QString::fromStdString((root / "bin/kernelcam").string()), {"--version"});
  EXPECT_EQ(version.exitCode, 0) << version.err;
#ifdef KC_HAVE_CUDA
  // The CUDA backend installs beside the binary, and the installed kernelcam loads that one (where
  // NVIDIA's libraries are on the loader's path) or says why not: never the build tree's.
  fs::path backend;  // lib/<triplet>/kernelcam/ on Debian, lib/kernelcam/ elsewhere
  for (const auto& entry : fs::recursive_directory_iterator(root / "lib"))
    if (entry.path().filename() == "libkernelcam-cuda.so") backend = entry.path();
  ASSERT_FALSE(backend.empty()) << "no libkernelcam-cuda.so under " << (root / "lib");
  EXPECT_EQ(backend.parent_path().filename(), "kernelcam");
  for (const char* program : {"bin/kernelcam-lab-worker", "bin/kernelcam-lab-compiler"})
    EXPECT_TRUE(fs::is_regular_file(root / program)) << program;
  const CliRun devices = runProgram(QString::fromStdString((root / "bin/kernelcam").string()), {"devices"});
  EXPECT_EQ(devices.exitCode, 0) << devices.err;
  EXPECT_EQ(devices.out.find(KC_BINARY_DIR), std::string::npos) << devices.out;
  const bool loaded = devices.out.find("CUDA backend: " + backend.string()) != std::string::npos;
  const bool saysWhy = devices.out.find("the CUDA backend cannot load (") != std::string::npos;
  EXPECT_TRUE(loaded || saysWhy) << devices.out;
#endif
}

}  // namespace
}  // namespace kc
