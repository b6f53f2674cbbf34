#pragma once
// NVTX ranges: named spans on Nsight Systems' timeline, so the live path reads by name ("upload",
// "convert nv12", "conv gauss 5x5", "interop copy") instead of as anonymous copies and kernels.
// Header-only nvtx3 from the CUDA Toolkit: no library to link, and with no profiler attached each
// range costs a few nanoseconds (the calls do nothing until a tool injects itself). Where the
// toolkit's headers are not on the include path (plain C++ files, CPU-only builds) it is empty.
// With KC_PHASE_TIMES=1 each range also adds its host wall time to a table printed at exit
// (gpu/core/host_phase_times.hpp): the same names, without a profiler.
#include <chrono>
#include <string>

#include "gpu/core/elapsed.hpp"
#include "gpu/core/host_phase_times.hpp"

#if __has_include(<nvtx3/nvToolsExt.h>)
#include <nvtx3/nvToolsExt.h>
#define KC_HAVE_NVTX 1
#endif

namespace kc {

// Push on construction, pop on destruction: a range per scope. Ranges are in kernelcam's own
// domain (Nsight shows them under "kernelcam"). Must be created and destroyed on one thread.
class NvtxRange {
 public:
  explicit NvtxRange(const char* name) {
    if (hostPhaseTimesEnabled()) {
      name_ = name;
      start_ = std::chrono::steady_clock::now();
    }
#ifdef KC_HAVE_NVTX
    nvtxEventAttributes_t attributes{};
    attributes.version = NVTX_VERSION;
    attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
    attributes.messageType = NVTX_MESSAGE_TYPE_ASCII;
    attributes.message.ascii = name;
    nvtxDomainRangePushEx(domain(), &attributes);
#else
    (void)name;
#endif
  }
  explicit NvtxRange(const std::string& name) : NvtxRange(name.c_str()) {}
  ~NvtxRange() {
#ifdef KC_HAVE_NVTX
    nvtxDomainRangePop(domain());
#endif
    if (!name_.empty()) addHostPhaseTime(name_, msSince(start_));
  }
  NvtxRange(const NvtxRange&) = delete;
  NvtxRange& operator=(const NvtxRange&) = delete;

 private:
  std::string name_;  // set only while phase times are on
  std::chrono::steady_clock::time_point start_;
#ifdef KC_HAVE_NVTX
  static nvtxDomainHandle_t domain() {
    static const nvtxDomainHandle_t handle = nvtxDomainCreateA("kernelcam");
    return handle;
  }
#endif
};

}  // namespace kc
