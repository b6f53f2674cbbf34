#include "app/record/vcam_feed.hpp"

#include <QLabel>
#include <QStatusBar>

#include "app/record/background_sink.hpp"
#include "app/record/frame_tap.hpp"
#include "app/record/virtual_camera.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"

namespace kc {

namespace {
// A camera shows the newest frame: a short queue keeps the delay low.
constexpr std::size_t kQueueFrames = 3;
}  // namespace

VcamFeed::VcamFeed(MainWindow& window, FrameTap& tap, std::unique_ptr<VirtualCamera> camera, QObject* parent)
    : QObject(parent), window_(window), tap_(tap), name_(QString::fromStdString(camera->name())) {
  sink_ = std::make_unique<BackgroundSink>(std::move(camera), kQueueFrames);
  tap_.addFiltered(sink_.get());
  status_ = new QLabel(tr("\u25b6 vcam %1").arg(name_));
  status_->setObjectName(QStringLiteral("vcamStatus"));
  status_->setToolTip(
      tr("The filtered stream goes to the virtual camera %1 (Source > Send to virtual camera stops it)").arg(name_));
  window_.statusBar()->addPermanentWidget(status_);
  check_.setInterval(1000);
  connect(&check_, &QTimer::timeout, this, &VcamFeed::check);
  check_.start();
}

VcamFeed::~VcamFeed() { detach(); }

void VcamFeed::detach() {
  if (!sink_) return;
  tap_.remove(sink_.get());
  try {
    sink_->finish();
  } catch (const std::exception&) {
    // Already reported by check(), or the window is closing: nothing left to tell.
  }
  sink_.reset();
  check_.stop();
  status_->hide();
}

void VcamFeed::discard() {
  if (!sink_) return;
  tap_.remove(sink_.get());
  sink_.reset();  // without finish(): the sink's temporary goes with it
  check_.stop();
  status_->hide();
}

void VcamFeed::check() {
  if (!sink_) return;
  const std::string error = sink_->progress().error;
  if (error.empty()) return;
  detach();
  const QString message = QString::fromStdString(error);
  window_.notices()->post({QStringLiteral("vcam"), tr("The virtual camera stopped"),
                           tr("Frames no longer reach %1: %2").arg(name_, message), message, QString()});
}

}  // namespace kc
