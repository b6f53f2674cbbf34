#include "ui/demos/file_choice_box.hpp"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>

namespace kc {

namespace {
// The entries' data: "" for no file, a path for a file, this for the dialog entry.
const QString kOpenFileEntry = QStringLiteral("<open-file>");
}  // namespace

FileChoiceBox::FileChoiceBox(const demos::DemoFileChoice& choice, const QString& dialogFilter, const QString& folder,
                             QWidget* parent)
    : QComboBox(parent), choice_(choice), dialogFilter_(dialogFilter) {
  addItem(QString::fromStdString(choice.noneText), QString());
  if (!folder.isEmpty()) {
    const QDir dir(folder);
    // "*.mtx *.mtx.gz": each pattern of the list, as a file dialog's filter reads it.
    const QStringList patterns = QDir::nameFiltersFromString(QString::fromStdString(choice.pattern));
    for (const QFileInfo& file : dir.entryInfoList(patterns, QDir::Files, QDir::Name))
      addItem(file.fileName(), file.absoluteFilePath());
  }
  addItem(tr("Open file..."), kOpenFileEntry);
  connect(this, &QComboBox::activated, this, &FileChoiceBox::chosen);
}

QString FileChoiceBox::path() const {
  const QString data = currentData().toString();
  return data == kOpenFileEntry ? QString() : data;
}

QStringList FileChoiceBox::texts() const {
  QStringList shown;
  for (int i = 0; i < count(); ++i) shown << itemText(i);
  return shown;
}

int FileChoiceBox::addFile(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  const int existing = findData(absolute);
  if (existing >= 0) return existing;
  const int at = count() - 1;  // "Open file..." stays last
  insertItem(at, QFileInfo(path).fileName(), absolute);
  setItemData(at, absolute, Qt::ToolTipRole);
  return at;
}

void FileChoiceBox::setPath(const QString& path) {
  lastIndex_ = path.isEmpty() ? 0 : addFile(path);
  setCurrentIndex(lastIndex_);
}

void FileChoiceBox::chosen(int index) {
  if (itemData(index).toString() != kOpenFileEntry) {
    lastIndex_ = index;
    return;
  }
  const QString path =
      QFileDialog::getOpenFileName(this, QString::fromStdString(choice_.dialogTitle), QString(), dialogFilter_);
  lastIndex_ = path.isEmpty() ? lastIndex_ : addFile(path);
  setCurrentIndex(lastIndex_);
}

}  // namespace kc
