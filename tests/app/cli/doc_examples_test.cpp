// Every example the documentation gives runs (issue 39): each `build/app/kernelcam ...` line of the
// README's command blocks, each example of the man page (packaging/kernelcam.h2m, run on an install
// of this build) and each "Example: kernelcam ..." of the --help pages. They run as a user types them
// from a fresh clone: in an empty folder holding only the checkout's build/ and data/, with nothing
// beside the checkout, no settings, and on the CPU backend (CUDA_VISIBLE_DEVICES empty). An example
// that needs a GPU (exit 3) skips naming why; the window's examples must still be running after
// a few seconds (they need a display: ctest runs under Xvfb).
#include <gtest/gtest.h>

#include <QProcess>
#include <QRegularExpression>
#include <QStringList>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"

namespace kc {
namespace {

namespace fs = std::filesystem;

struct DocExample {
  std::string where;    // "README.md:57"
  std::string command;  // as a shell reads it
};

void PrintTo(const DocExample& example, std::ostream* out) { *out << example.where << ": " << example.command; }

std::vector<std::string> linesOf(const fs::path& file) {
  std::ifstream in(file);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The command without its trailing "# comment" (a '#' outside quotes, after a space).
std::string withoutComment(const std::string& line) {
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '#' && i > 0 && line[i - 1] == ' ') {
      std::string command = line.substr(0, i);
      while (!command.empty() && command.back() == ' ') command.pop_back();
      return command;
    }
  }
  return line;
}

// README.md: the lines of ```sh blocks that run kernelcam from the checkout (build/app/kernelcam).
std::vector<DocExample> readmeExamples() {
  std::vector<DocExample> examples;
  const std::vector<std::string> lines = linesOf(fs::path(KC_SOURCE_DIR) / "README.md");
  bool inShell = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind("```", 0) == 0) {
      inShell = !inShell && lines[i] == "```sh";
      continue;
    }
    if (inShell && lines[i].rfind("build/app/kernelcam", 0) == 0)
      examples.push_back({"README.md:" + std::to_string(i + 1), withoutComment(lines[i])});
  }
  return examples;
}

// packaging/kernelcam.h2m's [examples]: each ".B kernelcam ..." line, troff's \- made plain.
std::vector<DocExample> manPageExamples() {
  std::vector<DocExample> examples;
  const std::vector<std::string> lines = linesOf(fs::path(KC_SOURCE_DIR) / "packaging/kernelcam.h2m");
  bool inExamples = false;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!lines[i].empty() && lines[i][0] == '[') inExamples = lines[i] == "[examples]";
    if (!inExamples || lines[i].rfind(".B kernelcam", 0) != 0) continue;
    std::string command = lines[i].substr(3);
    for (std::size_t at = command.find("\\-"); at != std::string::npos; at = command.find("\\-", at))
      command.erase(at, 1);
    examples.push_back({"kernelcam.h2m:" + std::to_string(i + 1), command});
  }
  return examples;
}

// The help pages that may hold an "Example:" line: the top page, each command's, each demo's.
std::vector<QStringList> helpPages() {
  return {{"--help-all"},
          {"help", "process"},
          {"help", "devices"},
          {"help", "demo"},
          {"help", "bench"},
          {"help", "kernel"},
          {"help", "kernel", "new"},
          {"help", "kernel", "check"},
          {"help", "kernel", "profile"},
          {"help", "exercise"},
          {"help", "grade"}};
}

std::string testName(const std::string& where, const std::string& command) {
  std::string name = where.substr(where.find(':') + 1);  // the line
  const std::size_t binary = command.find("kernelcam");
  for (char c : command.substr(binary == std::string::npos ? 0 : binary + 9, 40)) {
    const bool word = std::isalnum(static_cast<unsigned char>(c));
    if (word) name += c;
    else if (name.back() != '_') name += '_';
  }
  while (name.back() == '_') name.pop_back();
  return "line" + name;
}

// The window's examples are those without a subcommand: `kernelcam`, `kernelcam --source ...`,
// `kernelcam photo.png`.
bool opensTheWindow(const std::string& command) {
  static const QRegularExpression headless(QStringLiteral(
      "kernelcam\\s+(process|devices|demo|bench|kernel|exercise|grade|help|--help|--help-all|--version|-h|-v)(\\s|$)"));
  return !headless.match(QString::fromStdString(command)).hasMatch();
}

// What a user's shell has that matters here: a home and settings of its own, no GPU, no data
// installed elsewhere on this machine.
QProcessEnvironment exampleEnvironment(const fs::path& home) {
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QStringLiteral("HOME"), QString::fromStdString(home.string()));
  environment.insert(QStringLiteral("XDG_CONFIG_HOME"), QString::fromStdString((home / ".config").string()));
  environment.insert(QStringLiteral("XDG_DATA_HOME"), QString::fromStdString((home / ".local/share").string()));
  environment.insert(QStringLiteral("XDG_DATA_DIRS"), QString::fromStdString((home / "no-system-data").string()));
  environment.insert(QStringLiteral("CUDA_VISIBLE_DEVICES"), QString());  // the CPU backend, on a GPU machine too
  environment.remove(QStringLiteral("KC_MATRIX_DIR"));
  return environment;
}

