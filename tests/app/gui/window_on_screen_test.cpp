// The window on a classroom's and a laptop's screens (issue 39). ctest runs this file under an Xvfb
// of each size, 1024x768, 1280x720, 1366x768 and 1920x1080 (window_on_screen_WxH in
// tests/CMakeLists.txt, KC_EXPECT_SCREEN names the size), and with the rest of the suite on its
// 1600x1000 one. In each of eight arrangements (presentation mode off and on; nothing open, the
// demos panel with results, the kernel lab, both):
//  - the window and every visible button of it, its docks and panels lie inside the screen and can
//    be reached (inside a scroll area's viewport that lies inside the screen: by scrolling);
//  - no widget of a panel is laid over another (the lab's status line was drawn over the editor);
//  - no overlay is drawn over another one's text, and every overlay lies inside the view;
//  - no table header or cell, no chart axis label is elided to "...".
// Ctrl+K brings the lab to the front, from closed and from behind the Filter chain tab.
// KC_SCREENSHOT_DIR=DIR (scripts/screens.sh): the screen of each size with the panels open, with
// and without presentation mode, as DIR/WxH.png and DIR/WxH-presentation.png.
#include <gtest/gtest.h>

#include <QAbstractButton>
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QDockWidget>
#include <QFormLayout>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QHeaderView>
#include <QLayout>
#include <QMenu>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStackedLayout>
#include <QStyle>
#include <QTabBar>

#include "app/gui/gui_launcher.hpp"
#include "app/live/live_controller.hpp"
#include "tests/app/gui/session_fixture.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/demos/demo_dock.hpp"
#include "ui/demos/demo_form.hpp"
#include "ui/demos/demo_panel.hpp"
#include "ui/demos/demo_results_table.hpp"
#include "ui/lab/code_editor.hpp"
#include "ui/lab/kernel_lab_dock.hpp"
#include "ui/lab/kernel_lab_panel.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/render/overlay_layout.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/presentation_mode.hpp"

namespace kc {
namespace {

using namespace kc::test;

QString name(const QWidget* widget) {
  QString text = QString::fromLatin1(widget->metaObject()->className());
  if (const auto* button = qobject_cast<const QAbstractButton*>(widget); button && !button->text().isEmpty())
    text += QStringLiteral(" '%1'").arg(button->text());
  if (!widget->objectName().isEmpty()) text += QStringLiteral(" #%1").arg(widget->objectName());
  return text;
}

QRect globalRect(const QWidget* widget) { return QRect(widget->mapToGlobal(QPoint(0, 0)), widget->size()); }

std::string text(const QRect& r) {
  return std::to_string(r.width()) + "x" + std::to_string(r.height()) + "+" + std::to_string(r.x()) + "+" +
         std::to_string(r.y());
}

// The scroll area whose viewport holds `widget`, if any.
const QScrollArea* scrolledIn(const QWidget* widget) {
  for (const QWidget* parent = widget->parentWidget(); parent; parent = parent->parentWidget())
    if (const auto* scroll = qobject_cast<const QScrollArea*>(parent->parentWidget());
        scroll && parent == scroll->viewport())
      return scroll;
  return nullptr;
}

// Whether `widget` is in a dock tabbed behind another one (its tab not the current one).
bool behindATab(const QMainWindow& window, const QWidget* widget) {
  for (const QWidget* parent = widget; parent; parent = parent->parentWidget())
    if (const auto* dock = qobject_cast<const QDockWidget*>(parent)) {
      const auto [bar, index] = dockTab(window, dock);
      return bar && bar->currentIndex() != index;
    }
  return false;
}

class WindowOnScreen : public WindowSession {
 protected:
  void SetUp() override {
    WindowSession::SetUp();
    if (IsSkipped()) return;
    screen_ = QGuiApplication::primaryScreen()->availableGeometry();
    if (const char* expected = std::getenv("KC_EXPECT_SCREEN"))
      ASSERT_EQ(QStringLiteral("%1x%2").arg(screen_.width()).arg(screen_.height()), QString::fromLatin1(expected))
          << "the Xvfb of this size did not start";
    sizeName_ = QStringLiteral("%1x%2").arg(screen_.width()).arg(screen_.height()).toStdString();
    QSettings().remove(QStringLiteral("view/presentationScale"));
    GuiOptions options;
    options.source = parseSourceSpec("pattern");
    options.chain = parseFilterChain("gray=bt709,conv=gauss:5:clamp,hist=64");
    session_ = open(options);
    settle();
  }
  void TearDown() override {
    if (session_ && session_->window().presentation()->active()) session_->window().presentation()->reset();
    session_.reset();
    QSettings().remove(QStringLiteral("view/presentationScale"));
  }

