#include "ui/lab/kernel_lab_panel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QPushButton>
#include <QtConcurrent>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include "gpu/core/error.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "ui/lab/builtin_kernels.hpp"
#include "ui/lab/code_editor.hpp"
#include "ui/lab/line_heat.hpp"
#include "ui/lab/gutter_marks.hpp"

namespace kc {

namespace {

const char* kProblemStyle = "color: #d32f2f";

QString bytes(int n) { return QStringLiteral("%1 B").arg(n); }

// Where a diagnostic points, kept on its list item for the jump.
constexpr int kLineRole = Qt::UserRole;
constexpr int kColumnRole = Qt::UserRole + 1;
constexpr int kInFileRole = Qt::UserRole + 2;

}  // namespace

KernelLabPanel::KernelLabPanel(lab::LabToolchain toolchain, QString labDirectory, QWidget* parent)
    : QWidget(parent), toolchain_(std::move(toolchain)), labDirectory_(std::move(labDirectory)) {
  // The worker gets its own copy of the toolchain: it may still run while this panel is destroyed.
  scheduler_ = new CompileScheduler(
      [toolchain = toolchain_](const CompileRequest& request) { return compileWith(toolchain, request); }, this);
  connect(scheduler_, &CompileScheduler::compiled, this, &KernelLabPanel::onCompiled);
  connect(scheduler_, &CompileScheduler::compileStarted, this, [this] { setStatus(tr("compiling\u2026"), false); });
  watcher_ = new QFileSystemWatcher(this);
  connect(watcher_, &QFileSystemWatcher::fileChanged, this, &KernelLabPanel::onFileChanged);
  buildUi();
  setStatus(tr("Open a kernel: New writes the template, Open built-in starts from one of kernelcam's stages."), false);
}

// A compile in flight may take its whole time limit; the scheduler's destructor waits for it.
KernelLabPanel::~KernelLabPanel() {
  if (toolchain_.cancel) toolchain_.cancel();
}

void KernelLabPanel::buildUi() {
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(buildFileButtons());

  fileLabel_ = new QLabel(this);
  fileLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(fileLabel_);
  layout->addWidget(buildReloadBar());

  editor_ = new CodeEditor(this);
  editor_->setMinimumHeight(220);
  layout->addWidget(editor_, 1);
  connect(editor_, &QPlainTextEdit::textChanged, this, &KernelLabPanel::onTextChanged);

  status_ = new QLabel(this);
  status_->setWordWrap(true);
  layout->addWidget(status_);
  // Always there, at a fixed height: a list that appeared with the first error would shrink the
  // editor under the cursor.
  diagnostics_ = new QListWidget(this);
  diagnostics_->setFixedHeight(5 * diagnostics_->fontMetrics().height());
  diagnostics_->setToolTip(tr("Click a message to go to its line"));
  layout->addWidget(diagnostics_);
  connect(diagnostics_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
    if (item->data(kInFileRole).toBool())
      editor_->jumpTo(item->data(kLineRole).toInt(), item->data(kColumnRole).toInt());
  });
  resources_ = new QLabel(this);
  resources_->setWordWrap(true);
  layout->addWidget(resources_);
  layout->addLayout(buildProfileRow());
  editToFrame_ = new QLabel(this);
  editToFrame_->hide();
  layout->addWidget(editToFrame_);
  runProblem_ = new QLabel(this);
  runProblem_->setWordWrap(true);
  runProblem_->setStyleSheet(QString::fromLatin1(kProblemStyle));
  runProblem_->hide();
  layout->addWidget(runProblem_);
  layout->addWidget(buildAbBox());
}

