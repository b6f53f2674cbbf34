#include "ui/demos/demo_charts.hpp"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
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

}  // namespace

QChart* emptyDemoChart(const QString& hint) { return newChart(hint); }

QChart* throughputBarChart(const demos::DemoReport& report) {
  const QString unit =
      report.rows.empty() ? QStringLiteral("GB/s") : QString::fromStdString(report.rows.front().throughputUnit);
  QChart* chart = newChart(QStringLiteral("%1 per version (longer is faster)").arg(unit));
  auto* set = new QBarSet(unit);
  QStringList categories;
  double top = 0;
  // Horizontal bars list top-down in reverse category order: add them reversed so the chart
  // reads in the table's order.
  for (auto row = report.rows.rbegin(); row != report.rows.rend(); ++row) {
    const double value = row->skipped || !std::isfinite(row->throughput) ? 0.0 : row->throughput;
    *set << roundedForLabel(value);
    top = std::max(top, value);
    categories << QString::fromStdString(row->version) + (row->skipped ? QStringLiteral(" (skipped)") : QString());
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

QChart* residualChart(const cg::CgDemoReport& report) {
  QChart* chart = newChart(QStringLiteral("CG on %1: residual ||r_k|| per iteration").arg(QString::fromStdString(report.problem)));
  auto* iterations = new QValueAxis;
  iterations->setTitleText(QStringLiteral("iteration"));
  iterations->setLabelFormat(QStringLiteral("%d"));
  auto* residual = new QLogValueAxis;
  residual->setTitleText(QStringLiteral("||r_k||"));
  residual->setBase(10);
  residual->setLabelFormat(QStringLiteral("%.0e"));
  chart->addAxis(iterations, Qt::AlignBottom);
  chart->addAxis(residual, Qt::AlignLeft);

  double lastIteration = 1, smallest = INFINITY, largest = 0;
  for (std::size_t i = 0; i < report.rows.size() && i < report.histories.size(); ++i) {
    auto* series = new QLineSeries;
    series->setName(QString::fromStdString(report.rows[i].name));
    for (const cg::CgSample& sample : report.histories[i]) {
      // A log axis cannot place 0 (an exact solve) or NaN (a breakdown): those points are left out.
      if (!(sample.residualNorm > 0) || !std::isfinite(sample.residualNorm)) continue;
      series->append(static_cast<double>(sample.iteration), sample.residualNorm);
      lastIteration = std::max(lastIteration, static_cast<double>(sample.iteration));
      smallest = std::min(smallest, sample.residualNorm);
      largest = std::max(largest, sample.residualNorm);
    }
    chart->addSeries(series);
    series->attachAxis(iterations);
    series->attachAxis(residual);
  }
  iterations->setRange(0, lastIteration);
  iterations->applyNiceNumbers();
  if (largest > 0) {
    // QLogValueAxis labels every power of its base and elides them all ("...") once they crowd:
    // a base of 10^k keeps about five labels over any number of decades.
    const double low = std::floor(std::log10(smallest)), high = std::ceil(std::log10(largest));
    const double step = std::max(1.0, std::ceil((high - low) / 5.0));
    residual->setBase(std::pow(10.0, step));
    residual->setRange(std::pow(10.0, step * std::floor(low / step)), std::pow(10.0, step * std::ceil(high / step)));
  }
  if (report.rows.size() < 2) chart->legend()->hide();
  chart->legend()->setAlignment(Qt::AlignBottom);
  return chart;
}

}  // namespace kc
