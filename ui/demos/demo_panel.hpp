#pragma once
// The classroom demo panel: choose a demo (reduction, matrix multiplication, conjugate
// gradient) and its parameters, run it in the background, and compare the versions in a table,
// a chart and the source of the selected version with its two-line "why".
//
// It runs whatever DemoRunners app/ hands it: ui/ never sees a CUDA header.
#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>

#include "ui/demos/background_demo_run.hpp"
#include "ui/demos/demo_runners.hpp"
#include "ui/demos/kernel_source_lookup.hpp"

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QStackedWidget;

namespace kc {

class CgForm;
class DemoResultsTable;
class KernelSourceView;
class MatmulForm;
class ReduceForm;

class DemoPanel : public QWidget {
  Q_OBJECT
 public:
  explicit DemoPanel(DemoRunners runners, const QString& matrixDirectory = {}, QWidget* parent = nullptr);

  void selectDemo(DemoKind kind);
  DemoKind demo() const;
  // Cuda is refused (stays cpu) when the runners have no CUDA.
  void setBackend(Backend backend);
  Backend backend() const;

  ReduceForm* reduceForm() const { return reduceForm_; }
  MatmulForm* matmulForm() const { return matmulForm_; }
  CgForm* cgForm() const { return cgForm_; }
  DemoResultsTable* results() const { return results_; }
  KernelSourceView* sourceView() const { return source_; }
  QChart* chart() const;

  bool running() const { return run_.running(); }
  QString message() const;
  bool lastRunFailed() const { return lastRunFailed_; }

 public slots:
  // What the Run button does; false when a run is still going or the inputs are rejected.
  bool run();

 signals:
  void runFinished(bool ok);

 private:
  QWidget* makeControls();
  BackgroundDemoRun::Job makeJob();
  void showOutcome(const DemoOutcome& outcome);
  void showMessage(const QString& text, const QColor& colour);
  void replaceChart(QChart* chart);
  void backendChanged();
  void tick();

  DemoRunners runners_;
  BackgroundDemoRun run_;
  QComboBox* demoChoice_ = nullptr;
  QComboBox* backendChoice_ = nullptr;
  QStackedWidget* forms_ = nullptr;
  ReduceForm* reduceForm_ = nullptr;
  MatmulForm* matmulForm_ = nullptr;
  CgForm* cgForm_ = nullptr;
  QPushButton* runButton_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* message_ = nullptr;
  QLabel* reportTitle_ = nullptr;
  DemoResultsTable* results_ = nullptr;
  QChartView* chartView_ = nullptr;
  KernelSourceView* source_ = nullptr;
  DemoKind runningKind_ = DemoKind::Reduce;
  DemoKind shownKind_ = DemoKind::Reduce;  // the demo whose results are on screen
  QElapsedTimer clock_;
  QTimer ticker_;
  bool lastRunFailed_ = false;
};

}  // namespace kc
