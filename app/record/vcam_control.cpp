#include "app/record/vcam_control.hpp"

#include <QAction>
#include <QDir>
#include <QInputDialog>
#include <QSettings>
#include <cstdio>

#include "app/record/vcam_feed.hpp"
#include "app/record/virtual_camera.hpp"
#include "gpu/core/message_text.hpp"
#include "ui/window/main_window.hpp"

namespace kc {

namespace {
const QString kTargetKey = QStringLiteral("vcam/target");  // the target used last
}  // namespace

VcamControl::VcamControl(MainWindow& window, FrameTap& tap, std::function<void(const std::string&)> checkOutput,
                         QObject* parent)
    : QObject(parent), window_(window), tap_(tap), checkOutput_(std::move(checkOutput)) {
  action_ = new QAction(tr("Send to &virtual camera\u2026"), this);
  action_->setObjectName(QStringLiteral("vcamAction"));
  action_->setCheckable(true);
  action_->setStatusTip(
      tr("The filtered stream as a camera for video-call apps (v4l2loopback), or raw frames to a file"));
  connect(action_, &QAction::triggered, this, [this] {
    if (running()) stop();
    else chooseAndStart();
    action_->setChecked(running());
  });
}

VcamControl::~VcamControl() = default;

bool VcamControl::running() const { return feed_ && feed_->running(); }

bool VcamControl::start(const QString& target, const std::string& named) {
  stop();
  try {
    const std::string file = vcamFilePath(target.toStdString());
    if (!file.empty() && checkOutput_) checkOutput_(file);  // never a file the window reads or writes
    feed_ = std::make_unique<VcamFeed>(window_, tap_, VirtualCamera::open(target.toStdString()));
    file_ = file;
    named_ = named;
  } catch (const std::exception& error) {
    lastError_ = QString::fromStdString(error.what());
    window_.showMessage(tr("Virtual camera not started: %1").arg(lastError_), 10000);
    action_->setChecked(false);
    return false;
  }
  lastError_.clear();
  QSettings().setValue(kTargetKey, target);
  action_->setChecked(true);
  return true;
}

void VcamControl::stop() {
  const std::string file = std::move(file_);
  file_.clear();  // not an output the check below compares with
  if (feed_ && !file.empty() && checkOutput_) {
    // The chain may have come to name this file while frames went out (a kernel stage added, on or
    // off): the stream is then not renamed over it.
    try {
      checkOutput_(file);
    } catch (const std::exception& error) {
      feed_->discard();
      lastError_ = QString::fromStdString(error.what()) + tr(" (the stream was not kept)");
      window_.showMessage(lastError_, 10000);
      std::fprintf(stderr, "kernelcam: %s\n", printableText(lastError_.toStdString()).c_str());  // also at exit
    }
  }
  feed_.reset();  // finishes: a file is renamed into place (unless discarded), a device closed
  action_->setChecked(false);
}

void VcamControl::chooseAndStart() {
  QStringList targets;
  const QString last = QSettings().value(kTargetKey).toString();
  if (!last.isEmpty()) targets << last;
  for (const QString& device : QDir(QStringLiteral("/dev")).entryList({QStringLiteral("video*")}, QDir::System))
    if (!targets.contains(QStringLiteral("/dev/") + device)) targets << QStringLiteral("/dev/") + device;
  if (targets.isEmpty()) targets << QStringLiteral("/dev/video10");
  bool ok = false;
  const QString target =
      QInputDialog::getItem(&window_, tr("Send to virtual camera"),
                            tr("A v4l2loopback device (load it with: sudo modprobe v4l2loopback exclusive_caps=1),\n"
                               "or file:PATH for raw YUYV frames:"),
                            targets, 0, true, &ok)
          .trimmed();
  if (ok && !target.isEmpty()) start(target);
}

}  // namespace kc
