// Help > Documentation's target (app/gui/documentation.hpp): the checkout's README from a build,
// the installed README from an install, the project's page where neither is.
#include "app/gui/documentation.hpp"

#include <gtest/gtest.h>

#include <QDir>
#include <filesystem>
#include <fstream>

#include "tests/support/temp_dir.hpp"

namespace kc {
namespace {

namespace fs = std::filesystem;

TEST(Documentation, TheCheckoutsReadmeThenTheInstalledOneThenTheProjectsPage) {
  const test::TempDir temp;
  const fs::path root = temp.path();
  fs::create_directories(root / "repo/data");
  std::ofstream(root / "repo/README.md") << "# kernelcam\n";
  fs::create_directories(root / "prefix/share/kernelcam");
  fs::create_directories(root / "prefix/share/doc/kernelcam");
  std::ofstream(root / "prefix/share/doc/kernelcam/README.md") << "# kernelcam\n";
  const auto url = [](const fs::path& file) {
    return QUrl::fromLocalFile(QString::fromStdString(fs::canonical(file).string()));
  };

  DataSearch where;
  where.buildTreeData = QString::fromStdString((root / "repo/data").string());
  where.installedBesideBinary = QString::fromStdString((root / "prefix/share/kernelcam").string());
  EXPECT_EQ(documentationUrl(where), url(root / "repo/README.md"));
  where.buildTreeData.clear();
  EXPECT_EQ(documentationUrl(where), url(root / "prefix/share/doc/kernelcam/README.md"));
  where.installedBesideBinary.clear();
  where.dataDirs = {QString::fromStdString((root / "prefix/share").string())};
  EXPECT_EQ(documentationUrl(where), url(root / "prefix/share/doc/kernelcam/README.md")) << "an XDG data dir's";
  where.dataDirs.clear();
  EXPECT_EQ(documentationUrl(where), QUrl(QStringLiteral("https://github.com/kernelcam/kernelcam#readme")));
}

TEST(Documentation, FromThisBuildItIsThisCheckoutsReadme) {
  EXPECT_EQ(documentationUrl(dataSearchHere()),
            QUrl::fromLocalFile(QDir(QStringLiteral(KC_SOURCE_DIR)).canonicalPath() + QStringLiteral("/README.md")));
}

}  // namespace
}  // namespace kc
