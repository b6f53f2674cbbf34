#pragma once
// The registry of stage definitions. Each stage registers itself from its own files:
//   gpu/stages/NAME_stage.cpp   KC_REGISTER_STAGE(NAME, makeDefinition())    (every build)
//   gpu/stages/NAME_stage.cu    KC_REGISTER_CUDA_STAGE(NAME, launch)        (builds with CUDA)
// gpu/CMakeLists.txt keeps those files linked into every program (see kc_stage_anchors there),
// so adding a stage edits no list anywhere. A test may add throw-away stages at run time.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gpu/pipeline/stage.hpp"

namespace kc {

class StageRegistry {
 public:
  // Adds a definition; throws InvalidArgument for an empty id, a duplicate id or a missing
  // configure/applyCpu. Returns the stored record (stable address for the program's lifetime).
  const StageDefinition& add(StageDefinition definition);
  // Removes a stage added at run time (tests); nothing happens for an unknown id.
  void remove(std::string_view id);
  const StageDefinition* find(std::string_view id) const;
  // Every definition, in menuOrder (then id) order.
  std::vector<const StageDefinition*> all() const;
  std::vector<std::string> ids() const;

  void setCudaLaunch(std::string_view id, CudaStageLaunch launch);
  // Null where the build has no CUDA or the stage has no CUDA implementation.
  CudaStageLaunch cudaLaunch(std::string_view id) const;

 private:
  struct Entry;
  std::vector<std::unique_ptr<Entry>> entries_;
  struct CudaEntry {
    std::string id;
    CudaStageLaunch launch = nullptr;
  };
  std::vector<CudaEntry> cuda_;  // kept apart: the .cu registrations may run before the .cpp ones
};

StageRegistry& stageRegistry();

// Registration at static-initialisation time. The anchor symbol (kc_stage_anchor_NAME) is what the
// linker is told to keep (-u), so a stage in a static library is never dropped as unreferenced.
#define KC_REGISTER_STAGE(NAME, DEFINITION) \
  extern "C" const int kc_stage_anchor_##NAME = (::kc::stageRegistry().add(DEFINITION), 1)
#define KC_REGISTER_CUDA_STAGE(NAME, LAUNCH) \
  extern "C" const int kc_cuda_stage_anchor_##NAME = (::kc::stageRegistry().setCudaLaunch(#NAME, LAUNCH), 1)
// Fusions (CUDA only) have a registry of their own beside this one: gpu/pipeline/cuda_fusion.hpp.

}  // namespace kc
