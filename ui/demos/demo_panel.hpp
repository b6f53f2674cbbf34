#pragma once
// The classroom demo panel: choose a demo (reduction, matrix multiplication, conjugate
// gradient) and its parameters, run it in the background, follow it (version i of n; CG's
// residual growing in the chart), cancel it, and compare the versions in a table, a chart and
// the source of the selected version with its two-line "why". The table saves as CSV and the
// chart as PNG.
//
// It runs whatever DemoRunners app/ hands it: ui/ never sees a CUDA header.
#include <QElapsedTimer>
#include <QTimer>
#include <QWidget>
#include <functional>

#include "ui/demos/background_demo_run.hpp"
#include "ui/demos/demo_runners.hpp"
#include "ui/demos/kernel_source_lookup.hpp"
#include "ui/files/save_file.hpp"

class QAction;
class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSplitter;
class QStackedWidget;

namespace kc {

class CgForm;
class DemoResultsTable;
class KernelSourceView;
class MatmulForm;
class ReduceForm;
class ResidualChart;

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
  QPushButton* cancelButton() const { return cancelButton_; }

  bool running() const { return run_.running(); }
  QString message() const;
  bool lastRunFailed() const { return lastRunFailed_; }
  bool lastRunCancelled() const { return lastRunCancelled_; }

  // Exports (what the Save buttons do without their dialogs); false with *error set on failure.
  bool saveTableCsv(const QString& path, QString* error = nullptr) const;
  bool saveChartPng(const QString& path, QString* error = nullptr) const;
  // How the exports write (app/ installs its output guard: never the CG matrix or the shown source).
  void setSaveFile(SaveFile save) { saveFile_ = std::move(save); }

  // Docked on the left or right the three columns stack (controls, results, source) instead.
  void setStacked(bool stacked);
  bool stacked() const;

  // Bottom-dock friendly: wide and about a third of a window high, so the live view keeps most.
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 public slots:
  // What the Run button does; false when a run is still going, the inputs are rejected or the run
  // cannot fit in memory (the admission, demo_admission.hpp: one red line, nothing allocated).
  bool run();
  // What the Cancel button does: the run stops at its next check and runFinished(false) follows.
  void cancel();

 signals:
  void runFinished(bool ok);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  QWidget* makeControls();
  QWidget* makeResultsPart();
  void fitControlsWidth();
  BackgroundDemoRun::Job makeJob();
  void startLiveChart();
  void showOutcome(const DemoOutcome& outcome);
  void showMessage(const QString& text, const QColor& colour);
  void replaceChart(QChart* chart);
  void backendChanged();
  void tick();
  // A file dialog, then `save`; the message says where it went or why not.
  void saveWithDialog(const QString& title, const QString& extension, const QString& filter,
                      const std::function<bool(const QString&, QString*)>& save);

  DemoRunners runners_;
  BackgroundDemoRun run_;
  QComboBox* demoChoice_ = nullptr;
  QComboBox* backendChoice_ = nullptr;
  QStackedWidget* forms_ = nullptr;
  QScrollArea* controlsScroll_ = nullptr;
  ReduceForm* reduceForm_ = nullptr;
  MatmulForm* matmulForm_ = nullptr;
  CgForm* cgForm_ = nullptr;
  QPushButton* runButton_ = nullptr;
  QPushButton* cancelButton_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* message_ = nullptr;
  QLabel* reportTitle_ = nullptr;
  DemoResultsTable* results_ = nullptr;
  QChartView* chartView_ = nullptr;
  ResidualChart* liveChart_ = nullptr;  // the chart of the CG run going on, else nullptr
  KernelSourceView* source_ = nullptr;
  QSplitter* columns_ = nullptr;
  QAction* saveCsv_ = nullptr;
  QAction* savePng_ = nullptr;
  SaveFile saveFile_ = unguardedSaveFile();
  DemoKind runningKind_ = DemoKind::Reduce;
  DemoKind shownKind_ = DemoKind::Reduce;  // the demo whose results are on screen
  QString progressText_;                   // "version 2 of 4: CUDA scalar CSR, iteration 1200, ..."
  QElapsedTimer clock_;
  QTimer ticker_;
  bool lastRunFailed_ = false;
  bool lastRunCancelled_ = false;
};

}  // namespace kc
