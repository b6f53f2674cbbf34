// Camera frames in their own formats, end to end without a camera: QVideoFrames of each format are
// built from a known picture (QVideoFrameFormat + QVideoFrame(format), map(WriteOnly), planes filled
// at Qt's bytesPerLine), mapped into a pool frame by copyVideoFrame, and converted by both backends
// (the CPU's entry conversion; the CUDA pipeline where a device exists), each compared with the
// formulas in double (tests/support/yuv_test_images.hpp) on the very bytes written. Also the pattern
// in every format, and the host copies each source costs per frame (hostFrameCopies()).
#include <gtest/gtest.h>

#include <QVideoFrame>
#include <QVideoFrameFormat>
#include <cstring>
#include <opencv2/videoio.hpp>

#include "app/session/run_session.hpp"
#include "app/sources/camera_frame.hpp"
#include "app/sources/image_source.hpp"
#include "app/sources/pattern_source.hpp"
#include "app/sources/video_source.hpp"
#include "tests/support/test_data.hpp"
#include "tests/support/yuv_test_images.hpp"
#include "gpu/image/grayscale.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using kc::test::HostYuv;

struct QtCase {
  QVideoFrameFormat::PixelFormat qt;
  kc::PixelFormat ours;
};
constexpr QtCase kYuvCases[] = {{QVideoFrameFormat::Format_NV12, kc::PixelFormat::Nv12},
                                {QVideoFrameFormat::Format_YUV420P, kc::PixelFormat::I420},
                                {QVideoFrameFormat::Format_YV12, kc::PixelFormat::Yv12},
                                {QVideoFrameFormat::Format_YUYV, kc::PixelFormat::Yuyv},
                                {QVideoFrameFormat::Format_UYVY, kc::PixelFormat::Uyvy}};

// The known picture: a photo of the shared data cropped to the size, else the pattern.
kc::HostImage<kc::Rgba8> knownPicture(int width, int height) {
  kc::PatternSource pattern(width, height);
  const kc::HostFrame frame = pattern.frameAt(17);
  kc::HostImage<kc::Rgba8> image(width, height);
  for (int y = 0; y < height; ++y) std::memcpy(image.view().row(y), frame.rgba.view().row(y), image.view().rowBytes());
  return image;
}

// A QVideoFrame holding `yuv` (our planes, Y Cb Cr order) in Qt's planes of `qt` (memory order).
// *fits: whether Qt's planes hold ours (Qt 6.4 gives an odd-height I420 frame one chroma row too
// few: what fits is written, and such a frame must go through toImage()).
QVideoFrame videoFrameOf(const HostYuv& yuv, QVideoFrameFormat::PixelFormat qt, QVideoFrameFormat::ColorSpace space,
                         QVideoFrameFormat::ColorRange range, bool* fits = nullptr) {
  QVideoFrameFormat format(QSize(yuv.width, yuv.height), qt);
  format.setColorSpace(space);
  format.setColorRange(range);
  QVideoFrame frame(format);
  EXPECT_TRUE(frame.map(QVideoFrame::WriteOnly));
  bool all = true;
  for (int p = 0; p < kc::yuvPlaneCount(yuv.layout); ++p) {
    const int qtPlane = qt == QVideoFrameFormat::Format_YV12 && p > 0 ? 3 - p : p;
    const kc::ConstImageView<std::uint8_t> from = yuv.planes[p].view();
    const int pitch = frame.bytesPerLine(qtPlane);
    all = all && pitch >= from.width && frame.mappedBytes(qtPlane) >= pitch * (from.height - 1) + from.width;
    for (int y = 0; y < from.height && (y + 1) * pitch <= frame.mappedBytes(qtPlane); ++y)
      std::memcpy(frame.bits(qtPlane) + static_cast<std::ptrdiff_t>(y) * pitch, from.row(y),
                  std::min(from.width, pitch));
  }
  frame.unmap();
  if (fits) *fits = all;
  else EXPECT_TRUE(all);
  return frame;
}

// Largest channel difference between a converted frame and the formulas on `yuv`'s bytes.
int worstAgainstFormulas(const kc::HostFrame& rgba, const HostYuv& yuv, kc::YuvEncoding encoding) {
  EXPECT_EQ(rgba.format, kc::PixelFormat::Rgba8);
  if (rgba.format != kc::PixelFormat::Rgba8) return 999;
  int worst = 0;
  for (int y = 0; y < yuv.height; ++y)
    for (int x = 0; x < yuv.width; ++x) {
      const kc::Rgba8 want = kc::test::formulaPixel(kc::test::samplesAt(yuv.view(), x, y), encoding);
      const kc::Rgba8 have = rgba.rgba.at(x, y);
      worst = std::max({worst, std::abs(want.r - have.r), std::abs(want.g - have.g), std::abs(want.b - have.b)});
    }
  return worst;
}

