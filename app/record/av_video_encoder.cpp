#include "app/record/av_video_encoder.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdint>
#include <new>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include "app/diagnostics/ffmpeg_log.hpp"
#include "app/io/output_file.hpp"
#include "gpu/core/error.hpp"
#include "gpu/core/input_file.hpp"

namespace kc {

namespace {

// x264's frame threads, fixed: its default (1.5 x the cores) makes the bytes depend on the machine.
constexpr int kX264Threads = 4;

// The descriptor behind FFmpeg's AVIOContext: our write and seek, so the first failure's errno is
// kept for the message (FFmpeg's own file protocol would only pass on an AVERROR).
struct FdOutput {
  int fd = -1;
  int error = 0;  // the first write's or seek's errno

#if LIBAVFORMAT_VERSION_MAJOR >= 61
  static int write(void* opaque, const std::uint8_t* data, int size){
#else
  static int write(void* opaque, std::uint8_t* data, int size) {
#endif
      auto* self = static_cast<FdOutput*>(opaque);
  if (self->error != 0) return AVERROR(self->error);
  for (int done = 0; done < size;) {
    const ssize_t n = ::write(self->fd, data + done, static_cast<std::size_t>(size - done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      self->error = n < 0 ? errno : ENOSPC;  // 0 bytes taken: nothing more will fit
      return AVERROR(self->error);
    }
    done += static_cast<int>(n);
  }
  return size;
} static std::int64_t seek(void* opaque, std::int64_t offset, int whence) {
  auto* self = static_cast<FdOutput*>(opaque);
  if (whence & AVSEEK_SIZE) {
    struct stat status {};
    if (::fstat(self->fd, &status) != 0) return AVERROR(errno);
    return status.st_size;
  }
  const off_t at = ::lseek(self->fd, static_cast<off_t>(offset), whence & ~AVSEEK_FORCE);
  if (at < 0) {
    if (self->error == 0) self->error = errno;
    return AVERROR(errno);
  }
  return at;
}
};  // namespace

// OpenCV's frame rate as a fraction: the rate's digits, up to 1/1000 (29.97 -> 2997/100).
AVRational frameRate(double fps) {
  int rate = static_cast<int>(fps + 0.5), base = 1;
  while (std::fabs(static_cast<double>(rate) / base - fps) > 0.001 && base < 1000000) {
    base *= 10;
    rate = static_cast<int>(fps * base + 0.5);
  }
  return {rate, base};
}

// The codecs OpenCV's fourccs picked: avc1 (libx264) or mp4v for MP4, MJPG for AVI; null where
// FFmpeg has none of them. `codecName` says which, for the user.
const AVCodec* findVideoEncoder(bool mp4, std::string& codecName) {
  const AVCodec* encoder = nullptr;
  if (mp4) {
    encoder = avcodec_find_encoder_by_name("libx264");
    codecName = "H.264";
    if (!encoder) {
      encoder = avcodec_find_encoder(AV_CODEC_ID_MPEG4);
      codecName = "MPEG-4";
    }
  } else {
    encoder = avcodec_find_encoder(AV_CODEC_ID_MJPEG);
    codecName = "Motion JPEG";
  }
  return encoder;
}

// Size, rate, pixel format and bit rates, as OpenCV's writer set them.
void configureCodec(AVCodecContext& c, const AVCodec& encoder, cv::Size size, AVRational rate) {
  c.width = size.width;
  c.height = size.height;
  c.time_base = {rate.den, rate.num};
  c.framerate = rate;
  const bool mjpeg = encoder.id == AV_CODEC_ID_MJPEG;
  c.pix_fmt = mjpeg ? AV_PIX_FMT_YUVJ420P : AV_PIX_FMT_YUV420P;
  // OpenCV's rates: (3 for MJPEG, else 1) x fps x pixels as the base, raised by half twice on the way.
  const double base = std::min((mjpeg ? 3.0 : 1.0) * av_q2d(rate) * size.width * size.height, INT_MAX / 2.0);
  if (encoder.id == AV_CODEC_ID_H264) {
    // Constant quality (CRF 23), x264's own GOP and quantiser limits.
    c.bit_rate = static_cast<std::int64_t>(base / 2);
    av_opt_set(c.priv_data, "crf", "23", 0);
    c.thread_count = kX264Threads;
  } else {
    c.bit_rate = std::min(static_cast<std::int64_t>(base) * 2, static_cast<std::int64_t>(INT_MAX));
    c.qmin = 3;
    c.gop_size = 12;
  }
  c.bit_rate_tolerance = static_cast<int>(std::min<std::int64_t>(c.bit_rate, INT_MAX));
}

// FFmpeg's I/O through `output` (our write and seek on its descriptor).
AVIOContext* fdOutputContext(FdOutput& output) {
  constexpr int kBufferBytes = 256 * 1024;
  auto* buffer = static_cast<unsigned char*>(av_malloc(kBufferBytes));
  if (!buffer) throw std::bad_alloc();
  const bool seekable = ::lseek(output.fd, 0, SEEK_CUR) >= 0;  // a pipe cannot: AVI then streams without its index
  AVIOContext* io = avio_alloc_context(buffer, kBufferBytes, 1, &output, nullptr, FdOutput::write,
                                       seekable ? FdOutput::seek : nullptr);
  if (!io) {
    av_free(buffer);
    throw std::bad_alloc();
  }
  return io;
}

// The muxer's options for the header; a fragmented file is flushed as it goes.
AVDictionary* muxerOptions(AVFormatContext& format, bool fragmented, bool mp4) {
  AVDictionary* options = nullptr;
  if (fragmented) {
    format.flags |= AVFMT_FLAG_FLUSH_PACKETS;  // on disk as soon as the muxer lets go of it
    if (mp4) {
      // Fragments begin at a keyframe or after a second, whichever comes first; each is written
      // out whole. (An AVI is written frame by frame anyway; its index only helps seeking.)
      av_dict_set(&options, "movflags", "frag_keyframe+empty_moov+default_base_moof", 0);
      av_dict_set(&options, "frag_duration", "1000000", 0);
    }
  }
  return options;
}

}  // namespace kc

struct AvVideoEncoder::State {
  FdOutput output;
  AVIOContext* io = nullptr;
  AVFormatContext* format = nullptr;
  AVCodecContext* codec = nullptr;
  AVStream* stream = nullptr;
  SwsContext* scaler = nullptr;
  AVFrame* frame = nullptr;
  AVPacket* packet = nullptr;
  std::int64_t nextPts = 0;
  bool finished = false;

