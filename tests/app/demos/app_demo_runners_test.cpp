// The runners app/ hands the window's demo panel: CUDA offered exactly when the pipeline factory
// finds a usable device, and the CPU path working either way.
#include <gtest/gtest.h>

#include <QDir>
#include <filesystem>

#include "app/backend/pipeline_factory.hpp"
#include "app/demos/app_demo_runners.hpp"
#include "tests/support/temp_dir.hpp"

namespace kc {
namespace {

TEST(AppDemoRunners, OfferCudaExactlyWhenADeviceIsUsableAndAlwaysRunOnTheCpu) {
  const DemoRunners runners = appDemoRunners();
  EXPECT_EQ(runners.cudaAvailable, cudaBackendAvailable());
  if (!runners.cudaAvailable) {
    EXPECT_FALSE(runners.cudaUnavailableReason.isEmpty());
  }
  demos::DemoRequest request = demos::requestFor(*demos::demoRegistry().find("reduce"), Backend::Cpu);
  request.values["n"] = "500";
  const auto result = runners.run(request, runners.admit);
  ASSERT_EQ(result->table().rows.size(), 1u);
  EXPECT_TRUE(result->failure().empty());
}

// The lookup order the README documents: the checkout's ../shared, then an install (beside the
// binary, then the XDG data directories), then $KC_MATRIX_DIR.
TEST(AppDemoRunners, MatrixDirectoryIsTheCheckoutThenTheInstallThenTheEnvironment) {
  const test::TempDir temp;
  namespace fs = std::filesystem;
  const fs::path root = temp.path();
  const auto makeDir = [](const fs::path& path) {
    fs::create_directories(path);
    return QString::fromStdString(fs::canonical(path).string());
  };
  // repo/build/app beside shared/data/matrices; an install prefix; two XDG data dirs; an env folder.
  const QString checkout = makeDir(root / "shared/data/matrices");
  fs::create_directories(root / "repo/build/app");
  const QString binaryDir = QString::fromStdString((root / "repo/build/app").string());
  const QString besideBinary = makeDir(root / "prefix/share/kernelcam/matrices");
  const QString userData = QString::fromStdString((root / "home/.local/share").string());
  fs::create_directories(root / "home/.local/share");
  const QString systemData = QString::fromStdString((root / "usr/share").string());
  const QString systemMatrices = makeDir(root / "usr/share/kernelcam/matrices");
  const QString fromEnvironment = makeDir(root / "mine");

  MatrixSearch where;
  where.checkoutBases = {binaryDir};
  where.installedBesideBinary = besideBinary;
  where.dataDirs = {userData, systemData};
  where.environment = fromEnvironment;
  EXPECT_EQ(findMatrixDirectory(where), checkout) << "1: the checkout's neighbour, from three folders up";
  where.checkoutBases = {QString::fromStdString((root / "elsewhere").string())};
  EXPECT_EQ(findMatrixDirectory(where), besideBinary) << "2: the binary's own prefix";
  where.installedBesideBinary.clear();
  EXPECT_EQ(findMatrixDirectory(where), systemMatrices) << "2: the first XDG data dir that has kernelcam/matrices";
  const QString userMatrices = makeDir(root / "home/.local/share/kernelcam/matrices");
  EXPECT_EQ(findMatrixDirectory(where), userMatrices) << "2: XDG_DATA_HOME before XDG_DATA_DIRS";
  where.dataDirs.clear();
  EXPECT_EQ(findMatrixDirectory(where), fromEnvironment) << "3: $KC_MATRIX_DIR";
  where.environment.clear();
  EXPECT_EQ(findMatrixDirectory(where), QString()) << "none: the panel offers Poisson and Open file";
}

TEST(AppDemoRunners, MatrixSearchHereReadsTheXdgDataDirsAndTheEnvironment) {
  const test::TempDir temp;
  const QByteArray savedDirs = qgetenv("XDG_DATA_DIRS"), savedMatrix = qgetenv("KC_MATRIX_DIR");
  const QString dataDir = QString::fromStdString(temp.path().string());
  qputenv("XDG_DATA_DIRS", dataDir.toLocal8Bit() + ":/usr/share");
  qputenv("KC_MATRIX_DIR", "/somewhere/matrices");
  const MatrixSearch here = matrixSearchHere();
  EXPECT_TRUE(here.dataDirs.contains(dataDir)) << here.dataDirs.join(':').toStdString();
  EXPECT_TRUE(here.dataDirs.contains(QStringLiteral("/usr/share")));
  EXPECT_EQ(here.environment, QStringLiteral("/somewhere/matrices"));
  EXPECT_TRUE(here.checkoutBases.contains(QDir::currentPath()));
  const QString found = defaultMatrixDirectory();  // from the build directory: the checkout's neighbour
  if (std::filesystem::exists(KC_TEST_DATA_DIR "/matrices")) {
    EXPECT_TRUE(QDir(found).exists(QStringLiteral("nos2.mtx"))) << found.toStdString();
  }
  if (savedDirs.isNull()) qunsetenv("XDG_DATA_DIRS");
  else qputenv("XDG_DATA_DIRS", savedDirs);
  if (savedMatrix.isNull()) qunsetenv("KC_MATRIX_DIR");
  else qputenv("KC_MATRIX_DIR", savedMatrix);
}

}  // namespace
}  // namespace kc
