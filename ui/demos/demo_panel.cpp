#include "ui/demos/demo_panel.hpp"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QToolButton>
#include <QVBoxLayout>
#include <exception>
#include <utility>

#include "ui/demos/chart_fit.hpp"
#include "ui/demos/demo_charts.hpp"
#include "ui/demos/demo_export.hpp"
#include "ui/demos/demo_form.hpp"
#include "ui/demos/demo_results_table.hpp"
#include "ui/files/save_folder.hpp"
#include "ui/demos/kernel_source_view.hpp"

namespace kc {

namespace {

constexpr int kCudaIndex = 0, kCpuIndex = 1;

QString text(const std::string& s) { return QString::fromStdString(s); }

}  // namespace

DemoPanel::DemoPanel(DemoRunners runners, const QString& dataDirectory, QWidget* parent)
    : QWidget(parent), runners_(std::move(runners)) {
  forms_ = new QStackedWidget;
  for (const demos::DemoDefinition* demo : demos::demoRegistry().all())
    forms_->addWidget(new DemoForm(*demo, dataDirectory));

  source_ = new KernelSourceView;
  source_->setMinimumSize(160, 80);

  columns_ = new QSplitter(Qt::Horizontal);
  columns_->addWidget(makeControls());
  columns_->addWidget(makeResultsPart());
  columns_->addWidget(source_);
  columns_->setStretchFactor(0, 0);
  columns_->setStretchFactor(1, 3);
  columns_->setStretchFactor(2, 2);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(columns_);

  connect(&run_, &BackgroundDemoRun::finished, this, &DemoPanel::showOutcome);
  connect(results_, &DemoResultsTable::rowSelected, this,
          [this](const QString& anchor, const QString& why) { source_->showRow(shownDemo_, anchor, why); });
  ticker_.setInterval(250);
  connect(&ticker_, &QTimer::timeout, this, &DemoPanel::tick);
  backendChanged();
}

QWidget* DemoPanel::makeResultsPart() {
  reportTitle_ = new QLabel;
  reportTitle_->setObjectName(QStringLiteral("demoReportTitle"));
  reportTitle_->setWordWrap(true);
  reportTitle_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  results_ = new DemoResultsTable;  // never shorter than its header and a row
  chartView_ = new QChartView(emptyDemoChart(tr("Run a demo to compare its versions")));
  chartView_->setObjectName(QStringLiteral("demoChart"));
  chartView_->setRenderHint(QPainter::Antialiasing);
  // Low enough that a bottom dock stays a strip; the splitter gives the chart room when asked.
  chartView_->setMinimumHeight(150);
  applyChartFont(chartView_->chart(), font());
  chartFit_ = new ChartFit(chartView_);  // the chart gives up its titles and ticks before QChart elides text

  // The exports: buttons beside the title, and the same actions in the table's and the chart's
  // context menus.
  saveCsv_ = new QAction(tr("Save table as CSV\u2026"), this);
  saveCsv_->setObjectName(QStringLiteral("demoSaveCsv"));
  connect(saveCsv_, &QAction::triggered, this, [this] {
    saveWithDialog(tr("Save the results table"), QStringLiteral("csv"), tr("CSV files (*.csv)"),
                   [this](const QString& path, QString* error) { return saveTableCsv(path, error); });
  });
  savePng_ = new QAction(tr("Save chart as PNG\u2026"), this);
  savePng_->setObjectName(QStringLiteral("demoSavePng"));
  connect(savePng_, &QAction::triggered, this, [this] {
    saveWithDialog(tr("Save the chart"), QStringLiteral("png"), tr("PNG images (*.png)"),
                   [this](const QString& path, QString* error) { return saveChartPng(path, error); });
  });
  results_->setContextMenuPolicy(Qt::ActionsContextMenu);
  results_->addAction(saveCsv_);
  chartView_->setContextMenuPolicy(Qt::ActionsContextMenu);
  chartView_->addAction(savePng_);
  auto* header = new QHBoxLayout;
  header->addWidget(reportTitle_, 1);
  for (QAction* action : {saveCsv_, savePng_}) {
    auto* button = new QToolButton;
    button->setDefaultAction(action);
    button->setText(action == saveCsv_ ? tr("CSV\u2026") : tr("PNG\u2026"));
    button->setToolTip(action->text().remove(QStringLiteral("\u2026")));
    header->addWidget(button, 0, Qt::AlignTop);
  }

  auto* tablePart = new QWidget;
  auto* tableLayout = new QVBoxLayout(tablePart);
  tableLayout->setContentsMargins(0, 0, 0, 0);
  tableLayout->addLayout(header);
  tableLayout->addWidget(results_, 1);
  auto* middle = new QSplitter(Qt::Vertical);
  middle->addWidget(tablePart);
  middle->addWidget(chartView_);
  // A short dock: the chart needs the height more than the table's few rows.
  middle->setStretchFactor(0, 2);
  middle->setStretchFactor(1, 3);
  middle->setSizes({200, 300});
  return middle;
}

QWidget* DemoPanel::makeControls() {
  demoChoice_ = new QComboBox;
  demoChoice_->setObjectName(QStringLiteral("demoChoice"));
  for (int i = 0; i < forms_->count(); ++i) {
    const demos::DemoDefinition& demo = static_cast<DemoForm*>(forms_->widget(i))->demo();
    demoChoice_->addItem(text(demo.displayName), text(demo.id));
  }
  backendChoice_ = new QComboBox;
  backendChoice_->setObjectName(QStringLiteral("demoBackend"));
  backendChoice_->addItem(QStringLiteral("cuda"));
  backendChoice_->addItem(QStringLiteral("cpu"));
  if (!runners_.cudaAvailable) {
    // Greyed, not hidden: the class sees that a GPU backend exists and why it is off here.
    auto* model = qobject_cast<QStandardItemModel*>(backendChoice_->model());
    model->item(kCudaIndex)->setEnabled(false);
    model->item(kCudaIndex)->setToolTip(runners_.cudaUnavailableReason);
    backendChoice_->setToolTip(tr("cuda: %1").arg(runners_.cudaUnavailableReason));
  }
  backendChoice_->setCurrentIndex(runners_.cudaAvailable ? kCudaIndex : kCpuIndex);

  runButton_ = new QPushButton(tr("Run"));
  runButton_->setObjectName(QStringLiteral("demoRun"));
  runButton_->setDefault(true);
  cancelButton_ = new QPushButton(tr("Cancel"));
  cancelButton_->setObjectName(QStringLiteral("demoCancel"));
  cancelButton_->setToolTip(tr("Stop the run at its next check (between iterations, versions or GPU launches)"));
  cancelButton_->setEnabled(false);
  progress_ = new QProgressBar;
  progress_->setObjectName(QStringLiteral("demoProgress"));
  progress_->setRange(0, 0);  // busy until the run reports its first version
  progress_->hide();
  message_ = new QLabel;
  message_->setObjectName(QStringLiteral("demoMessage"));
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* controls = new QWidget;
  auto* column = new QVBoxLayout(controls);
  column->setContentsMargins(0, 0, 0, 0);
  auto* top = new QFormLayout;
  top->addRow(tr("Demo"), demoChoice_);
  top->addRow(tr("Backend"), backendChoice_);
  column->addLayout(top);
  column->addWidget(forms_);
  column->addStretch(1);

  connect(demoChoice_, &QComboBox::currentIndexChanged, forms_, &QStackedWidget::setCurrentIndex);
  connect(backendChoice_, &QComboBox::currentIndexChanged, this, &DemoPanel::backendChanged);
  connect(runButton_, &QPushButton::clicked, this, &DemoPanel::run);
  connect(cancelButton_, &QPushButton::clicked, this, &DemoPanel::cancel);

  // The parameters scroll (a short dock must not push the live view away); the progress, the
  // message, Run and Cancel stay in sight below them.
  controlsScroll_ = new QScrollArea;
  controlsScroll_->setWidget(controls);
  controlsScroll_->setWidgetResizable(true);
  controlsScroll_->setFrameShape(QFrame::NoFrame);
  controlsScroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  controlsScroll_->setMinimumHeight(60);
  fitControlsWidth();
  // Run and Cancel last: the progress bar and the message grow and shrink above them (a run starts,
  // a message wraps), so the buttons stay where the hand is.
  auto* side = new QWidget;
  auto* sideColumn = new QVBoxLayout(side);
  sideColumn->setContentsMargins(0, 0, 0, 0);
  sideColumn->addWidget(controlsScroll_, 1);
  sideColumn->addWidget(progress_);
  sideColumn->addWidget(message_);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(runButton_);
  buttons->addWidget(cancelButton_);
  sideColumn->addLayout(buttons);
  return side;
}

// As wide as the parameters want (they grow with the font in presentation mode), plus the scroll bar.
void DemoPanel::fitControlsWidth() {
  controlsScroll_->setMinimumWidth(controlsScroll_->widget()->sizeHint().width() +
                                   controlsScroll_->verticalScrollBar()->sizeHint().width() + 4);
}

void DemoPanel::setStacked(bool stacked) { columns_->setOrientation(stacked ? Qt::Vertical : Qt::Horizontal); }

bool DemoPanel::stacked() const { return columns_->orientation() == Qt::Vertical; }

QSize DemoPanel::sizeHint() const { return stacked() ? QSize(440, 800) : QSize(1100, 300); }

QSize DemoPanel::minimumSizeHint() const { return stacked() ? QSize(320, 360) : QSize(480, 200); }

bool DemoPanel::selectDemo(const QString& id) {
  const int index = demoChoice_->findData(id);
  if (index >= 0) demoChoice_->setCurrentIndex(index);
  return index >= 0;
}

QString DemoPanel::demo() const { return demoChoice_->currentData().toString(); }

DemoForm* DemoPanel::form(const QString& id) const {
  const int index = demoChoice_->findData(id);
  return index >= 0 ? static_cast<DemoForm*>(forms_->widget(index)) : nullptr;
}

DemoForm* DemoPanel::currentForm() const { return static_cast<DemoForm*>(forms_->currentWidget()); }

bool DemoPanel::openInputFile(const QString& path) {
  const QString name = path.section(QLatin1Char('/'), -1);
  for (int i = 0; i < forms_->count(); ++i) {
    auto* form = static_cast<DemoForm*>(forms_->widget(i));
    for (const demos::DemoParam& param : form->demo().params) {
      if (param.file != demos::DemoFile::Input || !param.fileChoice ||
          !QDir::match(text(param.fileChoice->pattern), name))
        continue;
      demoChoice_->setCurrentIndex(i);
      form->setValue(text(param.id()), path);  // the form's other choices stay
      return true;
    }
  }
  return false;
}

QStringList DemoPanel::inputFiles() const {
  QStringList files;
  for (int i = 0; i < forms_->count(); ++i) files << static_cast<DemoForm*>(forms_->widget(i))->inputFiles();
  return files;
}

void DemoPanel::setBackend(Backend backend) {
  const bool cuda = backend == Backend::Cuda && runners_.cudaAvailable;
  backendChoice_->setCurrentIndex(cuda ? kCudaIndex : kCpuIndex);
}

Backend DemoPanel::backend() const {
  return backendChoice_->currentIndex() == kCudaIndex ? Backend::Cuda : Backend::Cpu;
}

void DemoPanel::backendChanged() {
  for (int i = 0; i < forms_->count(); ++i) static_cast<DemoForm*>(forms_->widget(i))->setBackend(backend());
}

QChart* DemoPanel::chart() const { return chartView_->chart(); }

QString DemoPanel::message() const { return message_->text(); }

void DemoPanel::showMessage(const QString& text, const QColor& colour) {
  message_->setText(text);
  message_->setStyleSheet(colour.isValid() ? QStringLiteral("color: %1;").arg(colour.name()) : QString());
}

BackgroundDemoRun::Job DemoPanel::makeJob() {
  demos::DemoRequest request = currentForm()->request(backend());
  request.demo->check(request);  // a value the record refuses: one red line, nothing runs
  // Admitted first (the record's memory estimate): a run that cannot fit never starts.
  demos::admitDemo(request, runners_.admit);
  // The job gets copies of the request and the runner: the form may change, or the panel go,
  // while it runs. The run's control (cancel, progress) goes into the copy.
  return [run = runners_.run, admit = runners_.admit, request](const demos::DemoControl& control) mutable {
    request.control = control;
    return std::shared_ptr<const demos::DemoResult>(run(request, admit));
  };
}

bool DemoPanel::run() {
  if (run_.running()) return false;
  const demos::DemoDefinition& demo = currentForm()->demo();
  BackgroundDemoRun::Job job;
  try {
    job = makeJob();
  } catch (const demos::DemoValueError& error) {  // a value the record refuses, named as the form labels it
    const demos::DemoParam* param = demo.param(error.param());
    showFailure(QString::fromStdString(error.describe(param ? param->descriptor.displayName : error.param())));
    return false;
  } catch (const std::exception& error) {  // a rule across values, or the memory admission's refusal
    const QString reason = QString::fromStdString(error.what());
    showFailure(dynamic_cast<const OutOfMemory*>(&error)
                    ? tr("The %1 demo was not run: %2").arg(text(demo.displayName), reason)
                    : reason);
    return false;
  }
  runningDemo_ = text(demo.id);
  runningName_ = text(demo.displayName);
  if (demo.liveView) startLiveChart(demo.liveView(currentForm()->request(backend())));
  run_.start(std::move(job));
  runButton_->setEnabled(false);
  cancelButton_->setEnabled(true);
  progressText_.clear();
  progress_->setRange(0, 0);
  progress_->show();
  clock_.start();
  tick();
  ticker_.start();
  return true;
}

void DemoPanel::showFailure(const QString& message) {
  lastRunFailed_ = true;
  showMessage(message, Qt::red);
  emit runFinished(false);
}

void DemoPanel::cancel() {
  if (!run_.running()) return;
  run_.cancel();
  cancelButton_->setEnabled(false);
  tick();
}

// A run that samples a convergence (CG) draws into its own chart from the first sample on; the
// table empties, so what the panel shows is this run, however it ends.
void DemoPanel::startLiveChart(const demos::DemoLiveView& view) {
  shownDemo_ = runningDemo_;
  source_->clear();
  results_->clearResults();
  results_->setColumnCount(0);
  reportTitle_->setText(tr("<b>%1</b><br>running\u2026").arg(text(view.headline).toHtmlEscaped()));
  liveChart_ = new ResidualChart(text(view.chartTitle));
  replaceChart(liveChart_);
}

void DemoPanel::tick() {
  const DemoProgressUpdate update = run_.takeProgress();
  if (liveChart_) {
    for (const demos::DemoProgress& sample : update.samples)
      liveChart_->addSample(sample.version, QString::fromStdString(sample.name), sample.iteration, sample.residual);
    if (!update.samples.empty()) chartFit_->fit();  // its axes grew
  }
  if (update.latest) {
    progressText_ = QString::fromStdString(demos::describeProgress(*update.latest));
    if (update.latest->versions > 0) {
      // The bar counts the versions done; its text names the one running.
      progress_->setRange(0, update.latest->versions);
      progress_->setValue(update.latest->version - 1);
      progress_->setFormat(tr("version %1 of %2").arg(update.latest->version).arg(update.latest->versions));
    }
  }
  const QString what = run_.cancelRequested()
                           ? tr("cancelling the %1 demo\u2026").arg(runningName_)
                           : tr("running the %1 demo on %2\u2026").arg(runningName_, backendChoice_->currentText());
  QString text = QStringLiteral("%1 %2 s").arg(what).arg(clock_.elapsed() / 1000.0, 0, 'f', 1);
  if (!progressText_.isEmpty()) text += QLatin1Char('\n') + progressText_;
  showMessage(text, QColor());
}

void DemoPanel::showOutcome(const DemoOutcome& outcome) {
  tick();  // the last samples into the live chart
  ticker_.stop();
  progress_->hide();
  runButton_->setEnabled(true);
  cancelButton_->setEnabled(false);
  ResidualChart* live = std::exchange(liveChart_, nullptr);
  lastRunCancelled_ = outcome.cancelled;
  lastRunFailed_ = !outcome.result && !outcome.cancelled;
  if (outcome.cancelled) {
    // Nothing to tabulate: a stopped run has no result. A CG chart keeps how far it got.
    if (live) {
      live->finish();
      reportTitle_->setText(reportTitle_->text().replace(tr("running\u2026"), tr("cancelled")));
    }
    showMessage(tr("The %1 demo was cancelled after %2 s%3")
                    .arg(runningName_)
                    .arg(outcome.seconds, 0, 'f', 1)
                    .arg(progressText_.isEmpty() ? QString() : QStringLiteral(" (at %1)").arg(progressText_)),
                QColor(160, 100, 0));
    emit runFinished(false);
    return;
  }
  if (lastRunFailed_) {
    // The previous results stay: their title says what they were.
    showMessage(tr("The %1 demo failed: %2").arg(runningName_, outcome.error), Qt::red);
    emit runFinished(false);
    return;
  }
  shownDemo_ = runningDemo_;
  source_->clear();
  const demos::DemoResult& result = *outcome.result;
  reportTitle_->setText(QStringLiteral("<b>%1</b><br>%2")
                            .arg(text(result.headline()).toHtmlEscaped(), text(result.detail()).toHtmlEscaped()));
  results_->showTable(result.table());
  replaceChart(demoChart(result.chart()));
  showMessage(outcome.seconds < 1 ? tr("done in %1 ms").arg(outcome.seconds * 1000, 0, 'f', 0)
                                  : tr("done in %1 s").arg(outcome.seconds, 0, 'f', 1),
              QColor(0, 128, 0));
  emit runFinished(true);
}

void DemoPanel::replaceChart(QChart* chart) {
  QChart* old = chartView_->chart();
  applyChartFont(chart, font());
  chartView_->setChart(chart);  // the view takes the new chart and lets go of the old one
  QTimer::singleShot(0, chartFit_, [fit = chartFit_] { fit->fit(); });
  if (old == liveChart_) liveChart_ = nullptr;
  delete old;
}

void DemoPanel::changeEvent(QEvent* event) {
  // The application font changed (View > Presentation): the charts follow it like the widgets.
  if (event->type() == QEvent::FontChange) {
    applyChartFont(chartView_->chart(), font());
    QTimer::singleShot(0, this, &DemoPanel::fitControlsWidth);  // once the children have the font too
    QTimer::singleShot(0, chartFit_, [fit = chartFit_] { fit->fit(); });
  }
  QWidget::changeEvent(event);
}

bool DemoPanel::saveTableCsv(const QString& path, QString* error) const {
  const auto failed = trySave(saveFile_, tr("results table"), path, [&] { return tableCsv(*results_); });
  if (failed && error) *error = *failed;
  return !failed;
}

bool DemoPanel::saveChartPng(const QString& path, QString* error) const {
  const auto failed = trySave(saveFile_, tr("chart"), path, [&] { return pngBytes(chartView_->grab().toImage()); });
  if (failed && error) *error = *failed;
  return !failed;
}

void DemoPanel::saveWithDialog(const QString& title, const QString& extension, const QString& filter,
                               const std::function<bool(const QString&, QString*)>& save) {
  const QString suggested =
      suggestedSavePath(QStringLiteral("kernelcam-demo-%1.%2")
                            .arg(QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-hhmmss")), extension));
  const QString path = QFileDialog::getSaveFileName(this, title, suggested, filter);
  if (path.isEmpty()) return;
  rememberSaveFolder(path);
  QString error;
  if (save(path, &error)) showMessage(tr("saved %1").arg(path), QColor());
  else showMessage(tr("Not saved: %1").arg(error), Qt::red);
}

}  // namespace kc
