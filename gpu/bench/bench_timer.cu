#include "gpu/bench/bench_timer.cuh"

#include <algorithm>
#include <optional>
#include <vector>

#include "gpu/core/cuda_check.cuh"
#include "gpu/core/cuda_graph.cuh"
#include "gpu/core/stream.cuh"

namespace kc::bench {

namespace {

__device__ unsigned long long globalTimerNs() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// One thread sleeping in a loop: occupies no bandwidth, just holds the stream.
__global__ void spinKernel(unsigned long long durationNs) {
  const unsigned long long start = globalTimerNs();
  while (globalTimerNs() - start < durationNs) __nanosleep(10000);
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
}

}  // namespace

std::string describeFailure(const std::exception& e) {
  if (const auto* error = dynamic_cast<const Error*>(&e)) return error->call() + ": " + error->message();
  return e.what();
}

void enqueueSpin(cudaStream_t stream, double ms) {
  spinKernel<<<1, 1, 0, stream>>>(static_cast<unsigned long long>(ms * 1e6));
  KC_CUDA_CHECK_LAUNCH("spinKernel");
}

double medianMs(cudaStream_t stream, int warmup, int reps, const BenchWork& work) {
  KC_REQUIRE(reps > 0, "medianMs: reps must be positive");
  for (int i = 0; i < warmup; ++i) work(stream, i);
  KC_CUDA_CHECK(cudaStreamSynchronize(stream));

  // reps + 1 events: repetition i lies between events i and i + 1, with nothing else in between.
  std::vector<Event> events;
  events.reserve(reps + 1);
  for (int i = 0; i <= reps; ++i) events.emplace_back();
  enqueueSpin(stream, std::min(50.0, 2.0 + 0.1 * reps));
  for (int i = 0; i < reps; ++i) {
    events[i].record(stream);
    work(stream, i);
  }
  events[reps].record(stream);
  events[reps].synchronize();

  std::vector<double> ms(reps);
  for (int i = 0; i < reps; ++i) {
    float elapsed = 0.f;
    KC_CUDA_CHECK(cudaEventElapsedTime(&elapsed, events[i], events[i + 1]));
    ms[i] = elapsed;
  }
  return median(std::move(ms));
}

int graphReps(int reps, double eventsMs) { return eventsMs <= kGraphShortMs ? std::max(reps, kGraphMinReps) : reps; }

GraphTiming graphMedianMs(cudaStream_t stream, int reps, const BenchWork& work) {
  KC_REQUIRE(reps > 0, "graphMedianMs: reps must be positive");
  GraphTiming result;  // reps stays 0 without a figure
  std::optional<CapturedGraph> graph;
  try {
    // CapturedGraph ends a broken capture before it rethrows, so the stream is usable again.
    graph.emplace(stream, [&](cudaStream_t s) {
      for (int i = 0; i < reps; ++i) work(s, i);
    });
  } catch (const std::exception& e) {
    (void)cudaGetLastError();  // a refused call during capture is not sticky: clear it
    result.whyNot = "not capturable: " + describeFailure(e);
    return result;
  }
  try {
    graph->launch(stream);  // warm-up: uploads the graph; its first launch costs more
    KC_CUDA_CHECK(cudaStreamSynchronize(stream));
    Event start, stop;
    std::vector<double> perRep;
    for (int i = 0; i < kGraphLaunches; ++i) {
      enqueueSpin(stream, 2.0);  // the launch is queued before the GPU reaches the start event
      start.record(stream);
      graph->launch(stream);
      stop.record(stream);
      stop.synchronize();
      float elapsed = 0.f;
      KC_CUDA_CHECK(cudaEventElapsedTime(&elapsed, start, stop));
      perRep.push_back(static_cast<double>(elapsed) / reps);
    }
    result.ms = median(std::move(perRep));
    result.reps = reps;
  } catch (const std::exception& e) {
    (void)cudaGetLastError();
    result.whyNot = "graph launch failed: " + describeFailure(e);
  }
  return result;
}

int rotationCount(std::size_t bytesPerSet, std::size_t l2Bytes) {
  if (bytesPerSet == 0) return 1;
  const std::size_t needed = (2 * l2Bytes + bytesPerSet - 1) / bytesPerSet;
  return static_cast<int>(std::clamp<std::size_t>(needed, 1, 64));
}

}  // namespace kc::bench
