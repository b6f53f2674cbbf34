// The lab panel's file: New, Open, Open built-in, load, Save, Save as, and the file changed on disk.
#include "ui/lab/kernel_lab_panel.hpp"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QLabel>
#include <QLineEdit>
#include <QTimer>

#include "gpu/lab/kernel_source.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "ui/lab/builtin_kernels.hpp"
#include "ui/lab/code_editor.hpp"

namespace kc {

namespace {

constexpr int kReloadDelayMs = 100;  // an editor's save is a few writes (or a write and a rename)

}  // namespace

bool KernelLabPanel::openFile(const QString& path) {
  try {
    const lab::KernelSource source = lab::readKernelSource(path.toStdString());
    return load(path, QString::fromStdString(source.text));
  } catch (const std::exception& error) {
    setStatus(QString::fromStdString(error.what()), true);
    return false;
  }
}

bool KernelLabPanel::newFile(const QString& path) {
  if (QFileInfo::exists(path)) {
    setStatus(tr("%1 exists; not replaced (New writes a new file; Open opens it)").arg(path), true);
    return false;
  }
  if (!load(path, QString::fromStdString(lab::kernelTemplate()))) return false;
  return save();
}

bool KernelLabPanel::openBuiltIn(const QString& fileName) {
  const QString text = builtInKernelText(fileName);
  if (text.isEmpty()) {
    setStatus(tr("no built-in kernel %1").arg(fileName), true);
    return false;
  }
  const QString copy = QDir(labDirectory_).filePath(fileName);
  if (QFileInfo::exists(copy)) {  // the user's edits of it are kept: never overwritten
    if (!openFile(copy)) return false;
    setStatus(tr("opened your copy %1 (delete it to start again from kernelcam's)").arg(copy), false);
    return true;
  }
  if (!QDir().mkpath(labDirectory_)) {
    setStatus(tr("cannot create the lab folder %1").arg(labDirectory_), true);
    return false;
  }
  if (!load(copy, text)) return false;
  return save();
}

bool KernelLabPanel::load(const QString& path, const QString& text) {
  if (!path_.isEmpty() && path_ != path) emit fileClosing(path_);
  setPath(path);
  loading_ = true;
  if (editor_->toPlainText() != text) editor_->replaceText(text);
  editor_->document()->setModified(false);
  loading_ = false;
  reloadBar_->hide();
  showRunProblem({});
  editToFrame_->hide();
  lastGood_.reset();
  if (const BuiltInKernel* builtIn = findBuiltInKernel(QFileInfo(path).fileName()))
    setAbChains(builtIn->counterpart, QStringLiteral("kernel=") + path);
  else setAbChains(abA_->text(), QStringLiteral("kernel=") + path);
  emit fileOpened(path);
  scheduler_->compileNow(path.toStdString(), text.toStdString());
  return true;
}

void KernelLabPanel::setPath(const QString& path) {
  if (!watcher_->files().isEmpty()) watcher_->removePaths(watcher_->files());
  path_ = path;
  if (QFileInfo::exists(path)) watcher_->addPath(path);
  fileLabel_->setText(path);
  fileLabel_->setToolTip(path.contains(QLatin1Char(':')) || path.contains(QLatin1Char(','))
                             ? tr("A chain cannot name a path with ':' or ','; save the kernel elsewhere to run it")
                             : QString());
}

bool KernelLabPanel::modified() const { return editor_->document()->isModified(); }

// The editor's text to `path` through the window's SaveFile: whole or not at all (never a
// half-written kernel for the stage); false with the one-line reason in the status line.
bool KernelLabPanel::writeTo(const QString& path) {
  if (const auto failed = trySave(saveFile_, tr("kernel"), path, [this] { return editor_->toPlainText().toUtf8(); })) {
    setStatus(*failed, true);
    return false;
  }
  editor_->document()->setModified(false);
  return true;
}

bool KernelLabPanel::save() {
  if (path_.isEmpty() || !writeTo(path_)) return false;
  if (!watcher_->files().contains(path_)) watcher_->addPath(path_);  // a new file, or the rename dropped it
  return true;
}

// Written first: a refused or failed save leaves the editor on the file it was editing.
bool KernelLabPanel::saveAs(const QString& path) {
  if (!writeTo(path)) return false;
  if (path_ != path && !path_.isEmpty()) emit fileClosing(path_);
  setPath(path);  // watched now that it exists
  emit fileOpened(path);
  scheduler_->compileNow(path.toStdString(), editor_->toPlainText().toStdString());
  return true;
}

// Another editor saved the file. Editors that write a new file and rename it over the old one
// (vim, most IDEs) make the watcher drop the path: it is added again once the new file is there.
void KernelLabPanel::onFileChanged() { QTimer::singleShot(kReloadDelayMs, this, &KernelLabPanel::reloadFromDisk); }

void KernelLabPanel::reloadFromDisk() {
  if (path_.isEmpty()) return;
  if (!QFileInfo::exists(path_)) {
    setStatus(tr("%1 was removed on disk; Save writes it again").arg(path_), true);
    return;
  }
  if (!watcher_->files().contains(path_)) watcher_->addPath(path_);
  QFile file(path_);
  if (!file.open(QIODevice::ReadOnly)) return;
  const QString text = QString::fromUtf8(file.readAll());
  if (text == editor_->toPlainText()) return;  // our own save, or nothing new
  if (modified()) {                            // both changed: the user chooses
    reloadBar_->show();
    return;
  }
  loading_ = true;
  editor_->replaceText(text);
  editor_->document()->setModified(false);
  loading_ = false;
  scheduler_->compileNow(path_.toStdString(), text.toStdString());  // the save was the last edit
}

}  // namespace kc
