#include "app/lab/machine_toolchain.hpp"

#include <QDir>
#include <QStandardPaths>
#include <memory>
#include <mutex>
#include <thread>

#include "gpu/plugin/cuda_backend_loader.hpp"
#include "app/backend/pipeline_factory.hpp"
#include "gpu/exercises/exercise_check.hpp"
#include "gpu/lab/kernel_params.hpp"
#include "gpu/pipeline/frame_ops.hpp"

namespace kc {

QString defaultLabDirectory() {
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("kernels"));
}

lab::LabToolchain labToolchain(std::function<std::optional<HostFrame>()> latestFrame) {
  lab::LabToolchain toolchain;
  KernelCompilerBackend* cuda = cudaKernelCompiler();
  if (!cuda) {
    toolchain.unavailable =
        "the editor compiles with NVRTC, which comes with the CUDA backend: " + cudaBackendLoadError();
    toolchain.cannotRun = "the kernel stage needs CUDA (" + cudaUnavailableReason() + ")";
    return toolchain;
  }
  // A kernel of an exercise (`// @exercise ID`) compiles against its exercise's signature, its launch
  // annotations checked; any other against the live stage's contract.
  toolchain.compile = [cuda](const lab::KernelSource& source) {
    std::string notAnExercise;
    if (const exercises::ExerciseDefinition* e = exercises::exerciseOfSource(source, &notAnExercise))
      return exercises::compileExerciseKernel(
          *e, source, {[cuda](auto& s, auto& o) { return cuda->compileKernel(s, o); }, nullptr});
    return cuda->compileKernel(source, {});
  };
  toolchain.cancel = [cuda] { cuda->cancelCompiles(); };
  // The compiler process starts beside the window's own start-up, so the editor's first compile
  // finds it ready (a failure shows at that compile, with its reason).
  std::thread([cuda] {
    try {
      cuda->startCompilerProcess();
    } catch (const std::exception&) {
    }
  }).detach();
  if (cudaDevices()->deviceCountOrZero() == 0) {
    toolchain.cannotRun = "the kernel stage needs CUDA (" + cudaUnavailableReason() + ")";
    return toolchain;
  }
  // One probe of its own (calculated from ptxas's report; a lab worker of its own only for a kernel
  // without one); used from the compile worker's thread, one compile at a time (the mutex makes sure).
  KernelRunnerBackend* runner = cudaKernelRunner();
  auto probe = std::make_shared<KernelRunnerBackend::OccupancyProbe>(runner->makeOccupancyProbe(0));
  auto mutex = std::make_shared<std::mutex>();
  toolchain.occupancy = [cuda, probe, mutex](const lab::CompiledKernel& kernel) -> std::optional<lab::Occupancy> {
    if (!kernel.ok() || kernel.arch != cuda->defaultArch()) return std::nullopt;
    const std::lock_guard lock(*mutex);
    try {
      return (*probe)(kernel);
    } catch (const std::exception&) {
      return std::nullopt;  // the resources still show; occupancy is a bonus
    }
  };
  // A profile compiles its own copy with line information (the same code) and runs it in a worker
  // of its own: the stage's worker keeps running the stream meanwhile.
  toolchain.profile = [cuda, runner,
                       latestFrame](const lab::KernelSource& source) -> std::function<lab::LineProfile()> {
    std::optional<HostFrame> frame = latestFrame ? latestFrame() : std::nullopt;  // the GUI thread's, now
    return [cuda, runner, source, frame]() -> lab::LineProfile {
      lab::LineProfile profile;
      if (!frame || frame->empty()) {
        profile.unavailable = "no frame yet: the view shows none";
        return profile;
      }
      lab::CompileOptions options;
      options.lineInfo = true;
      try {
        const lab::CompiledKernel kernel = cuda->compileKernel(source, options);
        if (!kernel.ok()) {
          profile.unavailable = "the kernel does not compile";
          return profile;
        }
        const HostFrame input = toRgbaFrame(*frame);  // a camera's own format, as the pipeline converts it
        HostFrame out;
        const lab::LaunchReport report =
            runner->profileKernel(kernel, input, out, lab::defaultValues(kernel.analysis.annotations.params), 0);
        if (!report.ok()) profile.unavailable = report.message;
        else if (report.lines.empty()) profile.unavailable = report.profileNote;
        profile.lines = report.lines;
      } catch (const std::exception& error) {
        profile.unavailable = error.what();
      }
      return profile;
    };
  };
  return toolchain;
}

}  // namespace kc
