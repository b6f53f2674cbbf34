#include "ui/window/notice_area.hpp"

#include <QCheckBox>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QTimer>
#include <QToolButton>

#include "gpu/core/error.hpp"

namespace kc {

namespace {
QString settingsKey(const QString& dialogKey) { return QStringLiteral("notices/%1/hideDialog").arg(dialogKey); }
}  // namespace

QString userMessage(const std::exception& error) {
  if (const auto* located = dynamic_cast<const Error*>(&error)) return QString::fromStdString(located->message());
  return QString::fromStdString(error.what());
}

QString shortenedMessage(const QString& text, int maxChars) {
  if (text.size() <= maxChars) return text;
  const int tail = maxChars * 2 / 3;
  return text.left(maxChars - tail - 1) + QStringLiteral("\u2026") + text.right(tail);
}

NoticeArea::NoticeArea(QStatusBar* statusBar) : QObject(statusBar), statusBar_(statusBar) {}

const Notice* NoticeArea::find(const QString& id) const {
  const auto it = shown_.find(id);
  return it == shown_.end() ? nullptr : &it->second.notice;
}

QToolButton* NoticeArea::widget(const QString& id) const {
  const auto it = shown_.find(id);
  return it == shown_.end() ? nullptr : it->second.button;
}

void NoticeArea::post(const Notice& notice) {
  Shown& shown = shown_[notice.id];
  // The same trouble again (a render error every frame): already said.
  if (shown.button && shown.notice.summary == notice.summary && shown.notice.details == notice.details) return;
  shown.notice = notice;
  if (!shown.button) {
    shown.button = new QToolButton(statusBar_);
    shown.button->setObjectName(QStringLiteral("notice-") + notice.id);
    shown.button->setAutoRaise(true);
    shown.button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    shown.button->setIcon(statusBar_->style()->standardIcon(QStyle::SP_MessageBoxWarning));
    // Left of the source/device labels, which stay where they are.
    statusBar_->insertPermanentWidget(0, shown.button);
    connect(shown.button, &QToolButton::clicked, this, [this, id = notice.id] {
      if (const Notice* current = find(id)) showDialog(*current);
    });
  }
  shown.button->setText(notice.summary);
  shown.button->setToolTip(notice.explanation + tr("\n\nClick for details."));
  emit posted(notice);

  if (notice.dialogKey.isEmpty() || dialogShownThisRun_[notice.dialogKey] || dialogSuppressed(notice.dialogKey)) return;
  dialogShownThisRun_[notice.dialogKey] = true;
  queued_.push_back(notice);
  // Notices can come from inside paintGL (a GPU that fails there): the dialog opens afterwards.
  QTimer::singleShot(0, this, &NoticeArea::showNextQueuedDialog);
}

void NoticeArea::showNextQueuedDialog() {
  if (dialog_ || queued_.empty()) return;
  const Notice notice = queued_.front();
  queued_.pop_front();
  showDialog(notice);
}

void NoticeArea::clear(const QString& id) {
  const auto it = shown_.find(id);
  if (it == shown_.end()) return;
  statusBar_->removeWidget(it->second.button);
  it->second.button->deleteLater();
  shown_.erase(it);
}

QMessageBox* NoticeArea::openDialog() const { return dialog_; }

bool NoticeArea::dialogSuppressed(const QString& dialogKey) {
  return QSettings().value(settingsKey(dialogKey), false).toBool();
}

QMessageBox* NoticeArea::showDialog(const Notice& notice) {
  auto* box = new QMessageBox(QMessageBox::Warning, tr("kernelcam"), notice.summary, QMessageBox::Ok,
                              statusBar_->window());
  box->setObjectName(QStringLiteral("noticeDialog"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->setInformativeText(notice.explanation);
  if (!notice.details.isEmpty()) box->setDetailedText(notice.details);
  if (!notice.dialogKey.isEmpty()) {
    auto* dontShow = new QCheckBox(tr("Don't show this again"));
    dontShow->setChecked(dialogSuppressed(notice.dialogKey));
    box->setCheckBox(dontShow);
    connect(box, &QMessageBox::finished, this, [key = notice.dialogKey, dontShow] {
      QSettings().setValue(settingsKey(key), dontShow->isChecked());
    });
  }
  connect(box, &QMessageBox::finished, this, [this] { QTimer::singleShot(0, this, &NoticeArea::showNextQueuedDialog); });
  dialog_ = box;
  box->open();
  return box;
}

}  // namespace kc