// New, Open, Open built-in (kernelcam's stages in the lab's contract), Save and Save as.
QLayout* KernelLabPanel::buildFileButtons() {
  auto* files = new QHBoxLayout;
  auto* newButton = new QPushButton(tr("New\u2026"), this);
  auto* openButton = new QPushButton(tr("Open\u2026"), this);
  auto* builtIn = new QToolButton(this);
  builtIn->setText(tr("Open built-in"));
  builtIn->setPopupMode(QToolButton::InstantPopup);
  auto* builtInMenu = new QMenu(builtIn);
  for (const BuiltInKernel& kernel : builtInKernels()) {
    QAction* action = builtInMenu->addAction(kernel.title);
    action->setData(kernel.fileName);
    connect(action, &QAction::triggered, this, [this, name = kernel.fileName] { openBuiltIn(name); });
  }
  builtIn->setMenu(builtInMenu);
  auto* saveButton = new QPushButton(tr("Save"), this);
  auto* saveAsButton = new QPushButton(tr("Save as\u2026"), this);
  for (QWidget* w :
       {static_cast<QWidget*>(newButton), static_cast<QWidget*>(openButton), static_cast<QWidget*>(builtIn),
        static_cast<QWidget*>(saveButton), static_cast<QWidget*>(saveAsButton)})
    files->addWidget(w);
  files->addStretch(1);
  connect(newButton, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("New kernel"), labDirectory_, tr("CUDA (*.cu)"));
    if (!path.isEmpty()) newFile(path);
  });
  connect(openButton, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open kernel"), labDirectory_, tr("CUDA (*.cu *.cuh)"));
    if (!path.isEmpty()) openFile(path);
  });
  connect(saveButton, &QPushButton::clicked, this, [this] { save(); });
  connect(saveAsButton, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(this, tr("Save kernel as"), path_, tr("CUDA (*.cu)"));
    if (!path.isEmpty()) saveAs(path);
  });
  return files;
}

// Shown when the file changed on disk while the editor has changes of its own: the user chooses.
QWidget* KernelLabPanel::buildReloadBar() {
  reloadBar_ = new QWidget(this);
  auto* reloadLayout = new QHBoxLayout(reloadBar_);
  reloadLayout->setContentsMargins(0, 0, 0, 0);
  reloadLayout->addWidget(
      new QLabel(tr("The file changed on disk, and this editor has changes of its own."), reloadBar_));
  auto* reload = new QPushButton(tr("Reload from disk"), reloadBar_);
  reloadLayout->addWidget(reload);
  connect(reload, &QPushButton::clicked, this, [this] {
    reloadBar_->hide();
    QFile file(path_);
    if (file.open(QIODevice::ReadOnly)) load(path_, QString::fromUtf8(file.readAll()));
  });
  reloadBar_->hide();
  return reloadBar_;
}

// The per-line profile: the live view's newest frame through this kernel once, counted per line.
QLayout* KernelLabPanel::buildProfileRow() {
  auto* profileRow = new QHBoxLayout;
  profileButton_ = new QPushButton(tr("Profile lines"), this);
  profileButton_->setToolTip(toolchain_.profile
                                 ? tr("Run the kernel once on the view's newest frame and colour each line by what it "
                                      "costs: its share of the instructions, uncoalesced reads, bank conflicts "
                                      "(hover the gutter's left edge for the figures)")
                                 : tr("Needs a CUDA device: %1").arg(QString::fromStdString(toolchain_.cannotRun)));
  profileButton_->setEnabled(static_cast<bool>(toolchain_.profile));
  profileText_ = new QLabel(this);
  profileText_->setWordWrap(true);
  profileRow->addWidget(profileButton_);
  profileRow->addWidget(profileText_, 1);
  connect(profileButton_, &QPushButton::clicked, this, &KernelLabPanel::profileLines);
  return profileRow;
}

