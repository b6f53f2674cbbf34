// Output files (issue 15 item 4, issue 12 item 8): `process --out` never leaves a partial or empty
// image, an output never destroys an input, a failed write is exit 1 with no file left, `--json -`
// is stdout, and every JSON document has a schema and snake_case keys.
#include <gtest/gtest.h>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <set>
#include <unistd.h>

#include "tests/support/cli_run.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/temp_dir.hpp"

namespace fs = std::filesystem;

namespace {

using kc::test::runKernelcam;
using kc::test::q;


// No file at `path`, and no temporary left beside it.
void expectNothingWritten(const kc::test::TempDir& dir, const std::string& path) {
  EXPECT_FALSE(fs::exists(path)) << path;
  for (const auto& entry : fs::directory_iterator(dir.path()))
    EXPECT_EQ(entry.path().string().find(".partial"), std::string::npos) << entry.path();
}

TEST(CliOutputSafety, FailedRunsWriteNoFile) {
  kc::test::TempDir dir;
  const std::string out = dir.file("result.png");
  kc::test::writeBytes(dir.file("half.png"), "\x89PNG\r\n\x1a\n\0\0\0\rIHDR");  // a PNG cut after its signature
  const QStringList failing[] = {
      {"process", "--source", q("image:" + dir.file("missing.png")), "--out", q(out)},
      {"process", "--source", q("image:" + dir.file("half.png")), "--out", q(out)},
      {"process", "--source", "pattern", "--size", "32x16", "--filters", "conv=box:4", "--out", q(out)},
      {"process", "--source", "pattern", "--size", "32x16", "--filters", "gray", "--out", q(dir.file("result"))},
      {"process", "--source", "pattern", "--size", "32x16", "--filters", "gray", "--out", q(dir.file("result.xyz"))},
      {"process", "--source", "pattern", "--size", "32x16", "--out", q(dir.file("no/such/folder/result.png"))},
  };
  for (const QStringList& arguments : failing) {
    SCOPED_TRACE(arguments.join(' ').toStdString());
    const auto run = runKernelcam(arguments);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find("kernelcam"), std::string::npos) << run.err;
    expectNothingWritten(dir, out);
    EXPECT_FALSE(fs::exists(dir.file("result"))) << "--out without extension";
    EXPECT_FALSE(fs::exists(dir.file("result.xyz")));
  }
}

TEST(CliOutputSafety, FailedRunLeavesAnOlderOutputUntouched) {
  kc::test::TempDir dir;
  const std::string out = dir.file("kept.png");
  ASSERT_TRUE(cv::imwrite(out, cv::Mat(3, 5, CV_8UC1, cv::Scalar(42))));
  const auto before = fs::file_size(out);
  const auto run = runKernelcam({"process", "--source", q("image:" + dir.file("missing.png")), "--out", q(out)});
  EXPECT_EQ(run.exitCode, 2);
  ASSERT_TRUE(fs::exists(out));
  EXPECT_EQ(fs::file_size(out), before);
  EXPECT_EQ(cv::imread(out, cv::IMREAD_UNCHANGED).cols, 5);
}

TEST(CliOutputSafety, OutputThatIsAFolderIsAClearError) {
  kc::test::TempDir dir;
  fs::create_directories(dir.file("taken.png"));
  const auto run = runKernelcam({"process", "--source", "pattern", "--size", "8x8", "--out", q(dir.file("taken.png"))});
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("taken.png': cannot write (is a directory"), std::string::npos) << run.err;
  EXPECT_TRUE(fs::is_directory(dir.file("taken.png")));
  expectNothingWritten(dir, dir.file("taken.png.partial"));
}

// A colour result in a format without alpha (JPEG, PPM, BMP) is written as its colour: alpha only
// passes through the chain. PNG keeps it.
TEST(CliOutputSafety, ColourOutputWorksInFormatsWithoutAlpha) {
  kc::test::TempDir dir;
  for (const char* extension : {".png", ".jpg", ".ppm", ".bmp"}) {
    const std::string out = dir.file(std::string("colour") + extension);
    const auto run = runKernelcam({"process", "--source", "pattern", "--size", "40x24", "--filters", "conv=sharpen:3",
                                   "--backend", "cpu", "--out", q(out)});
    ASSERT_EQ(run.exitCode, 0) << extension << ": " << run.err;
    const cv::Mat written = cv::imread(out, cv::IMREAD_UNCHANGED);
    ASSERT_FALSE(written.empty()) << out;
    EXPECT_EQ(written.cols, 40);
    EXPECT_EQ(written.rows, 24);
    EXPECT_EQ(written.channels(), std::string(extension) == ".png" ? 4 : 3) << extension;
  }
}

// Everything in `dir` by name (a stray temporary shows up here).
std::set<std::string> filesIn(const kc::test::TempDir& dir) {
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir.path())) names.insert(entry.path().filename().string());
  return names;
}

