#include "app/live/pipeline_choice.hpp"

#include <exception>

#include "gpu/core/error.hpp"

namespace kc {

std::unique_ptr<FramePipeline> makePipeline(BackendChoice choice, std::string* note) {
  if (choice != BackendChoice::Cpu) {
#ifdef KC_HAVE_CUDA
    try {
      return makeCudaPipeline();
    } catch (const std::exception& error) {
      if (choice == BackendChoice::Cuda) throw;
      if (note) *note = std::string("CUDA unavailable (") + error.what() + "): using the CPU";
    }
#else
    if (choice == BackendChoice::Cuda)
      throwError(__FILE__, __LINE__, "makePipeline", "this build has no CUDA backend");
    if (note) *note = "built without CUDA: using the CPU";
#endif
  }
  return makeCpuPipeline();
}

}  // namespace kc
