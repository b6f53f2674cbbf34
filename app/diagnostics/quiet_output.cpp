#include "app/diagnostics/quiet_output.hpp"

#include <QString>
#include <QtGlobal>
#include <opencv2/core/utils/logger.hpp>

#include "app/diagnostics/ffmpeg_log.hpp"

namespace kc {

namespace {

QtMessageHandler previousHandler = nullptr;

void filterMessage(QtMsgType type, const QMessageLogContext& context, const QString& message) {
  if (type != QtFatalMsg && isKnownNoise(message.toStdString())) return;
  if (previousHandler) previousHandler(type, context, message);
}

}  // namespace

void installQuietOutput(bool verbose) {
  setVerboseOutput(verbose);
  routeFfmpegLog();  // FFmpeg's hook: its lines follow --verbose at the time they are logged
  if (verbose) return;
  previousHandler = qInstallMessageHandler(filterMessage);
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_ERROR);
}

}  // namespace kc
