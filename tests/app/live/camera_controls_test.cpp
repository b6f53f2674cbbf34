// Source > Camera controls (camera_controls.hpp): the entries are always there, usable where the
// camera offers the control and disabled with the reason where it does not. No camera is attached
// to the test machines: the logic runs on records of what a camera offers, on what Qt offers for a
// QCamera without a device, and in the window (the pattern: no camera, every entry says so).
#include <gtest/gtest.h>

#include <QAction>
#include <QCamera>
#include <QCameraDevice>
#include <QMenu>

#include "app/gui/gui_launcher.hpp"
#include "app/live/camera_controls.hpp"
#include "app/live/source_menu.hpp"
#include "app/sources/camera_backend.hpp"
#include "tests/app/gui/session_fixture.hpp"
#include "tests/support/qt_test_app.hpp"
#include "ui/window/main_window.hpp"

namespace kc {
namespace {

using namespace kc::test;

const QStringList kEntries = {QStringLiteral("Automatic exposure"),
                              QStringLiteral("Brighter (+1/3 EV)"),
                              QStringLiteral("Darker (-1/3 EV)"),
                              QStringLiteral("Autofocus"),
                              QStringLiteral("Focus at infinity"),
                              QStringLiteral("Fixed (manual) focus"),
                              QStringLiteral("Automatic white balance"),
                              QStringLiteral("Daylight"),
                              QStringLiteral("Cloudy"),
                              QStringLiteral("Tungsten (warm lamps)"),
                              QStringLiteral("Fluorescent"),
                              QStringLiteral("Reset camera controls")};

TEST(CameraControls, WithoutACameraEveryEntryIsThereDisabledWithTheReason) {
  test::testApplication();
  CameraControls controls;
  controls.setCamera(nullptr);
  for (const QString& text : kEntries) {
    QAction* entry = controls.entry(text);
    ASSERT_NE(entry, nullptr) << text.toStdString();
    EXPECT_FALSE(entry->isEnabled()) << text.toStdString();
    EXPECT_TRUE(entry->toolTip().contains(QStringLiteral("No camera is shown"))) << entry->toolTip().toStdString();
  }
  EXPECT_TRUE(controls.menu()->isEnabled()) << "it opens, so the reasons can be read";
}

TEST(CameraControls, WhatTheCameraOffersIsUsableAndTheRestSaysWhyNot) {
  test::testApplication();
  CameraControls controls;
  CameraControlSupport support;
  support.camera = true;
  support.name = QStringLiteral("Integrated Camera");
  support.autoExposure = support.manualExposure = true;
  support.focusModes = {QCamera::FocusModeAuto};
  support.whiteBalanceModes = {QCamera::WhiteBalanceAuto, QCamera::WhiteBalanceTungsten};
  controls.show(support);
  for (const QString& usable :
       {QStringLiteral("Automatic exposure"), QStringLiteral("Autofocus"), QStringLiteral("Automatic white balance"),
        QStringLiteral("Tungsten (warm lamps)"), QStringLiteral("Reset camera controls")})
    EXPECT_TRUE(controls.entry(usable)->isEnabled()) << usable.toStdString();
  for (const QString& missing :
       {QStringLiteral("Brighter (+1/3 EV)"), QStringLiteral("Focus at infinity"), QStringLiteral("Daylight")}) {
    QAction* entry = controls.entry(missing);
    EXPECT_FALSE(entry->isEnabled()) << missing.toStdString();
    EXPECT_TRUE(entry->toolTip().startsWith(QStringLiteral("Integrated Camera offers no")))
        << entry->toolTip().toStdString();
  }
  EXPECT_TRUE(controls.entry(QStringLiteral("Autofocus"))->isChecked());

  controls.show({true, QStringLiteral("USB camera")});  // a camera with no controls at all
  EXPECT_FALSE(controls.entry(QStringLiteral("Reset camera controls"))->isEnabled());
  EXPECT_TRUE(controls.entry(QStringLiteral("Autofocus"))->toolTip().contains(QStringLiteral("no focus control")));
}

// What Qt itself answers for a QCamera of no device: the entries follow it, enabled exactly where
// Qt says the control is offered.
TEST(CameraControls, TheEntriesFollowWhatQtOffersForTheCamera) {
  test::testApplication();
  if (!cameraBackendAvailable()) GTEST_SKIP() << "no Qt Multimedia backend here";
  QCamera camera{QCameraDevice()};
  const CameraControlSupport support = cameraControlSupport(&camera, QStringLiteral("none"));
  EXPECT_TRUE(support.camera);
  CameraControls controls;
  controls.setCamera(&camera, QStringLiteral("none"));
  EXPECT_EQ(controls.entry(QStringLiteral("Autofocus"))->isEnabled(),
            camera.isFocusModeSupported(QCamera::FocusModeAuto));
  EXPECT_EQ(controls.entry(QStringLiteral("Tungsten (warm lamps)"))->isEnabled(),
            camera.isWhiteBalanceModeSupported(QCamera::WhiteBalanceTungsten));
  EXPECT_EQ(controls.entry(QStringLiteral("Brighter (+1/3 EV)"))->isEnabled(),
            camera.supportedFeatures().testFlag(QCamera::Feature::ExposureCompensation));
  for (const QString& text : kEntries)
    if (!controls.entry(text)->isEnabled())
      EXPECT_TRUE(controls.entry(text)->toolTip().startsWith(QStringLiteral("none offers no"))) << text.toStdString();
}

// In the window: Source > Camera controls, after the sources, with the pattern shown: no camera.
TEST_F(WindowSession, TheSourceMenuHasTheCameraControlsAndTheVirtualCamera) {
  GuiOptions options;
  options.source = parseSourceSpec("pattern");
  auto session = open(options);
  QMenu* source = session->window().sourceMenu();
  QMenu* controls = nullptr;
  QAction* vcam = nullptr;
  for (QAction* action : source->actions()) {
    if (action->menu() && action->menu()->objectName() == QStringLiteral("cameraControls")) controls = action->menu();
    if (action->objectName() == QStringLiteral("vcamAction")) vcam = action;
  }
  ASSERT_NE(controls, nullptr) << "Source > Camera controls";
  ASSERT_NE(vcam, nullptr) << "Source > Send to virtual camera";
  EXPECT_FALSE(session->sources().cameraControls().entry(QStringLiteral("Autofocus"))->isEnabled());
  // A rebuild of the menu (cameras come and go) keeps both, and leaves their checks alone.
  session->sources().showCameras({});
  EXPECT_TRUE(source->actions().contains(controls->menuAction()));
  EXPECT_TRUE(source->actions().contains(vcam));
  EXPECT_TRUE(session->sources().cameraControls().entry(QStringLiteral("Autofocus"))->isChecked());
}

}  // namespace
}  // namespace kc
