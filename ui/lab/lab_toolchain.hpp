#pragma once
// What the kernel editor needs from the lab, in plain C++: the editor (ui/lab, no CUDA header) is
// handed one of these by the app (app/lab/machine_toolchain.hpp), which fills it from gpu/lab/cuda
// in builds with CUDA.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gpu/lab/compiled_kernel.hpp"
#include "gpu/lab/kernel_source.hpp"
#include "gpu/lab/line_figures.hpp"
#include "gpu/lab/occupancy.hpp"

namespace kc::lab {

// A kernel's figures per source line for one frame (gpu/lab/line_figures.hpp), or why there are none.
struct LineProfile {
  std::vector<LineFigures> lines;
  std::string unavailable;
};

struct LabToolchain {
  // Compiles for the GPU the kernel stage will run on (NVRTC; no GPU needed). Called from a worker
  // thread. Empty where the build has no NVRTC; `unavailable` then says why.
  std::function<CompiledKernel(const KernelSource&)> compile;
  // The theoretical occupancy on this machine's device, or nothing (no device, another arch).
  std::function<std::optional<Occupancy>(const CompiledKernel&)> occupancy;
  // The live view's newest frame through the kernel once, counted per source line (CUPTI, in a
  // lab worker of its own). Called on the GUI thread, where it takes the frame; the work it
  // returns runs on a worker thread. Empty where no device can run it.
  std::function<std::function<LineProfile()>(const KernelSource&)> profile;
  // Ends a compile in flight at once (it returns cancelled): the window's close, which must not
  // wait for a compile that may take its whole time limit. Empty where nothing compiles.
  std::function<void()> cancel;
  std::string unavailable;
  // Why the kernel stage cannot run here, or "" (it needs CUDA and a device).
  std::string cannotRun;
};

}  // namespace kc::lab
