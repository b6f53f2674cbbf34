#pragma once
// Keeps a demo chart's text whole in whatever room its view has. QChart shortens a label that
// does not fit to "..." (an axis's every label, at presentation size in a short dock); here the
// chart gives things up in a fixed order until nothing is shortened: its title (the panel's report
// title above the table names the run), then its axes' titles, then tick labels (five, three, two
// per axis), then the bars' version names, which become their row numbers in the table, and last,
// where even those do not fit (bars thinner than a line of text), the bars' names and then the
// values' tick labels go (the table beside the chart has both). When the view grows again, the
// chart gets them back. A legend (the convergence chart's lines) fits first, on its own: moved to
// the plot's right, its names as row numbers, hidden.
#include <QObject>

class QChart;
class QChartView;

namespace kc {

class ChartFit : public QObject {
 public:
  // Refits on each resize of `view` and whenever fit() is called (a new chart, a new font).
  explicit ChartFit(QChartView* view);
  void fit();
  // The degradation fit() settled on: 0 = everything shown.
  int level() const { return level_; }
  // The legend's: 0 below the plot, 1 at its right, 2 numbered as the table's rows, 3 hidden.
  int legendLevel() const { return legendLevel_; }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void apply(QChart* chart, int level);
  QChartView* view_;
  int level_ = 0;
  int legendLevel_ = 0;
  bool fitting_ = false;
};

// Whether any text of the chart in `view` is shortened to "..." now.
bool chartTextElided(const QChartView& view);

}  // namespace kc
