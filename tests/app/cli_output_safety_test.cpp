// `kernelcam process --out` never leaves a partial or empty image: a run that fails (bad input,
// bad filters, unwritable destination) writes nothing, and an older file at --out stays as it was.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>

#include "cli_run.hpp"
#include "temp_dir.hpp"

namespace fs = std::filesystem;

namespace {

using kc::test::runKernelcam;

QString q(const std::string& s) { return QString::fromStdString(s); }

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
  EXPECT_NE(run.err.find("taken.png: cannot write"), std::string::npos) << run.err;
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

}  // namespace
