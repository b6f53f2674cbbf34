// The runners app/ hands the window's demo panel: CUDA offered exactly when the pipeline factory
// finds a usable device, and the CPU path working either way.
#include <gtest/gtest.h>

#include <QDir>

#include "app/backend/pipeline_factory.hpp"
#include "app/demos/app_demo_runners.hpp"

namespace kc {
namespace {

TEST(AppDemoRunners, OfferCudaExactlyWhenADeviceIsUsableAndAlwaysRunOnTheCpu) {
  const DemoRunners runners = appDemoRunners();
  EXPECT_EQ(runners.cudaAvailable, cudaBackendAvailable());
  if (!runners.cudaAvailable) {
    EXPECT_FALSE(runners.cudaUnavailableReason.isEmpty());
  }
  demos::ReduceDemoConfig config;
  config.n = 500;
  config.backend = Backend::Cpu;
  const demos::DemoReport report = runners.reduce(config);
  ASSERT_EQ(report.rows.size(), 1u);
  EXPECT_TRUE(report.rows[0].correct);
}

TEST(AppDemoRunners, MatrixDirectoryComesFromTheEnvironmentFirst) {
  qputenv("KC_MATRIX_DIR", KC_TEST_DATA_DIR "/matrices");
  EXPECT_EQ(defaultMatrixDirectory(), QStringLiteral(KC_TEST_DATA_DIR "/matrices"));
  qunsetenv("KC_MATRIX_DIR");
  const QString found = defaultMatrixDirectory();  // from the build directory: the checkout's neighbour
  if (!found.isEmpty()) {
    EXPECT_TRUE(QDir(found).exists(QStringLiteral("nos2.mtx")));
  }
}

}  // namespace
}  // namespace kc
