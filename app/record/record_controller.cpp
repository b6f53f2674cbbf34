#include "app/record/record_controller.hpp"

#include <QAction>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QSettings>
#include <QStatusBar>
#include <algorithm>

#include "app/record/background_sink.hpp"
#include "app/record/frame_tap.hpp"
#include "app/record/recording_recovery.hpp"
#include "app/record/video_file.hpp"
#include "gpu/core/size_limits.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"

namespace kc {

namespace {
// The file's frame rate; frames are placed by the time they were shown (background_sink.hpp), so
// the video plays at the speed the view ran, whatever its rate.
constexpr double kVideoFramesPerSecond = 30.0;
// About a quarter second at 30 fps: enough for an encoder hiccup, little memory at 4K.
constexpr std::size_t kQueueFrames = 8;
const QString kNoticeId = QStringLiteral("record");
const QString kRecoveredNoticeId = QStringLiteral("record-recovered");
// The recordings running now, each "TEMPORARY\nTARGET": what the next start recovers if this
// process ends without stopping them (killed, a signal, a crash).
constexpr char kRunningKey[] = "record/running";

QStringList runningRecordings() { return QSettings().value(kRunningKey).toStringList(); }

void setRunningRecordings(const QStringList& entries) {
  QSettings settings;
  if (entries.isEmpty()) settings.remove(kRunningKey);
  else settings.setValue(kRunningKey, entries);
  settings.sync();  // on disk now: a kill may come next
}

QString runningEntry(const std::string& temporary, const std::string& target) {
  return QString::fromStdString(temporary) + QLatin1Char('\n') + QString::fromStdString(target);
}
}  // namespace

RecordController::RecordController(MainWindow& window, FrameTap& tap, QObject* parent)
    : QObject(parent), window_(window), tap_(tap) {
  action_ = new QAction(tr("&Record..."), &window);
  action_->setObjectName(QStringLiteral("recordAction"));
  action_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
  // Right after File > Snapshot: both write what the view shows.
  QMenu* file = window.fileMenu();
  const QList<QAction*> actions = file->actions();
  const qsizetype snapshot = actions.indexOf(window.snapshotAction());
  file->insertAction(snapshot >= 0 && snapshot + 1 < actions.size() ? actions[snapshot + 1] : nullptr, action_);
  connect(action_, &QAction::triggered, this, &RecordController::toggle);

  status_ = new QLabel;
  status_->setObjectName(QStringLiteral("recordStatus"));
  status_->setStyleSheet(QStringLiteral("color: #d22; font-weight: bold"));
  status_->hide();
  window.statusBar()->addPermanentWidget(status_);
  refresh_.setInterval(500);
  connect(&refresh_, &QTimer::timeout, this, &RecordController::refresh);
  recoverInterrupted();
}

void RecordController::recoverInterrupted() {
  QStringList keep;
  for (const QString& entry : runningRecordings()) {
    const QStringList parts = entry.split(QLatin1Char('\n'));
    if (parts.size() != 2) continue;
    const RecoveryResult result = recoverRecording({parts[0].toStdString(), parts[1].toStdString()});
    switch (result.outcome) {
      case RecoveryResult::Outcome::StillRecording:
        keep << entry;
        break;  // another window's
      case RecoveryResult::Outcome::Gone:
      case RecoveryResult::Outcome::Empty:
        break;
      case RecoveryResult::Outcome::Recovered: {
        const QString path = QString::fromStdString(result.path);
        recovered_ << path;
        window_.notices()->post(
            {kRecoveredNoticeId, tr("Recovered an interrupted recording: %1").arg(QFileInfo(path).fileName()),
             tr("kernelcam ended while it was recording to %1 (killed, or the session ended). What was recorded up "
                "to then is saved as %2.")
                 .arg(parts[1], path),
             path, QString()});
        break;
      }
      case RecoveryResult::Outcome::Failed: {
        const QString message = QString::fromStdString(result.message);
        window_.notices()->post(
            {kRecoveredNoticeId, tr("An interrupted recording could not be recovered"), message, message, QString()});
        break;
      }
    }
  }
  setRunningRecordings(keep);
}

RecordController::~RecordController() {
  if (recording()) stop();
}

QSize RecordController::viewPixels() const {
  const GlView* view = window_.view();
  const qreal ratio = view->devicePixelRatioF();
  // Even sides: the codecs store colour at half resolution (video_file.hpp).
  auto side = [](double pixels) { return std::clamp(static_cast<int>(pixels) & ~1, 2, kMaxFrameSide); };
  return {side(view->width() * ratio), side(view->height() * ratio)};
}

void RecordController::toggle() {
  if (recording()) {
    stop();
    return;
  }
  RecordDialog dialog(viewPixels(), &window_);
  if (dialog.exec() != QDialog::Accepted) return;
  dialog.remember();
  start(dialog.path(), dialog.content());
}

bool RecordController::start(const QString& path, RecordContent content) {
  if (recording()) stop();
  lastError_.clear();
  try {
    if (targetCheck_) targetCheck_(path.toStdString());
    // Fragmented and flushed as it goes: a kill leaves a playable temporary, noted for the next start.
    auto writer = std::make_unique<VideoFileWriter>("Record", path.toStdString(), kVideoFramesPerSecond,
                                                    VideoWriteMode::Recording);
    runningEntry_ = runningEntry(writer->temporaryPath(), writer->finalPath());
    setRunningRecordings(runningRecordings() << runningEntry_);
    sink_ = std::make_unique<BackgroundSink>(std::move(writer), kQueueFrames, kVideoFramesPerSecond);
  } catch (const std::exception& error) {
    lastError_ = QString::fromStdString(error.what());
    window_.showMessage(lastError_, 10000);
    return false;
  }
  if (content == RecordContent::View) {
    const QSize size = viewPixels();
    tap_.addComposite(sink_.get(), {size.width(), size.height()});
  } else {
    tap_.addFiltered(sink_.get());
  }
  path_ = path;
  window_.notices()->clear(kNoticeId);
  clock_.start();
  refresh_.start();
  action_->setText(tr("Stop &recording"));
  status_->show();
  refresh();
  emit recordingChanged(true);
  return true;
}

bool RecordController::stop() {
  if (!recording()) return true;
  tap_.remove(sink_.get());
  refresh_.stop();
  status_->hide();
  action_->setText(tr("&Record..."));
  bool saved = true;
  try {
    sink_->finish();  // writes what is queued (a few frames), then renames the file into place
    const SinkProgress progress = sink_->progress();
    window_.showMessage(tr("Recorded %1: %2 frames, %3")
                            .arg(QFileInfo(path_).fileName())
                            .arg(progress.written)
                            .arg(QString::fromStdString(progress.frameSize)),
                        10000);
  } catch (const std::exception& error) {
    saved = false;
    lastError_ = QString::fromStdString(error.what());
    window_.notices()->post({kNoticeId, tr("Recording failed: nothing was saved"),
                             tr("The recording to %1 stopped: %2").arg(path_, lastError_), lastError_, QString()});
  }
  sink_.reset();  // a failed recording's temporary goes with it
  QStringList running = runningRecordings();
  running.removeAll(runningEntry_);
  setRunningRecordings(running);
  runningEntry_.clear();
  emit recordingChanged(false);
  return saved;
}

QString RecordController::statusText() const {
  if (!sink_) return {};
  const SinkProgress progress = sink_->progress();
  const qint64 seconds = clock_.elapsed() / 1000;
  return tr("\u25cf REC %1:%2  %3  %4 fps  %5 dropped")
      .arg(seconds / 60)
      .arg(seconds % 60, 2, 10, QLatin1Char('0'))
      .arg(progress.frameSize.empty() ? tr("(waiting for a frame)") : QString::fromStdString(progress.frameSize))
      .arg(progress.framesPerSecond(), 0, 'f', 1)
      .arg(progress.dropped);
}

void RecordController::refresh() {
  if (!sink_) return;
  if (!sink_->progress().error.empty()) {
    stop();  // reports the failure
    return;
  }
  status_->setText(statusText());
  status_->setToolTip(path_);
}

}  // namespace kc
