#include "ui/window/notice_area.hpp"

#include <QCheckBox>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include "gpu/core/error.hpp"
#include "ui/window/notice_banner.hpp"

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

NoticeArea::NoticeArea(QStatusBar* statusBar, QWidget* bannerHost)
    : QObject(statusBar), statusBar_(statusBar), bannerHost_(bannerHost) {}

const Notice* NoticeArea::find(const QString& id) const {
  const auto it = shown_.find(id);
  return it == shown_.end() ? nullptr : &it->second.notice;
}

QToolButton* NoticeArea::widget(const QString& id) const {
  const auto it = shown_.find(id);
  return it == shown_.end() ? nullptr : it->second.button;
}

QWidget* NoticeArea::banner(const QString& id) const {
  const auto it = shown_.find(id);
  return it == shown_.end() ? nullptr : it->second.banner.data();
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

  if (shown.banner) {  // a newer word on the same trouble: the banner says it
    removeBanner(shown);
    showBanner(shown);
    return;
  }
  if (notice.dialogKey.isEmpty() || bannerShownThisRun_[notice.dialogKey] || dialogSuppressed(notice.dialogKey)) return;
  bannerShownThisRun_[notice.dialogKey] = true;
  showBanner(shown);
}

void NoticeArea::showBanner(Shown& shown) {
  if (!bannerHost_ || !bannerHost_->layout()) return;
  auto* banner = new NoticeBanner(shown.notice, bannerHost_);
  const QString id = shown.notice.id;
  connect(banner, &NoticeBanner::whyClicked, this, [this, id] {
    if (const Notice* current = find(id)) showDialog(*current);
  });
  connect(banner, &NoticeBanner::dontShowAgainClicked, this, [this, id] {
    const auto it = shown_.find(id);
    if (it == shown_.end()) return;
    QSettings().setValue(settingsKey(it->second.notice.dialogKey), true);
    removeBanner(it->second);
  });
  connect(banner, &NoticeBanner::closeClicked, this, [this, id] {
    const auto it = shown_.find(id);
    if (it != shown_.end()) removeBanner(it->second);
  });
  bannerHost_->layout()->addWidget(banner);
  shown.banner = banner;
}

void NoticeArea::removeBanner(Shown& shown) {
  if (!shown.banner) return;
  shown.banner->hide();
  shown.banner->deleteLater();
  shown.banner = nullptr;
}

void NoticeArea::clear(const QString& id) {
  const auto it = shown_.find(id);
  if (it == shown_.end()) return;
  statusBar_->removeWidget(it->second.button);
  it->second.button->deleteLater();
  removeBanner(it->second);
  shown_.erase(it);
}

QMessageBox* NoticeArea::openDialog() const { return dialog_; }

bool NoticeArea::dialogSuppressed(const QString& dialogKey) {
  return QSettings().value(settingsKey(dialogKey), false).toBool();
}

QMessageBox* NoticeArea::showDialog(const Notice& notice) {
  auto* box =
      new QMessageBox(QMessageBox::Warning, tr("kernelcam"), notice.summary, QMessageBox::Ok, statusBar_->window());
  box->setObjectName(QStringLiteral("noticeDialog"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->setInformativeText(notice.explanation);
  if (!notice.details.isEmpty()) box->setDetailedText(notice.details);
  if (!notice.dialogKey.isEmpty()) {
    auto* dontShow = new QCheckBox(tr("Don't show this again"));
    dontShow->setChecked(dialogSuppressed(notice.dialogKey));
    box->setCheckBox(dontShow);
    connect(box, &QMessageBox::finished, this,
            [key = notice.dialogKey, dontShow] { QSettings().setValue(settingsKey(key), dontShow->isChecked()); });
  }
  if (dialog_) dialog_->close();  // one explanation at a time
  dialog_ = box;
  box->setWindowModality(Qt::NonModal);
  box->show();
  return box;
}

}  // namespace kc
