// The whole window as `kernelcam` builds it (GuiSession), under Xvfb: it comes back as the user
// left it, command-line options hold for one run only, fallbacks say why with a notice that stays
// (and a dialog once), files dropped on it open, and its menus follow the desktop's conventions.
// Settings go to a fresh folder per test (QSettings::setPath), never the user's.
#include <gtest/gtest.h>

#include <QProcessEnvironment>

#include <filesystem>

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QLabel>
#include <QDockWidget>
#include <QCameraDevice>
#include <QDropEvent>
#include <QMediaDevices>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QToolButton>
#include <QUrl>

#include "app/sources/camera_backend.hpp"
#include "app/backend/pipeline_factory.hpp"
#include "tests/support/cli_run.hpp"
#include "app/gui/gui_launcher.hpp"
#include "app/live/live_controller.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/demos/demo_dock.hpp"
#include "ui/demos/demo_form.hpp"
#include "ui/demos/demo_panel.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/help_dialogs.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"
#include "tests/app/gui/session_fixture.hpp"

namespace kc {
namespace {

using namespace kc::test;

const QString kImage = QStringLiteral(KC_TEST_FIXTURES_DIR "/images/grey_alpha_4x3.png");
const QString kMatrix = QStringLiteral(KC_TEST_FIXTURES_DIR "/matrices/spd_5x5.mtx");

TEST_F(WindowSession, ComesBackAsTheUserLeftIt) {
  const CameraFormatRequest format = *parseCameraFormat("640x480@30:YUYV");
  {
    auto session = open({});
    MainWindow& window = session->window();
    window.filterDock()->setChain(parseFilterChain("gray=bt709,hist=64"));
    window.setViewMode(ViewMode::Split);
    session->controller().openCamera(0, format);  // Source > Camera 0 > 640x480 (the pattern stands in here)
    window.openFile(kImage, FileKind::Image);     // then File > Open image
    EXPECT_EQ(session->controller().sourceSpec(), QStringLiteral("image:") + kImage);
    window.close();  // writes the settings, as quitting does
  }
  auto session = open({});
  EXPECT_EQ(formatFilterChain(session->window().filterDock()->chain()), "gray=bt709,hist=64");
  EXPECT_EQ(session->window().viewMode(), ViewMode::Split);
  EXPECT_EQ(session->controller().sourceSpec(), QStringLiteral("image:") + kImage);
  EXPECT_EQ(session->controller().sourceOptions().cameraFormat, format);
}

// Issue 25: the demo panel's choice was forgotten on restart.
TEST_F(WindowSession, TheDemoChosenComesBack) {
  {
    auto session = open({});
    EXPECT_EQ(session->demoPanel().demo().toStdString(), "reduce") << "nothing remembered: the first demo";
    ASSERT_TRUE(session->demoPanel().selectDemo(QStringLiteral("matmul")));
    session->window().close();  // writes the settings, as quitting does
  }
  EXPECT_EQ(setting("demos/demo").toStdString(), "matmul");
  {
    auto session = open({});
    EXPECT_EQ(session->demoPanel().demo().toStdString(), "matmul");
    ASSERT_TRUE(session->demoPanel().selectDemo(QStringLiteral("cg")));
    session->window().close();
  }
  auto session = open({});
  EXPECT_EQ(session->demoPanel().demo().toStdString(), "cg");
}

// kernelcam --source image:P --filters "..." runs that chain in that order (the dock shows it as given,
// the frames' timing rows come in that order) and saves it unchanged (as a preset, and restored as is).
TEST_F(WindowSession, ACommandLineChainRunsInItsOrderAndIsSavedUnchanged) {
  const std::string chainText = "gray=bt601,conv=box:3:clamp,transpose,conv=box:5:reflect,flip=h,hist=64";
  GuiOptions options;
  const std::string photo = test::projectData("samples").string() + "/chelsea.png";
  options.source = parseSourceSpec("image:" + (std::filesystem::exists(photo) ? photo : kImage.toStdString()));
  options.chain = parseFilterChain(chainText);
  options.stageTimings = true;  // a row per stage on CUDA too (gray + box 3x3 would run as one kernel)
  auto session = open(options);
  MainWindow& window = session->window();
  EXPECT_EQ(formatFilterChain(window.filterDock()->chain()), chainText);
  EXPECT_EQ(window.filterDock()->stageCount(), 6);
  const GlRenderer& renderer = window.view()->renderer();
  ASSERT_TRUE(test::processEventsUntil([&] { return renderer.lastStats().stages.size() >= 6; }, 30000));
  std::vector<std::string> ran;
  for (const StageTiming& timing : renderer.lastStats().stages)
    if (!timing.isCopy) ran.push_back(timing.name);
  EXPECT_EQ(ran, stageLabels(parseFilterChain(chainText)));
  EXPECT_EQ(renderer.lastStats().histogramBins, 64);
  // transpose swapped the sides: the filtered view is as high as the original is wide.
  EXPECT_EQ(renderer.layout().filteredWidth, renderer.layout().originalHeight);
  window.savePreset(QStringLiteral("lab chain"));
  EXPECT_EQ(setting("presets/lab chain"), QString::fromStdString(chainText));
  window.filterDock()->setChain(defaultFilterChain());
  ASSERT_TRUE(window.loadPreset(QStringLiteral("lab chain")));
  EXPECT_EQ(formatFilterChain(window.filterDock()->chain()), chainText);
}

// Presets can be renamed and deleted; a name QSettings would split, or one taken, is refused with a
// message and changes nothing.
TEST_F(WindowSession, PresetsAreRenamedAndDeleted) {
  GuiOptions options;
  options.source = parseSourceSpec("pattern");
  options.chain = parseFilterChain("gray=bt709,hist=64");
  auto session = open(options);
  MainWindow& window = session->window();
  ASSERT_TRUE(window.savePreset(QStringLiteral("grey")));
  window.filterDock()->setChain(defaultFilterChain());
  ASSERT_TRUE(window.savePreset(QStringLiteral("default")));
  EXPECT_FALSE(window.savePreset(QStringLiteral("a/b"))) << "'/' would make a settings group";
  EXPECT_EQ(window.presetNames(), QStringList({QStringLiteral("default"), QStringLiteral("grey")}));

  EXPECT_FALSE(window.renameSavedPreset(QStringLiteral("grey"), QStringLiteral("default"))) << "taken";
  ASSERT_TRUE(window.renameSavedPreset(QStringLiteral("grey"), QStringLiteral("grey 709")));
  EXPECT_EQ(window.presetNames(), QStringList({QStringLiteral("default"), QStringLiteral("grey 709")}));
  ASSERT_TRUE(window.loadPreset(QStringLiteral("grey 709")));
  EXPECT_EQ(formatFilterChain(window.filterDock()->chain()), "gray=bt709,hist=64");
  EXPECT_FALSE(window.loadPreset(QStringLiteral("grey"))) << "the old name is gone";

  ASSERT_TRUE(window.deleteSavedPreset(QStringLiteral("default")));
  EXPECT_FALSE(window.deleteSavedPreset(QStringLiteral("default")));
  EXPECT_EQ(window.presetNames(), QStringList({QStringLiteral("grey 709")}));
}

TEST_F(WindowSession, CommandLineOptionsHoldForOneRunOnly) {
  {
    QSettings settings;
    settings.setValue("source/spec", QStringLiteral("image:") + kImage);
    settings.setValue("filters/chain", "gray=bt709");
    settings.setValue("view/mode", "filtered");
    settings.setValue("camera/format", "640x480@30");
  }
  GuiOptions options;
  options.source = parseSourceSpec("pattern");
  options.chain = parseFilterChain("conv=box:3:clamp");
  options.viewMode = ViewMode::Split;
  options.cameraFormat = parseCameraFormat("320x240:YUYV");
  auto session = open(options);
  EXPECT_EQ(session->controller().sourceSpec(), QStringLiteral("pattern"));
  EXPECT_EQ(formatFilterChain(session->window().filterDock()->chain()), "conv=box:3:clamp");
  EXPECT_EQ(session->window().viewMode(), ViewMode::Split);
  EXPECT_EQ(formatCameraFormat(session->controller().sourceOptions().cameraFormat), "320x240:YUYV");
  session->saveSettings();
  EXPECT_EQ(setting("source/spec"), QStringLiteral("image:") + kImage);
  EXPECT_EQ(setting("filters/chain"), "gray=bt709");
  EXPECT_EQ(setting("view/mode"), "filtered");
  EXPECT_EQ(setting("camera/format"), "640x480@30");
}

TEST_F(WindowSession, WhatTheUserChangesAfterTheCommandLineIsKept) {
  GuiOptions options;
  options.source = parseSourceSpec("pattern");
  options.viewMode = ViewMode::Split;
  options.chain = parseFilterChain("gray");
  auto session = open(options);
  session->window().setViewMode(ViewMode::FilteredOnly);
  session->window().openFile(kImage, FileKind::Image);
  session->saveSettings();
  EXPECT_EQ(setting("view/mode"), "filtered");
  EXPECT_EQ(setting("source/spec"), QStringLiteral("image:") + kImage);
  EXPECT_FALSE(QSettings().contains("filters/chain")) << "the unchanged --filters is not the new default";
}

// Quit (Ctrl+Q) works while a start-up notice is up: no modal widget holds the keyboard, and the
// window's Quit action closes it.
TEST_F(WindowSession, QuitWorksWhileAStartupNoticeIsUp) {
  GuiOptions options;
  options.source = parseSourceSpec("image:/no/such/photo.png");
  options.backend = Backend::Cpu;
  auto session = std::make_unique<GuiSession>(options);
  session->start();
  test::processEventsUntil([] { return false; }, 300);
  MainWindow& window = session->window();
  ASSERT_NE(window.notices()->widget(QStringLiteral("source")), nullptr) << "the missing photo's notice";
  EXPECT_EQ(QApplication::activeModalWidget(), nullptr) << "a modal widget would swallow Ctrl+Q";
  QAction* quit = nullptr;
  for (QAction* action : window.findChildren<QAction*>())
    if (action->shortcut() == QKeySequence(QKeySequence::Quit)) quit = action;
  ASSERT_NE(quit, nullptr) << "a Quit action with the platform's shortcut";
  ASSERT_TRUE(quit->isEnabled());
  quit->trigger();
  EXPECT_TRUE(test::processEventsUntil([&] { return !window.isVisible(); }, 5000)) << "the window is still open";
}

// Drops `path` on the window the way a file manager does: drag enter, then drop.
bool drop(MainWindow& window, const QString& path) {
  QMimeData mime;
  mime.setUrls({QUrl::fromLocalFile(path)});
  const QPoint at = window.rect().center();
  QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(&window, &enter);
  if (!enter.isAccepted()) return false;
  QDropEvent dropped(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(&window, &dropped);
  return dropped.isAccepted();
}

TEST_F(WindowSession, DroppedImagesVideosAndMatricesOpen) {
  GuiOptions options;
  options.source = parseSourceSpec("pattern");
  auto session = open(options);
  MainWindow& window = session->window();
  ASSERT_TRUE(drop(window, kImage));
  EXPECT_EQ(session->controller().sourceSpec(), QStringLiteral("image:") + kImage);
  ASSERT_TRUE(test::processEventsUntil([&] { return window.view()->renderer().layout().originalWidth == 4; }, 30000));

  const std::filesystem::path video = test::projectData("samples/tears_of_steel_10s_640x360.mp4");
  if (std::filesystem::exists(video)) {
    ASSERT_TRUE(drop(window, QString::fromStdString(video.string())));
    EXPECT_EQ(session->controller().sourceSpec(), QStringLiteral("video:") + QString::fromStdString(video.string()));
  }

  const QString sourceBefore = session->controller().sourceSpec();
  ASSERT_TRUE(drop(window, kMatrix));
  QDockWidget* dock = demoDock(window);
  ASSERT_NE(dock, nullptr);
  EXPECT_TRUE(dock->isVisible());
  DemoPanel* panel = &session->demoPanel();
  EXPECT_EQ(panel->demo(), QStringLiteral("cg"));
  EXPECT_EQ(panel->form("cg")->value("matrix"), kMatrix);
  EXPECT_EQ(session->controller().sourceSpec(), sourceBefore) << "a matrix is no source";

  EXPECT_FALSE(drop(window, QStringLiteral(KC_TEST_FIXTURES_DIR "/../CMakeLists.txt"))) << "not a kind it opens";
}

TEST_F(WindowSession, MenusFollowTheDesktopConventions) {
  GuiOptions options;
  options.source = parseSourceSpec("pattern");
  auto session = open(options);
  MainWindow& window = session->window();
  QStringList menus;
  for (QAction* top : window.menuBar()->actions()) menus << top->text().remove(QLatin1Char('&'));
  EXPECT_EQ(menus.first(), QStringLiteral("File"));
  EXPECT_EQ(menus.last(), QStringLiteral("Help"));

  std::map<QString, QString> keys;
  for (const auto& [action, key] : menuShortcuts(window.menuBar())) keys[action] = key;
  const auto native = [](QKeySequence::StandardKey key) {
    return QKeySequence(key).toString(QKeySequence::NativeText);
  };
  EXPECT_EQ(keys["File > Quit"], native(QKeySequence::Quit));
  EXPECT_EQ(keys["File > Open image"], native(QKeySequence::Open));
  EXPECT_EQ(keys["File > Snapshot"], native(QKeySequence::Save));
  EXPECT_EQ(keys["Help > Keyboard shortcuts"], native(QKeySequence::HelpContents));
  EXPECT_TRUE(keys.count("File > Open video") && keys.count("File > Open matrix for the CG demo"));
  EXPECT_EQ(keys["View > Demos panel"], QKeySequence(Qt::CTRL | Qt::Key_D).toString(QKeySequence::NativeText));
  // No bare letter (it would fire while typing in the docks' fields): a modifier or a function key.
  for (const auto& [action, key] : keys) {
    const QKeySequence sequence =
        QKeySequence::fromString(key.section(QStringLiteral(", "), 0, 0), QKeySequence::NativeText);
    const int code = sequence[0].toCombined();
    const bool modified = (code & Qt::KeyboardModifierMask) != 0;
    const int bare = code & ~Qt::KeyboardModifierMask;
    EXPECT_TRUE(modified || (bare >= Qt::Key_F1 && bare <= Qt::Key_F35))
        << action.toStdString() << ": " << key.toStdString();
  }

  // Help > About names the versions; File > Quit closes the window (saving the settings).
  EXPECT_TRUE(window.componentVersions().contains(QStringLiteral("Qt: ")));
  EXPECT_TRUE(window.componentVersions().contains(QStringLiteral("OpenCV: ")));
  EXPECT_TRUE(window.componentVersions().contains(QStringLiteral("CUDA")));
  const QString about = aboutText(window.componentVersions());
  EXPECT_TRUE(about.contains(QStringLiteral("OpenCV"))) << about.toStdString();
  QAction* quit = nullptr;
  for (QAction* action : window.fileMenu()->actions())
    if (action->shortcut() == QKeySequence(QKeySequence::Quit)) quit = action;
  ASSERT_NE(quit, nullptr);
  window.setViewMode(ViewMode::Split);
  quit->trigger();
  EXPECT_FALSE(window.isVisible());
  EXPECT_EQ(setting("view/mode"), "split");
}

}  // namespace
}  // namespace kc
