#pragma once
// Tiny videos made at test time (CI installs no ffmpeg CLI): segments of frames, each segment its
// own size, so a reader that does not follow size changes shows up. Every frame is one grey level
// per segment with its bottom-right quadrant white: a frame cropped to an earlier, smaller size
// loses the white quadrant.
#include <opencv2/imgcodecs.hpp>

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}

#include <fstream>
#include <string>
#include <vector>

namespace kc::test {

struct VideoSegment {
  int width, height, frames;
};

inline int segmentGrey(std::size_t segment) { return 40 + 40 * static_cast<int>(segment % 5); }

// Motion JPEG: the JPEGs one after the other (FFmpeg's mjpeg reader).
inline void writeMjpeg(const std::string& path, const std::vector<VideoSegment>& segments) {
  std::ofstream out(path, std::ios::binary);
  for (std::size_t s = 0; s < segments.size(); ++s) {
    const VideoSegment& seg = segments[s];
    cv::Mat frame(seg.height, seg.width, CV_8UC3, cv::Scalar::all(segmentGrey(s)));
    frame(cv::Rect(seg.width / 2, seg.height / 2, seg.width - seg.width / 2, seg.height - seg.height / 2))
        .setTo(cv::Scalar::all(250));
    std::vector<unsigned char> jpeg;
    cv::imencode(".jpg", frame, jpeg);
    for (int i = 0; i < seg.frames; ++i)
      out.write(reinterpret_cast<const char*>(jpeg.data()), static_cast<std::streamsize>(jpeg.size()));
  }
}

// MPEG-2 video in an MPEG transport stream, a new encoder (and sequence header) per segment, as a
// broadcast stream switching resolution looks. False when this FFmpeg lacks the encoder or muxer.
inline bool writeMpegTs(const std::string& path, const std::vector<VideoSegment>& segments) {
  const AVCodec* codec = avcodec_find_encoder(AV_CODEC_ID_MPEG2VIDEO);
  AVFormatContext* format = nullptr;
  if (!codec || avformat_alloc_output_context2(&format, nullptr, "mpegts", path.c_str()) < 0) return false;
  AVStream* stream = avformat_new_stream(format, nullptr);
  AVPacket* packet = av_packet_alloc();
  AVFrame* frame = av_frame_alloc();
  bool ok = stream && packet && frame && avio_open(&format->pb, path.c_str(), AVIO_FLAG_WRITE) >= 0;
  bool headerWritten = false;
  std::int64_t pts = 0;
  for (std::size_t s = 0; ok && s < segments.size(); ++s) {
    const VideoSegment& seg = segments[s];
    AVCodecContext* encoder = avcodec_alloc_context3(codec);
    encoder->width = seg.width;
    encoder->height = seg.height;
    encoder->pix_fmt = AV_PIX_FMT_YUV420P;
    encoder->time_base = AVRational{1, 25};
    encoder->framerate = AVRational{25, 1};
    encoder->gop_size = 6;
    encoder->max_b_frames = 0;
    // Signalled low delay: the decoder then outputs each picture at once. (A stream with the usual
    // one-picture delay loses that picture at a resolution switch: FFmpeg's MPEG-2 decoder drops
    // it when it re-initialises for the new size.)
    encoder->flags |= AV_CODEC_FLAG_LOW_DELAY;
    encoder->bit_rate = 2000000;
    ok = avcodec_open2(encoder, codec, nullptr) >= 0;
    if (ok && !headerWritten) {
      avcodec_parameters_from_context(stream->codecpar, encoder);
      stream->time_base = encoder->time_base;
      ok = avformat_write_header(format, nullptr) >= 0;
      headerWritten = ok;
    }
    auto drain = [&] {
      while (avcodec_receive_packet(encoder, packet) == 0) {
        packet->stream_index = stream->index;
        av_packet_rescale_ts(packet, encoder->time_base, stream->time_base);
        ok = ok && av_interleaved_write_frame(format, packet) >= 0;
      }
    };
    for (int i = 0; ok && i < seg.frames; ++i) {
      av_frame_unref(frame);
      frame->format = AV_PIX_FMT_YUV420P;
      frame->width = seg.width;
      frame->height = seg.height;
      ok = av_frame_get_buffer(frame, 0) >= 0;
      // Limited-range luma (16..235), so the decoded RGB is the segment's grey again.
      const int grey = 16 + segmentGrey(s) * 219 / 255;
      for (int y = 0; ok && y < seg.height; ++y)
        for (int x = 0; x < seg.width; ++x)
          frame->data[0][y * frame->linesize[0] + x] =
              static_cast<std::uint8_t>(x >= seg.width / 2 && y >= seg.height / 2 ? 235 : grey);
      for (int p = 1; ok && p < 3; ++p)
        for (int y = 0; y < (seg.height + 1) / 2; ++y)
          std::fill_n(frame->data[p] + y * frame->linesize[p], (seg.width + 1) / 2, 128);
      frame->pts = pts++;
      ok = ok && avcodec_send_frame(encoder, frame) >= 0;
      drain();
    }
    if (ok) avcodec_send_frame(encoder, nullptr);
    drain();
    avcodec_free_context(&encoder);
  }
  if (headerWritten) av_write_trailer(format);
  av_frame_free(&frame);
  av_packet_free(&packet);
  if (format && format->pb) avio_closep(&format->pb);
  avformat_free_context(format);
  return ok;
}

}  // namespace kc::test
