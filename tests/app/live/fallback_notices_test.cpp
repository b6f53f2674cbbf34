// What the window says when it falls back, for each cause: a summary and explanation for people
// (what happened, what to install or do, never a source file or line), the technical text kept
// for the details, and a dialog key per cause (so "don't show again" silences only that cause).
#include <gtest/gtest.h>

#include <QRegularExpression>
#include <set>

#include "app/live/fallback_notices.hpp"
#include "gpu/core/error.hpp"
#include "ui/window/notice_area.hpp"

namespace kc {
namespace {

// "gpu/pipeline/cuda_frame_pipeline.cu:470" and the like.
bool namesASourceLocation(const QString& text) {
  static const QRegularExpression location(QStringLiteral("\\.(cu|cuh|cpp|hpp|h):\\d+"));
  return text.contains(location);
}

void expectReadable(const Notice& notice) {
  SCOPED_TRACE(notice.summary.toStdString());
  EXPECT_FALSE(notice.summary.isEmpty());
  EXPECT_FALSE(notice.explanation.isEmpty());
  EXPECT_FALSE(namesASourceLocation(notice.summary));
  EXPECT_FALSE(namesASourceLocation(notice.explanation));
}

const QString kLocated = QStringLiteral(
    "/src/gpu/pipeline/cuda_frame_pipeline.cu:470: cudaGetDevice failed: no CUDA-capable device is detected");

TEST(FallbackNotices, CameraCausesEachSayWhatToDo) {
  const QString error = QStringLiteral("camera:0: no camera found");
  const Notice noBackend = cameraFallbackNotice("camera:0", error, {false, "no plugin", 0}, false);
  const Notice none = cameraFallbackNotice("camera:0", error, {true, {}, 0}, false);
  const Notice outOfRange = cameraFallbackNotice("camera:2", error, {true, {}, 1}, false);
  const Notice busy = cameraFallbackNotice("camera:0", "camera error: device busy", {true, {}, 1}, false);
  const Notice lost = cameraFallbackNotice("camera:0", "the camera was lost", {true, {}, 0}, true);
  for (const Notice* notice : {&noBackend, &none, &outOfRange, &busy, &lost}) {
    expectReadable(*notice);
    EXPECT_EQ(notice->id, kSourceNoticeId);
    EXPECT_TRUE(notice->summary.endsWith(QStringLiteral("showing the test pattern")));
  }
  EXPECT_TRUE(noBackend.explanation.contains(QStringLiteral("libqt6multimedia6")));
  EXPECT_TRUE(noBackend.details.contains(QStringLiteral("no plugin")));
  EXPECT_TRUE(none.summary.startsWith(QStringLiteral("No camera found")));
  EXPECT_TRUE(none.explanation.contains(QStringLiteral("video")));
  EXPECT_TRUE(outOfRange.summary.startsWith(QStringLiteral("Camera 2 not found")));
  EXPECT_TRUE(busy.explanation.contains(QStringLiteral("device busy")));
  EXPECT_TRUE(lost.summary.startsWith(QStringLiteral("Camera disconnected")));
  EXPECT_TRUE(lost.dialogKey.isEmpty()) << "the user unplugged it: the status bar says enough";
  EXPECT_EQ(none.details, error);
}

TEST(FallbackNotices, FileNamesTheFileNotItsFolder) {
  const Notice notice = fileFallbackNotice("image:/home/a/b/photo.png", "image:/home/a/b/photo.png: no such file");
  expectReadable(notice);
  EXPECT_EQ(notice.summary.toStdString(), "Cannot open photo.png \u2014 showing the test pattern");
  EXPECT_TRUE(notice.dialogKey.isEmpty());
}

TEST(FallbackNotices, CudaCausesEachSayWhatToInstall) {
  const CudaRuntimeInfo notBuilt{};
  const CudaRuntimeInfo noDriver{{13000, 0, 0, "CUDA driver version is insufficient"}, true};
  const CudaRuntimeInfo oldDriver{{13000, 12040, 0, "CUDA driver version is insufficient for CUDA runtime version"},
                                  true};
  const CudaRuntimeInfo noDevice{{13000, 13000, 0, "no CUDA-capable device is detected"}, true};
  const CudaRuntimeInfo working{{13000, 13000, 1, ""}, true};
  const CudaRuntimeInfo notInstalled{{}, true, "libcublas.so.13: cannot open shared object file"};
  const QString user = QStringLiteral("cudaGetDevice failed: no CUDA-capable device is detected");
  const Notice built = cudaFallbackNotice(notBuilt, "this build has no CUDA backend", kLocated, false);
  const Notice installed = cudaFallbackNotice(notInstalled, "the CUDA backend cannot load", kLocated, false);
  const Notice driver = cudaFallbackNotice(noDriver, user, kLocated, false);
  const Notice old = cudaFallbackNotice(oldDriver, user, kLocated, false);
  const Notice device = cudaFallbackNotice(noDevice, user, kLocated, false);
  const Notice failed = cudaFallbackNotice(working, "out of memory", kLocated, false);
  const Notice midRun = cudaFallbackNotice(working, "an illegal memory access", kLocated, true);
  std::set<QString> keys;
  for (const Notice* notice : {&built, &installed, &driver, &old, &device, &failed, &midRun}) {
    expectReadable(*notice);
    EXPECT_EQ(notice->id, kBackendNoticeId);
    EXPECT_TRUE(notice->summary.contains(QStringLiteral("CPU"))) << notice->summary.toStdString();
    EXPECT_TRUE(notice->details.contains(kLocated)) << "the full text stays available in the details";
    EXPECT_FALSE(notice->dialogKey.isEmpty());
    keys.insert(notice->dialogKey);
  }
  EXPECT_EQ(keys.size(), 6u) << "one key per cause (a failure at start and mid-run share one)";
  EXPECT_TRUE(built.explanation.contains(QStringLiteral("CUDA Toolkit")));
  EXPECT_TRUE(installed.explanation.contains(QStringLiteral("kernelcam-cuda")) &&
              installed.explanation.contains(QStringLiteral("libcublas.so.13")))
      << "names the package to install and what is missing";
  EXPECT_TRUE(driver.explanation.contains(QStringLiteral("nvidia-driver")));
  EXPECT_TRUE(old.explanation.contains(QStringLiteral("13.0")) && old.explanation.contains(QStringLiteral("12.4")));
  EXPECT_TRUE(device.explanation.contains(QStringLiteral("nvidia-smi")));
  EXPECT_TRUE(failed.explanation.contains(QStringLiteral("out of memory")));
  EXPECT_TRUE(driver.details.contains(QStringLiteral("CUDA runtime 13.0")));
}

TEST(FallbackNotices, UserMessageDropsTheSourceLocation) {
  const Error located("/src/gpu/pipeline/cuda_frame_pipeline.cu", 470, "cudaGetDevice", "no CUDA-capable device");
  EXPECT_TRUE(namesASourceLocation(QString::fromStdString(located.what())));
  EXPECT_EQ(userMessage(located), QStringLiteral("no CUDA-capable device"));
  EXPECT_EQ(userMessage(std::runtime_error("image:a.png: no such file")), QStringLiteral("image:a.png: no such file"));
}

TEST(FallbackNotices, CudaVersionsReadAsMajorMinor) {
  EXPECT_EQ(cudaVersionText(12040), "12.4");
  EXPECT_EQ(cudaVersionText(13000), "13.0");
  EXPECT_EQ(cudaVersionText(11080), "11.8");
}

}  // namespace
}  // namespace kc
