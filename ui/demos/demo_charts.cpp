#include "ui/demos/demo_charts.hpp"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QFont>
#include <QHorizontalBarSeries>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

namespace kc {

namespace {

QChart* newChart(const QString& title) {
  auto* chart = new QChart;
  chart->setTitle(title);
  chart->setAnimationOptions(QChart::NoAnimation);  // a classroom re-runs often: no waiting for bars to grow
  chart->setMargins(QMargins(4, 4, 4, 4));
  return chart;
}

// Bar labels print the value with 'g' formatting: round first so that 0.8907 reads 0.89 and
// 51234.6 reads 51235 (never 5.123e+04).
double roundedForLabel(double value) {
  const double scale = value >= 100 ? 1 : value >= 10 ? 10 : 100;
  return std::round(value * scale) / scale;
}

QChart* throughputBarChart(const demos::DemoChart& bars) {
  const QString unit = QString::fromStdString(bars.unit);
  QChart* chart = newChart(QStringLiteral("%1 per version (longer is faster)").arg(unit));
  auto* set = new QBarSet(unit);
  QStringList categories;
  double top = 0;
  // Horizontal bars list top-down in reverse category order: add them reversed so the chart
  // reads in the table's order.
  for (auto bar = bars.bars.rbegin(); bar != bars.bars.rend(); ++bar) {
    *set << roundedForLabel(bar->value);
    top = std::max(top, bar->value);
    categories << QString::fromStdString(bar->label);
  }
  set->setLabelColor(Qt::black);
  auto* series = new QHorizontalBarSeries;
  series->append(set);
  series->setLabelsVisible(true);
  series->setLabelsPosition(QAbstractBarSeries::LabelsInsideBase);
  series->setLabelsPrecision(9);
  chart->addSeries(series);
  auto* versions = new QBarCategoryAxis;
  versions->append(categories);
  chart->addAxis(versions, Qt::AlignLeft);
  series->attachAxis(versions);
  auto* values = new QValueAxis;
  values->setTitleText(unit);
  values->setRange(0, top > 0 ? top * 1.05 : 1.0);
  values->applyNiceNumbers();
  chart->addAxis(values, Qt::AlignBottom);
  series->attachAxis(values);
  chart->legend()->hide();
  return chart;
}

QChart* residualChart(const demos::DemoChart& lines) {
  auto* chart = new ResidualChart(QString::fromStdString(lines.title));
  for (std::size_t i = 0; i < lines.lines.size(); ++i)
    for (const auto& [iteration, residual] : lines.lines[i].points)
      chart->addSample(static_cast<int>(i) + 1, QString::fromStdString(lines.lines[i].name), iteration, residual);
  chart->finish();
  return chart;
}

}  // namespace

QChart* emptyDemoChart(const QString& hint) { return newChart(hint); }

QChart* demoChart(const demos::DemoChart& chart) {
  return chart.kind == demos::DemoChart::Kind::Convergence ? residualChart(chart) : throughputBarChart(chart);
}

ResidualChart::ResidualChart(const QString& title) {
  setTitle(title);
  setAnimationOptions(QChart::NoAnimation);
  setMargins(QMargins(4, 4, 4, 4));
  iterations_ = new QValueAxis;
  iterations_->setTitleText(QStringLiteral("iteration"));
  iterations_->setLabelFormat(QStringLiteral("%d"));
  residual_ = new QLogValueAxis;
  residual_->setTitleText(QStringLiteral("||r_k||"));
  residual_->setBase(10);
  residual_->setLabelFormat(QStringLiteral("%.0e"));
  addAxis(iterations_, Qt::AlignBottom);
  addAxis(residual_, Qt::AlignLeft);
  legend()->setAlignment(Qt::AlignBottom);
  fitAxes();
}

QLineSeries* ResidualChart::seriesFor(int version, const QString& name) {
  while (static_cast<int>(series_.size()) < version) {
    auto* series = new QLineSeries;
    series->setName(static_cast<int>(series_.size()) + 1 == version ? name : QString());
    addSeries(series);
    series->attachAxis(iterations_);
    series->attachAxis(residual_);
    series_.push_back(series);
    legend()->setVisible(series_.size() >= 2);  // one line needs no legend
  }
  return series_[static_cast<std::size_t>(version) - 1];
}

void ResidualChart::addSample(int version, const QString& name, long long iteration, double residualNorm) {
  if (version < 1) return;
  QLineSeries* series = seriesFor(version, name);
  if (!(residualNorm > 0) || !std::isfinite(residualNorm)) return;
  series->append(static_cast<double>(iteration), residualNorm);
  lastIteration_ = std::max(lastIteration_, static_cast<double>(iteration));
  smallest_ = largest_ > 0 ? std::min(smallest_, residualNorm) : residualNorm;
  largest_ = std::max(largest_, residualNorm);
  fitAxes();
}

void ResidualChart::fitAxes() {
  iterations_->setRange(0, lastIteration_);
  iterations_->applyNiceNumbers();
  if (largest_ > 0) {
    // QLogValueAxis labels every power of its base and elides them all ("...") once they crowd:
    // a base of 10^k keeps at most maxLabels_ labels over any number of decades.
    const double low = std::floor(std::log10(smallest_)), high = std::ceil(std::log10(largest_));
    const double step = std::max(1.0, std::ceil((high - low) / std::max(1, maxLabels_)));
    residual_->setBase(std::pow(10.0, step));
    residual_->setRange(std::pow(10.0, step * std::floor(low / step)), std::pow(10.0, step * std::ceil(high / step)));
  }
}

void ResidualChart::setMaxLabels(int labels) {
  if (labels == maxLabels_) return;
  maxLabels_ = labels;
  fitAxes();
}

void ResidualChart::finish() { legend()->setVisible(series_.size() >= 2); }

int ResidualChart::pointCount() const {
  int count = 0;
  for (const QLineSeries* series : series_) count += static_cast<int>(series->count());
  return count;
}

void applyChartFont(QChart* chart, const QFont& font) {
  if (!chart) return;
  QFont title = font;
  title.setBold(true);
  chart->setTitleFont(title);
  chart->legend()->setFont(font);
  for (QAbstractAxis* axis : chart->axes()) {
    axis->setLabelsFont(font);
    axis->setTitleFont(font);
  }
  for (QAbstractSeries* series : chart->series())
    if (auto* bars = qobject_cast<QAbstractBarSeries*>(series))
      for (QBarSet* set : bars->barSets()) set->setLabelFont(font);
}

}  // namespace kc
