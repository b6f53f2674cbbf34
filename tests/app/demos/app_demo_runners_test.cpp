// The runners app/ hands the window's demo panel: CUDA offered exactly when the pipeline factory
// finds a usable device, and the CPU path working either way.
#include <gtest/gtest.h>

#include <QDir>
#include <filesystem>
#include <fstream>

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

// The lookup order the README documents: the checkout the binary was built from, then an install
// (beside the binary, then the XDG data directories), then $KC_MATRIX_DIR for the matrices.
TEST(AppDemoRunners, DataDirectoryIsTheBuildTreeThenTheInstallThenTheEnvironment) {
  const test::TempDir temp;
  namespace fs = std::filesystem;
  const fs::path root = temp.path();
  const auto makeDir = [](const fs::path& path) {
    fs::create_directories(path);
    return QString::fromStdString(fs::canonical(path).string());
  };
  // A checkout's data/; an install prefix; two XDG data dirs; an env folder.
  const QString checkout = makeDir(root / "repo/data/matrices");
  const QString checkoutSamples = makeDir(root / "repo/data/samples");
  const QString besideBinary = makeDir(root / "prefix/share/kernelcam/matrices");
  const QString userData = QString::fromStdString((root / "home/.local/share").string());
  fs::create_directories(root / "home/.local/share");
  const QString systemData = QString::fromStdString((root / "usr/share").string());
  const QString systemMatrices = makeDir(root / "usr/share/kernelcam/matrices");
  const QString systemSamples = makeDir(root / "usr/share/kernelcam/samples");
  const QString fromEnvironment = makeDir(root / "mine");

  DataSearch where;
  where.buildTreeData = QString::fromStdString((root / "repo/data").string());
  where.installedBesideBinary = QString::fromStdString((root / "prefix/share/kernelcam").string());
  where.dataDirs = {userData, systemData};
  where.matrixEnvironment = fromEnvironment;
  EXPECT_EQ(findDataDirectory(where, "matrices"), checkout) << "1: the checkout's data/";
  EXPECT_EQ(findDataDirectory(where, "samples"), checkoutSamples);
  where.buildTreeData.clear();
  EXPECT_EQ(findDataDirectory(where, "matrices"), besideBinary) << "2: the binary's own prefix";
  EXPECT_EQ(findDataDirectory(where, "samples"), systemSamples) << "2: the prefix has none: the XDG data dirs'";
  where.installedBesideBinary.clear();
  EXPECT_EQ(findDataDirectory(where, "matrices"), systemMatrices)
      << "2: the first XDG data dir that has kernelcam/matrices";
  const QString userMatrices = makeDir(root / "home/.local/share/kernelcam/matrices");
  EXPECT_EQ(findDataDirectory(where, "matrices"), userMatrices) << "2: XDG_DATA_HOME before XDG_DATA_DIRS";
  where.dataDirs.clear();
  EXPECT_EQ(findDataDirectory(where, "matrices"), fromEnvironment) << "3: $KC_MATRIX_DIR";
  EXPECT_EQ(findDataDirectory(where, "samples"), QString()) << "$KC_MATRIX_DIR holds matrices only";
  where.matrixEnvironment.clear();
  EXPECT_EQ(findDataDirectory(where, "matrices"), QString()) << "none: the panel offers Poisson and Open file";
}

// A binary run from its build folder (these tests, kernelcam) finds its checkout's data/: a fresh
// clone needs nothing beside it.
TEST(AppDemoRunners, FromTheBuildFolderTheCheckoutsDataIsFound) {
  const QByteArray savedDirs = qgetenv("XDG_DATA_DIRS"), savedMatrix = qgetenv("KC_MATRIX_DIR");
  const test::TempDir temp;
  const QString dataDir = QString::fromStdString(temp.path().string());
  qputenv("XDG_DATA_DIRS", dataDir.toLocal8Bit() + ":/usr/share");
  qputenv("KC_MATRIX_DIR", "/somewhere/matrices");
  const DataSearch here = dataSearchHere();
  EXPECT_TRUE(here.dataDirs.contains(dataDir)) << here.dataDirs.join(':').toStdString();
  EXPECT_TRUE(here.dataDirs.contains(QStringLiteral("/usr/share")));
  EXPECT_EQ(here.matrixEnvironment, QStringLiteral("/somewhere/matrices"));
  EXPECT_EQ(here.buildTreeData, QStringLiteral(KC_SOURCE_DIR "/data"));
  const QString source = QDir(QStringLiteral(KC_SOURCE_DIR "/data")).canonicalPath();
  EXPECT_EQ(defaultMatrixDirectory(), source + QStringLiteral("/matrices"));
  EXPECT_EQ(defaultSampleDirectory(), source + QStringLiteral("/samples"));
  EXPECT_TRUE(QDir(defaultMatrixDirectory()).exists(QStringLiteral("nos2.mtx.gz")));
  EXPECT_TRUE(QDir(defaultSampleDirectory()).exists(QStringLiteral("chelsea.png")));
  if (savedDirs.isNull()) qunsetenv("XDG_DATA_DIRS");
  else qputenv("XDG_DATA_DIRS", savedDirs);
  if (savedMatrix.isNull()) qunsetenv("KC_MATRIX_DIR");
  else qputenv("KC_MATRIX_DIR", savedMatrix);
}

// `demo cg --matrix nos2.mtx` (the --help example): a bare name is the matrices' folder's file,
// compressed or not, unless the working directory has one of that name; a path stays a path.
TEST(AppDemoRunners, ABareMatrixNameIsTheMatricesFoldersFile) {
  const test::TempDir temp;
  namespace fs = std::filesystem;
  const fs::path folder = temp.path() / "matrices";
  fs::create_directories(folder);
  for (const char* file : {"nos2.mtx.gz", "plain.mtx"}) std::ofstream(folder / file) << "%%MatrixMarket\n";
  const QString dir = QString::fromStdString(folder.string());
  EXPECT_EQ(resolveMatrixFile("nos2.mtx", dir), dir + "/nos2.mtx.gz");
  EXPECT_EQ(resolveMatrixFile("nos2", dir), dir + "/nos2.mtx.gz");
  EXPECT_EQ(resolveMatrixFile("nos2.mtx.gz", dir), dir + "/nos2.mtx.gz");
  EXPECT_EQ(resolveMatrixFile("plain.mtx", dir), dir + "/plain.mtx");
  EXPECT_EQ(resolveMatrixFile("plain", dir), dir + "/plain.mtx");
  EXPECT_EQ(resolveMatrixFile("missing.mtx", dir), "missing.mtx") << "the reader names what is missing";
  EXPECT_EQ(resolveMatrixFile("sub/nos2.mtx", dir), "sub/nos2.mtx") << "a path is not a name";
  EXPECT_EQ(resolveMatrixFile("nos2.mtx", QString()), "nos2.mtx") << "no folder found";
  const fs::path here = temp.path() / "here";
  fs::create_directories(here);
  std::ofstream(here / "nos2.mtx") << "%%MatrixMarket\n";
  const fs::path saved = fs::current_path();
  fs::current_path(here);
  EXPECT_EQ(resolveMatrixFile("nos2.mtx", dir), "nos2.mtx") << "the working directory's own file first";
  fs::current_path(saved);
}

}  // namespace
}  // namespace kc
