// Must-fail: an output of a run that would destroy one of its inputs, or another of its outputs
// (issue 23, items 1, 2 and 14). One guard checks every file kernelcam writes (--out in all its
// forms, --json, --view, --vcam file:, --solution, kernel new) against every input of the run (the
// image or video, each frame of a sequence that exists, the matrix, a kernel= stage's file and the
// headers it includes) by identity, before anything is opened: one line, exit 2, nothing written,
// every input as it was.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <opencv2/imgcodecs.hpp>
#include <set>

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using kc::test::q;
using kc::test::runKernelcam;
using kc::test::TempDir;

std::string contentOf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Every file under `root` (links as links) with its bytes: what a refused run must leave alone.
std::map<std::string, std::string> snapshot(const fs::path& root) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const std::string relative = fs::relative(entry.path(), root).string();
    if (entry.is_symlink()) files[relative] = "-> " + fs::read_symlink(entry.path()).string();
    else if (entry.is_regular_file()) files[relative] = contentOf(entry.path().string());
    else files[relative] = "(folder)";
  }
  return files;
}

struct Refusal {
  QStringList arguments;
  std::string message;  // a part of the one line
};

// Each run: exit 2 with one line naming the problem, no output on stdout, and the folder exactly as
// it was (inputs untouched, nothing new, no temporary).
void expectRefusedBeforeAnyWork(const TempDir& dir, const std::vector<Refusal>& refusals) {
  const auto before = snapshot(dir.path());
  for (const Refusal& refusal : refusals) {
    SCOPED_TRACE(refusal.arguments.join(' ').toStdString());
    const auto run = runKernelcam(refusal.arguments, 30000);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find(refusal.message), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_TRUE(run.out.empty()) << run.out;
    EXPECT_EQ(snapshot(dir.path()), before);
  }
}

// Five numbered PNGs, each its own grey, in dir/seq.
void writeSequence(const TempDir& dir) {
  fs::create_directories(dir.file("seq"));
  for (int i = 0; i < 5; ++i)
    ASSERT_TRUE(
        cv::imwrite(dir.file(cv::format("seq/frame_%05d.png", i)), cv::Mat(6, 8, CV_8UC3, cv::Scalar::all(20 * i))));
}

TEST(OutputsAgainstInputs, EveryFrameOfASequenceIsAnInput) {
  TempDir dir;
  writeSequence(dir);
  fs::create_directories(dir.file("elsewhere"));
  // A folder output whose numbered frame is a link to an input: the same file by identity.
  fs::create_symlink(dir.file("seq/frame_00003.png"), dir.file("elsewhere/frame_00001.png"));
  const QString source = q("sequence:" + dir.file("seq/frame_%05d.png"));
  const QStringList run{"process", "--source", source, "--frames", "5", "--filters", "gray", "--backend", "cpu"};
  expectRefusedBeforeAnyWork(
      dir, {
               {run + QStringList{"--out", q(dir.file("seq/"))},
                "its numbered frames would overwrite '" + dir.file("seq/frame_00000.png") + "', an input of this run"},
               {run + QStringList{"--out", q(dir.file("seq/frame_00000.png"))}, "is an input of this run"},
               {run + QStringList{"--json", q(dir.file("seq/frame_00002.png"))}, "is an input of this run"},
               {run + QStringList{"--view", q(dir.file("seq/../seq/frame_00004.png"))}, "is an input of this run"},
               {run + QStringList{"--out", q(dir.file("elsewhere/"))},
                "its numbered frames would overwrite '" + dir.file("elsewhere/frame_00001.png") + "'"},
           });

  // The same run into a folder of its own reads all five frames and writes five.
  const auto good = runKernelcam(run + QStringList{"--out", q(dir.file("out/"))}, 30000);
  ASSERT_EQ(good.exitCode, 0) << good.err;
  for (int i = 0; i < 5; ++i) {
    const cv::Mat frame = cv::imread(dir.file(cv::format("out/frame_%05d.png", i)), cv::IMREAD_UNCHANGED);
    ASSERT_FALSE(frame.empty()) << i;
    EXPECT_NEAR(frame.at<unsigned char>(0, 0), 20 * i, 1) << i;  // each frame in order (grey: one level of rounding)
  }
}

