#pragma once
// A camera's QVideoFrame -> a HostFrame in the camera's own format, without QVideoFrame::toImage():
// the frame is mapped read-only and its planes (bits(plane), bytesPerLine(plane)) are copied once
// into a frame of the pipeline's pool, which the CUDA backend uploads as it is and converts on the
// GPU (host_frame.hpp, frame_ops.hpp). Formats kernelcam does not convert itself (MJPEG, 10-bit,
// alpha-first RGB, ...) go through toImage() into RGBA instead.
#include <QVideoFrame>
#include <QVideoFrameFormat>
#include <optional>

#include "gpu/pipeline/frame_pool.hpp"

namespace kc {

// The HostFrame format of a Qt pixel format kernelcam converts itself, or nothing.
std::optional<PixelFormat> hostPixelFormat(QVideoFrameFormat::PixelFormat format);

// The matrix and range the frame format states. Where it states none: BT.601 and limited range,
// the UVC defaults (a JPEG-decoded frame says full range itself). BT.2020 is kept; other colour
// spaces (Adobe RGB) are RGB spaces and say nothing about YUV: BT.601.
YuvEncoding yuvEncodingOf(const QVideoFrameFormat& format);

// The frame, copied into a frame of `pool` (one counted host copy): in its own format where
// hostPixelFormat() has one, else in RGBA through toImage(). Empty when it cannot be mapped.
HostFrame copyVideoFrame(const QVideoFrame& frame, FramePool& pool);

}  // namespace kc
