#include "app/sources/av_video_reader.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <unistd.h>
#include <new>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libswscale/swscale.h>
}

#include "app/diagnostics/ffmpeg_log.hpp"
#include "app/sources/frame_source.hpp"
#include "gpu/core/input_file.hpp"
#include "gpu/core/memory_budget.hpp"
#include "gpu/core/message_text.hpp"
#include "gpu/pipeline/frame_limits.hpp"
#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

namespace {

// The file through our own I/O callbacks, so that FFmpeg never sees its name: its image2 reader
// would otherwise take "seq_%03d.png" as a numbered pattern instead of that one file.
struct FileInput {
  std::FILE* file = nullptr;
  ~FileInput() {
    if (file) std::fclose(file);
  }
  static int read(void* opaque, std::uint8_t* buffer, int size) {
    auto* self = static_cast<FileInput*>(opaque);
    const std::size_t got = std::fread(buffer, 1, static_cast<std::size_t>(size), self->file);
    if (got > 0) return static_cast<int>(got);
    return std::ferror(self->file) ? AVERROR(EIO) : AVERROR_EOF;
  }
  static std::int64_t seek(void* opaque, std::int64_t offset, int whence) {
    auto* self = static_cast<FileInput*>(opaque);
    if (whence & AVSEEK_SIZE) {
      const off_t here = ftello(self->file);
      if (fseeko(self->file, 0, SEEK_END) != 0) return AVERROR(errno);
      const off_t size = ftello(self->file);
      fseeko(self->file, here, SEEK_SET);
      return size;
    }
    if (fseeko(self->file, static_cast<off_t>(offset), whence & ~AVSEEK_FORCE) != 0) return AVERROR(errno);
    return ftello(self->file);
  }
};

// A sequence's frames are opened by FFmpeg's image2 reader, one file per frame: through these
// callbacks rather than its file protocol, each only if it is a regular file (openInputFile: a FIFO
// would block the open, a device never end). A refusal is kept in `refusal` for the message.
struct SequenceFiles {
  std::string refusal;  // "frame 'f_0002.png': is a FIFO ..." once a frame was refused

  static int open(AVFormatContext* format, AVIOContext** io, const char* url, int flags, AVDictionary**) {
    auto* self = static_cast<SequenceFiles*>(format->opaque);
    if (flags & AVIO_FLAG_WRITE) return AVERROR(EPERM);
    std::string reason;
    const int fd = openInputFile(url, &reason);
    if (fd < 0) {
      self->refusal = "frame " + quotedText(url, 120) + ": " + reason;
      return AVERROR(EIO);
    }
    auto input = std::make_unique<FileInput>();
    input->file = ::fdopen(fd, "rb");
    if (!input->file) {
      ::close(fd);
      return AVERROR(ENOMEM);
    }
    constexpr int kBufferBytes = 64 * 1024;
    auto* buffer = static_cast<unsigned char*>(av_malloc(kBufferBytes));
    *io = buffer ? avio_alloc_context(buffer, kBufferBytes, 0, input.get(), FileInput::read, nullptr, FileInput::seek)
                 : nullptr;
    if (!*io) {
      av_free(buffer);
      return AVERROR(ENOMEM);
    }
    input.release();  // closed with the context
    return 0;
  }
  static int close(AVFormatContext*, AVIOContext* io) {
    delete static_cast<FileInput*>(io->opaque);
    av_freep(&io->buffer);
    avio_context_free(&io);
    return 0;
  }
};

}  // namespace

struct AvVideoReader::State {
  FileInput input;
  SequenceFiles sequence;
  AVIOContext* io = nullptr;
  AVFormatContext* format = nullptr;
  AVCodecContext* codec = nullptr;
  SwsContext* scaler = nullptr;
  AVPacket* packet = nullptr;
  AVFrame* decoded = nullptr;
  int stream = -1;
  bool draining = false;  // the file is read to its end: the decoder gives what it still holds
  bool finished = false;
  long long framesRead = 0;

