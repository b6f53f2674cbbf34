// Must-fail: `process` outputs that cannot be written or would destroy an input (a failed run, a
// folder, an input, a failed write, an unwritable path, a permission): one line naming the output and
// the reason, the exit code, and no file left half-written (an older output stays untouched). Good
// outputs are in tests/app/cli/cli_output_safety_test.cpp.
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
#include <utility>

#include "tests/support/cli_run.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/app/cli/output_checks.hpp"

namespace fs = std::filesystem;

namespace {

using namespace kc::test;

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
  // Each run and a piece of the one line it gets.
  const std::pair<QStringList, std::string> failing[] = {
      {{"process", "--source", q("image:" + dir.file("missing.png")), "--out", q(out)}, "missing.png: no such file"},
      {{"process", "--source", q("image:" + dir.file("half.png")), "--out", q(out)},
       "half.png: could not be decoded (the PNG ends before its header, or the header is not first)"},
      {{"process", "--source", "pattern", "--size", "32x16", "--filters", "conv=box:4", "--out", q(out)},
       "--filters: conv size 4 is even (expected an odd number in 1..31)"},
      {{"process", "--source", "pattern", "--size", "32x16", "--filters", "gray", "--out", q(dir.file("result"))},
       "/result': cannot write (no extension: name it .png; a video: .mp4 or .avi)"},
      {{"process", "--source", "pattern", "--size", "32x16", "--filters", "gray", "--out", q(dir.file("result.xyz"))},
       "result.xyz': cannot write (unknown image extension '.xyz': use .png; a video: .mp4 or .avi)"},
      {{"process", "--source", "pattern", "--size", "32x16", "--out", q(dir.file("no/such/folder/result.png"))},
       "no/such/folder/result.png': cannot write (no such folder"},
  };
  for (const auto& [arguments, message] : failing) {
    SCOPED_TRACE(arguments.join(' ').toStdString());
    const auto run = runKernelcam(arguments);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find("kernelcam"), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(message), std::string::npos) << run.err;
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
  EXPECT_NE(run.err.find("missing.png: no such file"), std::string::npos) << run.err;
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

TEST(CliOutputSafety, AFailedWriteIsExitOneWithTheReasonAndNoFileLeft) {
  kc::test::TempDir dir;
  auto run =
      runKernelcam({"process", "--source", "pattern", "--size", "16x8", "--backend", "cpu", "--json", "/dev/full"});
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_NE(run.err.find("--json '/dev/full': cannot write (no space left on the device (disk full))"),
            std::string::npos)
      << run.err;
  EXPECT_TRUE(fs::is_character_file("/dev/full")) << "a device must never be replaced by a renamed file";

  // A full disk for real: a 64 KiB tmpfs in a private mount namespace (no root needed).
  const std::string small = dir.file("small");
  fs::create_directories(small);
  const std::string script = "mount -t tmpfs -o size=64k tmpfs '" + small + "' && head -c 61440 /dev/zero > '" + small +
                             "/fill' && '" + std::string(KC_KERNELCAM_BINARY) +
                             "' demo cg --poisson 40 --backend cpu --solution '" + small + "/x.txt'";
  const kc::test::CliRun shell =
      kc::test::runProgram("unshare", {"--user", "--map-root-user", "--mount", "sh", "-c",
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
  fs::permissions(dir.file("readonly"),
                  fs::perms::owner_read | fs::perms::owner_exec | fs::perms::others_read | fs::perms::others_exec);
  fs::create_directories(dir.file("locked"));
  ASSERT_TRUE(cv::imwrite(dir.file("locked/in.png"), cv::Mat(4, 4, CV_8UC3, cv::Scalar::all(1))));
  fs::permissions(dir.file("locked"), fs::perms::none);  // (a user namespace keeps root's uid: none, not 0700)
  auto run =
      runUnprivileged({"process", "--source", "pattern", "--size", "8x8", "--out", q(dir.file("readonly/x.png"))});
  if (run.exitCode < 0 || run.err.find("unshare") != std::string::npos)
    GTEST_SKIP() << "cannot run unprivileged here: " << run.err;
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("cannot create files in"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("permission denied"), std::string::npos) << run.err;
  run =
      runUnprivileged({"process", "--source", q("image:" + dir.file("locked/in.png")), "--out", q(dir.file("x.png"))});
  EXPECT_EQ(run.exitCode, 2) << run.err;
  EXPECT_NE(run.err.find("permission denied (a folder on the path cannot be searched)"), std::string::npos) << run.err;
  fs::permissions(dir.file("readonly"), fs::perms::owner_all);
  fs::permissions(dir.file("locked"), fs::perms::owner_all);
}

// Issue 40, class 9: `--out dir/fr/` on a disk that fills wrote frame after frame into the folder,
// each atomically, so a run that failed midway left the folder mixing its new frames with an
// earlier run's. The frames of a run now go into a temporary folder inside it and are renamed
// into place at the end: a failed run leaves the earlier frames as they were and none of its own.
TEST(CliOutputSafety, NumberedFramesThatFailMidwayLeaveTheFolderAsItWas) {
  kc::test::TempDir dir;
  const std::string small = dir.file("small");
  fs::create_directories(small);
  const std::string frames = small + "/fr/";
  // The earlier run's three frames (stand-ins: their bytes are what must survive), then a run of 40
  // frames of noise-free 320x240 PNGs that the remaining ~40 KiB cannot hold.
  const std::string script = "mount -t tmpfs -o size=64k tmpfs '" + small + "' && mkdir '" + frames +
                             "' && for i in 0 1 2; do printf \"old $i\" > \"" + frames +
                             "frame_0000$i.png\"; done && head -c 20480 /dev/zero > '" + small + "/fill' && '" +
                             std::string(KC_KERNELCAM_BINARY) +
                             "' process --source pattern --size 320x240 --frames 40 --backend cpu --quiet --out '" +
                             frames + "'; status=$?; ls -A '" + frames + "' >&2; cat '" + frames +
                             "frame_00000.png' >&2; exit $status";
  const kc::test::CliRun shell =
      kc::test::runProgram("unshare", {"--user", "--map-root-user", "--mount", "sh", "-c", q(script)});
  const std::string& err = shell.err;
  if (err.find("frame_00002.png") == std::string::npos)
    GTEST_SKIP() << "no private tmpfs here (unshare/mount unavailable): " << err;
  EXPECT_EQ(shell.exitCode, 1) << err;
  EXPECT_EQ(err.rfind("kernelcam: --out '" + frames + "': cannot write (", 0), 0u) << err;
  EXPECT_NE(err.find("no space left on the device (disk full)); no frame of this run was kept"), std::string::npos)
      << err;
  // `ls -A`: the earlier frames alone, no temporary; frame 0 still the earlier run's.
  EXPECT_NE(err.find("\nframe_00000.png\nframe_00001.png\nframe_00002.png\nold 0"), std::string::npos) << err;

  // Where they fit, every frame of the run appears, over the earlier ones, and no temporary stays.
  const std::string roomy = dir.file("roomy/fr/");
  fs::create_directories(roomy);
  kc::test::writeBytes(roomy + "frame_00001.png", "old 1");
  const auto run = runKernelcam({"process", "--source", "pattern", "--size", "32x24", "--frames", "3", "--backend",
                                 "cpu", "--quiet", "--out", q(roomy)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(roomy)) names.insert(entry.path().filename().string());
  EXPECT_EQ(names, (std::set<std::string>{"frame_00000.png", "frame_00001.png", "frame_00002.png"}));
  EXPECT_EQ(kc::test::readAll(roomy + "frame_00001.png").substr(1, 3), "PNG");
}

}  // namespace