// Runs `command` with bash in `folder`, as an example is typed, and judges the outcome.
void runExample(const DocExample& example, const fs::path& folder, const QProcessEnvironment& environment) {
  SCOPED_TRACE(example.where + ": " + example.command);
  QProcess shell;
  shell.setProcessEnvironment(environment);
  shell.setWorkingDirectory(QString::fromStdString(folder.string()));
  // exec: the window's example is kernelcam itself, so that terminate() reaches it.
  const bool window = opensTheWindow(example.command);
  shell.start(QStringLiteral("bash"), {QStringLiteral("-c"), (window ? QStringLiteral("exec ") : QString()) +
                                                                 QString::fromStdString(example.command)});
  ASSERT_TRUE(shell.waitForStarted());
  const bool finished = shell.waitForFinished(window ? 5000 : 300000);
  const std::string err = shell.readAllStandardError().toStdString();
  const std::string out = shell.readAllStandardOutput().toStdString();
  if (window && !finished) {  // the window is up and running: close it as a user would
    shell.terminate();
    if (!shell.waitForFinished(15000)) {
      shell.kill();
      shell.waitForFinished();
    }
    return;
  }
  ASSERT_TRUE(finished) << "still running after 5 minutes";
  const int code = shell.exitStatus() == QProcess::NormalExit ? shell.exitCode() : -1;
  if (code == 3) GTEST_SKIP() << "needs a CUDA device: " << err.substr(0, err.find('\n'));
  if (window && code == 2 && err.find("no display") != std::string::npos)
    GTEST_SKIP() << "the window needs a display (ctest under xvfb-run): " << err;
  EXPECT_FALSE(window) << "the window closed by itself (exit " << code << "):\n" << err;
  EXPECT_EQ(code, 0) << "stdout:\n" << out << "\nstderr:\n" << err;
}

// A fresh clone's view: a folder with the checkout's build/ and data/ in it, nothing else.
class ReadmeExample : public testing::TestWithParam<DocExample> {};

TEST_P(ReadmeExample, RunsFromAFreshClone) {
  const test::TempDir clone;
  fs::create_directory_symlink(KC_BINARY_DIR, clone.path() / "build");
  fs::create_directory_symlink(fs::path(KC_SOURCE_DIR) / "data", clone.path() / "data");
  fs::create_directories(clone.path() / "home");
  runExample(GetParam(), clone.path(), exampleEnvironment(clone.path() / "home"));
}

INSTANTIATE_TEST_SUITE_P(Readme, ReadmeExample, testing::ValuesIn(readmeExamples()),
                         [](const auto& info) { return testName(info.param.where, info.param.command); });

// The man page's examples name installed paths (/usr/share/kernelcam/...): they run on an install
// of this build into a folder of its own, kernelcam on the PATH.
class ManPageExample : public testing::TestWithParam<DocExample> {};

TEST_P(ManPageExample, RunsOnAnInstall) {
  const test::TempDir temp;
  const fs::path prefix = temp.path() / "usr";
  const test::CliRun install =
      test::runProgram(QStringLiteral("cmake"), {QStringLiteral("--install"), QStringLiteral(KC_BINARY_DIR),
                                                 QStringLiteral("--prefix"), QString::fromStdString(prefix.string())});
  if (install.exitCode != 0 && install.err.find("file INSTALL cannot find") != std::string::npos)
    GTEST_SKIP() << "not every installed target is built here (build all, e.g. ninja -C build): " << install.err;
  ASSERT_EQ(install.exitCode, 0) << install.err;
  DocExample example = GetParam();
  for (std::size_t at = example.command.find("/usr/share/kernelcam"); at != std::string::npos;
       at = example.command.find("/usr/share/kernelcam", at + prefix.string().size()))
    example.command.replace(at, 4, prefix.string());
  fs::create_directories(temp.path() / "work");
  QProcessEnvironment environment = exampleEnvironment(temp.path() / "home");
  environment.insert(QStringLiteral("PATH"), QString::fromStdString((prefix / "bin").string()) + QLatin1Char(':') +
                                                 environment.value(QStringLiteral("PATH")));
  runExample(example, temp.path() / "work", environment);
}

INSTANTIATE_TEST_SUITE_P(ManPage, ManPageExample, testing::ValuesIn(manPageExamples()),
                         [](const auto& info) { return testName(info.param.where, info.param.command); });

// --help's examples run from anywhere: an empty folder, the built kernelcam on the PATH.
TEST(HelpExamples, EveryExampleOfEveryHelpPageRuns) {
  const test::TempDir temp;
  fs::create_directories(temp.path() / "home");
  QProcessEnvironment environment = exampleEnvironment(temp.path() / "home");
  environment.insert(QStringLiteral("PATH"),
                     QString::fromStdString(fs::path(KC_KERNELCAM_BINARY).parent_path().string()) + QLatin1Char(':') +
                         environment.value(QStringLiteral("PATH")));
  static const QRegularExpression exampleLine(QStringLiteral("Example: (kernelcam .*)$"),
                                              QRegularExpression::MultilineOption);
  int examples = 0;
  for (const QStringList& page : helpPages()) {
    const test::CliRun help = test::runKernelcam(page);
    ASSERT_EQ(help.exitCode, 0) << page.join(' ').toStdString() << ": " << help.err;
    for (auto match = exampleLine.globalMatch(QString::fromStdString(help.out)); match.hasNext();) {
      ++examples;
      runExample({"kernelcam " + page.join(' ').toStdString(), match.next().captured(1).toStdString()}, temp.path(),
                 environment);
    }
  }
  EXPECT_GE(examples, 4) << "process and the three demos give one each";
}

// The lists above are what the tests run: none of them may come back empty (a moved section).
TEST(DocExamples, TheDocumentsHaveTheirExamples) {
  EXPECT_GE(readmeExamples().size(), 10u);
  EXPECT_EQ(manPageExamples().size(), 5u);
  for (const DocExample& example : readmeExamples())
    EXPECT_EQ(example.command.find('['), std::string::npos)
        << example.where << ": an example runs as written, no [options]";
}

}  // namespace
}  // namespace kc