  ~State() {
    sws_freeContext(scaler);
    av_frame_free(&decoded);
    av_packet_free(&packet);
    avcodec_free_context(&codec);
    avformat_close_input(&format);
    if (io) {
      av_freep(&io->buffer);
      avio_context_free(&io);
    }
  }
};

AvVideoReader::AvVideoReader(const std::string& path, const std::string& what, const AvVideoOptions& options)
    : path_(path), what_(what), options_(options) {
  open();
}

AvVideoReader::~AvVideoReader() = default;

void AvVideoReader::open() {
  routeFfmpegLog();  // FFmpeg's own lines: --verbose only
  state_.reset();
  auto state = std::make_unique<State>();
  auto fail = [&](const std::string& why) { throw SourceError(what_ + ": cannot be opened as a video (" + why + ")"); };

  const AVInputFormat* forced = nullptr;
  std::string url = path_;
  if (options_.sequence) {
    forced = av_find_input_format("image2");
    state->format = avformat_alloc_context();
    if (!state->format) throw std::bad_alloc();
    state->format->opaque = &state->sequence;
    state->format->io_open = SequenceFiles::open;
    state->format->io_close2 = SequenceFiles::close;
  } else {
    // Checked and opened on one descriptor (as each sequence frame is): a path swapped for a FIFO
    // after the source's check cannot block here.
    std::string reason;
    const int fd = openInputFile(path_, &reason);
    if (fd < 0) fail(reason);
    state->input.file = ::fdopen(fd, "rb");
    if (!state->input.file) {
      const int error = errno;
      ::close(fd);
      fail(std::string("cannot open the file: ") + std::strerror(error));
    }
    constexpr int kBufferBytes = 64 * 1024;
    auto* buffer = static_cast<unsigned char*>(av_malloc(kBufferBytes));
    state->io = avio_alloc_context(buffer, kBufferBytes, 0, &state->input, FileInput::read, nullptr, FileInput::seek);
    if (!state->io) {
      av_free(buffer);
      throw std::bad_alloc();
    }
    state->format = avformat_alloc_context();
    if (!state->format) throw std::bad_alloc();
    state->format->pb = state->io;
    url.clear();  // no name to guess a format (or a pattern) from: the bytes decide
  }
  int status = avformat_open_input(&state->format, url.c_str(), forced, nullptr);
  if (status < 0) fail("FFmpeg: " + ffmpegErrorText(status) + "; unknown format, corrupt, or no decoder");
  status = avformat_find_stream_info(state->format, nullptr);
  if (!state->sequence.refusal.empty()) throw SourceError(what_ + ": " + state->sequence.refusal);
  if (status < 0) fail("FFmpeg: " + ffmpegErrorText(status));
  const AVCodec* decoder = nullptr;
  state->stream = av_find_best_stream(state->format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0);
  if (state->stream < 0 || !decoder)
    fail(state->stream == AVERROR_DECODER_NOT_FOUND ? "no decoder for its video codec" : "no video stream in the file");
  state->codec = avcodec_alloc_context3(decoder);
  state->packet = av_packet_alloc();
  state->decoded = av_frame_alloc();
  if (!state->codec || !state->packet || !state->decoded) throw std::bad_alloc();
  status = avcodec_parameters_to_context(state->codec, state->format->streams[state->stream]->codecpar);
  if (status < 0) fail("FFmpeg: " + ffmpegErrorText(status));
  state->codec->thread_count = 0;  // FFmpeg picks
  // Strict: a decoder that finds damaged data says so (an error) instead of concealing it quietly
  // (the MJPEG decoder only logs "error dc"; H.264 marks the frame). Lenient: conceal and go on.
  if (!options_.lenient) state->codec->err_recognition |= AV_EF_EXPLODE | AV_EF_BITSTREAM | AV_EF_BUFFER;
  status = avcodec_open2(state->codec, decoder, nullptr);
  if (status < 0) fail("cannot start the " + std::string(decoder->name) + " decoder: " + ffmpegErrorText(status));
  state_ = std::move(state);
}

int AvVideoReader::width() const { return state_->codec->width; }
int AvVideoReader::height() const { return state_->codec->height; }
long long AvVideoReader::framesRead() const { return state_->framesRead; }