std::string contentOf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(CliOutputSafety, AnOutputThatIsAnInputIsRefusedBeforeAnyWork) {
  kc::test::TempDir dir;
  const std::string image = dir.file("photo.png"), link = dir.file("photo_link.png");
  ASSERT_TRUE(cv::imwrite(image, cv::Mat(6, 9, CV_8UC3, cv::Scalar(1, 2, 3))));
  fs::create_hard_link(image, link);
  const std::string before = contentOf(image);
  const std::string matrix = kc::test::fixture("matrices/spd_5x5.mtx").string();
  const std::string matrixCopy = dir.file("m.mtx");
  fs::copy_file(matrix, matrixCopy);
  struct Case {
    QStringList arguments;
    std::string mention;
  };
  const Case cases[] = {
      {{"process", "--source", q("image:" + image), "--out", q(image)}, "is an input of this run"},
      {{"process", "--source", q("image:" + image), "--out", q(link)}, "is an input of this run"},  // a hard link
      {{"process", "--source", q("image:" + image), "--json", q(dir.file("./photo.png"))}, "is an input of this run"},
      {{"process", "--source", q("image:" + link), "--view", q(image)}, "is an input of this run"},
      {{"demo", "cg", "--matrix", q(matrixCopy), "--solution", q(matrixCopy), "--backend", "cpu"}, "is an input"},
      {{"demo", "cg", "--matrix", q(matrixCopy), "--json", q(matrixCopy), "--backend", "cpu"}, "is an input"},
      {{"process", "--source", "pattern", "--size", "8x8", "--json", q(dir.file("same")), "--out", q(dir.file("same"))},
       "both write"},
      {{"demo", "cg", "--poisson", "4", "--json", q(dir.file("x.txt")), "--solution", q(dir.file("x.txt")), "--backend",
        "cpu"},
       "both write"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.arguments.join(' ').toStdString());
    const auto run = runKernelcam(c.arguments);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find(c.mention), std::string::npos) << run.err;
    // (--view starts Qt's GUI part, whose XDG_RUNTIME_DIR notice is issue 12's to silence.)
    if (!c.arguments.contains("--view")) {
      EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    }
    EXPECT_TRUE(run.out.empty()) << "work started: " << run.out;
  }
  EXPECT_EQ(contentOf(image), before);
  EXPECT_EQ(contentOf(matrixCopy), contentOf(matrix));
  EXPECT_EQ(filesIn(dir), (std::set<std::string>{"photo.png", "photo_link.png", "m.mtx"}));
}

TEST(CliOutputSafety, NoFixedTemporaryNameIsUsed) {
  // A user's own file named like a fixed temporary must survive a run writing beside it.
  kc::test::TempDir dir;
  const std::string out = dir.file("result.png");
  kc::test::writeBytes(out + ".partial", "the user's own file");
  const auto run = runKernelcam({"process", "--source", "pattern", "--size", "16x8", "--backend", "cpu", "--out", q(out)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  EXPECT_EQ(contentOf(out + ".partial"), "the user's own file");
  EXPECT_EQ(filesIn(dir), (std::set<std::string>{"result.png", "result.png.partial"}));
}

TEST(CliOutputSafety, AFailedWriteIsExitOneWithTheReasonAndNoFileLeft) {
  kc::test::TempDir dir;
  auto run = runKernelcam({"process", "--source", "pattern", "--size", "16x8", "--backend", "cpu", "--json", "/dev/full"});
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_NE(run.err.find("--json '/dev/full': cannot write (no space left on the device (disk full))"), std::string::npos)
      << run.err;
  EXPECT_TRUE(fs::is_character_file("/dev/full")) << "a device must never be replaced by a renamed file";

  // A full disk for real: a 64 KiB tmpfs in a private mount namespace (no root needed).
  const std::string small = dir.file("small");
  fs::create_directories(small);
  const std::string script = "mount -t tmpfs -o size=64k tmpfs '" + small + "' && head -c 61440 /dev/zero > '" + small +
                             "/fill' && '" + std::string(KC_KERNELCAM_BINARY) +
                             "' demo cg --poisson 40 --backend cpu --solution '" + small + "/x.txt'";
  const kc::test::CliRun shell = kc::test::runProgram(
      "unshare", {"--user", "--map-root-user", "--mount", "sh", "-c",
                  q(script + "; status=$?; ls '" + small + "' >&2; exit $status")});
  const std::string& err = shell.err;
  if (err.find("cannot write") == std::string::npos)
    GTEST_SKIP() << "no private tmpfs here (unshare/mount unavailable): " << err;
  EXPECT_EQ(shell.exitCode, 1) << err;
  EXPECT_NE(err.find("--solution '" + small + "/x.txt': cannot write (no space left on the device (disk full))"),
            std::string::npos)
      << err;
  EXPECT_EQ(err.substr(err.find('\n') + 1), "fill\n") << "the folder afterwards holds only the filler: " << err;
}

TEST(CliOutputSafety, UnwritableOutputsAreOneLineBeforeAnyWork) {
  kc::test::TempDir dir;
  const struct {
    QStringList arguments;
    std::string mention;
  } cases[] = {
      {{"demo", "cg", "--poisson", "4", "--backend", "cpu", "--json", q(dir.path().string())}, "is a directory"},
      {{"demo", "cg", "--poisson", "4", "--backend", "cpu", "--json", q(dir.file("no/such/r.json"))}, "no such folder"},
      {{"process", "--source", "pattern", "--json", q(dir.file("x.json/")), "--backend", "cpu"}, "cannot write"},
      {{"process", "--source", "pattern", "--out", q(dir.file("out"))}, "no extension"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.arguments.join(' ').toStdString());
    const auto run = runKernelcam(c.arguments);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find(c.mention), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_TRUE(run.out.empty()) << run.out;
  }
}

// Runs kernelcam without privileges: directly, or as root through a user namespace (where root's
// files are someone else's). Empty `err` with exit -1 when neither is possible.
kc::test::CliRun runUnprivileged(const QStringList& arguments) {
  if (::geteuid() != 0) return runKernelcam(arguments);
  return kc::test::runProgram("unshare", QStringList{"--user", QStringLiteral(KC_KERNELCAM_BINARY)} + arguments);
}

TEST(CliOutputSafety, PermissionProblemsSayPermissionDenied) {
  kc::test::TempDir dir;
  fs::permissions(dir.path(), fs::perms::all);  // reachable for the unprivileged user
  fs::create_directories(dir.file("readonly"));
  fs::permissions(dir.file("readonly"), fs::perms::owner_read | fs::perms::owner_exec | fs::perms::others_read |
                                            fs::perms::others_exec);
  fs::create_directories(dir.file("locked"));
  ASSERT_TRUE(cv::imwrite(dir.file("locked/in.png"), cv::Mat(4, 4, CV_8UC3, cv::Scalar::all(1))));
  fs::permissions(dir.file("locked"), fs::perms::none);  // (a user namespace keeps root's uid: none, not 0700)
  auto run = runUnprivileged({"process", "--source", "pattern", "--size", "8x8", "--out", q(dir.file("readonly/x.png"))});
  if (run.exitCode < 0 || run.err.find("unshare") != std::string::npos)
    GTEST_SKIP() << "cannot run unprivileged here: " << run.err;
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("cannot create files in"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("permission denied"), std::string::npos) << run.err;
  run = runUnprivileged({"process", "--source", q("image:" + dir.file("locked/in.png")), "--out", q(dir.file("x.png"))});
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("permission denied (a folder on the path cannot be searched)"), std::string::npos) << run.err;
  fs::permissions(dir.file("readonly"), fs::perms::owner_all);
  fs::permissions(dir.file("locked"), fs::perms::owner_all);
}

QJsonObject parseJson(const std::string& text) {
  QJsonParseError error{};
  const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &error);
  EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString() << "\n" << text;
  return doc.object();
}

