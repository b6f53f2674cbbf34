#pragma once
// The classroom demo panel: choose a demo (every registered record: reduction, matrix
// multiplication, conjugate gradient, ...) and its parameters (a form generated from the record),
// run it in the background, follow it (version i of n; CG's residual growing in the chart), cancel
// it, and compare the versions in a table, a chart and the source of the selected version with its
// two-line "why". The table saves as CSV and the chart as PNG.
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

class ChartFit;
class DemoForm;
class DemoResultsTable;
class KernelSourceView;
class ResidualChart;

class DemoPanel : public QWidget {
  Q_OBJECT
 public:
  // dataDirectory: where the forms offer input files from (the CG demo's matrices).
  explicit DemoPanel(DemoRunners runners, const QString& dataDirectory = {}, QWidget* parent = nullptr);

  // The demo shown, by its record's id ("reduce"); false (and no change) for an id none has.
  bool selectDemo(const QString& id);
  QString demo() const;
  DemoForm* form(const QString& id) const;  // nullptr for an id no demo has
  // A file for the demo whose input it is (a .mtx: the CG demo's matrix), shown in its form with
  // that demo chosen; false when no demo takes files of its kind.
  bool openInputFile(const QString& path);
  // The input files the forms name now (no output of the window may overwrite them).
  QStringList inputFiles() const;
  // Cuda is refused (stays cpu) when the runners have no CUDA.
  void setBackend(Backend backend);
  Backend backend() const;

  DemoResultsTable* results() const { return results_; }
  KernelSourceView* sourceView() const { return source_; }
  QChart* chart() const;
  QPushButton* runButton() const { return runButton_; }
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
  // cannot fit in memory (the admission: the record's estimate, one red line, nothing allocated).
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
  DemoForm* currentForm() const;
  BackgroundDemoRun::Job makeJob();
  void startLiveChart(const demos::DemoLiveView& view);
  void showOutcome(const DemoOutcome& outcome);
  void showMessage(const QString& text, const QColor& colour);
  void showFailure(const QString& message);  // a run refused before it started
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
  QStackedWidget* forms_ = nullptr;  // one DemoForm per record, in the choice's order
  QScrollArea* controlsScroll_ = nullptr;
  QPushButton* runButton_ = nullptr;
  QPushButton* cancelButton_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QLabel* message_ = nullptr;
  QLabel* reportTitle_ = nullptr;
  DemoResultsTable* results_ = nullptr;
  QChartView* chartView_ = nullptr;
  ChartFit* chartFit_ = nullptr;
  ResidualChart* liveChart_ = nullptr;  // the chart of the CG run going on, else nullptr
  KernelSourceView* source_ = nullptr;
  QSplitter* columns_ = nullptr;
  QAction* saveCsv_ = nullptr;
  QAction* savePng_ = nullptr;
  SaveFile saveFile_ = unguardedSaveFile();
  QString runningDemo_;   // the running demo's id
  QString runningName_;   // and its displayName, for the messages
  QString shownDemo_;     // the id of the demo whose results are on screen (the source view's folder)
  QString progressText_;  // "version 2 of 4: CUDA scalar CSR, iteration 1200, ..."
  QElapsedTimer clock_;
  QTimer ticker_;
  bool lastRunFailed_ = false;
  bool lastRunCancelled_ = false;
};

}  // namespace kc
