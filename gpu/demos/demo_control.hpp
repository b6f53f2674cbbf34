#pragma once
// How a caller stops a running demo and follows its progress (the panel's Cancel button and
// progress line, the CLI's progress on a terminal, closing the window).
//
// Cancellation is cooperative: the runners read the flag between versions, timed repetitions,
// CG iterations (CPU) and GPU launches or batches of launches (a CG period), never inside a
// kernel, and no thread is ever killed. A cancelled runner throws Cancelled, so everything it
// holds (device buffers, streams, handles) is released by RAII on the way out, as for an error.
// (Included by .cu files: C++17 only.)
#include <atomic>
#include <cmath>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

namespace kc::demos {

// A cancel request. Copies share one flag: the panel keeps one, the job's config another, and
// cancel() on either stops the run. Any thread may call cancel(); reading it costs one load.
class CancelToken {
 public:
  CancelToken() : flag_(std::make_shared<std::atomic<bool>>(false)) {}
  void cancel() const noexcept { flag_->store(true, std::memory_order_relaxed); }
  bool cancelled() const noexcept { return flag_->load(std::memory_order_relaxed); }

 private:
  std::shared_ptr<std::atomic<bool>> flag_;
};

// What a runner throws when it finds its token cancelled: a stopped run has no result, not a
// partial or wrong one.
class Cancelled : public std::runtime_error {
 public:
  Cancelled() : std::runtime_error("cancelled") {}
};

struct DemoProgress {
  int version = 0;           // 1-based: the version now running (the CPU rows count)
  int versions = 0;          // how many versions this run has
  std::string name;          // the running version's name, as its row will say
  long long iteration = -1;  // CG: the latest sample of the running solve; -1 otherwise
  double residual = NAN;     // CG: ||r_k|| at that iteration
};

// "version 3 of 11: 3 sequential addressing", and for a CG sample
// "version 2 of 4: CUDA scalar CSR, iteration 1200, ||r|| 3.40e-05" (the CLI and the panel).
std::string describeProgress(const DemoProgress& progress);

// Carried by every demo config (reduce, matmul, CG). Both parts are optional.
struct DemoControl {
  CancelToken cancel;
  // Called on the running thread (a pool thread in the window): copy what you need and return.
  std::function<void(const DemoProgress&)> progress;

  void throwIfCancelled() const {
    if (cancel.cancelled()) throw Cancelled();
  }
  // Before each version: stops here when cancelled, else reports "version `version`: name".
  void beginVersion(int version, const std::string& name) const {
    throwIfCancelled();
    if (progress) progress(DemoProgress{version, 0, name});
  }
  // The same control, with `versions` filled into every report (the runner knows the count,
  // the parts that report each version do not).
  DemoControl counting(int versions) const {
    DemoControl counted{cancel, nullptr};
    if (progress)
      counted.progress = [inner = progress, versions](const DemoProgress& p) {
        DemoProgress withCount = p;
        withCount.versions = versions;
        inner(withCount);
      };
    return counted;
  }
};

}  // namespace kc::demos
