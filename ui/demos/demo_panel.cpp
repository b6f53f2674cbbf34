#include "ui/demos/demo_panel.hpp"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QVBoxLayout>
#include <exception>

#include "ui/demos/cg_form.hpp"
#include "ui/demos/demo_charts.hpp"
#include "ui/demos/demo_results_table.hpp"
#include "ui/demos/kernel_source_view.hpp"
#include "ui/demos/matmul_form.hpp"
#include "ui/demos/reduce_form.hpp"

namespace kc {

namespace {

constexpr int kCudaIndex = 0, kCpuIndex = 1;

QString demoName(DemoKind kind) {
  switch (kind) {
    case DemoKind::Reduce: return QStringLiteral("reduction");
    case DemoKind::Matmul: return QStringLiteral("matrix multiplication");
    case DemoKind::Cg: return QStringLiteral("conjugate gradient");
  }
  return {};
}

}  // namespace

DemoPanel::DemoPanel(DemoRunners runners, const QString& matrixDirectory, QWidget* parent)
    : QWidget(parent), runners_(std::move(runners)) {
  reduceForm_ = new ReduceForm;
  matmulForm_ = new MatmulForm;
  cgForm_ = new CgForm(matrixDirectory);

  reportTitle_ = new QLabel;
  reportTitle_->setObjectName(QStringLiteral("demoReportTitle"));
  reportTitle_->setWordWrap(true);
  reportTitle_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  results_ = new DemoResultsTable;
  chartView_ = new QChartView(emptyDemoChart(tr("Run a demo to compare its versions")));
  chartView_->setRenderHint(QPainter::Antialiasing);
  chartView_->setMinimumHeight(220);
  source_ = new KernelSourceView;

  auto* tablePart = new QWidget;
  auto* tableLayout = new QVBoxLayout(tablePart);
  tableLayout->setContentsMargins(0, 0, 0, 0);
  tableLayout->addWidget(reportTitle_);
  tableLayout->addWidget(results_, 1);
  auto* middle = new QSplitter(Qt::Vertical);
  middle->addWidget(tablePart);
  middle->addWidget(chartView_);
  middle->setStretchFactor(0, 1);
  middle->setStretchFactor(1, 1);

  auto* columns = new QSplitter(Qt::Horizontal);
  columns->addWidget(makeControls());
  columns->addWidget(middle);
  columns->addWidget(source_);
  columns->setStretchFactor(0, 0);
  columns->setStretchFactor(1, 3);
  columns->setStretchFactor(2, 2);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(columns);

  connect(&run_, &BackgroundDemoRun::finished, this, &DemoPanel::showOutcome);
  connect(results_, &DemoResultsTable::rowSelected, this,
          [this](const QString& anchor, const QString& why) { source_->showRow(shownKind_, anchor, why); });
  ticker_.setInterval(250);
  connect(&ticker_, &QTimer::timeout, this, &DemoPanel::tick);
  backendChanged();
}

QWidget* DemoPanel::makeControls() {
  demoChoice_ = new QComboBox;
  demoChoice_->setObjectName(QStringLiteral("demoChoice"));
  for (DemoKind kind : {DemoKind::Reduce, DemoKind::Matmul, DemoKind::Cg}) demoChoice_->addItem(demoName(kind));
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

  forms_ = new QStackedWidget;
  forms_->addWidget(reduceForm_);
  forms_->addWidget(matmulForm_);
  forms_->addWidget(cgForm_);
  runButton_ = new QPushButton(tr("Run"));
  runButton_->setObjectName(QStringLiteral("demoRun"));
  runButton_->setDefault(true);
  progress_ = new QProgressBar;
  progress_->setRange(0, 0);  // busy: the runners report no progress
  progress_->setMaximumHeight(12);
  progress_->setTextVisible(false);
  progress_->hide();
  message_ = new QLabel;
  message_->setObjectName(QStringLiteral("demoMessage"));
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* controls = new QWidget;
  auto* column = new QVBoxLayout(controls);
  auto* top = new QFormLayout;
  top->addRow(tr("Demo"), demoChoice_);
  top->addRow(tr("Backend"), backendChoice_);
  column->addLayout(top);
  column->addWidget(forms_);
  column->addWidget(runButton_);
  column->addWidget(progress_);
  column->addWidget(message_);
  column->addStretch(1);

  connect(demoChoice_, &QComboBox::currentIndexChanged, forms_, &QStackedWidget::setCurrentIndex);
  connect(backendChoice_, &QComboBox::currentIndexChanged, this, &DemoPanel::backendChanged);
  connect(runButton_, &QPushButton::clicked, this, &DemoPanel::run);

  auto* scroll = new QScrollArea;
  scroll->setWidget(controls);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setMinimumWidth(controls->sizeHint().width() + 20);
  return scroll;
}

void DemoPanel::selectDemo(DemoKind kind) { demoChoice_->setCurrentIndex(static_cast<int>(kind)); }

DemoKind DemoPanel::demo() const { return static_cast<DemoKind>(demoChoice_->currentIndex()); }

void DemoPanel::setBackend(Backend backend) {
  const bool cuda = backend == Backend::Cuda && runners_.cudaAvailable;
  backendChoice_->setCurrentIndex(cuda ? kCudaIndex : kCpuIndex);
}

Backend DemoPanel::backend() const {
  return backendChoice_->currentIndex() == kCudaIndex ? Backend::Cuda : Backend::Cpu;
}

void DemoPanel::backendChanged() {
  reduceForm_->setBackend(backend());
  matmulForm_->setBackend(backend());
  cgForm_->setBackend(backend());
}

QChart* DemoPanel::chart() const { return chartView_->chart(); }

QString DemoPanel::message() const { return message_->text(); }

void DemoPanel::showMessage(const QString& text, const QColor& colour) {
  message_->setText(text);
  message_->setStyleSheet(colour.isValid() ? QStringLiteral("color: %1;").arg(colour.name()) : QString());
}

BackgroundDemoRun::Job DemoPanel::makeJob() {
  // The job gets copies of the configuration and the runner: the form may change, or the panel
  // go, while it runs.
  const Backend chosen = backend();
  switch (demo()) {
    case DemoKind::Reduce:
      return [runner = runners_.reduce, config = reduceForm_->config(chosen)] { return DemoResult(runner(config)); };
    case DemoKind::Matmul:
      return [runner = runners_.matmul, config = matmulForm_->config(chosen)] { return DemoResult(runner(config)); };
    case DemoKind::Cg:
      return [runner = runners_.cg, config = cgForm_->config(chosen)] { return DemoResult(runner(config)); };
  }
  return {};
}

bool DemoPanel::run() {
  if (run_.running()) return false;
  BackgroundDemoRun::Job job;
  try {
    job = makeJob();
  } catch (const std::exception& error) {
    lastRunFailed_ = true;
    showMessage(QString::fromStdString(error.what()), Qt::red);
    emit runFinished(false);
    return false;
  }
  runningKind_ = demo();
  run_.start(std::move(job));
  runButton_->setEnabled(false);
  progress_->show();
  clock_.start();
  tick();
  ticker_.start();
  return true;
}

void DemoPanel::tick() {
  showMessage(tr("running the %1 demo on %2\u2026 %3 s")
                  .arg(demoName(runningKind_), backendChoice_->currentText())
                  .arg(clock_.elapsed() / 1000.0, 0, 'f', 1),
              QColor());
}

void DemoPanel::showOutcome(const DemoOutcome& outcome) {
  ticker_.stop();
  progress_->hide();
  runButton_->setEnabled(true);
  lastRunFailed_ = !outcome.result.has_value();
  if (lastRunFailed_) {
    // The previous results stay: their title says what they were.
    showMessage(tr("The %1 demo failed: %2").arg(demoName(runningKind_), outcome.error), Qt::red);
    emit runFinished(false);
    return;
  }
  shownKind_ = runningKind_;
  source_->clear();
  if (const auto* report = std::get_if<demos::DemoReport>(&*outcome.result)) {
    reportTitle_->setText(QStringLiteral("<b>%1</b><br>checked: %2")
                              .arg(QString::fromStdString(report->title).toHtmlEscaped(),
                                   QString::fromStdString(report->verification).toHtmlEscaped()));
    results_->showReport(*report);
    replaceChart(throughputBarChart(*report));
  } else {
    const auto& cgReport = std::get<cg::CgDemoReport>(*outcome.result);
    reportTitle_->setText(tr("<b>CG on %1</b><br>n = %2, %3 nonzeros, b = ones")
                              .arg(QString::fromStdString(cgReport.problem).toHtmlEscaped())
                              .arg(cgReport.n)
                              .arg(cgReport.nnz));
    results_->showCgReport(cgReport);
    replaceChart(residualChart(cgReport));
  }
  showMessage(outcome.seconds < 1 ? tr("done in %1 ms").arg(outcome.seconds * 1000, 0, 'f', 0)
                                  : tr("done in %1 s").arg(outcome.seconds, 0, 'f', 1),
              QColor(0, 128, 0));
  emit runFinished(true);
}

void DemoPanel::replaceChart(QChart* chart) {
  QChart* old = chartView_->chart();
  chartView_->setChart(chart);  // the view takes the new chart and lets go of the old one
  delete old;
}

}  // namespace kc
