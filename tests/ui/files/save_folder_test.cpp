// One folder for every save dialog: the last one saved into, across runs, shared by the snapshot,
// the recording and the demo exports; a remembered folder that has gone is not suggested.
#include <gtest/gtest.h>

#include <QDir>
#include <QLineEdit>
#include <QSettings>

#include "app/record/record_dialog.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/files/save_folder.hpp"

namespace kc {
namespace {

TEST(SaveFolder, TheLastFolderSavedIntoIsSuggestedEverywhere) {
  test::testApplication();
  test::TempDir dir;
  QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, QString::fromStdString(dir.file("settings")));
  QSettings().clear();
  const QString first = saveFolder();
  EXPECT_TRUE(QDir(first).exists()) << first.toStdString();

  const QString shots = QString::fromStdString(dir.file("shots"));
  ASSERT_TRUE(QDir().mkpath(shots));
  rememberSaveFolder(shots + QStringLiteral("/kernelcam-1.png"));  // a snapshot saved there
  EXPECT_EQ(saveFolder(), shots);
  EXPECT_EQ(suggestedSavePath(QStringLiteral("a.csv")), shots + QStringLiteral("/a.csv"));
  // The recording dialog suggests the same folder.
  RecordDialog record(QSize(640, 360));
  const auto* path = record.findChild<QLineEdit*>();
  ASSERT_NE(path, nullptr);
  EXPECT_TRUE(path->text().startsWith(shots + QStringLiteral("/kernelcam-"))) << path->text().toStdString();

  ASSERT_TRUE(QDir(shots).removeRecursively());  // the folder went away: the default again
  EXPECT_EQ(saveFolder(), first);
}

}  // namespace
}  // namespace kc
