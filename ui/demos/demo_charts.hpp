#pragma once
// The charts of a run (demos::DemoChart), each a new QChart for a QChartView (which takes
// ownership): a throughput per version as horizontal bars (reduce: GB/s per step, matmul:
// GFLOP/s), or a residual against the iteration on a log axis, one line per version (CG). The
// residual chart also grows while such a run goes on (ResidualChart::addSample).
#include <QChart>
#include <vector>

#include "gpu/demos/demo_result.hpp"

class QLineSeries;
class QLogValueAxis;
class QValueAxis;

namespace kc {

QChart* demoChart(const demos::DemoChart& chart);
QChart* emptyDemoChart(const QString& hint);

// ||r_k|| per iteration, one line per version, axes fitted to what it holds so far.
class ResidualChart : public QChart {
  Q_OBJECT
 public:
  explicit ResidualChart(const QString& title);
  // `version` is 1-based (the run's order); a new version starts a new line named `name`.
  // Samples a log axis cannot place (0 after an exact solve, NaN after a breakdown) are left out.
  void addSample(int version, const QString& name, long long iteration, double residualNorm);
  void finish();  // the legend only where there are several lines
  int pointCount() const;
  // At most this many labels on the residual's log axis (chart_fit.hpp lowers it in a small view).
  void setMaxLabels(int labels);

 private:
  QLineSeries* seriesFor(int version, const QString& name);
  void fitAxes();

  QValueAxis* iterations_ = nullptr;
  QLogValueAxis* residual_ = nullptr;
  std::vector<QLineSeries*> series_;  // index version - 1; owned by the chart
  double lastIteration_ = 1, smallest_ = 0, largest_ = 0;
  int maxLabels_ = 5;
};

// The panel's font on a chart's title, axes, labels and legend (QChart keeps its theme's fonts
// otherwise, so presentation mode would leave charts small).
void applyChartFont(QChart* chart, const QFont& font);

}  // namespace kc
