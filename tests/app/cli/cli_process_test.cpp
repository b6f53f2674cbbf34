// `kernelcam process` end to end: the built binary, run as a user would, against the CPU
// references applied by hand in sequence (exact, but a convolution within one level: the CPU
// backend's OpenCV path sums in another order), its JSON report, and its exit codes.
#include <gtest/gtest.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <filesystem>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "app/backend/pipeline_factory.hpp"
#include "app/sources/image_source.hpp"
#include "app/sources/pattern_source.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/test_data.hpp"
#include "gpu/image/convolution.hpp"
#include "gpu/image/grayscale.hpp"
#include "gpu/image/histogram.hpp"
#include "gpu/image/transpose.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

namespace fs = std::filesystem;

namespace {

using kc::test::CliRun;
using kc::test::runKernelcam;
using kc::test::tempPath;

std::string firstImage() {
  const auto images = kc::test::samplePhotos();
  for (const auto& p : images)
    if (p.extension() == ".png") return p.string();
  return images.empty() ? std::string() : images.front().string();
}

// The CPU references in sequence for "gray=bt709,conv=gauss:5:reflect,transpose" on an RGBA image.
kc::HostImage<std::uint8_t> expectedGrayGaussTranspose(kc::ConstImageView<kc::Rgba8> rgba) {
  const int w = rgba.width, h = rgba.height;
  kc::HostImage<std::uint8_t> gray(w, h), blurred(w, h), transposed(h, w);
  kc::grayscaleCpu(rgba, gray.view(), kc::GrayWeights::BT709);
  kc::convolveCpu(gray.view(), blurred.view(), kc::makePresetKernel(kc::ConvPreset::Gaussian, 5),
                  kc::BorderMode::Reflect);
  kc::transposeCpu<std::uint8_t>(blurred.view(), transposed.view());
  return transposed;
}

TEST(CliProcess, ImageThroughChainEqualsTheCpuReferences) {
  const std::string image = firstImage();
  ASSERT_FALSE(image.empty()) << "no photos in " << kc::test::projectData("samples")
                              << " (data/samples is part of the repository)";
  const std::string out = tempPath("gauss.png"), json = tempPath("gauss.json");
  const CliRun run = runKernelcam({"process", "--source", QString::fromStdString("image:" + image), "--filters",
                                   "gray=bt709,conv=gauss:5:reflect,transpose,hist=32", "--backend", "cpu", "--out",
                                   QString::fromStdString(out), "--json", QString::fromStdString(json)});
  ASSERT_EQ(run.exitCode, 0) << run.err;

  const kc::HostFrame input = kc::ImageSource(image).next();
  const kc::HostImage<std::uint8_t> expected = expectedGrayGaussTranspose(input.rgba.view());
  const cv::Mat written = cv::imread(out, cv::IMREAD_UNCHANGED);
  ASSERT_EQ(written.type(), CV_8UC1);
  ASSERT_EQ(written.cols, expected.width());
  ASSERT_EQ(written.rows, expected.height());
  const kc::ConstImageView<std::uint8_t> writtenView{written.ptr<std::uint8_t>(), written.cols, written.rows,
                                                     written.step[0]};
  const cv::Mat expectedMat(expected.height(), expected.width(), CV_8UC1, const_cast<unsigned char*>(expected.bytes()),
                            expected.pitch());
  EXPECT_LE(cv::norm(written, expectedMat, cv::NORM_INF), 1.0);

  QFile file(QString::fromStdString(json));
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  QJsonParseError error{};
  const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &error);
  ASSERT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
  const QJsonObject report = doc.object();
  for (const char* key :
       {"backend", "device", "width", "height", "frames", "stages", "histogram", "display_path", "streams"})
    EXPECT_TRUE(report.contains(QLatin1String(key))) << key;
  EXPECT_EQ(report["backend"].toString(), "cpu") << "the one spelling of a backend (toString), as demo's JSON";
  EXPECT_EQ(report["width"].toInt(), input.width());
  EXPECT_EQ(report["height"].toInt(), input.height());
  EXPECT_EQ(report["frames"].toInt(), 1);
  EXPECT_EQ(report["display_path"].toString(), "cpu");
  const QJsonArray stages = report["stages"].toArray();
  ASSERT_EQ(stages.size(), 4);
  EXPECT_EQ(stages[0].toObject()["name"].toString(), "gray bt709");
  EXPECT_EQ(stages[1].toObject()["name"].toString(), "conv gauss 5x5 reflect");
  for (const auto& stage : stages)
    for (const char* key : {"name", "ms_mean", "ms_median", "gbps"}) EXPECT_TRUE(stage.toObject().contains(key)) << key;
  // Grey histogram: one array of 32 counts equal to the reference on the image written.
  const QJsonArray histogram = report["histogram"].toArray();
  ASSERT_EQ(histogram.size(), 32);
  std::vector<std::uint32_t> want(32);
  kc::histogramCpu(writtenView, 32, want.data());
  for (int b = 0; b < 32; ++b) EXPECT_EQ(histogram[b].toInteger(), want[b]) << "bin " << b;
}

