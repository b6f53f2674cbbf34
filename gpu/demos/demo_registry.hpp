#pragma once
// The registry of demo records (demo_definition.hpp). Each demo registers itself from its folder:
//   gpu/demos/NAME/NAME_record.cpp   KC_REGISTER_DEMO(NAME, makeDefinition())      (every build)
//   gpu/demos/NAME/NAME_record.cu    KC_REGISTER_CUDA_DEMO(NAME, its CUDA part)    (builds with CUDA)
// gpu/CMakeLists.txt keeps those files linked into every program (kc_demo_anchors there), so
// adding a demo edits no list anywhere. A test may add a throw-away demo at run time.
// (Included by .cu files: C++17 only.)
#include <any>
#include <memory>
#include <string>
#include <vector>

#include "gpu/demos/demo_definition.hpp"
#include "gpu/demos/demo_result.hpp"

namespace kc::demos {

class DemoRegistry {
 public:
  // Adds a record; throws InvalidArgument for an empty or duplicate id, a missing check or run, or
  // two parameters of one id. Returns the stored record (a stable address for the program's life).
  const DemoDefinition& add(DemoDefinition definition);
  // Removes a demo added at run time (tests); nothing happens for an unknown id.
  void remove(const std::string& id);
  const DemoDefinition* find(const std::string& id) const;
  // Every record, in menuOrder (then id) order.
  std::vector<const DemoDefinition*> all() const;
  std::vector<std::string> ids() const;

  // The demo's CUDA versions (a GpuRowsFn or a solver: whatever its `run` takes), registered from
  // its .cu file. Empty where the build has no CUDA or the demo no CUDA part.
  void setCudaPart(const std::string& id, std::any part);
  std::any cudaPart(const std::string& id) const;

 private:
  std::vector<std::unique_ptr<DemoDefinition>> entries_;
  std::vector<std::pair<std::string, std::any>> cuda_;  // apart: the .cu registrations may run first
};

DemoRegistry& demoRegistry();

// A request for `demo` with nothing given: every parameter at its default, all versions.
DemoRequest requestFor(const DemoDefinition& demo, Backend backend = Backend::Cpu);

// The run as both the command line and the panel make it, once checked and admitted: `prepare`,
// then `run` with the CUDA part where the request's backend is cuda. (The command line calls the
// two halves itself, so that an unreadable input is exit 2 before any other output.)
std::unique_ptr<DemoResult> runDemo(const DemoRequest& request, const DemoAdmission& admit = admitHostMemory);
std::any prepareDemo(const DemoRequest& request, const DemoAdmission& admit);
std::unique_ptr<DemoResult> runPreparedDemo(const DemoRequest& request, const std::any& input);

// The demo's CUDA part as its run takes it (a record's `run` gets it as `cuda`), or an empty one:
// the CPU backend, a build without CUDA.
template <class Part>
Part cudaPartAs(const std::any& cuda) {
  const Part* part = std::any_cast<Part>(&cuda);
  return part ? *part : Part();
}

// The memory admission of a run whose need the parameters tell (DemoDefinition::memory).
void admitDemo(const DemoRequest& request, const DemoAdmission& admit);

// Registration at static-initialisation time. The anchor symbol (kc_demo_anchor_NAME) is what the
// linker is told to keep (-u), so a demo in a static library is never dropped as unreferenced.
#define KC_REGISTER_DEMO(NAME, DEFINITION) \
  extern "C" const int kc_demo_anchor_##NAME = (::kc::demos::demoRegistry().add(DEFINITION), 1)
#define KC_REGISTER_CUDA_DEMO(NAME, PART) \
  extern "C" const int kc_cuda_demo_anchor_##NAME = (::kc::demos::demoRegistry().setCudaPart(#NAME, PART), 1)

}  // namespace kc::demos
