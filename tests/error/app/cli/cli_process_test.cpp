// Must-fail: `kernelcam process` on bad usage and unreadable input (exit 2) and --backend cuda
// without a device (exit 3), each with one line naming the reason. The runs are in
// tests/app/cli/cli_process_test.cpp.
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

namespace {

using kc::test::CliRun;
using kc::test::runKernelcam;
using kc::test::tempPath;

TEST(CliProcess, BadUsageAndUnreadableInputExitWithTwo) {
  const std::string out = tempPath("never.png");
  struct Case {
    QStringList arguments;
    std::string mention;
  };
  const std::string missing = tempPath("does_not_exist.png");
  const Case cases[] = {
      {{"process", "--source", QString::fromStdString("image:" + missing), "--out", QString::fromStdString(out)},
       missing + ": no such file"},
      {{"process", "--source", "pattern", "--filters", "gray,blur", "--out", QString::fromStdString(out)},
       "unknown stage 'blur'"},
      {{"process", "--source", "pattern", "--filters", "conv=box:4", "--out", QString::fromStdString(out)}, "even"},
      {{"process", "--out", QString::fromStdString(out)}, "--source is required"},
      {{"process", "--source", "webcam", "--out", QString::fromStdString(out)}, "unknown source 'webcam'"},
      {{"process", "--source", "pattern"}, "nothing to write"},
      {{"process", "--source", "pattern", "--frames", "0", "--out", QString::fromStdString(out)}, "--frames"},
      {{"process", "--source", "pattern", "--size", "12", "--out", QString::fromStdString(out)}, "--size"},
      {{"process", "--source", "pattern", "--backend", "gpu", "--out", QString::fromStdString(out)}, "--backend"},
      {{"process", "--source", "pattern", "--bogus"}, "bogus"},
      {{"process", "--source", "pattern", "--pattern-format", "nv21", "--out", QString::fromStdString(out)},
       "--pattern-format 'nv21'"},
      {{"process", "--source", QString::fromStdString("image:" + missing), "--pattern-format", "nv12", "--out",
        QString::fromStdString(out)},
       "--pattern-format applies to --source pattern only"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.arguments.join(' ').toStdString());
    const CliRun run = runKernelcam(c.arguments);
    EXPECT_EQ(run.exitCode, 2) << run.err;
    EXPECT_NE(run.err.find(c.mention), std::string::npos) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << "one line on stderr: " << run.err;
  }
}

TEST(CliProcess, CudaBackendWithoutDeviceExitsWithThree) {
  const std::string out = tempPath("cuda.png");
  const CliRun run = runKernelcam({"process", "--source", "pattern", "--size", "32x32", "--filters", "gray",
                                   "--backend", "cuda", "--out", QString::fromStdString(out)});
  kc::test::expectCudaBackendOutcome(run, kc::cudaBackendAvailable());
}

}  // namespace