TEST(CliProcess, ColourHistogramIsReportedPerChannel) {
  const std::string json = tempPath("rgb.json");
  const CliRun run = runKernelcam({"process", "--source", "pattern", "--size", "64x40", "--filters", "hist=8",
                                   "--backend", "cpu", "--json", QString::fromStdString(json)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  QFile file(QString::fromStdString(json));
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  const QJsonObject histogram = QJsonDocument::fromJson(file.readAll()).object()["histogram"].toObject();
  std::vector<std::uint32_t> want(24);
  kc::histogramRgbCpu(kc::PatternSource(64, 40).frameAt(0).rgba.view(), 8, want.data());
  const char* channels[] = {"r", "g", "b"};
  for (int c = 0; c < 3; ++c) {
    const QJsonArray counts = histogram[channels[c]].toArray();
    ASSERT_EQ(counts.size(), 8) << channels[c];
    for (int b = 0; b < 8; ++b) EXPECT_EQ(counts[b].toInteger(), want[c * 8 + b]) << channels[c] << b;
  }
}

TEST(CliProcess, PatternFramesGoToNumberedFiles) {
  const std::string dir = tempPath("frames") + "/";
  fs::remove_all(dir);
  const CliRun run = runKernelcam({"process", "--source", "pattern", "--size", "48x32", "--frames", "3", "--filters",
                                   "gray,transpose", "--backend", "cpu", "--out", QString::fromStdString(dir)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  for (int i = 0; i < 3; ++i) {
    const std::string path = dir + "frame_0000" + std::to_string(i) + ".png";
    const cv::Mat frame = cv::imread(path, cv::IMREAD_UNCHANGED);
    ASSERT_FALSE(frame.empty()) << path;
    EXPECT_EQ(frame.cols, 32);
    EXPECT_EQ(frame.rows, 48);
    // Frame i of the pattern, grey and transposed.
    const kc::HostFrame source = kc::PatternSource(48, 32).frameAt(i);
    kc::HostImage<std::uint8_t> gray(48, 32), transposed(32, 48);
    kc::grayscaleCpu(source.rgba.view(), gray.view(), kc::GrayWeights::Lab);
    kc::transposeCpu<std::uint8_t>(gray.view(), transposed.view());
    const kc::ConstImageView<std::uint8_t> view{frame.ptr<std::uint8_t>(), frame.cols, frame.rows, frame.step[0]};
    EXPECT_TRUE(kc::samePixels<std::uint8_t>(view, transposed.view())) << path;
  }
}

// The pattern in a camera's format goes through the pipeline's entry conversion: a grey chain on
// NV12 starts from the Y plane (its own timing row, the gray stage a no-op), another chain from
// RGBA ("convert yuyv"); the result is what converting the pattern by hand gives. The JSON says
// the host CPU time per frame.
TEST(CliProcess, PatternFormatsConvertAtEntryAndTheJsonHasCpuTime) {
  struct Case {
    const char* format;
    const char* filters;
    const char* entryRow;
  };
  for (const Case& c : {Case{"nv12", "gray,hist=16", "luma nv12"}, Case{"yuyv", "hist=16,gray", "convert yuyv"},
                        Case{"i420", "flip=h", "convert i420"}}) {
    SCOPED_TRACE(c.format);
    const std::string json = tempPath(std::string("fmt_") + c.format + ".json");
    const std::string out = tempPath(std::string("fmt_") + c.format + ".png");
    const CliRun run = runKernelcam({"process", "--source", "pattern", "--size", "66x34", "--pattern-format", c.format,
                                     "--filters", c.filters, "--frames", "3", "--backend", "cpu", "--json",
                                     QString::fromStdString(json), "--out", QString::fromStdString(out)});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    QFile file(QString::fromStdString(json));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QJsonObject report = QJsonDocument::fromJson(file.readAll()).object();
    EXPECT_EQ(report["source"].toString().toStdString(), std::string("pattern 66x34 ") + c.format);
    const QJsonArray stages = report["stages"].toArray();
    ASSERT_FALSE(stages.isEmpty());
    EXPECT_EQ(stages[0].toObject()["name"].toString().toStdString(), c.entryRow);
    EXPECT_GT(report["cpu_ms_per_frame"].toDouble(), 0);
    EXPECT_GT(report["source_cpu_ms_per_frame"].toDouble(), 0);

    // The last frame (index 2), converted as the pipeline does, then the chain's image stages by hand.
    const kc::FilterChain chain = kc::parseFilterChain(c.filters);
    kc::HostFrame expected =
        kc::pipelineInputFrame(kc::PatternSource(66, 34, 30, *kc::pixelFormatNamed(c.format)).frameAt(2), chain);
    auto cpu = kc::makeCpuPipeline();
    cpu->setChain(chain);
    expected = cpu->process(expected).output;
    const cv::Mat written = cv::imread(out, cv::IMREAD_UNCHANGED);
    ASSERT_FALSE(written.empty());
    ASSERT_EQ(written.cols, expected.width());
    if (expected.format == kc::PixelFormat::Gray8) {
      ASSERT_EQ(written.type(), CV_8UC1);
      const kc::ConstImageView<std::uint8_t> view{written.ptr<std::uint8_t>(), written.cols, written.rows,
                                                  written.step[0]};
      EXPECT_TRUE(kc::samePixels<std::uint8_t>(view, expected.gray.view()));
    } else {
      ASSERT_EQ(written.channels(), 4);
      cv::Mat rgba;
      cv::cvtColor(written, rgba, cv::COLOR_BGRA2RGBA);
      const kc::ConstImageView<kc::Rgba8> view{rgba.ptr<kc::Rgba8>(), rgba.cols, rgba.rows, rgba.step[0]};
      EXPECT_TRUE(kc::samePixels<kc::Rgba8>(view, expected.rgba.view()));
    }
  }
}

// --view renders the window's view headlessly; the JSON names the display path and the GL used
// (here Mesa and the CPU backend; on the GPU machine EGL on the NVIDIA GPU and "interop").
TEST(CliProcess, ViewRendersTheWindowAndTheJsonNamesThePath) {
  const std::string view = tempPath("view.png"), json = tempPath("view.json");
  fs::remove(view);
  const CliRun run =
      runKernelcam({"process", "--source", "pattern", "--size", "96x64", "--filters", "gray,conv=gauss:3", "--backend",
                    "cpu", "--view", QString::fromStdString(view), "--json", QString::fromStdString(json)});
  ASSERT_EQ(run.exitCode, 0) << run.err;
  const cv::Mat picture = cv::imread(view, cv::IMREAD_COLOR);
  ASSERT_FALSE(picture.empty()) << view;
  EXPECT_GT(picture.cols, 96);
  QFile file(QString::fromStdString(json));
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  const QJsonObject report = QJsonDocument::fromJson(file.readAll()).object();
  EXPECT_EQ(report["display_path"].toString().toStdString(), "cpu");
  const QJsonObject viewReport = report["view"].toObject();
  EXPECT_EQ(viewReport["display_path"].toString().toStdString(), "cpu");
  EXPECT_FALSE(viewReport["gl_renderer"].toString().isEmpty());
  EXPECT_GE(viewReport["frames_presented"].toInt(), 1);
}

TEST(CliProcess, HelpListsTheSubcommandsAndOptions) {
  const CliRun top = runKernelcam({"--help"});
  EXPECT_EQ(top.exitCode, 0);
  for (const char* word : {"process", "devices", "demo", "bench", "--source", "--filters", "--backend"})
    EXPECT_NE(top.out.find(word), std::string::npos) << word;
  const CliRun process = runKernelcam({"process", "--help"});
  EXPECT_EQ(process.exitCode, 0);
  for (const char* word : {"--source", "--filters", "--out", "--frames", "--backend", "--json", "--size", "--view"})
    EXPECT_NE(process.out.find(word), std::string::npos) << word;
  const CliRun devices = runKernelcam({"devices"});
  EXPECT_EQ(devices.exitCode, 0) << devices.err;
  EXPECT_NE(devices.out.find("CUDA"), std::string::npos);
  EXPECT_NE(devices.out.find("Cameras"), std::string::npos);
}

}  // namespace