TEST(OutputsAgainstInputs, VcamFileIsAnOutputLikeTheOthers) {
  TempDir dir;
  const std::string image = dir.file("in.png");
  ASSERT_TRUE(cv::imwrite(image, cv::Mat(6, 8, CV_8UC3, cv::Scalar(1, 2, 3))));
  fs::create_hard_link(image, dir.file("in_link.png"));
  // A video input: Motion JPEG frames one after the other, read by FFmpeg's mjpeg reader.
  std::vector<unsigned char> jpeg;
  ASSERT_TRUE(cv::imencode(".jpg", cv::Mat(8, 8, CV_8UC3, cv::Scalar::all(90)), jpeg));
  {
    std::ofstream video(dir.file("clip.mjpeg"), std::ios::binary);
    for (int i = 0; i < 3; ++i)
      video.write(reinterpret_cast<const char*>(jpeg.data()), static_cast<std::streamsize>(jpeg.size()));
  }
  const QStringList pattern{"process", "--source", "pattern", "--size", "8x8", "--backend", "cpu"};
  expectRefusedBeforeAnyWork(
      dir, {
               {{"process", "--source", q("image:" + image), "--vcam", q("file:" + image), "--backend", "cpu"},
                "--vcam '" + image + "': is an input of this run"},
               {{"process", "--source", q("image:" + image), "--vcam", q("file:" + dir.file("in_link.png")),
                 "--backend", "cpu"},
                "is an input of this run"},
               {{"process", "--source", q("video:" + dir.file("clip.mjpeg")), "--vcam",
                 q("file:" + dir.file("clip.mjpeg")), "--backend", "cpu"},
                "is an input of this run"},
               {pattern + QStringList{"--vcam", q("file:" + dir.file("v.yuyv")), "--json", q(dir.file("v.yuyv"))},
                "both write"},
               {pattern + QStringList{"--out", q(dir.file("v.png")), "--vcam", q("file:" + dir.file("v.png"))},
                "both write"},
               // The window takes --vcam too: refused before it opens.
               {{"--source", q("image:" + image), "--vcam", q("file:" + image)}, "is an input of this run"},
           });
}

TEST(OutputsAgainstInputs, AKernelFileAndItsHeadersAreInputs) {
  TempDir dir;
  const std::string kernel = dir.file("k.cu");
  ASSERT_EQ(runKernelcam({"kernel", "new", q(kernel)}).exitCode, 0);
  kc::test::writeBytes(dir.file("helpers.cuh"), "// shared helpers\n");
  kc::test::writeBytes(dir.file("commented.cuh"), "// only named in a comment\n");
  kc::test::writeBytes(kernel, "#include \"helpers.cuh\"\n// #include \"commented.cuh\"\n" + contentOf(kernel));
  const QStringList run{"process", "--source", "pattern", "--size", "8x8", "--filters", q("kernel=" + kernel)};
  expectRefusedBeforeAnyWork(
      dir, {
               {run + QStringList{"--json", q(kernel)}, "--json '" + kernel + "': is an input of this run"},
               {run + QStringList{"--json", q(dir.file("helpers.cuh"))}, "is an input of this run"},
           });
  // A header named only in a comment is no input: the guard lets the run go on (to whatever
  // the machine makes of a kernel stage; on a machine without CUDA, exit 3).
  const auto commented = runKernelcam(run + QStringList{"--json", q(dir.file("commented.cuh"))}, 30000);
  EXPECT_EQ(commented.err.find("is an input"), std::string::npos) << commented.err;
}

// Issue 40, class 2: two outputs spelled differently that are one file. Before either exists,
// `--out b.png --json ./b.png` compared the paths as written ("b.png" against "./b.png"), so both
// were written, the image lost under the report, exit 0; `demo cg --json X --solution ./X` likewise.
// Outputs are now compared as files: the path a file will have, resolved (absolute, "." and ".."
// taken out, a link to a file that does not exist yet followed), against each other as against inputs.
TEST(OutputsAgainstInputs, TwoSpellingsOfAFileThatDoesNotExistYetAreOneFile) {
  TempDir dir;
  fs::create_directories(dir.file("sub"));
  fs::create_symlink("target.png", dir.file("link.png"));  // to a file that does not exist yet
  const QStringList process{"process",  "--source", "pattern",   "--size", "32x24",
                            "--frames", "1",        "--backend", "cpu",    "--quiet"};
  const QStringList cg{"demo", "cg", "--poisson", "4", "--backend", "cpu", "--quiet"};
  struct Case {
    QStringList arguments;
    std::string message;
  };
  const std::vector<Case> cases = {
      {process + QStringList{"--out", "b.png", "--json", "./b.png"}, "--out and --json both write './b.png'"},
      {process + QStringList{"--out", "sub/../b.png", "--view", "b.png"}, "--out and --view both write 'b.png'"},
      {process + QStringList{"--out", "target.png", "--json", "link.png"}, "--out and --json both write 'link.png'"},
      {cg + QStringList{"--json", "X", "--solution", "./X"}, "both write './X'"},
  };
  const auto before = snapshot(dir.path());
  for (const Case& c : cases) {
    SCOPED_TRACE(c.arguments.join(' ').toStdString());
    const auto run =
        kc::test::runProgram(QStringLiteral(KC_KERNELCAM_BINARY), c.arguments, 30000, q(dir.path().string()));
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find(c.message), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_EQ(snapshot(dir.path()), before) << "nothing written";
  }
  // Each under a name of its own, the same runs write both.
  const auto apart = kc::test::runProgram(QStringLiteral(KC_KERNELCAM_BINARY),
                                          process + QStringList{"--out", "b.png", "--json", "./b.json"}, 30000,
                                          q(dir.path().string()));
  EXPECT_EQ(apart.exitCode, 0) << apart.err;
  EXPECT_TRUE(fs::exists(dir.file("b.png")));
  EXPECT_TRUE(fs::exists(dir.file("b.json")));
}

