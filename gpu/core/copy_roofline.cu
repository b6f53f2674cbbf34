#include "gpu/core/copy_roofline.cuh"

#include <algorithm>
#include <map>
#include <mutex>
#include <vector>

#include "gpu/core/cuda_check.cuh"
#include "gpu/core/device_buffer.cuh"
#include "gpu/core/device_query.cuh"
#include "gpu/core/stream.cuh"

namespace kc {

namespace {

double measureOnce() {
  constexpr std::size_t kBytes = std::size_t(256) << 20;  // 5x a 50 MB L2: DRAM, not cache
  constexpr int kRuns = 5;
  DeviceBuffer<unsigned char> from(kBytes), to(kBytes);
  Stream stream;
  KC_CUDA_CHECK(cudaMemcpyAsync(to.data(), from.data(), kBytes, cudaMemcpyDeviceToDevice, stream));  // warm-up
  std::vector<double> ms;
  for (int i = 0; i < kRuns; ++i) {
    EventTimer timer;
    timer.start(stream);
    KC_CUDA_CHECK(cudaMemcpyAsync(to.data(), from.data(), kBytes, cudaMemcpyDeviceToDevice, stream));
    timer.stop(stream);
    ms.push_back(timer.elapsedMs());
  }
  std::nth_element(ms.begin(), ms.begin() + kRuns / 2, ms.end());
  return 2.0 * kBytes / (ms[kRuns / 2] * 1e6);
}

}  // namespace

double measuredCopyRooflineGBs() {
  static std::mutex mutex;
  static std::map<int, double> byDevice;
  int device = 0;
  KC_CUDA_CHECK(cudaGetDevice(&device));
  std::lock_guard lock(mutex);
  auto found = byDevice.find(device);
  if (found != byDevice.end()) return found->second;
  double gbs = 0;
  try {
    gbs = measureOnce();
  } catch (const Error&) {
    (void)cudaGetLastError();  // out of memory: the datasheet figure will do
    gbs = currentDeviceInfo().peakBandwidthGBs();
  }
  return byDevice[device] = gbs;
}

}  // namespace kc
