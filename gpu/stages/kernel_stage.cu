// The kernel stage's CUDA launch: the user's kernel runs in the lab's worker process
// (gpu/lab/cuda/lab_runner.hpp), so a fault or a hang costs that process alone. The frame is
// ordered with the pipeline's stream on the GPU (LabRunner::submitDevice): the pipeline's thread
// does not wait for it. Once the frame's GPU work is done, the pipeline asks for the outcome
// (StageLaunchReport::settle): the kernel's own measured time (the pipeline's events would see the
// wait for the worker too), or its failure; a frame whose kernel failed is black.
//
// Built into kernelcam_lab (it needs NVRTC and the driver API), not kernelcam_cuda: programs that
// link the lab (the app, lab_tests) have the stage's CUDA launch; the others (kc_bench, gpu_tests)
// refuse kernel=PATH on CUDA as a stage without a CUDA implementation.
#include <cuda_runtime.h>

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <vector>

#include "gpu/core/cuda_check.cuh"
#include "gpu/lab/cuda/lab_runner.hpp"
#include "gpu/lab/cuda/nvrtc_compiler.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/stages/kernel_stage.hpp"
#include "gpu/stages/stage_cuda.cuh"

namespace kc::stages {
namespace {

std::string firstError(const lab::CompiledKernel& kernel) {
  for (const lab::Diagnostic& d : kernel.diagnostics)
    if (d.severity == lab::Severity::Error) return lab::formatDiagnostic(d);
  return "no cubin";
}

lab::DeviceFrameRef labFrame(const DeviceFrame& frame) {
  return {reinterpret_cast<std::uintptr_t>(frame.data), frame.pitch, frame.shape.width, frame.shape.height,
          frame.shape.format};
}

// One runner (one worker process) per kernel file, kept across frames and edits: a new version
// of the file loads a new module into the same worker. Programs the editor did not compile are
// compiled here once (the same text is the same program: kernel_program.hpp).
class KernelStageRuntime {
 public:
  void launch(const StageSpec& spec, const CudaStageIo& io) {
    KC_REQUIRE(io.report, "kernel stage: the pipeline gave no StageLaunchReport");
    const KernelStageConfig& config = spec.configAs<KernelStageConfig>();
    const lab::KernelProgram& program = *config.program;
    const std::string name = stageLabel(spec);
    const std::lock_guard lock(mutex_);
    try {
      const std::shared_ptr<const lab::CompiledKernel> compiled = compiledFor(config.program);
      if (!compiled->ok()) {
        io.report->failure = name + ": does not compile: " + firstError(*compiled);
        return;
      }
      Slot& slot = slotFor(lab::kernelPathKey(program.source.path), program.revision);
      if (!slot.runner->loaded() || slot.revision != program.revision) {
        slot.runner->load(*compiled);
        slot.revision = program.revision;
      }
      const std::uint64_t frame =
          slot.runner->submitDevice(labFrame(io.in), labFrame(io.out), config.values, stages::streamOf(io));
      io.report->settle = [this, runner = slot.runner.get(), frame, name](StageLaunchReport& late) {
        settle(*runner, frame, name, late);
      };
      program.markRan(io.frameIndex);
    } catch (const std::exception& error) {  // no driver, a refused cubin, NVRTC failing: this stage only
      io.report->failure = name + ": " + error.what();
    }
  }

 private:
  struct Slot {
    std::string key;
    std::unique_ptr<lab::LabRunner> runner;  // null while its worker could not be started
    std::uint64_t revision = 0;
    std::string startFailure;  // why the worker did not start for `revision`
  };

  // After the frame's GPU work: the worker's report of `frame`.
  void settle(lab::LabRunner& runner, std::uint64_t frame, const std::string& name, StageLaunchReport& late) {
    const std::lock_guard lock(mutex_);
    try {
      const std::optional<lab::LaunchReport> report = runner.takeReport(frame);
      if (!report) return;
      if (report->status == lab::LaunchStatus::Ok || report->status == lab::LaunchStatus::OutOfBounds)
        late.measuredMs = report->kernelMs;
      if (!report->ok()) late.failure = name + ": " + report->message;
    } catch (const std::exception& error) {
      late.failure = name + ": " + error.what();
    }
  }

  std::shared_ptr<const lab::CompiledKernel> compiledFor(const std::shared_ptr<const lab::KernelProgram>& program) {
    if (program->compiled) return program->compiled;
    auto& cached = compiled_[program->revision];
    if (!cached) cached = std::make_shared<lab::CompiledKernel>(lab::compileKernel(program->source));
    if (compiled_.size() > kCompiledKept) compiled_.erase(compiled_.begin());  // the oldest revision
    return cached;
  }

  // A worker that did not start (a hang before its greeting costs the start limit, 20 s) is not
  // started again for the same revision of the file: each frame would block the pipeline that long.
  // On the H200 the window then showed no stage problem and no frame for 60 s
  // (LabWorkerFaults.AWorkerBinaryThatHangs..., 2026-11-29; why the first failure did not reach the
  // dock is not established). The failure now repeats at once; an edit retries.
  Slot& slotFor(const std::string& key, std::uint64_t revision) {
    Slot* slot = nullptr;
    for (Slot& existing : slots_)
      if (existing.key == key) slot = &existing;
    if (!slot) slot = &slots_.emplace_back(Slot{key, nullptr, 0, {}});
    if (slot->runner) return *slot;
    if (!slot->startFailure.empty() && slot->revision == revision) throw std::runtime_error(slot->startFailure);
    try {
      int device = 0;
      KC_CUDA_CHECK(cudaGetDevice(&device));
      slot->runner = std::make_unique<lab::LabRunner>(device);
      slot->startFailure.clear();
      slot->revision = 0;  // nothing loaded yet
    } catch (const std::exception& error) {
      slot->startFailure = error.what();
      slot->revision = revision;
      throw;
    }
    return *slot;
  }

  static constexpr std::size_t kCompiledKept = 16;
  std::mutex mutex_;
  std::vector<Slot> slots_;
  std::map<std::uint64_t, std::shared_ptr<const lab::CompiledKernel>> compiled_;
};

void launchKernel(const StageSpec& spec, const CudaStageIo& io) {
  // Never destroyed: the runners' buffers and workers go with the process, not during static
  // destruction after cudart has shut down.
  static KernelStageRuntime* const runtime = new KernelStageRuntime;
  runtime->launch(spec, io);
}

}  // namespace

// No bench rows: the bench has no kernel file (StageDefinition::benchCases is empty too).
KC_REGISTER_CUDA_STAGE(kernel, launchKernel);

}  // namespace kc::stages
