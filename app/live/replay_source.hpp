#pragma once
// `kernelcam --measure`: the source's first frames, then the same frames again as fast as the
// window takes them, each with a fresh stamp. What is measured is then the window's path (upload,
// chain, hand-off, present), not the source's pacing (the pattern's 30 frames/s) nor the pattern's
// drawing on the CPU (~10 ms at 4K) — as the headless view's ring of frames (process --view).
// The frames share their pixels (host_frame.hpp): handing one out again copies nothing.
#include <memory>

#include "app/live/live_source.hpp"

namespace kc {

std::unique_ptr<LiveSource> unpacedReplay(std::unique_ptr<LiveSource> source, int frames = 8);

}  // namespace kc