QWidget* KernelLabPanel::buildAbBox() {
  ab_ = new QGroupBox(tr("A/B on the live stream"), this);
  ab_->setToolTip(tr("Run two chains on the same frame: their times, the speed-up, max |A-B| and PSNR"));
  auto* form = new QFormLayout(ab_);
  abOn_ = new QCheckBox(tr("Show A and B instead of the chain"), ab_);
  abA_ = new QLineEdit(ab_);
  abA_->setPlaceholderText(tr("the input itself"));
  abB_ = new QLineEdit(ab_);
  abA_->setToolTip(tr("A chain as --filters takes it: gray=lab, conv=gauss:5, kernel=PATH, ..."));
  abB_->setToolTip(abA_->toolTip());
  abView_ = new QComboBox(ab_);
  abView_->addItems({tr("Wipe (drag the divider)"), tr("Side by side"), tr("Difference heat map")});
  abResult_ = new QLabel(ab_);
  abResult_->setWordWrap(true);
  abResult_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  form->addRow(abOn_);
  form->addRow(tr("A"), abA_);
  form->addRow(tr("B"), abB_);
  form->addRow(tr("View"), abView_);
  form->addRow(abResult_);
  connect(abOn_, &QCheckBox::toggled, this, [this] { emit abChanged(); });
  connect(abA_, &QLineEdit::editingFinished, this, [this] { emit abChanged(); });
  connect(abB_, &QLineEdit::editingFinished, this, [this] { emit abChanged(); });
  connect(abView_, &QComboBox::currentIndexChanged, this, [this] { emit abChanged(); });
  return ab_;
}

// ---- compiling -----------------------------------------------------------------------------

void KernelLabPanel::profileLines() {
  if (!toolchain_.profile || path_.isEmpty() || profileWatcher_) return;
  const std::string path = path_.toStdString();
  const QString text = editor_->toPlainText();
  std::function<lab::LineProfile()> job = toolchain_.profile(lab::KernelSource{path, text.toStdString()});
  profileButton_->setEnabled(false);
  profileText_->setText(tr("profiling one frame\u2026"));
  profileWatcher_ = new QFutureWatcher<lab::LineProfile>(this);
  connect(profileWatcher_, &QFutureWatcher<lab::LineProfile>::finished, this, [this, path, text] {
    const lab::LineProfile profile = profileWatcher_->result();
    profileWatcher_->deleteLater();
    profileWatcher_ = nullptr;
    profileButton_->setEnabled(true);
    showProfile(profile, path, text);
  });
  profileWatcher_->setFuture(QtConcurrent::run(std::move(job)));
}

void KernelLabPanel::showProfile(const lab::LineProfile& profile, const std::string& path, const QString& text) {
  if (path != path_.toStdString() || text != editor_->toPlainText()) {
    profileText_->setText(tr("the text changed while it was profiled: profile again"));
    return;
  }
  if (profile.lines.empty()) {
    editor_->setHeat({});
    profileText_->setText(tr("no per-line figures: %1").arg(QString::fromStdString(profile.unavailable)));
    return;
  }
  std::vector<LineHeat> heat = lineHeat(profile.lines, path, text);
  // A memory access far from the ideal is what the lesson is about: name those lines first.
  QStringList memoryLines;
  const LineHeat* busiest = nullptr;
  for (const LineHeat& h : heat) {
    if (h.memory) memoryLines << QString::number(h.line);
    if (!busiest || h.level > busiest->level) busiest = &h;
  }
  if (!memoryLines.isEmpty())
    profileText_->setText(tr("profiled one frame: memory access far from the ideal on line %1 (hover the gutter's "
                             "coloured edge)")
                              .arg(memoryLines.join(QStringLiteral(", "))));
  else if (busiest)
    profileText_->setText(
        tr("profiled one frame: the busiest line is %1 (hover the gutter's coloured edge)").arg(busiest->line));
  else profileText_->setText(tr("profiled: no line of this file ran"));
  editor_->setHeat(std::move(heat));
}