  MainWindow& window() { return session_->window(); }
  QDockWidget& demos() { return *demoDock(window()); }
  QDockWidget& lab() { return *kernelLabDock(window()); }
  static void settle() {
    test::processEventsUntil([] { return false; }, 400);
  }
  // A repaint of the view with overlays painted anew, so overlayRects() says where they are now.
  void repaintView() {
    GlRenderer& renderer = window().view()->renderer();
    renderer.refreshOverlaysNow();
    const std::int64_t before = renderer.framesRendered();
    window().view()->update();
    test::processEventsUntil([&] { return renderer.framesRendered() > before; }, 5000);
  }

  void runDemo(const QString& id, const char* param, const char* value) {
    DemoPanel& panel = session_->demoPanel();
    panel.selectDemo(id);
    ASSERT_TRUE(panel.form(id)->setValue(param, value));
    ASSERT_TRUE(panel.run()) << panel.message().toStdString();
    ASSERT_TRUE(test::processEventsUntil([&] { return !panel.running(); }, 60000));
    ASSERT_FALSE(panel.lastRunFailed()) << panel.message().toStdString();
    settle();
  }

  void expectEverythingOnScreen(const std::string& arrangement);
  void expectNoElidedText(const std::string& arrangement);
  void screenshot(const QString& suffix);