std::unique_ptr<kc::FramePipeline> cudaPipelineOrNull() {
  return kc::cudaBackendAvailable() ? kc::RunSession(kc::Backend::Cuda).newPipeline() : nullptr;
}

struct SpaceCase {
  QVideoFrameFormat::ColorSpace space;
  QVideoFrameFormat::ColorRange range;
  kc::YuvEncoding encoding;
};
const SpaceCase kSpaces[] = {
    {QVideoFrameFormat::ColorSpace_Undefined, QVideoFrameFormat::ColorRange_Unknown, {}},  // the UVC defaults
    {QVideoFrameFormat::ColorSpace_BT601,
     QVideoFrameFormat::ColorRange_Full,
     {kc::YuvMatrix::Bt601, kc::YuvRange::Full}},
    {QVideoFrameFormat::ColorSpace_BT709,
     QVideoFrameFormat::ColorRange_Video,
     {kc::YuvMatrix::Bt709, kc::YuvRange::Limited}},
    {QVideoFrameFormat::ColorSpace_BT709,
     QVideoFrameFormat::ColorRange_Full,
     {kc::YuvMatrix::Bt709, kc::YuvRange::Full}},
    {QVideoFrameFormat::ColorSpace_BT2020,
     QVideoFrameFormat::ColorRange_Video,
     {kc::YuvMatrix::Bt2020, kc::YuvRange::Limited}}};

TEST(CameraFrames, YuvFramesMapCopyOnceAndConvertOnBothBackends) {
  kc::test::testApplication();
  auto cuda = cudaPipelineOrNull();
  if (!cuda) std::printf("[ NOTE     ] no CUDA device: the GPU conversions of these frames are not checked here\n");
  int oddMapped = 0;  // odd-sized frames whose planes Qt allocated in full: the chroma rule at the edges
  for (const kc::test::Size2D size :
       {kc::test::Size2D{64, 48}, kc::test::Size2D{640, 480}, kc::test::Size2D{34, 18}, kc::test::Size2D{33, 17}})
    for (const QtCase& c : kYuvCases)
      for (const SpaceCase& space : kSpaces) {
        SCOPED_TRACE(std::string(kc::pixelFormatName(c.ours)) + " " + kc::test::describe(space.encoding) + " " +
                     std::to_string(size.width) + "x" + std::to_string(size.height));
        HostYuv yuv(kc::yuvLayout(c.ours), size.width, size.height, 0);
        kc::rgbaToYuvCpu(knownPicture(size.width, size.height).view(), space.encoding, yuv.mutableView());
        bool fits = false;
        const QVideoFrame video = videoFrameOf(yuv, c.qt, space.space, space.range, &fits);

        kc::FramePool pool;
        const std::uint64_t before = kc::hostFrameCopies();
        const kc::HostFrame frame = kc::copyVideoFrame(video, pool);
        EXPECT_EQ(kc::hostFrameCopies(), before + 1) << "one copy: the driver's buffer into the pool";
        if (size.width % 2 && fits) ++oddMapped;
        if (!fits) {  // planes short of the picture: not read past their end, converted by Qt instead
          EXPECT_TRUE(frame.empty() || frame.format == kc::PixelFormat::Rgba8);
          continue;
        }
        ASSERT_EQ(frame.format, c.ours);
        EXPECT_EQ(frame.yuv.encoding, space.encoding);
        EXPECT_EQ(pool.stats().buffersOut, 1) << "the frame lives in a pool buffer";
        for (int p = 0; p < kc::yuvPlaneCount(yuv.layout); ++p)
          EXPECT_TRUE(kc::samePixels<std::uint8_t>(frame.yuv.planes[p].view(), yuv.planes[p].view())) << "plane " << p;

        // The CPU backend's conversion (cvtColor or the reference) and the GPU's, against the formulas.
        EXPECT_LE(worstAgainstFormulas(kc::toRgbaFrame(frame), yuv, space.encoding), 1);
        if (cuda) {
          cuda->setChain({});
          EXPECT_LE(worstAgainstFormulas(cuda->process(frame).output, yuv, space.encoding), 1);
        }
      }
  EXPECT_GT(oddMapped, 0);
}

