#pragma once
// The host side shared by both GPU solvers: the CG scalars and status kept in device memory,
// and the loop that replays one refresh period at a time and reads the status asynchronously.
// Cancellation is read there too, between periods: a launched period always runs to its end.
#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

#include "gpu/core/device_buffer.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/demos/cg/cg_types.hpp"
#include "gpu/demos/cg/csr_matrix.hpp"

namespace kc::cg {

constexpr int kCgRunning = -1;

// Lives in device memory; written only by the last block of a kernel (or a one-thread kernel).
struct CgState {
  double rho = 0;  // r.z of the current iterate
  double alpha = 0;
  double beta = 0;
  double rr = 0;      // ||r||^2 of the current iterate
  double rr0 = 0;     // ||r0||^2
  double stopRr = 0;  // tol^2 before the init kernel, tol^2 ||r0||^2 after it
  long long iteration = 0;
  long long maxIterations = 0;
  int status = kCgRunning;  // kCgRunning or a CgStatus
  unsigned arrivals = 0;    // block counter of the last-block reductions, back to 0 after each
};

class CgLoopState {
 public:
  CgLoopState(const CgOptions& options, int n, cudaStream_t stream) : stream_(stream), state_(1), snapshots_(2) {
    initial_.stopRr = options.tolerance * options.tolerance;
    initial_.maxIterations = options.maxIterations > 0 ? options.maxIterations : defaultMaxIterations(n);
    period_ = options.refreshEvery > 0 ? options.refreshEvery : 50;
    keepSolution_ = options.keepSolution;
    cancel_ = options.cancel;
    onSample_ = options.onSample;
    state_.uploadAsync(&initial_, 1, stream_);  // initial_ outlives the copy (member)
  }

  CgState* deviceState() const noexcept { return state_.data(); }
  // Iterations per replay and per status check: the refresh period (50 if refreshing is off).
  int period() const noexcept { return period_; }
  void start() { start_.record(stream_); }

  // Launches periods until the device reports a stop. The status copy of period p is read
  // while period p+1 already runs, so the GPU does not idle on the host; the extra period finds
  // the status set and every kernel returns at once. A cancel request seen after period p-1
  // waits for period p (already launched) and stops there, so the iteration count and x agree.
  template <class LaunchPeriod>
  void run(LaunchPeriod&& launchPeriod) {
    const long long periods = std::max<long long>(1, (initial_.maxIterations + period_ - 1) / period_);
    long long stopped = -1;
    for (long long p = 0; p < periods && stopped < 0; ++p) {
      launchPeriod(stream_);
      KC_CUDA_CHECK(
          cudaMemcpyAsync(&snapshots_[p % 2], state_.data(), sizeof(CgState), cudaMemcpyDeviceToHost, stream_));
      periodDone_[p % 2].record(stream_);
      if (p >= 1 && inspect(p - 1)) {
        stopped = p - 1;
      } else if (cancel_.cancelled()) {
        cancelled_ = !inspect(p);  // the device may have stopped on its own in period p
        stopped = p;
      }
    }
    if (stopped < 0) {
      inspect(periods - 1);
      stopped = periods - 1;
    }
    float ms = 0.f;
    KC_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, periodDone_[stopped % 2]));
    elapsedMs_ = ms;
  }

  // The result from the last status read and the final x (already on the host, in double).
  CgResult finish(const CsrMatrix& a, const std::vector<double>& b, std::vector<double> x) {
    CgResult result;
    result.status = cancelled_                   ? CgStatus::Cancelled
                    : last_.status == kCgRunning ? CgStatus::MaxIterations
                                                 : static_cast<CgStatus>(last_.status);
    result.iterations = last_.iteration;
    result.initialResidualNorm = std::sqrt(last_.rr0);
    result.totalMs = elapsedMs_;
    result.msPerIteration = result.iterations > 0 ? elapsedMs_ / static_cast<double>(result.iterations) : 0.0;
    result.history = std::move(history_);
    result.finalRelativeResidual = relativeResidual(a, x, b);
    if (keepSolution_) result.solution = std::move(x);
    return result;
  }

 private:
  bool inspect(long long p) {
    periodDone_[p % 2].synchronize();
    last_ = snapshots_[p % 2];
    if (history_.empty()) addSample({0, std::sqrt(last_.rr0)});
    if (last_.iteration > history_.back().iteration) addSample({last_.iteration, std::sqrt(last_.rr)});
    return last_.status != kCgRunning;
  }

  void addSample(const CgSample& sample) {
    history_.push_back(sample);
    if (onSample_) onSample_(sample);
  }

  cudaStream_t stream_;
  CgState initial_;
  DeviceBuffer<CgState> state_;
  PinnedBuffer<CgState> snapshots_;
  Event start_;
  Event periodDone_[2];
  CgState last_;
  std::vector<CgSample> history_;
  int period_ = 50;
  bool keepSolution_ = true;
  double elapsedMs_ = 0;
  demos::CancelToken cancel_;
  std::function<void(const CgSample&)> onSample_;
  bool cancelled_ = false;
};

}  // namespace kc::cg
