#pragma once
// The kernel lab's runs of compiled kernels (gpu/lab/cuda/lab_runner.hpp, buffer_runner.hpp), each
// in a lab worker of its own: occupancy, the per-line profile, the exercises' checks. Optional in a
// backend module (backend_module.hpp).
#include <functional>
#include <memory>
#include <optional>

#include "gpu/lab/buffer_launch.hpp"
#include "gpu/lab/compiled_kernel.hpp"
#include "gpu/lab/cuda/lab_runner.hpp"  // LaunchReport: plain C++ declarations
#include "gpu/lab/device_limits.hpp"
#include "gpu/lab/occupancy.hpp"
#include "gpu/pipeline/host_frame.hpp"

namespace kc {

class KernelRunnerBackend {
 public:
  virtual ~KernelRunnerBackend() = default;
  // A probe of a compiled kernel's theoretical occupancy: calculated from ptxas's report and the
  // device's limits (gpu/lab/cuda/occupancy_calculator.hpp), or where there is no report, asked of
  // the driver with the kernel loaded into a lab worker of its own (started on first use); throws
  // kc::Error when that worker or the driver refuses. Not thread-safe: one caller at a time.
  using OccupancyProbe = std::function<lab::Occupancy(const lab::CompiledKernel&)>;
  virtual OccupancyProbe makeOccupancyProbe(int device) = 0;
  // The device's limits as the calculator uses them (nullopt where the driver cannot be asked), and
  // the occupancy calculated from limits read earlier (nullopt without ptxas's report, or for a
  // kernel of another architecture): `kernel check` keeps the limits and needs no CUDA next time.
  virtual std::optional<lab::DeviceLimits> deviceLimits(int device) = 0;
  virtual std::optional<lab::Occupancy> occupancyFromLimits(const lab::CompiledKernel& kernel,
                                                            const lab::DeviceLimits& limits) = 0;
  // One launch of a compiled kernel (compiled with lineInfo) on `in`, counted per source line by
  // CUPTI in a lab worker of its own (lab_runner.hpp's profile()); `out` gets the kernel's output.
  // Throws kc::Error when the worker or the driver refuses the kernel.
  virtual lab::LaunchReport profileKernel(const lab::CompiledKernel& kernel, const HostFrame& in, HostFrame& out,
                                          const lab::ParamValues& values, int device) = 0;
  // What the exercises' checks run on (gpu/exercises/exercise_check.hpp): a lab worker of its own
  // that runs exercise kernels (lab/cuda/buffer_runner.hpp), each launch within `timeLimitMs`;
  // `profiles`: some launches will be profiled (a second worker is then started ahead for them).
  // Throws kc::Error when the worker cannot start.
  virtual std::unique_ptr<lab::BufferDevice> makeBufferDevice(int device, double timeLimitMs, bool profiles) = 0;
};

}  // namespace kc