  ~State() {
    sws_freeContext(scaler);
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&codec);
    avformat_free_context(format);  // no trailer: an unfinished file is the caller's to remove
    if (io) {
      av_freep(&io->buffer);
      avio_context_free(&io);
    }
  }
};

AvVideoEncoder::AvVideoEncoder(int fd, VideoContainer container, cv::Size size, double framesPerSecond, bool fragmented,
                               std::string label)
    : state_(std::make_unique<State>()), label_(std::move(label)) {
  KC_REQUIRE(size.width > 0 && size.height > 0 && size.width % 2 == 0 && size.height % 2 == 0,
             "AvVideoEncoder: the size must have even sides");
  routeFfmpegLog();
  State& s = *state_;
  s.output.fd = fd;
  const bool mp4 = container == VideoContainer::Mp4;
  const std::string extension = mp4 ? ".mp4" : ".avi";
  auto noEncoder = [&](const std::string& why) {
    throw io::OutputError(io::OutputError::Kind::Usage, label_ + ": cannot write (no encoder for " + extension +
                                                            " at " + std::to_string(size.width) + "x" +
                                                            std::to_string(size.height) + ": " + why + ")");
  };

  const AVCodec* encoder = findVideoEncoder(mp4, codecName_);
  if (!encoder)
    noEncoder(mp4 ? "FFmpeg has neither libx264 nor an MPEG-4 encoder" : "FFmpeg has no Motion JPEG encoder");

  const AVOutputFormat* muxer = av_guess_format(mp4 ? "mp4" : "avi", nullptr, nullptr);
  if (!muxer) noEncoder("FFmpeg has no " + extension + " muxer");
  if (avformat_alloc_output_context2(&s.format, muxer, nullptr, nullptr) < 0 || !s.format) throw std::bad_alloc();
  s.format->max_delay = static_cast<int>(0.7 * AV_TIME_BASE);

  s.codec = avcodec_alloc_context3(encoder);
  s.frame = av_frame_alloc();
  s.packet = av_packet_alloc();
  s.stream = avformat_new_stream(s.format, nullptr);
  if (!s.codec || !s.frame || !s.packet || !s.stream) throw std::bad_alloc();
  AVCodecContext& c = *s.codec;
  const AVRational rate = frameRate(framesPerSecond > 0 ? framesPerSecond : 30.0);
  configureCodec(c, *encoder, size, rate);
  if (s.format->oformat->flags & AVFMT_GLOBALHEADER) c.flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  int status = avcodec_open2(s.codec, encoder, nullptr);
  if (status < 0) noEncoder("cannot start the " + std::string(encoder->name) + " encoder: " + ffmpegErrorText(status));
  status = avcodec_parameters_from_context(s.stream->codecpar, s.codec);
  if (status < 0) fail(status, "setting up the stream");
  s.stream->time_base = c.time_base;
  s.stream->avg_frame_rate = rate;

  s.frame->format = c.pix_fmt;
  s.frame->width = c.width;
  s.frame->height = c.height;
  if (av_frame_get_buffer(s.frame, 0) < 0) throw std::bad_alloc();
  // BGR in, as OpenCV's writer took it, with its scaler settings.
  s.scaler = sws_getContext(size.width, size.height, AV_PIX_FMT_BGR24, size.width, size.height, c.pix_fmt, SWS_BICUBIC,
                            nullptr, nullptr, nullptr);
  if (!s.scaler) noEncoder("no conversion from BGR to the encoder's pixel format");

  s.io = fdOutputContext(s.output);
  s.format->pb = s.io;
  AVDictionary* options = muxerOptions(*s.format, fragmented, mp4);
  status = avformat_write_header(s.format, &options);
  av_dict_free(&options);
  if (status < 0) fail(status, "writing the header");
}

AvVideoEncoder::~AvVideoEncoder() = default;

void AvVideoEncoder::fail(int status, const std::string& during) {
  const int error = state_->output.error;
  throw io::OutputError(
      io::OutputError::Kind::WriteFailed,
      label_ + ": cannot write (" +
          (error != 0 ? pathErrorReason(error) : "FFmpeg: " + ffmpegErrorText(status) + " " + during) + ")");
}

void AvVideoEncoder::write(const cv::Mat& bgr) {
  State& s = *state_;
  KC_REQUIRE(!s.finished, "AvVideoEncoder::write after finish()");
  KC_REQUIRE(bgr.type() == CV_8UC3 && bgr.cols == s.codec->width && bgr.rows == s.codec->height,
             "AvVideoEncoder::write: expected BGR of the encoder's size");
  if (av_frame_make_writable(s.frame) < 0) throw std::bad_alloc();  // the encoder may still hold the last one
  const std::uint8_t* planes[4] = {bgr.data, nullptr, nullptr, nullptr};
  const int pitches[4] = {static_cast<int>(bgr.step), 0, 0, 0};
  sws_scale(s.scaler, planes, pitches, 0, bgr.rows, s.frame->data, s.frame->linesize);
  s.frame->pts = s.nextPts++;
  send(false);
}

void AvVideoEncoder::send(bool last) {
  State& s = *state_;
  int status = avcodec_send_frame(s.codec, last ? nullptr : s.frame);
  if (status < 0) fail(status, "encoding");
  for (;;) {
    status = avcodec_receive_packet(s.codec, s.packet);
    if (status == AVERROR(EAGAIN) || status == AVERROR_EOF) return;
    if (status < 0) fail(status, "encoding");
    av_packet_rescale_ts(s.packet, s.codec->time_base, s.stream->time_base);
    s.packet->stream_index = s.stream->index;
    status = av_write_frame(s.format, s.packet);  // checks the AVIOContext's error too
    av_packet_unref(s.packet);
    if (status < 0) fail(status, "writing a frame");
  }
}

void AvVideoEncoder::finish() {
  State& s = *state_;
  KC_REQUIRE(!s.finished, "AvVideoEncoder::finish twice");
  s.finished = true;
  send(true);
  int status = av_write_trailer(s.format);  // the MP4 index: only now is a plain MP4 playable
  if (status < 0) fail(status, "writing the trailer");
  avio_flush(s.io);
  if (s.io->error < 0 || s.output.error != 0) fail(s.io->error, "writing the trailer");
}

}  // namespace kc
