// FramePool / FrameLease (frame memory without per-frame allocation), the shared-pixel HostFrame,
// the host-copy counter, and the entry conversion both pipelines start from (frame_ops.hpp).
#include <gtest/gtest.h>

#include <cstring>

#include "tests/support/test_data.hpp"
#include "tests/support/yuv_test_images.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"
#include "gpu/pipeline/frame_pool.hpp"

namespace {

// Counts what the pool asks its memory for, so a test sees every allocation and release.
class CountingMemory final : public kc::HostMemory {
 public:
  void* allocate(std::size_t bytes) override {
    ++allocations;
    return kc::alignedHostMemory()->allocate(bytes);
  }
  void release(void* data) noexcept override {
    ++releases;
    std::free(data);
  }
  bool pageLocked() const override { return false; }
  const char* name() const override { return "counting"; }
  int allocations = 0, releases = 0;
};

bool aligned64(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 64 == 0; }

TEST(FramePool, FramesOfEveryFormatHaveTheirPlanesInOneAlignedBuffer) {
  kc::FramePool pool;
  for (const auto& s : kc::test::awkwardSizes())
    for (kc::PixelFormat format :
         {kc::PixelFormat::Gray8, kc::PixelFormat::Rgba8, kc::PixelFormat::Bgra8, kc::PixelFormat::Nv12,
          kc::PixelFormat::I420, kc::PixelFormat::Yv12, kc::PixelFormat::Yuyv, kc::PixelFormat::Uyvy}) {
      SCOPED_TRACE(std::string(kc::pixelFormatName(format)) + " " + std::to_string(s.width) + "x" +
                   std::to_string(s.height));
      const kc::HostFrame frame = pool.acquire(format, s.width, s.height, {kc::YuvMatrix::Bt709, kc::YuvRange::Full});
      EXPECT_EQ(frame.format, format);
      EXPECT_EQ(frame.width(), s.width);
      EXPECT_EQ(frame.height(), s.height);
      EXPECT_TRUE(aligned64(frame.bytes()));
      EXPECT_EQ(frame.pitch() % 64, 0u);
      if (!kc::isYuv(format)) continue;
      EXPECT_EQ(frame.yuv.encoding, (kc::YuvEncoding{kc::YuvMatrix::Bt709, kc::YuvRange::Full}));
      const kc::YuvLayout layout = kc::yuvLayout(format);
      for (int p = 0; p < kc::yuvPlaneCount(layout); ++p) {
        const kc::PlaneSize size = kc::yuvPlaneSize(layout, s.width, s.height, p);
        EXPECT_EQ(frame.yuv.planes[p].width(), size.widthBytes);
        EXPECT_EQ(frame.yuv.planes[p].height(), size.height);
        EXPECT_TRUE(aligned64(frame.yuv.planes[p].bytes()));
        EXPECT_EQ(frame.yuv.planes[p].owner(), frame.yuv.planes[0].owner());
      }
      kc::requireYuvPlanes(frame.yuvPlanes(), "test");
      if (format == kc::PixelFormat::Yv12) {  // Cr before Cb in memory, as YV12 is
        EXPECT_LT(frame.yuv.planes[2].bytes(), frame.yuv.planes[1].bytes());
      }
      if (format == kc::PixelFormat::I420) {
        EXPECT_LT(frame.yuv.planes[1].bytes(), frame.yuv.planes[2].bytes());
      }
    }
}

TEST(FramePool, ASteadyStreamAllocatesOnce) {
  auto memory = std::make_shared<CountingMemory>();
  kc::FramePool pool(memory);
  for (int i = 0; i < 200; ++i) {
    kc::HostFrame frame = pool.acquire(kc::PixelFormat::Nv12, 1920, 1080);
    frame.yuv.planes[0].at(0, 0) = static_cast<std::uint8_t>(i);
  }
  EXPECT_EQ(memory->allocations, 1);
  EXPECT_EQ(pool.stats().allocations, 1u);
  EXPECT_EQ(pool.stats().reuses, 199u);
  EXPECT_EQ(pool.stats().buffersOut, 0);
  EXPECT_EQ(pool.stats().buffersIdle, 1);
}

TEST(FramePool, AFrameAndItsCopiesHoldTheBufferUntilTheLastGoes) {
  auto memory = std::make_shared<CountingMemory>();
  kc::FramePool pool(memory);
  kc::HostFrame a = pool.acquire(kc::PixelFormat::Rgba8, 64, 8);
  a.rgba.at(3, 2) = {1, 2, 3, 4};
  kc::HostFrame b = a;  // shares the pixels: no copy
  EXPECT_EQ(b.rgba.bytes(), a.rgba.bytes());
  EXPECT_EQ(b.rgba.at(3, 2).b, 3);
  kc::HostFrame moved = std::move(a);
  EXPECT_TRUE(a.rgba.empty()) << "a moved-from frame is empty, not a view without an owner";
  EXPECT_EQ(a.rgba.bytes(), nullptr);
  moved = {};
  EXPECT_EQ(pool.stats().buffersOut, 1);
  // While b lives its buffer is not lent again.
  const kc::HostFrame c = pool.acquire(kc::PixelFormat::Rgba8, 64, 8);
  EXPECT_NE(c.rgba.bytes(), b.rgba.bytes());
  EXPECT_EQ(memory->allocations, 2);
  b = {};
  EXPECT_EQ(pool.stats().buffersOut, 1);
  EXPECT_EQ(pool.stats().buffersIdle, 1);
}

TEST(FramePool, KeepsAtMostItsIdleBuffersAndLendsNoHugeBufferForATinyFrame) {
  auto memory = std::make_shared<CountingMemory>();
  kc::FramePool pool(memory, /*maxIdleBuffers=*/2);
  {
    std::vector<kc::HostFrame> ring;
    for (int i = 0; i < 5; ++i) ring.push_back(pool.acquire(kc::PixelFormat::Rgba8, 1280, 720));
    EXPECT_EQ(pool.stats().buffersOut, 5);
  }
  EXPECT_EQ(pool.stats().buffersIdle, 2);
  EXPECT_EQ(memory->releases, 3);
  const kc::HostFrame tiny = pool.acquire(kc::PixelFormat::Gray8, 17, 3);
  EXPECT_EQ(memory->allocations, 6) << "a 3.7 MB buffer lent for a 51-byte frame";
  EXPECT_EQ(pool.stats().buffersIdle, 2);
}

TEST(FramePool, AFrameOutlivingItsPoolStaysValidAndIsFreed) {
  auto memory = std::make_shared<CountingMemory>();
  kc::HostFrame survivor;
  {
    kc::FramePool pool(memory);
    survivor = pool.acquire(kc::PixelFormat::Gray8, 33, 31);
    kc::HostFrame idle = pool.acquire(kc::PixelFormat::Gray8, 33, 31);
  }
  EXPECT_EQ(memory->releases, 1);  // the idle one, with the pool
  survivor.gray.fillBytes(7);
  EXPECT_EQ(survivor.gray.at(32, 30), 7);
  survivor = {};
  EXPECT_EQ(memory->releases, 2);
}

TEST(FramePool, RejectsSizesOutsideTheFrameLimits) {
  kc::FramePool pool;
  EXPECT_THROW(pool.acquire(kc::PixelFormat::Rgba8, 0, 5), kc::InvalidArgument);
  EXPECT_THROW(pool.acquire(kc::PixelFormat::Nv12, 16385, 2), kc::InvalidArgument);
}

TEST(HostFrameCopies, CountedWhereFramesAreCopiedAndNotWhereTheyAreShared) {
  kc::HostFrame rgba = kc::makeHostFrame(kc::PixelFormat::Rgba8, 17, 3);
  rgba.rgba.at(1, 1) = {9, 8, 7, 6};
  std::uint64_t before = kc::hostFrameCopies();
  const kc::HostFrame same = kc::toRgbaFrame(rgba);
  EXPECT_EQ(kc::hostFrameCopies(), before);
  EXPECT_EQ(same.rgba.bytes(), rgba.rgba.bytes());

  kc::HostFrame clone = kc::cloneFrame(rgba);
  EXPECT_EQ(kc::hostFrameCopies(), before + 1);
  clone.rgba.at(1, 1).r = 1;
  EXPECT_EQ(rgba.rgba.at(1, 1).r, 9) << "a clone must not share pixels";

  const kc::HostFrame gray = kc::makeHostFrame(kc::PixelFormat::Gray8, 17, 3);
  before = kc::hostFrameCopies();
  (void)kc::toRgbaFrame(gray);
  EXPECT_EQ(kc::hostFrameCopies(), before + 1);
}

// A pool frame in `format` encoded from a random RGBA picture.
kc::HostFrame yuvFrame(kc::FramePool& pool, kc::PixelFormat format, int w, int h, kc::YuvEncoding encoding) {
  kc::HostFrame frame = pool.acquire(format, w, h, encoding);
  const auto rgba = kc::test::randomImage<kc::Rgba8>(w, h, static_cast<std::uint32_t>(w + h));
  kc::MutableYuvPlanes planes{kc::yuvLayout(format),
                              w,
                              h,
                              {frame.yuv.planes[0].view(), frame.yuv.planes[1].view(), frame.yuv.planes[2].view()}};
  kc::rgbaToYuvCpu(rgba.view(), encoding, planes);
  return frame;
}

TEST(EntryConversion, GreyChainsStartFromTheYPlaneOthersFromRgba) {
  kc::FramePool pool;
  const auto grayChain = kc::parseFilterChain("gray=lab,conv=gauss:5:clamp,hist=256");
  const auto colourChain = kc::parseFilterChain("conv=box:3,gray");
  EXPECT_TRUE(kc::chainStartsFromLuma(grayChain));
  EXPECT_FALSE(kc::chainStartsFromLuma(colourChain));
  EXPECT_FALSE(kc::chainStartsFromLuma(kc::parseFilterChain("hist=16,gray")));
  EXPECT_FALSE(kc::chainStartsFromLuma({}));

  for (kc::PixelFormat format : {kc::PixelFormat::Nv12, kc::PixelFormat::I420, kc::PixelFormat::Yv12}) {
    for (kc::YuvEncoding encoding : kc::test::kAllEncodings) {
      SCOPED_TRACE(std::string(kc::pixelFormatName(format)) + " " + kc::test::describe(encoding));
      const kc::HostFrame frame = yuvFrame(pool, format, 33, 31, encoding);
      const bool full = encoding.range == kc::YuvRange::Full;
      EXPECT_EQ(kc::entryConversionName(frame, grayChain),
                full ? "" : std::string("luma ") + kc::pixelFormatName(format));
      EXPECT_EQ(kc::entryConversionName(frame, colourChain), std::string("convert ") + kc::pixelFormatName(format));

      const std::uint64_t before = kc::hostFrameCopies();
      const kc::HostFrame luma = kc::pipelineInputFrame(frame, grayChain);
      EXPECT_EQ(kc::hostFrameCopies(), before + (full ? 0 : 1));
      ASSERT_EQ(luma.format, kc::PixelFormat::Gray8);
      kc::HostImage<std::uint8_t> expected(33, 31);
      kc::lumaToGrayCpu(frame.yuv.planes[0].view(), encoding.range, expected.view());
      EXPECT_TRUE(kc::samePixels<std::uint8_t>(luma.gray.view(), expected.view()));
      if (full) {
        EXPECT_EQ(luma.gray.bytes(), frame.yuv.planes[0].bytes()) << "full range: the Y plane itself";
      }

      const kc::HostFrame rgba = kc::pipelineInputFrame(frame, colourChain);
      ASSERT_EQ(rgba.format, kc::PixelFormat::Rgba8);
      kc::HostImage<kc::Rgba8> reference(33, 31);
      kc::yuvToRgbaCpu(frame.yuvPlanes(), encoding, reference.view());
      EXPECT_TRUE(kc::samePixels<kc::Rgba8>(rgba.rgba.view(), reference.view()));  // odd size: the reference
    }
  }
  // Packed 4:2:2 has no Y plane of its own: it goes through RGBA and the gray stage.
  const kc::HostFrame yuyv = yuvFrame(pool, kc::PixelFormat::Yuyv, 32, 4, {});
  EXPECT_EQ(kc::entryConversionName(yuyv, grayChain), "convert yuyv");
  EXPECT_EQ(kc::pipelineInputFrame(yuyv, grayChain).format, kc::PixelFormat::Rgba8);
}

TEST(EntryConversion, EvenBt601LimitedFramesMatchTheReferenceWithinOneLevel) {
  // Where the build has OpenCV, this goes through cvtColor (its own rounding of the coefficients).
  kc::FramePool pool;
  for (kc::PixelFormat format : {kc::PixelFormat::Nv12, kc::PixelFormat::I420, kc::PixelFormat::Yv12,
                                 kc::PixelFormat::Yuyv, kc::PixelFormat::Uyvy})
    for (const kc::test::Size2D s : {kc::test::Size2D{64, 32}, kc::test::Size2D{1920, 1080}, kc::test::Size2D{34, 6}}) {
      SCOPED_TRACE(std::string(kc::pixelFormatName(format)) + " " + std::to_string(s.width) + "x" +
                   std::to_string(s.height));
      const kc::HostFrame frame = yuvFrame(pool, format, s.width, s.height, {});
      const kc::HostFrame rgba = kc::toRgbaFrame(frame);
      kc::HostImage<kc::Rgba8> reference(s.width, s.height);
      kc::yuvToRgbaCpu(frame.yuvPlanes(), {}, reference.view());
      int worst = 0;
      for (int y = 0; y < s.height; ++y)
        for (int x = 0; x < s.width; ++x) {
          const kc::Rgba8 a = rgba.rgba.at(x, y), b = reference.at(x, y);
          worst = std::max({worst, std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b), std::abs(a.a - b.a)});
        }
      EXPECT_LE(worst, 1);
    }
}