double AvVideoReader::framesPerSecond() const {
  const AVStream* stream = state_->format->streams[state_->stream];
  for (const AVRational rate : {stream->avg_frame_rate, stream->r_frame_rate})
    if (rate.num > 0 && rate.den > 0) return av_q2d(rate);
  return 0;
}

void AvVideoReader::rewind() {
  State& s = *state_;
  if (av_seek_frame(s.format, s.stream, 0, AVSEEK_FLAG_BACKWARD) >= 0) {
    avcodec_flush_buffers(s.codec);
    s.draining = s.finished = false;
    s.framesRead = 0;
    return;
  }
  open();
}

bool AvVideoReader::read(HostFrame& frame, FramePool& pool) {
  State& s = *state_;
  const long long number = s.framesRead + 1;  // 1-based, as a person counts frames
  auto failed = [&](const std::string& why) {
    throw SourceError(what_ + ": the video fails at frame " + std::to_string(number) + " (" + why + ")" +
                      (options_.lenient ? "" : "; --lenient skips damaged frames"));
  };
  while (!s.finished) {
    const int received = avcodec_receive_frame(s.codec, s.decoded);
    if (received == 0) {
      const bool damaged = s.decoded->decode_error_flags != 0 || (s.decoded->flags & AV_FRAME_FLAG_CORRUPT) != 0;
      if (damaged && !options_.lenient) failed("the decoder reports damaged data it had to conceal");
      break;
    }
    if (received == AVERROR_EOF) {
      s.finished = true;
      return false;
    }
    if (received != AVERROR(EAGAIN)) {
      if (!options_.lenient) failed("FFmpeg: " + ffmpegErrorText(received));
      continue;
    }
    // The decoder wants input: the next packet of our stream, or the end.
    if (s.draining) {
      s.finished = true;
      return false;
    }
    const int status = av_read_frame(s.format, s.packet);
    // A frame file that is not a regular file is no damaged data: refused, --lenient or not.
    if (!s.sequence.refusal.empty()) throw SourceError(what_ + ": " + s.sequence.refusal);
    if (status == AVERROR_EOF) {
      s.draining = true;
      avcodec_send_packet(s.codec, nullptr);
      continue;
    }
    if (status < 0) {
      if (!options_.lenient) failed("reading the file: " + ffmpegErrorText(status));
      s.draining = true;
      avcodec_send_packet(s.codec, nullptr);
      continue;
    }
    if (s.packet->stream_index == s.stream) {
      const int sent = avcodec_send_packet(s.codec, s.packet);
      if (sent < 0 && sent != AVERROR(EAGAIN) && !options_.lenient) {
        av_packet_unref(s.packet);
        failed("FFmpeg: " + ffmpegErrorText(sent));
      }
    }
    av_packet_unref(s.packet);
  }
  if (s.finished) return false;

  const AVFrame& in = *s.decoded;
  if (!frameSizeAllowed(in.width, in.height)) failed(frameSizeProblem(in.width, in.height));
  try {
    requireMemory("a " + std::to_string(in.width) + "x" + std::to_string(in.height) + " video frame",
                  {4.0 * in.width * in.height, 0});
  } catch (const OutOfMemory& e) {
    failed(e.what());
  }
  s.scaler = sws_getCachedContext(s.scaler, in.width, in.height, static_cast<AVPixelFormat>(in.format), in.width,
                                  in.height, AV_PIX_FMT_RGBA, SWS_BILINEAR, nullptr, nullptr, nullptr);
  if (!s.scaler) failed("no conversion from its pixel format to RGBA");
  frame = pool.acquire(PixelFormat::Rgba8, in.width, in.height);  // the pipeline's memory: no copy after this one
  std::uint8_t* planes[4] = {frame.rgba.bytes(), nullptr, nullptr, nullptr};
  const int pitches[4] = {static_cast<int>(frame.pitch()), 0, 0, 0};
  sws_scale(s.scaler, in.data, in.linesize, 0, in.height, planes, pitches);
  countHostFrameCopy();
  av_frame_unref(s.decoded);
  ++s.framesRead;
  return true;
}

}  // namespace kc
