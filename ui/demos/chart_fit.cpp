#include "ui/demos/chart_fit.hpp"

#include <QAbstractAxis>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLogValueAxis>
#include <QValueAxis>
#include <QVariant>
#include <algorithm>

#include "ui/demos/demo_charts.hpp"

namespace kc {

namespace {

// everything; no title; no axis titles; 3 ticks; 2 ticks; numbered bars; bars unnamed; no tick labels
constexpr int kLevels = 8;
const char* kTitle = "kcFullTitle";
const char* kCategories = "kcFullCategories";
const char* kTicks = "kcFullTicks";
// The legend (the convergence chart's lines) fits on its own first: below the plot as made, at its
// right, its names as the table's row numbers, hidden.
constexpr int kLegendLevels = 4;
const char* kLegendHidden = "kcLegendHiddenByFit";

bool elided(const QGraphicsItem* item) {
  QString text;
  if (const auto* simple = dynamic_cast<const QGraphicsSimpleTextItem*>(item)) text = simple->text();
  else if (const auto* rich = dynamic_cast<const QGraphicsTextItem*>(item)) text = rich->toPlainText();
  return item->isVisible() && (text.endsWith(QStringLiteral("...")) || text.contains(QChar(0x2026)));
}

// The chart laid out now, its legend too: QLegend sets its names' (shortened) text only when its
// own layout runs, which the chart's does not redo while the legend's size stays the same.
void layOut(QChart* chart) {
  if (QGraphicsLayout* legend = chart->legend()->layout()) legend->invalidate();
  if (chart->layout()) chart->layout()->activate();
  if (QGraphicsLayout* legend = chart->legend()->layout()) legend->activate();
}

bool legendTextElided(const QChartView& view) {
  const QLegend* legend = view.chart() ? view.chart()->legend() : nullptr;
  if (!legend || !legend->isVisible()) return false;
  // A name with no room at all is not "..." but empty (QtCharts' LegendMarkerItem::setGeometry).
  for (const QGraphicsItem* item : view.scene()->items()) {
    if (!legend->isAncestorOf(item)) continue;
    const auto* text = dynamic_cast<const QGraphicsTextItem*>(item);
    if (elided(item) || (text && text->isVisible() && text->toPlainText().isEmpty())) return true;
  }
  return false;
}

void applyLegend(QChart* chart, int level) {
  QLegend* legend = chart->legend();
  if (level < 3 && chart->property(kLegendHidden).toBool()) {
    legend->show();
    chart->setProperty(kLegendHidden, false);
  }
  if (level >= 3 && legend->isVisible()) {
    legend->hide();
    chart->setProperty(kLegendHidden, true);
  }
  legend->setAlignment(level >= 1 ? Qt::AlignRight : Qt::AlignBottom);
  const QList<QLegendMarker*> markers = legend->markers();
  for (int i = 0; i < markers.size(); ++i)
    markers[i]->setLabel(level >= 2 ? QString::number(i + 1) : markers[i]->series()->name());
}

}  // namespace

bool chartTextElided(const QChartView& view) {
  for (const QGraphicsItem* item : view.scene()->items())
    if (elided(item)) return true;
  return false;
}

ChartFit::ChartFit(QChartView* view) : QObject(view), view_(view) { view_->installEventFilter(this); }

bool ChartFit::eventFilter(QObject* watched, QEvent* event) {
  if (watched == view_ && event->type() == QEvent::Resize && !fitting_) fit();
  return QObject::eventFilter(watched, event);
}

void ChartFit::fit() {
  QChart* chart = view_->chart();
  if (!chart || fitting_) return;
  fitting_ = true;
  // The chart lays itself out at the view's size: resizing the scene's chart now (not at the next
  // paint) lets each level be checked as QChart will draw it.
  chart->resize(view_->viewport()->size());
  for (legendLevel_ = 0; legendLevel_ < kLegendLevels; ++legendLevel_) {
    applyLegend(chart, legendLevel_);
    layOut(chart);
    if (!legendTextElided(*view_)) break;
  }
  legendLevel_ = std::min(legendLevel_, kLegendLevels - 1);
  for (level_ = 0; level_ < kLevels; ++level_) {
    apply(chart, level_);
    layOut(chart);
    if (!chartTextElided(*view_)) break;
  }
  level_ = std::min(level_, kLevels - 1);
  fitting_ = false;
}

void ChartFit::apply(QChart* chart, int level) {
  if (!chart->property(kTitle).isValid()) chart->setProperty(kTitle, chart->title());
  chart->setTitle(level >= 1 ? QString() : chart->property(kTitle).toString());
  const int ticks = level >= 4 ? 2 : level >= 3 ? 3 : 0;  // 0: as the chart made them
  if (auto* residual = dynamic_cast<ResidualChart*>(chart)) residual->setMaxLabels(ticks > 0 ? ticks : 5);
  for (QAbstractAxis* axis : chart->axes()) {
    axis->setTitleVisible(level < 2);
    // Even one digit per bar does not fit when the bars are thinner than a line of text (a short
    // dock, many versions): the bars go unnamed, their order is the table's beside the chart.
    if (qobject_cast<QBarCategoryAxis*>(axis)) axis->setLabelsVisible(level < 6);
    else axis->setLabelsVisible(level < 7);
    if (auto* values = qobject_cast<QValueAxis*>(axis)) {
      if (!values->property(kTicks).isValid()) values->setProperty(kTicks, values->tickCount());
      values->setTickCount(ticks > 0 ? ticks : values->property(kTicks).toInt());
    }
    if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis)) {
      if (!categories->property(kCategories).isValid()) categories->setProperty(kCategories, categories->categories());
      const QStringList full = categories->property(kCategories).toStringList();
      QStringList shown = full;
      if (level >= 5)  // the table's row numbers: its rows are in the bars' order, top down
        for (int i = 0; i < shown.size(); ++i) shown[i] = QString::number(shown.size() - i);
      if (shown != categories->categories()) {
        categories->clear();
        categories->append(shown);
      }
    }
  }
}

}  // namespace kc