TEST(OutputsAgainstInputs, ACgThatDoesNotConvergeKeepsTheOlderSolution) {
  TempDir dir;
  const std::string solution = dir.file("x.txt");
  kc::test::writeBytes(solution, "the solution of an earlier run\n");
  const auto run = runKernelcam({"demo", "cg", "--poisson", "30", "--max-iter", "2", "--backend", "cpu", "--quiet",
                                 "--solution", q(solution), "--json", q(dir.file("report.json"))},
                                30000);
  EXPECT_EQ(run.exitCode, 1) << run.err;
  EXPECT_NE(run.err.find("demo cg: CPU reference: not converged (maximum iterations reached); --solution '" + solution +
                         "' not written (an older file there is kept)"),
            std::string::npos)
      << run.err;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  EXPECT_EQ(contentOf(solution), "the solution of an earlier run\n");
  EXPECT_TRUE(fs::exists(dir.file("report.json"))) << "the report says what happened";
  EXPECT_EQ(std::set<std::string>({"x.txt", "report.json"}), [&] {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir.path())) names.insert(entry.path().filename().string());
    return names;
  }()) << "no temporary left";

  // Converged: written.
  const auto solved =
      runKernelcam({"demo", "cg", "--poisson", "4", "--backend", "cpu", "--quiet", "--solution", q(solution)}, 30000);
  EXPECT_EQ(solved.exitCode, 0) << solved.err;
  EXPECT_NE(contentOf(solution), "the solution of an earlier run\n");
}

// `kernel new` writes through the same guard and writer: a path it cannot write is exit 2 before
// anything is written, whatever the reason, with the reason in words.
TEST(OutputsAgainstInputs, KernelNewRefusesEveryUnwritablePathWithExitTwo) {
  TempDir dir;
  fs::create_directories(dir.file("locked"));
  fs::permissions(dir.file("locked"), fs::perms::owner_read | fs::perms::owner_exec);
  fs::create_directories(dir.file("folder"));
  kc::test::writeBytes(dir.file("taken.cu"), "someone's kernel\n");
  const bool root = ::geteuid() == 0;
  std::vector<Refusal> refusals{
      {{"kernel", "new", q(dir.file("taken.cu"))}, "exists; not replaced"},
      {{"kernel", "new", q(dir.file("folder"))}, "exists; not replaced"},
      {{"kernel", "new", q(dir.file("no/such/k.cu"))}, "cannot write (no such folder"},
      {{"kernel", "new", q(dir.file("taken.cu/k.cu"))}, "cannot write ("},
      {{"kernel", "new", ""}, "cannot write (empty path)"},
  };
  if (!root)
    refusals.push_back({{"kernel", "new", q(dir.file("locked/k.cu"))}, "cannot write (cannot create files in"});
  expectRefusedBeforeAnyWork(dir, refusals);
  fs::permissions(dir.file("locked"), fs::perms::owner_all);
}

// A folder whose permissions let the file be made but which takes none (/proc; a read-only file
// system; any folder for root, whom permissions do not stop): found before the run by creating a
// file there for real, so it is exit 2 before any work like every other unwritable path, not exit 1
// after the whole run.
TEST(OutputsAgainstInputs, AFolderThatTakesNoFilesIsRefusedBeforeTheRun) {
  TempDir dir;
  const QStringList pattern{"process", "--source", "pattern", "--size", "8x8", "--backend", "cpu"};
  expectRefusedBeforeAnyWork(
      dir, {
               {pattern + QStringList{"--json", "/proc/kc.json"}, "cannot create files in '/proc'"},
               {pattern + QStringList{"--vcam", "file:/proc/kc.yuyv"}, "cannot create files in '/proc'"},
               {{"demo", "cg", "--poisson", "4", "--backend", "cpu", "--solution", "/proc/x.txt"},
                "cannot create files in '/proc'"},
               {{"kernel", "new", "/proc/k.cu"}, "cannot create files in '/proc'"},
           });
}

}  // namespace
