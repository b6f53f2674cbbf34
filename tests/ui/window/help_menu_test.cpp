// Help > Documentation opens what the app named (MainWindow::setDocumentationUrl) through the
// desktop's handler for it; without one, the status bar says so.
#include <gtest/gtest.h>

#include <QAction>
#include <QDesktopServices>
#include <QMenuBar>
#include <QStatusBar>

#include "tests/support/qt_test_app.hpp"
#include "ui/window/main_window.hpp"

namespace kc {
namespace {

class UrlCatcher : public QObject {
  Q_OBJECT
 public:
  QList<QUrl> opened;
 public slots:
  void open(const QUrl& url) { opened << url; }
};

TEST(HelpMenu, DocumentationOpensTheDocumentationUrl) {
  test::testApplication();
  MainWindow window;
  QAction* documentation = window.findChild<QAction*>(QStringLiteral("helpDocumentation"));
  ASSERT_NE(documentation, nullptr) << "Help > Documentation";
  EXPECT_EQ(documentation->text(), QStringLiteral("&Documentation"));
  UrlCatcher catcher;
  QDesktopServices::setUrlHandler(QStringLiteral("file"), &catcher, "open");
  QDesktopServices::setUrlHandler(QStringLiteral("https"), &catcher, "open");
  const QUrl readme = QUrl::fromLocalFile(QStringLiteral("/somewhere/kernelcam/README.md"));
  window.setDocumentationUrl(readme);
  documentation->trigger();
  window.setDocumentationUrl(QUrl(QStringLiteral("https://github.com/kernelcam/kernelcam#readme")));
  documentation->trigger();
  QDesktopServices::unsetUrlHandler(QStringLiteral("file"));
  QDesktopServices::unsetUrlHandler(QStringLiteral("https"));
  ASSERT_EQ(catcher.opened.size(), 2);
  EXPECT_EQ(catcher.opened[0], readme);
  EXPECT_EQ(catcher.opened[1].host(), QStringLiteral("github.com"));
}

}  // namespace
}  // namespace kc

#include "help_menu_test.moc"
