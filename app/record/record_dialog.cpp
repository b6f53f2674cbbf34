#include "app/record/record_dialog.hpp"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QVBoxLayout>

#include "ui/files/save_folder.hpp"

namespace kc {

namespace {
constexpr char kContentKey[] = "record/content";  // "filtered" | "view"
}  // namespace

RecordDialog::RecordDialog(QSize viewSize, QWidget* parent) : QDialog(parent) {
  setObjectName(QStringLiteral("recordDialog"));
  setWindowTitle(tr("Record"));
  QSettings settings;
  const QString name =
      QStringLiteral("kernelcam-%1.mp4").arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-hhmmss")));

  path_ = new QLineEdit(suggestedSavePath(name));
  auto* browse = new QPushButton(tr("Browse..."));
  connect(browse, &QPushButton::clicked, this, &RecordDialog::browse);
  auto* file = new QHBoxLayout;
  file->addWidget(path_, 1);
  file->addWidget(browse);

  filtered_ = new QRadioButton(tr("Filtered image (the chain's output at its own size)"));
  view_ = new QRadioButton(tr("View with overlays, as on screen (%1x%2)").arg(viewSize.width()).arg(viewSize.height()));
  (settings.value(kContentKey).toString() == QLatin1String("view") ? view_ : filtered_)->setChecked(true);
  auto* what = new QVBoxLayout;
  what->addWidget(filtered_);
  what->addWidget(view_);

  auto* form = new QFormLayout;
  form->addRow(tr("File (.mp4 or .avi):"), file);
  form->addRow(tr("Record:"), what);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Record"));
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(buttons);
  resize(560, sizeHint().height());
}

QString RecordDialog::path() const { return path_->text().trimmed(); }

RecordContent RecordDialog::content() const {
  return view_->isChecked() ? RecordContent::View : RecordContent::Filtered;
}

void RecordDialog::remember() const {
  rememberSaveFolder(path());
  QSettings settings;
  settings.setValue(kContentKey,
                    content() == RecordContent::View ? QStringLiteral("view") : QStringLiteral("filtered"));
}

void RecordDialog::browse() {
  const QString chosen = QFileDialog::getSaveFileName(this, tr("Record to"), path(), tr("Videos (*.mp4 *.avi)"));
  if (!chosen.isEmpty()) path_->setText(chosen);
}

}  // namespace kc
