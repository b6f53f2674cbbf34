// Source > Camera N lists the camera's formats (no camera needed: the listing is handed in as the
// Source menu gets it from Qt Multimedia), the default first, and checks what is shown.
#include <gtest/gtest.h>

#include <QAction>
#include <QMenu>

#include "app/live/source_menu.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/window/main_window.hpp"

namespace kc {
namespace {

std::vector<QAction*> entries(QMenu* menu) {
  std::vector<QAction*> found;
  for (QAction* action : menu->actions())
    if (!action->isSeparator()) found.push_back(action);
  return found;
}

TEST(SourceMenu, ListsEachCamerasFormatsWithTheDefaultFirst) {
  test::testApplication();
  MainWindow window;
  SourceMenu menu(window);
  const std::vector<CameraListing> cameras = {
      {"Integrated Webcam", {{640, 480, 30, 30, "YUYV"}, {1920, 1080, 30, 30, "Jpeg"}, {1280, 720, 5, 10, "YUYV"}}},
      {"USB Capture", {}},
  };
  menu.showCameras(cameras);
  const auto top = entries(window.sourceMenu());
  ASSERT_EQ(top.size(), 4u);  // two cameras, the pattern, the camera's own controls
  EXPECT_EQ(top[3]->text().remove(QLatin1Char('&')), QStringLiteral("Camera controls"));
  ASSERT_NE(top[0]->menu(), nullptr);
  EXPECT_EQ(top[0]->text(), QStringLiteral("Camera 0: Integrated Webcam"));
  EXPECT_EQ(top[2]->text(), QStringLiteral("Test pattern"));

  const auto formats = entries(top[0]->menu());
  ASSERT_EQ(formats.size(), 4u);
  EXPECT_EQ(formats[0]->text(), QStringLiteral("Default: 1920x1080 @ 30 fps (Jpeg)"));
  EXPECT_EQ(formats[1]->text(), QStringLiteral("640x480 @ 30 fps (YUYV)"));
  EXPECT_EQ(formats[3]->text(), QStringLiteral("1280x720 @ 5-10 fps (YUYV)"));
  EXPECT_EQ(entries(top[1]->menu()).size(), 1u) << "a camera listing no formats still offers its default";

  std::vector<std::pair<int, CameraFormatRequest>> chosen;
  QObject::connect(&menu, &SourceMenu::cameraChosen,
                   [&](int index, const CameraFormatRequest& format) { chosen.emplace_back(index, format); });
  formats[3]->trigger();
  ASSERT_EQ(chosen.size(), 1u);
  EXPECT_EQ(chosen[0].first, 0);
  EXPECT_EQ(formatCameraFormat(chosen[0].second), "1280x720@10:YUYV");
  entries(top[1]->menu())[0]->trigger();
  ASSERT_EQ(chosen.size(), 2u);
  EXPECT_EQ(chosen[1].first, 1);
  EXPECT_TRUE(chosen[1].second.empty());

  // What is shown is checked: the format asked for, or the pattern standing in.
  menu.setCurrent(QStringLiteral("camera"), *parseCameraFormat("1280x720@10:YUYV"));
  EXPECT_TRUE(formats[3]->isChecked());
  EXPECT_FALSE(formats[0]->isChecked());
  menu.setCurrent(QStringLiteral("pattern"), {});
  EXPECT_TRUE(top[2]->isChecked());
  EXPECT_FALSE(formats[3]->isChecked());

  // Hot-plug: a new list replaces the old one.
  menu.showCameras({});
  const auto none = entries(window.sourceMenu());
  ASSERT_EQ(none.size(), 3u);          // "(no camera found)", the pattern, the camera controls
  EXPECT_FALSE(none[0]->isEnabled());  // "(no camera found)"
}

// An image or video being shown has its own checked entry, so the menu always names what the view
// shows; choosing it opens the file again. It goes when a camera or the pattern is shown.
TEST(SourceMenu, TheFileBeingShownIsListedAndChecked) {
  test::testApplication();
  MainWindow window;
  SourceMenu menu(window);
  menu.showCameras({});
  QStringList requested;
  QObject::connect(&window, &MainWindow::sourceRequested, [&](const QString& spec) { requested << spec; });

  menu.setCurrent(QStringLiteral("image:/photos/coffee.png"), {});
  auto shown = entries(window.sourceMenu());
  ASSERT_EQ(shown.size(), 4u);  // "(no camera found)", the pattern, the file, the camera's controls
  EXPECT_EQ(shown[2]->text(), QStringLiteral("Image: coffee.png"));
  EXPECT_EQ(shown[2]->toolTip(), QStringLiteral("image:/photos/coffee.png"));
  EXPECT_TRUE(shown[2]->isChecked());
  EXPECT_FALSE(shown[1]->isChecked());
  shown[2]->trigger();
  EXPECT_EQ(requested, QStringList{QStringLiteral("image:/photos/coffee.png")});

  menu.setCurrent(QStringLiteral("clip.mp4"), {});  // a bare file name: a video by its suffix
  shown = entries(window.sourceMenu());
  ASSERT_EQ(shown.size(), 4u) << "one file entry, the one shown";
  EXPECT_EQ(shown[2]->text(), QStringLiteral("Video: clip.mp4"));
  EXPECT_TRUE(shown[2]->isChecked());

  menu.setCurrent(QStringLiteral("pattern"), {});
  shown = entries(window.sourceMenu());
  ASSERT_EQ(shown.size(), 3u) << "no file shown, no file entry";
  EXPECT_TRUE(shown[1]->isChecked());
}

}  // namespace
}  // namespace kc