  QRect screen_;
  std::string sizeName_;
  std::unique_ptr<GuiSession> session_;
};

void WindowOnScreen::expectEverythingOnScreen(const std::string& arrangement) {
  const std::string where = sizeName_ + ", " + arrangement;
  EXPECT_TRUE(screen_.contains(window().frameGeometry()))
      << where << ": window " << window().frameGeometry().width() << "x" << window().frameGeometry().height() << "+"
      << window().frameGeometry().x() << "+" << window().frameGeometry().y();

  // Every button that shows: inside the screen, unclipped by its parents, or in a scroll area whose
  // viewport lies on the screen (scrolled to it).
  int buttons = 0;
  for (const QAbstractButton* button : window().findChildren<QAbstractButton*>()) {
    if (!button->isVisible() || button->window() != &window()) continue;
    if (behindATab(window(), button)) continue;  // QMainWindow moves it off screen until its tab is chosen
    ++buttons;
    if (const QScrollArea* scroll = scrolledIn(button)) {
      const QRect viewport = globalRect(scroll->viewport());
      EXPECT_TRUE(scroll->isVisible() && !viewport.isEmpty() && screen_.contains(viewport))
          << where << ": " << name(button).toStdString() << " scrolls in a viewport off the screen";
      continue;
    }
    EXPECT_TRUE(screen_.contains(globalRect(button)))
        << where << ": " << name(button).toStdString() << " off screen at " << text(globalRect(button)) << " in "
        << name(button->parentWidget()->parentWidget()).toStdString();
    const QRegion shown = button->visibleRegion();
    EXPECT_EQ(shown.boundingRect(), button->rect())
        << where << ": " << name(button).toStdString() << " cut off by its parents";
  }
  EXPECT_GT(buttons, 5) << where;

  // No widget over another: the widgets of one layout (a form's, a column's) never overlap.
  for (const QWidget* parent : window().findChildren<QWidget*>()) {
    const QLayout* layout = parent->layout();
    if (!parent->isVisible() || !layout || qobject_cast<const QStackedLayout*>(layout) || parent == &window()) continue;
    std::vector<const QWidget*> laid;
    for (int i = 0; i < layout->count(); ++i)
      if (QWidget* child = layout->itemAt(i)->widget(); child && child->isVisible() && !child->size().isEmpty())
        laid.push_back(child);
    // Nested layouts' widgets are children of the same parent: those of the parent's layout tree.
    for (const QLayout* inner : layout->findChildren<QLayout*>())
      for (int i = 0; i < inner->count(); ++i)
        if (QWidget* child = inner->itemAt(i)->widget(); child && child->isVisible() && !child->size().isEmpty())
          laid.push_back(child);
    for (std::size_t a = 0; a < laid.size(); ++a)
      for (std::size_t b = a + 1; b < laid.size(); ++b)
        EXPECT_FALSE(laid[a]->geometry().intersects(laid[b]->geometry()))
            << where << ": " << name(laid[a]).toStdString() << " and " << name(laid[b]).toStdString()
            << " are drawn over each other in " << name(parent).toStdString();
  }

  // The overlays: inside the view, none over another.
  repaintView();
  const QSize view = window().view()->size() * window().view()->devicePixelRatio();
  const std::vector<OverlayRect>& overlays = window().view()->renderer().overlayRects();
  EXPECT_FALSE(overlays.empty()) << where << ": the timing overlay is drawn";
  for (std::size_t a = 0; a < overlays.size(); ++a) {
    const RectPx& r = overlays[a].rect;
    EXPECT_TRUE(r.x >= 0 && r.y >= 0 && r.x + r.width <= view.width() + 0.5 && r.y + r.height <= view.height() + 0.5)
        << where << ": the " << overlays[a].name << " overlay leaves the view";
    for (std::size_t b = a + 1; b < overlays.size(); ++b)
      EXPECT_FALSE(overlaps(r, overlays[b].rect))
          << where << ": the " << overlays[a].name << " and " << overlays[b].name << " overlays overlap";
  }
}

// Table headers and cells as wide as their text; no chart label shortened to "...".
void WindowOnScreen::expectNoElidedText(const std::string& arrangement) {
  const std::string where = sizeName_ + ", " + arrangement;
  const DemoResultsTable& table = *session_->demoPanel().results();
  const QHeaderView& header = *table.horizontalHeader();
  const int headerMargin = 2 * table.style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, &header);
  const int cellMargin = 2 * (table.style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, &table) + 1);
  ASSERT_GT(table.columnCount(), 0) << where;
  for (int c = 0; c < table.columnCount(); ++c) {
    const QString heading = table.horizontalHeaderItem(c)->text();
    EXPECT_GE(header.sectionSize(c), header.fontMetrics().horizontalAdvance(heading) + headerMargin)
        << where << ": header '" << heading.toStdString() << "' elided";
    for (int r = 0; r < table.rowCount(); ++r)
      if (const QTableWidgetItem* item = table.item(r, c))
        EXPECT_GE(header.sectionSize(c), table.fontMetrics().horizontalAdvance(item->text()) + cellMargin)
            << where << ": cell '" << item->text().toStdString() << "' elided";
  }
  const auto* chartView = session_->demoPanel().findChild<QChartView*>(QStringLiteral("demoChart"));
  ASSERT_NE(chartView, nullptr);
  int labels = 0;
  for (const QGraphicsItem* item : chartView->scene()->items()) {
    QString text;
    if (const auto* simple = dynamic_cast<const QGraphicsSimpleTextItem*>(item)) text = simple->text();
    else if (const auto* rich = dynamic_cast<const QGraphicsTextItem*>(item)) text = rich->toPlainText();
    else continue;
    if (!item->isVisible() || text.isEmpty()) continue;
    ++labels;
    EXPECT_FALSE(text.endsWith(QStringLiteral("...")) || text.contains(QChar(0x2026)))
        << where << ": chart label '" << text.toStdString() << "' elided";
  }
  EXPECT_GT(labels, 3) << where << ": the chart has its labels";
}