TEST(EntryConversion, TheCpuPipelineConvertsAtEntryAndTimesIt) {
  kc::FramePool pool;
  auto cpu = kc::makeCpuPipeline();
  for (const char* text : {"gray=bt709,hist=16", "hist=16", "flip=h"}) {
    SCOPED_TRACE(text);
    const auto chain = kc::parseFilterChain(text);
    cpu->setChain(chain);
    const kc::HostFrame frame = yuvFrame(pool, kc::PixelFormat::Nv12, 33, 17, {});
    const kc::FrameResult native = cpu->process(frame);
    const kc::FrameResult converted = cpu->process(kc::pipelineInputFrame(frame, chain));
    ASSERT_EQ(native.output.format, converted.output.format);
    EXPECT_EQ(native.stats.histogram, converted.stats.histogram);
    const std::size_t rowBytes =
        static_cast<std::size_t>(native.output.width()) * kc::bytesPerPixel(native.output.format);
    for (int y = 0; y < native.output.height(); ++y)
      ASSERT_EQ(std::memcmp(native.output.bytes() + y * native.output.pitch(),
                            converted.output.bytes() + y * converted.output.pitch(), rowBytes),
                0);
    ASSERT_FALSE(native.stats.stages.empty());
    EXPECT_EQ(native.stats.stages[0].name, kc::entryConversionName(frame, chain));
  }
}

}  // namespace