TEST(CameraFrames, RgbAndGreyFramesKeepTheirPixels) {
  kc::test::testApplication();
  const int w = 37, h = 11;
  const kc::HostImage<kc::Rgba8> picture = knownPicture(w, h);
  struct Case {
    QVideoFrameFormat::PixelFormat qt;
    kc::PixelFormat ours;
    int order[4];  // memory byte i holds channel order[i] of R,G,B,A (-1: the grey luma)
  };
  const Case cases[] = {{QVideoFrameFormat::Format_RGBA8888, kc::PixelFormat::Rgba8, {0, 1, 2, 3}},
                        {QVideoFrameFormat::Format_RGBX8888, kc::PixelFormat::Rgba8, {0, 1, 2, 3}},
                        {QVideoFrameFormat::Format_BGRA8888, kc::PixelFormat::Bgra8, {2, 1, 0, 3}},
                        {QVideoFrameFormat::Format_BGRX8888, kc::PixelFormat::Bgra8, {2, 1, 0, 3}},
                        {QVideoFrameFormat::Format_Y8, kc::PixelFormat::Gray8, {-1, 0, 0, 0}}};
  auto cuda = cudaPipelineOrNull();
  for (const Case& c : cases) {
    SCOPED_TRACE(kc::pixelFormatName(c.ours));
    QVideoFrame video(QVideoFrameFormat(QSize(w, h), c.qt));
    ASSERT_TRUE(video.map(QVideoFrame::WriteOnly));
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const kc::Rgba8 p = picture.at(x, y);
        const std::uint8_t channels[4] = {p.r, p.g, p.b, p.a};
        uchar* at = video.bits(0) + static_cast<std::ptrdiff_t>(y) * video.bytesPerLine(0);
        if (c.order[0] < 0) at[x] = p.g;
        else
          for (int i = 0; i < 4; ++i) at[4 * x + i] = channels[c.order[i]];
      }
    video.unmap();
    kc::FramePool pool;
    const kc::HostFrame frame = kc::copyVideoFrame(video, pool);
    ASSERT_EQ(frame.format, c.ours);
    // RGB orders exactly; grey as g, g, g.
    auto expectPicture = [&](const kc::HostFrame& out) {
      ASSERT_EQ(out.format, kc::PixelFormat::Rgba8);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
          const kc::Rgba8 want = picture.at(x, y), have = out.rgba.at(x, y);
          const bool grey = c.ours == kc::PixelFormat::Gray8;
          ASSERT_EQ(have.r, grey ? want.g : want.r);
          ASSERT_EQ(have.g, want.g);
          ASSERT_EQ(have.b, grey ? want.g : want.b);
        }
    };
    expectPicture(kc::toRgbaFrame(frame));
    if (cuda) {
      cuda->setChain({});
      expectPicture(kc::toRgbaFrame(cuda->process(frame).output));
    }
  }
}

TEST(CameraFrames, OtherFormatsGoThroughToImage) {
  kc::test::testApplication();
  EXPECT_FALSE(kc::hostPixelFormat(QVideoFrameFormat::Format_Jpeg));
  EXPECT_FALSE(kc::hostPixelFormat(QVideoFrameFormat::Format_P010));
  EXPECT_FALSE(kc::hostPixelFormat(QVideoFrameFormat::Format_ARGB8888));
  // ARGB8888 (alpha first) through QVideoFrame::toImage(): RGBA of the same colours.
  QVideoFrame video(QVideoFrameFormat(QSize(8, 4), QVideoFrameFormat::Format_ARGB8888));
  ASSERT_TRUE(video.map(QVideoFrame::WriteOnly));
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 8; ++x) {
      uchar* p = video.bits(0) + static_cast<std::ptrdiff_t>(y) * video.bytesPerLine(0) + 4 * x;
      p[0] = 255, p[1] = static_cast<uchar>(30 * x), p[2] = static_cast<uchar>(60 * y), p[3] = 7;  // A R G B
    }
  video.unmap();
  kc::FramePool pool;
  const kc::HostFrame frame = kc::copyVideoFrame(video, pool);
  if (frame.empty())
    GTEST_SKIP() << "QVideoFrame::toImage() converts nothing on this platform ("
                 << qPrintable(QGuiApplication::platformName()) << ")";
  ASSERT_EQ(frame.format, kc::PixelFormat::Rgba8);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 8; ++x) {
      const kc::Rgba8 p = frame.rgba.at(x, y);
      EXPECT_EQ(p.r, 30 * x);
      EXPECT_EQ(p.g, 60 * y);
      EXPECT_EQ(p.b, 7);
    }
}

