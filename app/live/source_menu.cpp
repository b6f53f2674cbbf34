#include "app/live/source_menu.hpp"

#include <QActionGroup>
#include <QFileInfo>
#include <QMediaDevices>
#include <QMenu>

#include "app/live/camera_controls.hpp"
#include "app/sources/camera_backend.hpp"
#include "app/sources/source_factory.hpp"
#include "ui/window/main_window.hpp"

namespace kc {

namespace {
// Item data: "camera:N|FORMAT" (FORMAT "" = the default) or "pattern", to find the entry to check.
QString entryKey(const QString& spec, const CameraFormatRequest& format) {
  return spec.startsWith(QStringLiteral("camera"))
             ? spec + QLatin1Char('|') + QString::fromStdString(formatCameraFormat(format))
             : spec;
}

// The menu's entry for a file being shown ("Image: coffee.png"), or "" for a camera or the pattern.
QString fileEntryText(const QString& spec) {
  try {
    const SourceSpec parsed = parseSourceSpec(spec.toStdString());
    const QString name = QFileInfo(QString::fromStdString(parsed.path)).fileName();
    switch (parsed.kind) {
      case SourceKind::Image:
        return SourceMenu::tr("Image: %1").arg(name);
      case SourceKind::Video:
        return parsed.sequence ? SourceMenu::tr("Numbered images: %1").arg(name)
                               : SourceMenu::tr("Video: %1").arg(name);
      case SourceKind::Camera:
      case SourceKind::Pattern:
        break;
    }
  } catch (const std::exception&) {
  }
  return {};
}
}  // namespace

SourceMenu::SourceMenu(MainWindow& window) : QObject(&window), window_(window) {
  controls_ = new CameraControls(this);
  if (cameraBackendAvailable()) {  // else QMediaDevices would abort the app
    devices_ = new QMediaDevices(this);
    connect(devices_, &QMediaDevices::videoInputsChanged, this, [this] {
      rebuild();
      emit camerasChanged(cameraCount());
    });
  }
  rebuild();
}

int SourceMenu::cameraCount() const {
  return cameraBackendAvailable() ? static_cast<int>(QMediaDevices::videoInputs().size()) : 0;
}

void SourceMenu::rebuild() {
  QString why;
  cameraBackendAvailable(&why);
  showCameras(CameraSource::listCameras(), why);
}

void SourceMenu::showCameras(const std::vector<CameraListing>& cameras, const QString& noCameraReason) {
  cameras_ = cameras;
  noCameraReason_ = noCameraReason;
  QMenu* menu = window_.sourceMenu();
  menu->clear();
  delete built_;  // the submenus and the action group of the previous list
  built_ = new QObject(this);
  auto* group = new QActionGroup(built_);  // one source at a time: a check on what is shown
  group->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
  auto addChoice = [&](QMenu* into, const QString& text, const QString& key) {
    QAction* action = into->addAction(text);
    action->setCheckable(true);
    action->setData(key);
    group->addAction(action);
    return action;
  };
  for (int i = 0; i < static_cast<int>(cameras.size()); ++i) {
    const CameraListing& camera = cameras[i];
    auto* formats = new QMenu(tr("Camera %1: %2").arg(i).arg(camera.description), menu);
    connect(built_, &QObject::destroyed, formats, &QObject::deleteLater);
    menu->addMenu(formats);
    const QString spec = QStringLiteral("camera:%1").arg(i);
    const int preferred = chooseCameraFormat(camera.formats, {});
    const QString defaultText =
        preferred < 0 ? tr("Default format")
                      : tr("Default: %1").arg(QString::fromStdString(describeCameraFormat(camera.formats[preferred])));
    connect(addChoice(formats, defaultText, entryKey(spec, {})), &QAction::triggered, this,
            [this, i] { emit cameraChosen(i, {}); });
    if (!camera.formats.empty()) formats->addSeparator();
    for (const CameraFormatInfo& format : camera.formats) {
      const CameraFormatRequest request = requestFor(format);
      connect(addChoice(formats, QString::fromStdString(describeCameraFormat(format)), entryKey(spec, request)),
              &QAction::triggered, this, [this, i, request] { emit cameraChosen(i, request); });
    }
  }
  if (cameras.empty()) {
    QAction* none = menu->addAction(noCameraReason.isEmpty() ? tr("(no camera found)") : tr("(no camera support)"));
    none->setToolTip(noCameraReason);
    none->setEnabled(false);
  }
  menu->addSeparator();
  connect(addChoice(menu, tr("Test pattern"), entryKey(QStringLiteral("pattern"), {})), &QAction::triggered, &window_,
          [this] { emit window_.sourceRequested(QStringLiteral("pattern")); });
  // The file being shown, checked, so the menu always says what the view shows (choosing it opens
  // the file again: a still that changed on disk, a video from its start).
  if (const QString fileText = fileEntryText(currentSpec_); !fileText.isEmpty()) {
    QAction* file = addChoice(menu, fileText, currentSpec_);
    file->setToolTip(currentSpec_);
    connect(file, &QAction::triggered, &window_, [this, spec = currentSpec_] { emit window_.sourceRequested(spec); });
  }
  menu->addSeparator();
  menu->addMenu(controls_->menu());
  for (QAction* action : trailing_) menu->addAction(action);
  updateChecks();
}

void SourceMenu::setCamera(QCamera* camera, const QString& name) { controls_->setCamera(camera, name); }

void SourceMenu::addTrailingAction(QAction* action) {
  trailing_ << action;
  window_.sourceMenu()->addAction(action);
}

void SourceMenu::setCurrent(const QString& spec, const CameraFormatRequest& format) {
  const QString before = currentSpec_;
  try {
    currentSpec_ = QString::fromStdString(formatSourceSpec(parseSourceSpec(spec.toStdString())));  // camera -> camera:0
  } catch (const std::exception&) {
    currentSpec_ = spec;
  }
  currentFormat_ = format;
  const bool fileShown = !fileEntryText(currentSpec_).isEmpty(), fileWasShown = !fileEntryText(before).isEmpty();
  if (currentSpec_ != before && (fileShown || fileWasShown))
    showCameras(cameras_, noCameraReason_);  // the file's entry comes, goes or changes; checks updated there
  else updateChecks();
}

void SourceMenu::updateChecks() {
  const QString key = entryKey(currentSpec_, currentFormat_);
  QList<QAction*> actions = window_.sourceMenu()->actions();
  while (!actions.isEmpty()) {
    QAction* action = actions.takeFirst();
    if (action->menu() && action->menu() != controls_->menu()) actions += action->menu()->actions();
    // The source choices (they carry their key); not the camera's controls or the trailing entries.
    if (action->isCheckable() && action->data().isValid()) action->setChecked(action->data().toString() == key);
  }
}

}  // namespace kc
