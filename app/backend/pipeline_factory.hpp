#pragma once
// What a --backend value (gpu/core/backend.hpp) meets on this build and machine: whether CUDA can
// be had and why not, the device's name, what a chain needs. The decision itself and the pipelines
// are the run session's (app/session/run_session.hpp), which every front end drives.
#include <stdexcept>
#include <string>

#include "gpu/core/backend.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

namespace kc {

// CUDA was asked for and cannot be had (no device, or a build without CUDA): exit code 3. The
// message starts with "--backend cuda: ".
class NoCudaError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct BackendModule;

bool cudaBackendAvailable();          // built with CUDA and a usable device present
std::string cudaUnavailableReason();  // "" where available, else why not, for the user
// The same of any backend module (gpu/plugin/backend_module.hpp); nullptr: the CUDA backend that
// did not load (cudaBackendLoadError says why).
std::string backendUnavailableReason(const BackendModule* module);
std::string cudaDeviceName();  // the current CUDA device (CUDA builds with a device only)
// What every report's "device" says (process, demo and bench JSON, the demo's header line): the
// CUDA device's name on Cuda, the CPU's model name (gpu/core/cpu_name.hpp) on Cpu.
std::string deviceName(Backend backend);

struct BackendChoice {
  Backend backend = Backend::Cpu;  // Cuda or Cpu, never Auto
  std::string note;                // why the CPU runs although CUDA was wanted ("" otherwise), for the user
};
// What --backend cuda means where CUDA cannot be had: the commands refuse (NoCudaError, exit 3);
// the window runs on the CPU and says why in a notice (a window that does not open helps no one),
// so there cuda and auto end alike.
enum class IfNoCuda { Refuse, UseCpu };
// The backend to ask for when `chain` must run: `requested`, unless a stage of the chain has no
// CPU implementation (the kernel stage): then CUDA, or NoCudaError "the kernel stage needs CUDA
// (...)" where CUDA cannot be had or --backend cpu was asked for.
Backend backendForChain(Backend requested, const FilterChain& chain);

}  // namespace kc
