#include "ui/render/frame_hand_off.hpp"

#include <cstring>
#include <utility>

#include "gpu/core/error.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "ui/render/display_rows.hpp"
#include "ui/render/gl_renderer.hpp"

namespace kc {

void FrameHandOff::publishLocked(FrameStats stats) {
  const double now = steadyNowSeconds();
  const std::uint64_t generation = generation_.load();
  // The pipeline's frameMs is its own work per frame; what the overlay calls fps is how often a
  // result comes out, which a slower source or a busy machine lowers too.
  if (generation == lastGeneration_ && lastPresentSeconds_ > 0) stats.frameMs = (now - lastPresentSeconds_) * 1e3;
  lastGeneration_ = generation;
  lastPresentSeconds_ = now;
  ++presented_;

  HandedFrame next;
  next.stats = std::move(stats);
  next.stats.handedSeconds = now;
  next.generation = generation;
  next.coldRun = coldRun_.load();
  if (waiting_) {
    ++replaced_;
    // A replaced frame of the same generation still counts in the means; an older generation's does not.
    if (waiting_->generation == generation) {
      next.skipped = std::move(waiting_->skipped);
      next.skipped.push_back(std::move(waiting_->stats));
      if (next.skipped.size() > kMaxSkipped)
        next.skipped.erase(next.skipped.begin(), next.skipped.end() - static_cast<std::ptrdiff_t>(kMaxSkipped));
    }
  }
  waiting_ = std::move(next);
}

std::optional<HandedFrame> FrameHandOff::takeLocked() {
  std::optional<HandedFrame> frame = std::exchange(waiting_, std::nullopt);
  if (frame) {
    ++taken_;
    frame->stats.takenSeconds = steadyNowSeconds();
  }
  return frame;
}

// HostFrameHandOff ----------------------------------------------------------------------------

namespace {

void copyRows(std::vector<std::uint8_t>& target, std::size_t rowBytes, int rows, const std::uint8_t* pixels,
              std::size_t pitch) {
  KC_REQUIRE(pixels != nullptr && pitch >= rowBytes, "HostFrameHandOff: bad host frame");
  KC_REQUIRE(target.size() == rowBytes * static_cast<std::size_t>(rows), "HostFrameHandOff: write before prepare()");
  if (pitch == rowBytes) {
    std::memcpy(target.data(), pixels, target.size());
    return;
  }
  for (int y = 0; y < rows; ++y) std::memcpy(target.data() + y * rowBytes, pixels + y * pitch, rowBytes);
}

}  // namespace

bool HostFrameHandOff::prepare(const DisplayLayout& layout) {
  const bool changed = layout != writing_.layout;
  writing_.layout = layout;
  // The vectors keep their capacity while they rotate: no allocation per frame at a fixed size.
  writing_.original.resize(originalRowBytes(writing_.layout) * static_cast<std::size_t>(layout.originalHeight));
  writing_.filtered.resize(filteredRowBytes(writing_.layout) * static_cast<std::size_t>(layout.filteredHeight));
  return changed;
}

void HostFrameHandOff::writeOriginal(const std::uint8_t* pixels, std::size_t pitch) {
  copyRows(writing_.original, originalRowBytes(writing_.layout), writing_.layout.originalHeight, pixels, pitch);
}

void HostFrameHandOff::writeFiltered(const std::uint8_t* pixels, std::size_t pitch) {
  copyRows(writing_.filtered, filteredRowBytes(writing_.layout), writing_.layout.filteredHeight, pixels, pitch);
}

void HostFrameHandOff::present(const FrameStats& stats) {
  std::lock_guard lock(mutex_);
  std::swap(writing_, waiting_);
  publishLocked(stats);
}

std::optional<HandedFrame> HostFrameHandOff::takeInto(GlRenderer& view) {
  std::optional<HandedFrame> frame;
  {
    std::lock_guard lock(mutex_);
    frame = takeLocked();
    if (!frame) return std::nullopt;
    std::swap(waiting_, reading_);
  }
  view.prepare(reading_.layout);
  view.writeOriginal(reading_.original.data(), originalRowBytes(reading_.layout));
  view.writeFiltered(reading_.filtered.data(), filteredRowBytes(reading_.layout));
  view.uploadBuffers();
  return frame;
}

}  // namespace kc
