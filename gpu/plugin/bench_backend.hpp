#pragma once
// A backend's benchmark (gpu/bench/bench_runner.hpp): `kernelcam bench`'s GPU rows. Optional in a
// backend module (backend_module.hpp): without it the bench has the CPU rows only.
#include <functional>

#include "gpu/bench/bench_options.hpp"
#include "gpu/bench/bench_report.hpp"

namespace kc {

class BenchBackend {
 public:
  virtual ~BenchBackend() = default;
  virtual bench::BenchReport runBench(const bench::BenchOptions& options,
                                      const std::function<void(const bench::BenchRow&)>& onRow) = 0;
};

}  // namespace kc