TEST(CameraFrames, EncodingFollowsTheFrameFormatWithUvcDefaults) {
  QVideoFrameFormat format(QSize(4, 4), QVideoFrameFormat::Format_NV12);
  EXPECT_EQ(kc::yuvEncodingOf(format), (kc::YuvEncoding{kc::YuvMatrix::Bt601, kc::YuvRange::Limited}));
  format.setColorSpace(QVideoFrameFormat::ColorSpace_BT709);
  format.setColorRange(QVideoFrameFormat::ColorRange_Full);
  EXPECT_EQ(kc::yuvEncodingOf(format), (kc::YuvEncoding{kc::YuvMatrix::Bt709, kc::YuvRange::Full}));
  format.setColorSpace(QVideoFrameFormat::ColorSpace_AdobeRgb);
  EXPECT_EQ(kc::yuvEncodingOf(format).matrix, kc::YuvMatrix::Bt601);
}

TEST(PatternFormats, EveryFormatIsThePatternItDrawsEncoded) {
  const kc::HostFrame rgba = kc::PatternSource(65, 33).frameAt(5);
  for (const char* name : {"gray", "rgba", "bgra", "nv12", "i420", "yv12", "yuyv", "uyvy"}) {
    SCOPED_TRACE(name);
    const kc::PixelFormat format = *kc::pixelFormatNamed(name);
    kc::PatternSource source(65, 33, 30, format);
    const kc::HostFrame frame = source.frameAt(5);
    ASSERT_EQ(frame.format, format);
    EXPECT_EQ(frame.index, 5);
    EXPECT_NE(source.name().find(format == kc::PixelFormat::Rgba8 ? "65x33" : name), std::string::npos);
    if (kc::isYuv(format)) {  // BT.601 limited range, as a UVC camera sends
      EXPECT_EQ(frame.yuv.encoding, kc::YuvEncoding{});
      HostYuv expected(kc::yuvLayout(format), 65, 33);
      kc::rgbaToYuvCpu(rgba.rgba.view(), {}, expected.mutableView());
      for (int p = 0; p < kc::yuvPlaneCount(expected.layout); ++p)
        EXPECT_TRUE(kc::samePixels<std::uint8_t>(frame.yuv.planes[p].view(), expected.planes[p].view()))
            << "plane " << p;
    } else if (format == kc::PixelFormat::Gray8) {
      kc::HostImage<std::uint8_t> expected(65, 33);
      kc::grayscaleCpu(rgba.rgba.view(), expected.view(), kc::GrayWeights::BT601);
      EXPECT_TRUE(kc::samePixels<std::uint8_t>(frame.gray.view(), expected.view()));
    } else {
      // RGBA as drawn; BGRA the same bytes with red and blue swapped.
      const kc::HostFrame back = format == kc::PixelFormat::Bgra8 ? kc::toRgbaFrame(frame) : frame;
      EXPECT_TRUE(kc::samePixels<kc::Rgba8>(back.rgba.view(), rgba.rgba.view()));
      if (format == kc::PixelFormat::Bgra8) {
        EXPECT_EQ(frame.rgba.at(3, 3).r, rgba.rgba.at(3, 3).b);
      }
    }
  }
}

// Host copies per frame of each source into the pipeline's pool, and of the pipelines themselves,
// counted by the frame code (hostFrameCopies()), over several frames after a warm-up; and no pool
// allocation per frame.
struct Counted {
  double copiesPerFrame;
  std::uint64_t allocationsAfterWarmUp;
};
Counted countFrames(const std::function<kc::HostFrame()>& next, kc::FramePool& pool, int frames = 6) {
  (void)next();  // warm-up: the pool's first buffers
  const std::uint64_t allocations = pool.stats().allocations;
  const std::uint64_t before = kc::hostFrameCopies();
  for (int i = 0; i < frames; ++i) {
    const kc::HostFrame frame = next();
    EXPECT_FALSE(frame.empty());
  }
  return {static_cast<double>(kc::hostFrameCopies() - before) / frames, pool.stats().allocations - allocations};
}