void WindowOnScreen::screenshot(const QString& suffix) {
  const QString folder = qEnvironmentVariable("KC_SCREENSHOT_DIR");
  if (folder.isEmpty()) return;
  QDir().mkpath(folder);
  repaintView();
  const QPixmap shot = QGuiApplication::primaryScreen()->grabWindow(0);
  EXPECT_TRUE(shot.save(folder + QStringLiteral("/%1%2.png").arg(QString::fromStdString(sizeName_), suffix)));
}

// Every arrangement a class sees: the window alone, the demos panel with results, the lab, both;
// at actual size and in presentation mode.
TEST_F(WindowOnScreen, EverythingFitsAndCanBeReachedInEveryArrangement) {
  for (const bool presentation : {false, true}) {
    if (presentation) window().presentation()->setActive(true);
    settle();
    const std::string mode = presentation ? "presentation, " : "";
    demos().hide();
    lab().hide();
    settle();
    expectEverythingOnScreen(mode + "window alone");

    demos().show();
    settle();
    ASSERT_NO_FATAL_FAILURE(runDemo(QStringLiteral("reduce"), "n", "100000"));
    expectEverythingOnScreen(mode + "demos panel");
    expectNoElidedText(mode + "demos panel, reduction");
    ASSERT_NO_FATAL_FAILURE(runDemo(QStringLiteral("cg"), "poisson", "8"));
    expectNoElidedText(mode + "demos panel, CG");

    demos().hide();
    lab().show();
    settle();
    expectEverythingOnScreen(mode + "kernel lab");

    demos().show();
    settle();
    expectEverythingOnScreen(mode + "demos panel and kernel lab");
    expectNoElidedText(mode + "demos panel and kernel lab, CG");
    screenshot(presentation ? QStringLiteral("-presentation") : QString());
  }
}

QAction* ctrlK(MainWindow& window) {
  for (QAction* action : window.viewMenu()->actions())
    if (action->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_K)) return action;
  return nullptr;
}

bool labInFront(MainWindow& window) {
  QDockWidget* lab = kernelLabDock(window);
  if (!lab->isVisible() || lab->visibleRegion().isEmpty()) return false;
  const auto [bar, index] = dockTab(window, lab);
  return !bar || bar->currentIndex() == index;
}

// Ctrl+K shows the lab in front with the editor focused: from closed, and from behind the Filter
// chain's tab (where it used to open: the lab was shown, but behind).
TEST_F(WindowOnScreen, CtrlKBringsTheLabToTheFrontWithTheEditorFocused) {
  QAction* key = ctrlK(window());
  ASSERT_NE(key, nullptr);
  auto* filters = window().findChild<QDockWidget*>(QStringLiteral("filterDock"));
  for (const bool presentation : {false, true}) {
    window().presentation()->setActive(presentation);
    settle();
    ASSERT_FALSE(lab().isVisible());
    key->trigger();
    settle();
    EXPECT_TRUE(labInFront(window())) << sizeName_ << (presentation ? ", presentation" : "") << ": from closed";
    EXPECT_EQ(window().focusWidget(), session_->labPanel().editor());
    EXPECT_TRUE(key->isChecked());

    if (window().tabifiedDockWidgets(&lab()).contains(filters)) {  // the lab beside the filter chain's tab
      filters->raise();
      settle();
      ASSERT_FALSE(labInFront(window()));
      key->trigger();
      settle();
      EXPECT_TRUE(labInFront(window())) << sizeName_ << ": from behind the Filter chain tab";
      EXPECT_EQ(window().focusWidget(), session_->labPanel().editor());
    }
    key->trigger();  // in front: Ctrl+K closes it
    settle();
    EXPECT_FALSE(lab().isVisible());
    EXPECT_FALSE(key->isChecked());
  }
}

}  // namespace
}  // namespace kc