void KernelLabPanel::onTextChanged() {
  if (!editor_->heat().empty()) {
    editor_->setHeat({});  // the lines moved or changed: the figures no longer belong to them
    profileText_->setText(tr("edited since the profile: profile again"));
  }
  if (loading_ || path_.isEmpty()) return;
  scheduler_->edited(path_.toStdString(), editor_->toPlainText().toStdString());
}

// On the worker thread.
CompileResult compileWith(const lab::LabToolchain& toolchain, const CompileRequest& request) {
  CompileResult result;
  result.request = request;
  try {
    lab::requireKernelText(request.path, request.text);
  } catch (const InvalidArgument& error) {
    result.kernel.path = request.path;
    result.kernel.diagnostics.push_back({request.path, 0, 0, lab::Severity::Error, error.what()});
    return result;
  }
  const lab::KernelSource source{request.path, request.text};
  if (!toolchain.compile) {  // no NVRTC: the annotations and the entry can still be checked
    result.kernel.path = request.path;
    result.kernel.analysis = lab::analyzeKernel(source);
    result.kernel.diagnostics = result.kernel.analysis.diagnostics;
    result.failure = toolchain.unavailable;
    return result;
  }
  result.kernel = toolchain.compile(source);
  if (result.kernel.ok() && toolchain.occupancy) result.occupancy = toolchain.occupancy(result.kernel);
  return result;
}

void KernelLabPanel::onCompiled(const CompileResult& result) {
  if (QString::fromStdString(result.request.path) != path_) return;  // another file's, opened since
  const QString text = QString::fromStdString(result.request.text);
  if (!result.kernel.ok()) {
    showDiagnostics(result.kernel.diagnostics, text);
    const int errors =
        static_cast<int>(std::count_if(result.kernel.diagnostics.begin(), result.kernel.diagnostics.end(),
                                       [](const lab::Diagnostic& d) { return d.severity == lab::Severity::Error; }));
    const QString why = !result.failure.empty() && errors == 0 ? QString::fromStdString(result.failure)
                        : errors == 1                          ? tr("1 error")
                                                               : tr("%1 errors").arg(errors);
    setStatus(lastGood_ ? tr("%1: the last good kernel keeps running").arg(why) : why, true);
    if (lastGood_ && lastGood_->compiled) showResources(*lastGood_->compiled, std::nullopt, false);
    return;
  }
  auto program = lab::makeKernelProgram({result.request.path, result.request.text});
  program->compiled = std::make_shared<lab::CompiledKernel>(result.kernel);
  program->editedAt = result.request.editedAt;
  program->compileStartedAt = result.startedAt;
  program->compiledAt = result.finishedAt;
  lastGood_ = program;
  // The program first (the next frame runs it), then what the editor shows of it.
  emit programReady(program);
  showDiagnostics(result.kernel.diagnostics, text);
  showResources(result.kernel, result.occupancy, true);
  QString status = result.kernel.cached ? tr("compiled before: the same text, ready at once")
                                        : tr("compiled in %1 ms").arg(result.kernel.compileMs, 0, 'f', 0);
  if (!toolchain_.cannotRun.empty()) status += tr(" \u2014 %1").arg(QString::fromStdString(toolchain_.cannotRun));
  setStatus(status, false);
}

void KernelLabPanel::showDiagnostics(const std::vector<lab::Diagnostic>& diagnostics, const QString& text) {
  editor_->setMarks(gutterMarks(diagnostics, path_.toStdString(), text));
  diagnostics_->clear();
  const std::string path = path_.toStdString();
  for (const lab::Diagnostic& d : diagnostics) {
    // The list names files by their name (the folder is the one above the editor); the tooltip in full.
    const QString full = QString::fromStdString(lab::formatDiagnostic(d));
    lab::Diagnostic shown = d;
    shown.path = QFileInfo(QString::fromStdString(d.path)).fileName().toStdString();
    auto* item = new QListWidgetItem(QString::fromStdString(lab::formatDiagnostic(shown)), diagnostics_);
    item->setToolTip(full);
    const bool inFile = d.path.empty() || d.path == path || lab::kernelPathKey(d.path) == lab::kernelPathKey(path);
    item->setData(kLineRole, std::max(d.line, 1));
    item->setData(kColumnRole, std::max(d.column, 1));
    item->setData(kInFileRole, inFile);
    item->setForeground(d.severity == lab::Severity::Error ? QColor(0xd3, 0x2f, 0x2f) : QColor(0xb0, 0x70, 0x00));
  }
}

