#include "app/session/run_session.hpp"

#include "gpu/core/error.hpp"
#include "gpu/core/memory_budget.hpp"
#include "gpu/plugin/backend_module.hpp"
#include "gpu/plugin/cuda_backend_loader.hpp"

namespace kc {
namespace {

// The one decision of a backend: Auto -> Cuda where available, else Cpu with a note; Cuda -> Cuda,
// else NoCudaError (Refuse) or Cpu with a note (UseCpu); Cpu -> Cpu. *why: CUDA's absence, for the
// window's notice.
BackendChoice chooseBackend(const BackendModule* module, Backend requested, IfNoCuda ifNoCuda, std::string* why) {
  if (requested == Backend::Cpu) return {Backend::Cpu, ""};
  *why = backendUnavailableReason(module);
  if (why->empty()) return {Backend::Cuda, ""};
  if (requested == Backend::Cuda && ifNoCuda == IfNoCuda::Refuse) throw NoCudaError("--backend cuda: " + *why);
  return {Backend::Cpu, *why + ": using the CPU"};
}

// The decided backend's pipeline; throws what the CUDA pipeline throws when it fails to start.
std::unique_ptr<FramePipeline> makePipeline(const BackendModule* module, Backend backend) {
  if (backend == Backend::Cuda) return module->pipelines->makePipeline();  // decided: the module here, a device
  return makeCpuPipeline();
}

}  // namespace

RunSession::RunSession(SessionOptions options) : options_(std::move(options)) {}

RunSession::RunSession(Backend requested, IfNoCuda ifNoCuda) : RunSession(SessionOptions{requested, ifNoCuda, {}}) {}

const BackendChoice& RunSession::decided() {
  if (!choice_) {
    requested_ = options_.chain ? backendForChain(options_.backend, *options_.chain) : options_.backend;
    std::string why;
    choice_ = chooseBackend(module(), requested_, options_.ifNoCuda, &why);
    if (!choice_->note.empty()) pendingFallback_ = BackendFallback{why, nullptr};
  }
  return *choice_;
}

const BackendModule* RunSession::module() const { return options_.module ? options_.module : cudaBackend(); }

Backend RunSession::backend() { return decided().backend; }
std::string RunSession::note() { return decided().note; }

std::optional<BackendFallback> RunSession::takeFallback() {
  decided();
  std::optional<BackendFallback> fallback = std::move(pendingFallback_);
  pendingFallback_.reset();
  return fallback;
}

std::unique_ptr<FramePipeline> RunSession::newPipeline() {
  const Backend backend = decided().backend;
  if (backend == Backend::Cpu) return makePipeline(module(), Backend::Cpu);
  try {
    return makePipeline(module(), Backend::Cuda);
  } catch (const Error& e) {
    const NoCudaError refused(std::string("--backend cuda: ") + e.what());
    if (requested_ == Backend::Cuda && options_.ifNoCuda == IfNoCuda::Refuse) throw refused;
    fallBack(std::string("CUDA unavailable (") + e.what() + "): using the CPU", {"", std::make_exception_ptr(refused)});
  } catch (const std::exception& e) {
    // The window keeps its view whatever CUDA threw; a command reports it (exit 1).
    if (options_.ifNoCuda != IfNoCuda::UseCpu) throw;
    fallBack(std::string("CUDA unavailable (") + e.what() + "): using the CPU", {"", std::current_exception()});
  }
  return makePipeline(module(), Backend::Cpu);
}

BenchBackend* RunSession::bench() { return backend() == Backend::Cuda ? module()->bench : nullptr; }

DeviceBackend* RunSession::devices() const { return module() ? module()->devices : nullptr; }
KernelCompilerBackend* RunSession::kernelCompiler() const { return module() ? module()->compiler : nullptr; }
KernelRunnerBackend* RunSession::kernelRunner() const { return module() ? module()->runner : nullptr; }
std::string RunSession::acceleratorMissing() const { return module() ? std::string() : cudaBackendLoadError(); }

void RunSession::useCpu() {
  decided();
  choice_->backend = Backend::Cpu;
}

void RunSession::admit(int width, int height) {
  // requireMachineMemory's check, of this session's accelerator (a test's backend too).
  DeviceBackend* devices = backend() == Backend::Cuda ? module()->devices : nullptr;
  admit(width, height, [devices](const std::string& what, const MemoryNeed& need, Backend backend) {
    if (backend != Backend::Cuda || !devices) return requireMemory(what, need);
    requireMemory(what, need, static_cast<double>(devices->currentDeviceMemory().freeBytes),
                  devices->currentDevice().name);
  });
}

void RunSession::admit(int width, int height, const MemoryCheck& check) {
  admitFrames(width, height, backend(), check);
}

std::unique_ptr<FrameSource> RunSession::openSource(const SourceSpec& spec, const SourceOptions& sourceOptions,
                                                    FramePipeline& pipeline,
                                                    const std::function<void(const std::string&)>& warn) {
  const bool pattern = spec.kind == SourceKind::Pattern;
  if (pattern) admit(sourceOptions.patternWidth, sourceOptions.patternHeight);
  std::unique_ptr<FrameSource> source = makeSource(spec, sourceOptions);
  if (const std::string warning = source->warning(); !warning.empty() && warn) warn(warning);
  if (!pattern && source->width() > 0 && source->height() > 0) admit(source->width(), source->height());
  source->setFramePool(pipeline.framePool());
  return source;
}

void RunSession::fallBack(std::string note, BackendFallback why) {
  choice_->backend = Backend::Cpu;
  choice_->note = std::move(note);
  pendingFallback_ = std::move(why);
}

}  // namespace kc