// snake_case: lower-case letters, digits and underscores, in every object of the document.
void expectSnakeCaseKeys(const QJsonObject& object, const std::string& where) {
  for (auto it = object.begin(); it != object.end(); ++it) {
    for (QChar c : it.key()) EXPECT_FALSE(c.isUpper()) << where << ": key " << it.key().toStdString();
    if (it.value().isObject()) expectSnakeCaseKeys(it.value().toObject(), where);
    if (it.value().isArray())
      for (const auto& element : it.value().toArray())
        if (element.isObject()) expectSnakeCaseKeys(element.toObject(), where);
  }
}

TEST(CliOutputSafety, JsonDashIsStdoutAndEveryDocumentHasASchema) {
  kc::test::TempDir dir;
  const QString cwd = q(dir.path().string());
  auto runIn = [&](const QStringList& arguments) {
    const kc::test::CliRun run = kc::test::runProgram(QStringLiteral(KC_KERNELCAM_BINARY), arguments, 120000, cwd);
    EXPECT_EQ(run.exitCode, 0) << run.err;
    return std::make_pair(run.out, run.err);
  };
  const auto [processOut, processErr] =
      runIn({"process", "--source", "pattern", "--size", "16x8", "--backend", "cpu", "--json", "-"});
  QJsonObject report = parseJson(processOut);
  EXPECT_EQ(report["schema"].toString(), "kernelcam-process/2");
  EXPECT_EQ(report["frames"].toInt(), 1);
  expectSnakeCaseKeys(report, "process");
  const auto [reduceOut, reduceErr] = runIn({"demo", "reduce", "--n", "100", "--reps", "1", "--backend", "cpu", "--json", "-"});
  report = parseJson(reduceOut);
  EXPECT_EQ(report["schema"].toString(), "kernelcam-demo/1");
  EXPECT_EQ(report["demo"].toString(), "reduce");
  expectSnakeCaseKeys(report, "reduce");
  EXPECT_NE(reduceErr.find("reduce demo on CPU"), std::string::npos) << "the table goes to stderr: " << reduceErr;
  const auto [cgOut, cgErr] = runIn({"demo", "cg", "--poisson", "4", "--backend", "cpu", "--json", "-"});
  report = parseJson(cgOut);
  EXPECT_EQ(report["schema"].toString(), "kernelcam-demo/1");
  expectSnakeCaseKeys(report, "cg");
  EXPECT_TRUE(QDir(cwd).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).isEmpty()) << "no file named '-'";
}

}  // namespace