TEST(FrameCopies, EachSourceFillsItsPoolFrameWithAtMostOneCopy) {
  kc::test::testApplication();
  auto pipeline = kc::makeCpuPipeline();
  const std::shared_ptr<kc::FramePool> pool = pipeline->framePool();

  kc::PatternSource rgba(320, 240), nv12(320, 240, 30, kc::PixelFormat::Nv12);
  rgba.setFramePool(pool);
  nv12.setFramePool(pool);
  Counted c = countFrames([&] { return rgba.next(); }, *pool);
  EXPECT_EQ(c.copiesPerFrame, 0) << "pattern rgba: drawn in the pool frame";
  EXPECT_EQ(c.allocationsAfterWarmUp, 0u);
  c = countFrames([&] { return nv12.next(); }, *pool);
  EXPECT_EQ(c.copiesPerFrame, 1) << "pattern nv12: drawn, then encoded into the pool frame";
  EXPECT_EQ(c.allocationsAfterWarmUp, 0u);

  const auto images = kc::test::samplePhotos();
  if (!images.empty()) {
    kc::ImageSource image(images.front().string());
    const std::uint64_t before = kc::hostFrameCopies();
    image.setFramePool(pool);
    EXPECT_EQ(kc::hostFrameCopies(), before + 1) << "the picture moves into the pool once";
    c = countFrames([&] { return image.next(); }, *pool);
    EXPECT_EQ(c.copiesPerFrame, 0) << "image: every frame shares the picture";
    EXPECT_EQ(c.allocationsAfterWarmUp, 0u);
  }

  kc::test::TempDir dir;
  const std::string path = dir.file("copies.avi");
  cv::VideoWriter writer(path, cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), 10, cv::Size(64, 48));
  if (writer.isOpened()) {
    for (int i = 0; i < 10; ++i) writer.write(cv::Mat(48, 64, CV_8UC3, cv::Scalar(i * 20, 0, 0)));
    writer.release();
    kc::VideoSource video(path);
    video.setFramePool(pool);
    c = countFrames([&] { return video.next(); }, *pool);
    EXPECT_EQ(c.copiesPerFrame, 1) << "video: the decoder's picture converted into the pool frame";
    EXPECT_EQ(c.allocationsAfterWarmUp, 0u);
  }

  HostYuv yuv(kc::YuvLayout::Nv12, 320, 240, 0);
  const QVideoFrame camera = videoFrameOf(yuv, QVideoFrameFormat::Format_NV12, QVideoFrameFormat::ColorSpace_BT601,
                                          QVideoFrameFormat::ColorRange_Video);
  c = countFrames([&] { return kc::copyVideoFrame(camera, *pool); }, *pool);
  EXPECT_EQ(c.copiesPerFrame, 1) << "camera: the driver's buffer into the pool frame, no toImage()";
  EXPECT_EQ(c.allocationsAfterWarmUp, 0u);

  // The CPU pipeline reads an RGBA frame where it is (before: a full copy per frame).
  pipeline->setChain(kc::parseFilterChain("hist=16"));
  c = countFrames([&] { return pipeline->process(rgba.next()).output; }, *pool);
  EXPECT_EQ(c.copiesPerFrame, 0) << "CPU pipeline, RGBA frame";
}

TEST(FrameCopies, TheCudaPipelineUploadsPoolFramesWhereTheyLie) {
  auto cuda = cudaPipelineOrNull();
  if (!cuda) GTEST_SKIP() << "no CUDA device on this machine";
  EXPECT_TRUE(cuda->framePool()->pageLocked());
  cuda->setChain(kc::defaultFilterChain());
  for (kc::PixelFormat format : {kc::PixelFormat::Rgba8, kc::PixelFormat::Nv12, kc::PixelFormat::Yuyv}) {
    SCOPED_TRACE(kc::pixelFormatName(format));
    kc::PatternSource pattern(640, 360, 30, format);
    pattern.setFramePool(cuda->framePool());
    const std::vector<kc::HostFrame> frames{pattern.next(), pattern.next()};
    const std::uint64_t before = kc::hostFrameCopies();
    for (int i = 0; i < 6; ++i) (void)cuda->process(frames[i % 2]);
    EXPECT_EQ(kc::hostFrameCopies(), before) << "no staging copy for a pool frame";
  }
  // A frame from anywhere else is staged: one counted copy.
  const kc::HostFrame foreign = kc::makeHostFrame(kc::PixelFormat::Rgba8, 64, 48);
  const std::uint64_t before = kc::hostFrameCopies();
  (void)cuda->process(foreign);
  EXPECT_EQ(kc::hostFrameCopies(), before + 1);
}

}  // namespace
