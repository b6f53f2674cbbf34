#pragma once
// The memory admission of frames (gpu/core/memory_budget.hpp), one for `process` and the window:
// before a source's frames exist, what a pipeline holds for frames of that size is asked for on
// this machine, and a size that cannot fit is refused in one line (what, what it needs, what is
// available) instead of an allocation failing, or the kernel ending the process, half-way.
#include <functional>
#include <string>

#include "gpu/core/backend.hpp"
#include "gpu/core/memory_budget.hpp"

namespace kc {

// Host memory (MemAvailable) and, on the CUDA backend, the free memory of the current CUDA device
// (cudaMemGetInfo): throws OutOfMemory when `need` does not fit. The demos ask here too.
void requireMachineMemory(const std::string& what, const MemoryNeed& need, Backend backend);

// A check of that form; the window takes another in tests (a machine with less memory).
using MemoryCheck = std::function<void(const std::string& what, const MemoryNeed& need, Backend backend)>;

// Host (and, on the CUDA backend, device) bytes a pipeline holds for frames of this size: the
// source's frame, the chain's intermediate and output frames, the encoded copy.
MemoryNeed frameMemoryNeed(int width, int height, Backend backend);

// "WxH frames on the <backend> backend" against `check`; `backend` is Cuda or Cpu (Cuda asks the
// device too). Throws OutOfMemory. The run session (app/session/run_session.hpp) asks here.
void admitFrames(int width, int height, Backend backend, const MemoryCheck& check = requireMachineMemory);

}  // namespace kc
