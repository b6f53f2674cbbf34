#pragma once
// One run of kernelcam, as every front end drives it (the way OBS's libobs is the one core its
// front ends call): `process`, its soak, the window's live loop, the A/B runner, `bench` and
// `demo` each build a RunSession from the run's options and ask it for the backend, for frame
// admission and for pipelines; `exercise check`, `grade` and the Exercises panel ask it for the
// kernel lab's compiler, runner and devices (a test's backend module stands in through options). The backend is decided
// here once, with the caller's policy for a machine without CUDA, and a fallback to the CPU leaves one note for the
// user; nothing else in app/ chooses a backend, makes a pipeline or admits frames.
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "app/backend/frame_admission.hpp"
#include "app/backend/pipeline_factory.hpp"
#include "app/sources/source_factory.hpp"
#include "gpu/core/backend.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_pipeline.hpp"

namespace kc {

struct BackendModule;  // gpu/plugin/backend_module.hpp
class BenchBackend;
class DeviceBackend;
class KernelCompilerBackend;
class KernelRunnerBackend;

struct SessionOptions {
  Backend backend = Backend::Auto;       // --backend as given
  IfNoCuda ifNoCuda = IfNoCuda::Refuse;  // the commands refuse cuda without CUDA; the window uses the CPU
  // The chain the run starts with, where a stage of it has no CPU implementation (kernel=): then
  // CUDA or NoCudaError (backendForChain). nullopt: any chain.
  std::optional<FilterChain> chain;
  // The backend in the accelerator's place (Backend::Cuda): a backend module (gpu/plugin/
  // backend_module.hpp). nullptr: the CUDA backend library, loaded on first use.
  const BackendModule* module = nullptr;
};

// Why the CPU runs although CUDA was wanted: CUDA could not be had (`reason`), or its pipeline
// failed to start (`error`, what it threw; `reason` is then empty).
struct BackendFallback {
  std::string reason;
  std::exception_ptr error;
};

class RunSession {
 public:
  explicit RunSession(SessionOptions options);
  explicit RunSession(Backend requested, IfNoCuda ifNoCuda = IfNoCuda::Refuse);

  // The backend the next pipeline runs on: Cuda or Cpu, never Auto. Decided on first use (then
  // NoCudaError where cuda is refused), afterwards only a fallback changes it.
  Backend backend();
  // Why the CPU runs although CUDA was wanted ("" otherwise), the one line the commands print.
  std::string note();
  // The fallback not yet shown to the user, once: the window turns it into a notice.
  std::optional<BackendFallback> takeFallback();

  // A pipeline on backend(). CUDA that fails to start: NoCudaError where cuda was asked for and
  // refused; otherwise the CPU's pipeline, and from now on the session runs on the CPU.
  std::unique_ptr<FramePipeline> newPipeline();
  // The window's GPU failed mid-run: the session continues on the CPU (the caller tells the user).
  void useCpu();

  // The accelerator's bench where it runs and has one (`kernelcam bench`'s GPU rows), else nullptr.
  BenchBackend* bench();

  // The accelerator's devices and the kernel lab's compiler and runner (`exercise check`, `grade`,
  // the Exercises panel), whatever backend() runs frames on: a check compiles where no device
  // runs it. nullptr where the accelerator has none (its library did not load: acceleratorMissing()).
  DeviceBackend* devices() const;
  KernelCompilerBackend* kernelCompiler() const;
  KernelRunnerBackend* kernelRunner() const;
  // Why the accelerator's library is not here, one line; "" when it is.
  std::string acceleratorMissing() const;

  // "WxH frames on the <backend> backend" must fit on this machine (OutOfMemory otherwise):
  // before a source's frames exist, so a size too large is one line, not a failed allocation.
  // Without `check`: host memory, and on the accelerator its device's free memory.
  void admit(int width, int height);
  void admit(int width, int height, const MemoryCheck& check);
  // A command's source, admitted (a pattern's size before it is drawn, a file's once it is read)
  // and filling frames from `pipeline`'s pool, where the upload reads them. `warn` hears what an
  // input was decoded despite (--lenient) before its size is admitted.
  std::unique_ptr<FrameSource> openSource(const SourceSpec& spec, const SourceOptions& sourceOptions,
                                          FramePipeline& pipeline,
                                          const std::function<void(const std::string&)>& warn = {});

 private:
  const BackendChoice& decided();
  const BackendModule* module() const;
  void fallBack(std::string note, BackendFallback why);

  SessionOptions options_;
  Backend requested_ = Backend::Auto;  // after the chain's needs (backendForChain)
  std::optional<BackendChoice> choice_;
  std::optional<BackendFallback> pendingFallback_;
};

}  // namespace kc