void KernelLabPanel::showResources(const lab::CompiledKernel& kernel, const std::optional<lab::Occupancy>& occupancy,
                                   bool current) {
  const lab::ResourceUsage& r = kernel.resources;
  const lab::BlockShape block = kernel.analysis.annotations.block;
  QString text = current ? QString() : tr("last good: ");
  if (r.known)
    text += tr("%1 registers/thread \u00b7 shared %2/block \u00b7 local %3/thread \u00b7 spills %4 stored, %5 loaded")
                .arg(r.registers)
                .arg(bytes(r.sharedBytes), bytes(r.localBytes), bytes(r.spillStoreBytes), bytes(r.spillLoadBytes));
  else text += tr("ptxas gave no resource report");
  text += tr(" \u00b7 block %1x%2 \u00b7 sm_%3, %4 ms")
              .arg(block.x)
              .arg(block.y)
              .arg(kernel.arch)
              .arg(kernel.compileMs, 0, 'f', 0);
  if (occupancy) text += tr(" \u00b7 occupancy %1").arg(QString::fromStdString(lab::describeOccupancy(*occupancy)));
  else if (current) text += tr(" \u00b7 occupancy: needs this machine's CUDA device");
  resources_->setText(text);
}

void KernelLabPanel::setStatus(const QString& text, bool problem) {
  status_->setText(text);
  status_->setStyleSheet(problem ? QString::fromLatin1(kProblemStyle) : QString());
}

QString KernelLabPanel::statusText() const { return status_->text(); }
QString KernelLabPanel::resourcesText() const { return resources_->text(); }
QString KernelLabPanel::profileText() const { return profileText_->text(); }
QString KernelLabPanel::editToFrameText() const { return editToFrame_->text(); }
QString KernelLabPanel::runProblemText() const { return runProblem_->isHidden() ? QString() : runProblem_->text(); }

void KernelLabPanel::showRunProblem(const QString& message) {
  runProblem_->setText(message);
  runProblem_->setVisible(!message.isEmpty());
}

void KernelLabPanel::showEditToFrame(double ms, double compileMs) {
  editToFrame_->setText(tr("last edit \u2192 first frame with the new kernel: %1 ms (compile %2 ms)")
                            .arg(ms, 0, 'f', 0)
                            .arg(compileMs, 0, 'f', 0));
  editToFrame_->show();
}

// ---- A/B -----------------------------------------------------------------------------------

bool KernelLabPanel::abEnabled() const { return abOn_->isChecked(); }
void KernelLabPanel::setAbEnabled(bool enabled) { abOn_->setChecked(enabled); }
QString KernelLabPanel::abChainA() const { return abA_->text().trimmed(); }
QString KernelLabPanel::abChainB() const { return abB_->text().trimmed(); }

void KernelLabPanel::setAbChains(const QString& a, const QString& b) {
  abA_->setText(a);
  abB_->setText(b);
  if (abEnabled()) emit abChanged();
}

AbView KernelLabPanel::abView() const { return static_cast<AbView>(abView_->currentIndex()); }
void KernelLabPanel::setAbView(AbView view) { abView_->setCurrentIndex(static_cast<int>(view)); }
void KernelLabPanel::showAbResult(const QString& text) { abResult_->setText(text); }

void KernelLabPanel::stopAb(const QString& why) {
  showAbResult(why);
  setAbEnabled(false);
}

}  // namespace kc
