#include "app/diagnostics/ffmpeg_log.hpp"

#include <cstdarg>
#include <cstdio>
#include <mutex>

extern "C" {
#include <libavutil/error.h>
#include <libavutil/log.h>
}

#include "app/diagnostics/stderr_noise.hpp"

namespace kc {

namespace {

void logLine(void* context, int level, const char* format, va_list arguments) {
  if (!verboseOutput() || level > AV_LOG_INFO) return;
  // FFmpeg builds a line from several calls; the prefix ("[h264 @ 0x...] ") starts each new one.
  thread_local int printPrefix = 1;
  char line[1024];
  av_log_format_line2(context, level, format, arguments, line, sizeof line, &printPrefix);
  std::fputs(line, stderr);
}

}  // namespace

void routeFfmpegLog() {
  static std::once_flag once;
  std::call_once(once, [] { av_log_set_callback(logLine); });
}

std::string ffmpegErrorText(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, text, sizeof text);
  return text;
}

}  // namespace kc
