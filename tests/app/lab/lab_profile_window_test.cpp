// Issue 22: Profile lines in the window, on CUDA (skips without GL or a device): the lab's
// unpadded transpose, opened in the editor, profiled on the live view's frame, lights its column
// read of the shared tile (line 35: 32-way bank conflicts) as a memory problem, and the padded
// transpose does not. With KC_TOUR_OUT set it saves the window with the heat column for the docs.
#include <gtest/gtest.h>

#include <QDir>
#include <QDockWidget>
#include <QPushButton>
#include <QFile>
#include <QSettings>

#include "app/backend/pipeline_factory.hpp"
#include "tests/support/started_session.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/lab/code_editor.hpp"
#include "ui/lab/kernel_lab_dock.hpp"
#include "ui/lab/kernel_lab_panel.hpp"

namespace kc {
namespace {

// The line whose text contains `needle` (1-based), or 0.
int lineContaining(const QString& text, const QString& needle) {
  const QStringList lines = text.split(QLatin1Char('\n'));
  for (int i = 0; i < lines.size(); ++i)
    if (lines[i].contains(needle)) return i + 1;
  return 0;
}

TEST(LabProfileWindow, TheUnpaddedTransposeLightsItsColumnReadAndThePaddedOneDoesNot) {
  test::TempDir dir;
  std::string skip;
  auto session = test::startedLabSession(dir.path(), &skip);
  if (!session) GTEST_SKIP() << skip;
  KernelLabPanel& lab = session->labPanel();
  ASSERT_TRUE(lab.profileButton()->isEnabled()) << lab.profileButton()->toolTip().toStdString();

  for (const char* name : {"transpose_unpadded.cu", "transpose.cu"}) {
    SCOPED_TRACE(name);
    const QString copy = QString::fromStdString(dir.file(name));
    QFile::remove(copy);
    ASSERT_TRUE(QFile::copy(QStringLiteral(KC_SOURCE_DIR "/resources/lab/") + QLatin1String(name), copy));
    ASSERT_TRUE(lab.openFile(copy)) << lab.statusText().toStdString();
    ASSERT_TRUE(test::processEventsUntil(
        [&] { return lab.lastGood() != nullptr && lab.lastGood()->source.path == copy.toStdString(); }, 30000))
        << lab.statusText().toStdString();
    lab.profileLines();
    ASSERT_TRUE(test::processEventsUntil(
        [&] {
          return lab.profileText().startsWith(QStringLiteral("profiled")) ||
                 lab.profileText().startsWith(QStringLiteral("no per-line"));
        },
        60000))
        << lab.profileText().toStdString();
    ASSERT_TRUE(lab.profileText().startsWith(QStringLiteral("profiled"))) << lab.profileText().toStdString();
    const int columnRead =
        lineContaining(lab.editor()->toPlainText(), QStringLiteral("tile[threadIdx.x][threadIdx.y]"));
    ASSERT_GT(columnRead, 0);
    const LineHeat* heat = lab.editor()->heatAt(columnRead);
    ASSERT_NE(heat, nullptr);
    std::printf("[ profile ] %s:%d: %s\n", name, columnRead, heat->text.toStdString().c_str());
    const bool unpadded = std::string(name) == "transpose_unpadded.cu";
    EXPECT_EQ(heat->memory, unpadded) << heat->text.toStdString();
    if (unpadded) {
      EXPECT_TRUE(heat->text.contains(QStringLiteral("bank conflicts"))) << heat->text.toStdString();
      if (const QByteArray out = qgetenv("KC_TOUR_OUT"); !out.isEmpty()) {
        lab.editor()->jumpTo(columnRead, 1);
        test::processEventsUntil([] { return false; }, 300);
        session->window().grab().save(QDir(QString::fromLocal8Bit(out)).filePath(QStringLiteral("lab-profile.png")));
      }
    }
  }
}

}  // namespace
}  // namespace kc
