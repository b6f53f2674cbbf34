#include "ui/render/overlay_painter.hpp"

#include <QFont>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <cstdio>

// Q_INIT_RESOURCE declares a function of the global namespace: call it from there.
static void initFontResources() { Q_INIT_RESOURCE(fonts); }

namespace kc {

namespace {

// Opaque: text over a checkerboard or a bright photo stays readable (white on this is 17:1); a
// translucent plate let the image through the letters.
constexpr QRgb kPanelColour = qRgba(12, 14, 18, 255);
constexpr int kPadding = 8;

// The embedded copy of DejaVu Sans Mono (resources/fonts.qrc): the GPU machine and bare containers
// have no fonts at all, and Qt would draw every glyph as a box.
QString overlayFontFamily() {
  static const QString family = [] {
    initFontResources();
    const int id = QFontDatabase::addApplicationFont(QStringLiteral(":/fonts/DejaVuSansMono.ttf"));
    const QStringList families = QFontDatabase::applicationFontFamilies(id);
    return families.isEmpty() ? QStringLiteral("DejaVu Sans Mono") : families.front();
  }();
  return family;
}

QFont overlayFont() {
  QFont font(overlayFontFamily());
  font.setStyleHint(QFont::Monospace);
  font.setPixelSize(13);
  return font;
}

QString format(const char* fmt, double value) {
  char text[64];
  std::snprintf(text, sizeof text, fmt, value);
  return QString::fromLatin1(text);
}

// Sizes below are logical pixels; the image holds scale times as many, so that painting on it
// (text included) comes out `scale` times larger and still sharp.
QImage makePanel(int width, int height, double scale) {
  QImage image(static_cast<int>(std::ceil(width * scale)), static_cast<int>(std::ceil(height * scale)),
               QImage::Format_RGBA8888_Premultiplied);
  image.setDevicePixelRatio(scale);
  image.fill(Qt::transparent);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setPen(Qt::NoPen);
  painter.setBrush(QColor::fromRgba(kPanelColour));
  painter.drawRoundedRect(QRectF(0, 0, width, height), 6, 6);
  return image;
}

}  // namespace

// What the means are over. A still is run cold and then warm once per change (frame_worker.hpp):
// the cold run says so (it can read a thousand times the warm one), and one warm run is still a
// noisy figure, so the footer names the action that measures it properly (View > Measure still).
QString timingSampleNote(int samples, bool still, bool coldRun) {
  if (still && coldRun) return QStringLiteral("cold run: the warm one follows");
  if (still && samples <= 1) return QStringLiteral("1 warm run; View > Measure still");
  if (samples == 1) return QStringLiteral("1 frame");
  return QStringLiteral("mean of %1 %2").arg(samples).arg(still ? QStringLiteral("runs") : QStringLiteral("frames"));
}

namespace {

// The timing table's columns: name | ms | GB/s | bar | %, in logical pixels.
struct TimingColumns {
  int name = 0, ms = 0, gbs = 0, bar = 80, pct = 0;
  static constexpr int kGap = 8;
  int table() const { return name + ms + gbs + bar + pct + 4 * kGap; }
};

TimingColumns timingColumns(const QFontMetrics& metrics, const FrameStats& stats, std::size_t shownRows) {
  TimingColumns columns;
  columns.name = metrics.horizontalAdvance(QStringLiteral("interop copy"));
  for (std::size_t i = 0; i < shownRows; ++i)
    columns.name = std::max(columns.name, metrics.horizontalAdvance(QString::fromStdString(stats.stages[i].name)));
  columns.name = std::min(columns.name + 4, 200);
  columns.ms = metrics.horizontalAdvance(QStringLiteral("0000.00 ms"));
  columns.gbs = metrics.horizontalAdvance(QStringLiteral("00000 GB/s"));
  columns.pct = metrics.horizontalAdvance(QStringLiteral("100%"));
  return columns;
}

QString timingSummary(const TimingOverlayInput& input) {
  const FrameStats& stats = input.latest;
  const double meanFrameMs = input.means.meanFrameMs();
  // A still is filtered once per change: its fps would only say how often it changed.
  QString summary = input.still
                        ? QString::fromStdString(input.stillName) +
                              format(input.coldRun ? "   %.1f ms, cold" : "   %.1f ms per run", meanFrameMs)
                        : (meanFrameMs > 0 ? format("%.1f fps", 1000.0 / meanFrameMs) : QStringLiteral("-- fps")) +
                              format("   latency %.1f ms", input.means.meanLatencyMs());
  summary += QStringLiteral("   %1x%2").arg(stats.width).arg(stats.height);
  if (stats.streamsInUse > 1) summary += QStringLiteral("   %1 streams").arg(stats.streamsInUse);
  return summary;
}

QString timingFooter(const TimingOverlayInput& input) {
  const double roofline = input.latest.rooflineGBs;
  return (roofline > 0 ? format("bars: %% of the measured copy, %.0f GB/s", roofline)
                       : QStringLiteral("bars: roofline unknown")) +
         QStringLiteral(" (%1)").arg(timingSampleNote(input.means.samples(), input.still, input.coldRun));
}

// The stages beyond the rows shown, in one row: how many, and their time together ("" for none).
QString timingRestRow(const TimingOverlayInput& input, std::size_t shownRows) {
  const std::vector<StageTiming>& stages = input.latest.stages;
  if (shownRows >= stages.size()) return {};
  double restMs = 0;
  for (std::size_t i = shownRows; i < stages.size(); ++i) restMs += input.means.meanMs(stages[i].name);
  return QStringLiteral("... and %1 more stages: %2").arg(stages.size() - shownRows).arg(format("%.2f ms", restMs));
}

// One stage's row at `y`: its name, mean time, throughput and the bar against the roofline.
void paintStageRow(QPainter& painter, const QFontMetrics& metrics, const TimingColumns& columns, int y, int lineHeight,
                   const StageTiming& stage, double ms, double roofline) {
  auto textAt = [&](int x, int w, const QString& text, QColor colour, Qt::Alignment align = Qt::AlignLeft) {
    painter.setPen(colour);
    painter.drawText(QRect(x, y, w, lineHeight), static_cast<int>(align | Qt::AlignVCenter), text);
  };
  const int gap = TimingColumns::kGap;
  const double gbs = ms > 0 ? stage.bytes / (ms * 1e6) : 0;
  const QColor rowColour = stage.isCopy ? QColor(150, 200, 255) : QColor(170, 255, 170);
  int x = kPadding;
  const QString name = metrics.elidedText(QString::fromStdString(stage.name), Qt::ElideRight, columns.name);
  textAt(x, columns.name, name, rowColour);
  x += columns.name + gap;
  textAt(x, columns.ms, format("%.2f ms", ms), QColor(235, 235, 235), Qt::AlignRight);
  x += columns.ms + gap;
  // Small images on the CPU run at a few GB/s: one decimal there, so they do not read "0 GB/s".
  textAt(x, columns.gbs, stage.bytes > 0 ? format(gbs < 10 ? "%.1f GB/s" : "%.0f GB/s", gbs) : QStringLiteral("--"),
         QColor(235, 235, 235), Qt::AlignRight);
  x += columns.gbs + gap;
  const QRect bar(x, y + lineHeight / 4, columns.bar, lineHeight / 2);
  painter.setPen(QColor(90, 90, 90));
  painter.setBrush(Qt::NoBrush);
  painter.drawRect(bar.adjusted(0, 0, -1, -1));
  if (roofline > 0 && stage.bytes > 0) {
    const double fraction = std::clamp(gbs / roofline, 0.0, 1.0);
    painter.fillRect(QRect(bar.x() + 1, bar.y() + 1, static_cast<int>((columns.bar - 2) * fraction), bar.height() - 2),
                     rowColour);
    x += columns.bar + gap;
    textAt(x, columns.pct, format("%.0f%%", 100.0 * gbs / roofline), QColor(235, 235, 235), Qt::AlignRight);
  }
}

}  // namespace

QImage paintTimingOverlay(const TimingOverlayInput& input) {
  const FrameStats& stats = input.latest;
  const QFont font = overlayFont();
  const double scale = std::clamp(input.scale, 0.25, 8.0);
  // Metrics of the device painted on: a screen's can differ from a QImage's by a pixel or two.
  QImage probe(1, 1, QImage::Format_RGBA8888_Premultiplied);
  probe.setDevicePixelRatio(scale);
  const QFontMetrics metrics(font, &probe);
  const int lineHeight = metrics.height() + 3;

  // The rows drawn: every stage, or the first kMaxTimingRows - 1 and one row for the rest.
  const std::size_t stageCount = stats.stages.size();
  const std::size_t maxRows = kMaxTimingRows;
  const std::size_t shownRows = stageCount <= maxRows ? stageCount : maxRows - 1;
  const TimingColumns columns = timingColumns(metrics, stats, shownRows);
  const QString title = QString::fromStdString(input.deviceName) + QStringLiteral("  \u00b7  ") +
                        QString::fromLatin1(displayPathName(stats.path));
  const QString summary = timingSummary(input);
  const QString footer = timingFooter(input);
  const QString rest = timingRestRow(input, shownRows);

  const int width =
      kPadding * 2 + std::max({columns.table(), metrics.horizontalAdvance(rest), metrics.horizontalAdvance(title),
                               metrics.horizontalAdvance(summary), metrics.horizontalAdvance(footer)});
  const int rows = static_cast<int>(shownRows) + (rest.isEmpty() ? 0 : 1);
  const int height = kPadding * 2 + lineHeight * (3 + rows) + 4;

  QImage image = makePanel(width, height, scale);
  QPainter painter(&image);
  painter.setRenderHint(QPainter::TextAntialiasing);
  painter.setFont(font);
  int y = kPadding;
  auto textAt = [&](int x, int w, const QString& text, QColor colour) {
    painter.setPen(colour);
    painter.drawText(QRect(x, y, w, lineHeight), static_cast<int>(Qt::AlignLeft | Qt::AlignVCenter), text);
  };
  textAt(kPadding, width, title, QColor(255, 255, 255));
  y += lineHeight;
  textAt(kPadding, width, summary, QColor(200, 230, 255));
  y += lineHeight + 4;
  for (std::size_t i = 0; i < shownRows; ++i) {
    const StageTiming& stage = stats.stages[i];
    paintStageRow(painter, metrics, columns, y, lineHeight, stage, input.means.meanMs(stage.name), stats.rooflineGBs);
    y += lineHeight;
  }
  if (!rest.isEmpty()) {
    textAt(kPadding, width - 2 * kPadding, rest, QColor(170, 255, 170));
    y += lineHeight;
  }
  y += 4;
  textAt(kPadding, width, footer, QColor(160, 160, 160));
  return image;
}

QImage paintHistogramOverlay(const FrameStats& stats, double scale) {
  const int bins = stats.histogramBins;
  const int channels = stats.histogramChannels;
  if (bins <= 0 || channels <= 0 || stats.histogram.size() < static_cast<std::size_t>(bins) * channels) return {};

  const QFont font = overlayFont();
  scale = std::clamp(scale, 0.25, 8.0);
  QImage probe(1, 1, QImage::Format_RGBA8888_Premultiplied);
  probe.setDevicePixelRatio(scale);
  const QFontMetrics metrics(font, &probe);
  const int plotWidth = 256, plotHeight = 100;
  const int width = plotWidth + 2 * kPadding;
  const int height = plotHeight + metrics.height() + 3 * kPadding;
  QImage image = makePanel(width, height, scale);
  QPainter painter(&image);
  painter.setFont(font);
  painter.setPen(QColor(255, 255, 255));
  painter.drawText(
      QRect(kPadding, kPadding, plotWidth, metrics.height()), Qt::AlignLeft | Qt::AlignVCenter,
      QStringLiteral("histogram  %1 bins%2").arg(bins).arg(channels == 3 ? QStringLiteral(", RGB") : QString()));

  std::uint32_t peak = 1;
  for (std::uint32_t count : stats.histogram) peak = std::max(peak, count);
  const QRectF plot(kPadding, 2 * kPadding + metrics.height(), plotWidth, plotHeight);
  const double barWidth = plot.width() / bins;
  // Additive blending shows where the r, g and b distributions overlap (white where all three do).
  painter.setCompositionMode(QPainter::CompositionMode_Plus);
  const QColor colours[3] = {QColor(220, 60, 60, 200), QColor(60, 200, 60, 200), QColor(70, 110, 240, 200)};
  for (int c = 0; c < channels; ++c) {
    const QColor colour = channels == 1 ? QColor(215, 215, 215, 230) : colours[c % 3];
    for (int b = 0; b < bins; ++b) {
      const double value = static_cast<double>(stats.histogram[static_cast<std::size_t>(c) * bins + b]) / peak;
      const double barHeight = value * plot.height();
      painter.fillRect(
          QRectF(plot.left() + b * barWidth, plot.bottom() - barHeight, std::max(barWidth, 1.0), barHeight), colour);
    }
  }
  return image;
}

QImage paintCaption(const std::string& text, double scale) {
  if (text.empty()) return {};
  QFont font = overlayFont();
  font.setPixelSize(15);
  font.setBold(true);
  const QString line = QString::fromStdString(text);
  scale = std::clamp(scale, 0.25, 8.0);
  QImage probe(1, 1, QImage::Format_RGBA8888_Premultiplied);  // the metrics of the image painted on
  probe.setDevicePixelRatio(scale);
  const QFontMetrics metrics(font, &probe);
  QImage image = makePanel(metrics.horizontalAdvance(line) + 2 * kPadding, metrics.height() + kPadding, scale);
  QPainter painter(&image);
  painter.setFont(font);
  painter.setPen(QColor(255, 236, 160));
  painter.drawText(QRect(kPadding, kPadding / 2, image.width() - 2 * kPadding, metrics.height()), Qt::AlignLeft, line);
  return image;
}

}  // namespace kc
