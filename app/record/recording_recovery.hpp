#pragma once
// A recording the window did not finish (killed, a signal, a crash, a power cut) is left as its
// temporary: a fragmented MP4 (av_video_encoder.hpp) or an AVI, written and flushed as it went.
// The window notes each recording while it runs (RecordController) and, at its next start, puts
// an interrupted one in place: an MP4 is cut after its last complete fragment (a kill mid-write
// leaves a partial one), then the file is renamed to its target, or beside it when a file took
// the name meanwhile ("x (recovered).mp4"): nothing is overwritten. A temporary that a live
// process still writes (another window: its flock is held) is left alone.
#include <cstdint>
#include <string>

namespace kc {

struct InterruptedRecording {
  std::string temporary;  // the hidden file the recording was written to
  std::string target;     // the file it was meant to become
};

struct RecoveryResult {
  enum class Outcome {
    Recovered,       // `path` holds what was recorded
    StillRecording,  // another process writes it now: ask again later
    Gone,            // no temporary (finished after all, or removed): forget it
    Empty,           // nothing playable was written: removed
    Failed,          // `message` says why; the temporary is left as it is
  };
  Outcome outcome = Outcome::Gone;
  std::string path;     // where the recording is now (Recovered)
  std::string message;  // one line for the notice
};

RecoveryResult recoverRecording(const InterruptedRecording& recording);

// The bytes of a fragmented MP4 up to the end of its last complete fragment (moof followed by its
// whole mdat), from the top-level boxes: 0 when it holds no complete fragment (nothing playable),
// `size` for a file that does not start as an MP4 (left as it is).
std::uint64_t completeFragmentsLength(int fd, std::uint64_t size);

}  // namespace kc
