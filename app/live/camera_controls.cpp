#include "app/live/camera_controls.hpp"

#include <QActionGroup>
#include <QCamera>
#include <QMenu>
#include <algorithm>

namespace kc {

namespace {

constexpr float kEvStep = 1.0f / 3.0f;  // a third of a stop, as cameras step it

bool offers(const std::vector<int>& modes, int mode) {
  return std::find(modes.begin(), modes.end(), mode) != modes.end();
}

QString noCameraReason() {
  return CameraControls::tr("No camera is shown: choose one above (the pattern and files have no camera controls)");
}

QString missingReason(const CameraControlSupport& support, const QString& what) {
  return CameraControls::tr(
             "%1 offers no %2 through Qt Multimedia (the camera has none, or Qt's backend for it "
             "does not reach it)")
      .arg(support.name.isEmpty() ? CameraControls::tr("This camera") : support.name, what);
}

}  // namespace

CameraControlSupport cameraControlSupport(const QCamera* camera, const QString& name) {
  CameraControlSupport support;
  if (!camera) return support;
  support.camera = true;
  support.name = name;
  support.autoExposure = camera->isExposureModeSupported(QCamera::ExposureAuto);
  support.manualExposure = camera->isExposureModeSupported(QCamera::ExposureManual);
  support.exposureCompensation = camera->supportedFeatures().testFlag(QCamera::Feature::ExposureCompensation);
  for (QCamera::FocusMode mode : {QCamera::FocusModeAuto, QCamera::FocusModeInfinity, QCamera::FocusModeManual})
    if (camera->isFocusModeSupported(mode)) support.focusModes.push_back(mode);
  for (QCamera::WhiteBalanceMode mode :
       {QCamera::WhiteBalanceAuto, QCamera::WhiteBalanceSunlight, QCamera::WhiteBalanceCloudy,
        QCamera::WhiteBalanceTungsten, QCamera::WhiteBalanceFluorescent})
    if (camera->isWhiteBalanceModeSupported(mode)) support.whiteBalanceModes.push_back(mode);
  return support;
}

CameraControls::CameraControls(QObject* parent) : QObject(parent), menu_(new QMenu(tr("Camera &controls"))) {
  menu_->setObjectName(QStringLiteral("cameraControls"));
  menu_->setToolTipsVisible(true);  // the reasons of the disabled entries
  show({});
}

CameraControls::~CameraControls() { delete menu_; }

void CameraControls::setCamera(QCamera* camera, const QString& name) {
  show(cameraControlSupport(camera, name), camera);
  if (!camera) return;
  // A camera's controls are known once it is active (GStreamer opens the device then).
  connect(camera, &QCamera::activeChanged, this, [this, camera, name](bool active) {
    if (active && camera == camera_) show(cameraControlSupport(camera, name), camera);
  });
}

void CameraControls::show(const CameraControlSupport& support, QCamera* camera) {
  camera_ = camera;
  menu_->clear();
  for (QObject* group : menu_->findChildren<QActionGroup*>(Qt::FindDirectChildrenOnly)) delete group;
  // An entry that applies `apply` to the camera, or is disabled with `reason`.
  auto add = [&](const QString& text, bool usable, const QString& what, auto apply) {
    QAction* action = menu_->addAction(text);
    action->setEnabled(usable);
    const QString reason = !support.camera ? noCameraReason() : usable ? QString() : missingReason(support, what);
    action->setToolTip(reason.isEmpty() ? text : reason);
    action->setStatusTip(reason);
    connect(action, &QAction::triggered, this, [this, apply] {
      if (camera_) apply(*camera_);
    });
    return action;
  };
  auto radio = [&](QActionGroup* group, QAction* action, bool checked) {
    action->setCheckable(true);
    action->setChecked(checked);
    group->addAction(action);
  };

  const bool exposureModes = support.autoExposure && support.manualExposure;
  QAction* autoExposure = add(tr("Automatic exposure"), exposureModes, tr("exposure mode"), [](QCamera& c) {
    c.setExposureMode(c.exposureMode() == QCamera::ExposureAuto ? QCamera::ExposureManual : QCamera::ExposureAuto);
  });
  autoExposure->setCheckable(true);
  autoExposure->setChecked(!camera || camera->exposureMode() == QCamera::ExposureAuto);
  add(tr("Brighter (+1/3 EV)"), support.exposureCompensation, tr("exposure compensation"),
      [](QCamera& c) { c.setExposureCompensation(c.exposureCompensation() + kEvStep); });
  add(tr("Darker (-1/3 EV)"), support.exposureCompensation, tr("exposure compensation"),
      [](QCamera& c) { c.setExposureCompensation(c.exposureCompensation() - kEvStep); });

  menu_->addSection(tr("Focus"));
  auto* focus = new QActionGroup(menu_);
  const struct {
    QCamera::FocusMode mode;
    QString text;
  } focusModes[] = {{QCamera::FocusModeAuto, tr("Autofocus")},
                    {QCamera::FocusModeInfinity, tr("Focus at infinity")},
                    {QCamera::FocusModeManual, tr("Fixed (manual) focus")}};
  for (const auto& [mode, text] : focusModes)
    radio(
        focus,
        add(text, offers(support.focusModes, mode), tr("focus control"), [mode](QCamera& c) { c.setFocusMode(mode); }),
        camera ? camera->focusMode() == mode : mode == QCamera::FocusModeAuto);

  menu_->addSection(tr("White balance"));
  auto* balance = new QActionGroup(menu_);
  const struct {
    QCamera::WhiteBalanceMode mode;
    QString text;
  } balances[] = {{QCamera::WhiteBalanceAuto, tr("Automatic white balance")},
                  {QCamera::WhiteBalanceSunlight, tr("Daylight")},
                  {QCamera::WhiteBalanceCloudy, tr("Cloudy")},
                  {QCamera::WhiteBalanceTungsten, tr("Tungsten (warm lamps)")},
                  {QCamera::WhiteBalanceFluorescent, tr("Fluorescent")}};
  for (const auto& [mode, text] : balances)
    radio(balance,
          add(text, offers(support.whiteBalanceModes, mode), tr("white balance control"),
              [mode](QCamera& c) { c.setWhiteBalanceMode(mode); }),
          camera ? camera->whiteBalanceMode() == mode : mode == QCamera::WhiteBalanceAuto);

  menu_->addSeparator();
  const bool anything = exposureModes || support.exposureCompensation || !support.focusModes.empty() ||
                        !support.whiteBalanceModes.empty();
  add(tr("Reset camera controls"), anything, tr("controls"), [](QCamera& c) {
    if (c.isExposureModeSupported(QCamera::ExposureAuto)) c.setExposureMode(QCamera::ExposureAuto);
    c.setExposureCompensation(0);
    if (c.isFocusModeSupported(QCamera::FocusModeAuto)) c.setFocusMode(QCamera::FocusModeAuto);
    c.setWhiteBalanceMode(QCamera::WhiteBalanceAuto);
  });
  menu_->setEnabled(true);  // open even with nothing usable: the entries say why
}

QAction* CameraControls::entry(const QString& text) const {
  for (QAction* action : menu_->actions())
    if (action->text().remove(QLatin1Char('&')) == text) return action;
  return nullptr;
}

}  // namespace kc
