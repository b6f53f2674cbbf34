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
  // OpenCV's own log: its decoders' errors (OpenJPEG's, libtiff's through OpenCV's handler) say
  // what kernelcam's one line says; its other remarks mean nothing to a user.
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
  filterCerrNoise();  // what OpenCV writes to std::cerr itself
}

}  // namespace kc
