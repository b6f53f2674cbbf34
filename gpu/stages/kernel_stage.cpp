// kernel=PATH[:NAME=VALUE]...: a user's CUDA kernel, compiled at run time with NVRTC and run in
// the kernel lab's worker process (docs/KERNEL-LAB.md). Its parameters are the kernel's @param
// annotations (instance parameters: each kernel file brings its own), its output format the
// kernel's @output. It has no CPU implementation: the CPU backend reports "the kernel stage needs
// CUDA". The CUDA launch is kernel_stage.cu.
#include "gpu/stages/kernel_stage.hpp"

#include <filesystem>

#include "gpu/core/text.hpp"
#include "gpu/lab/kernel_includes.hpp"
#include "gpu/lab/kernel_params.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/stages/stage_helpers.hpp"

namespace kc::stages {
namespace {

const lab::KernelAnnotations& annotationsOf(const StageSpec& spec) {
  return spec.configAs<KernelStageConfig>().program->analysis.annotations;
}

std::shared_ptr<const StageConfig> configureKernel(const StageSpec& spec) {
  const std::string& path = spec.value("path");
  if (path.empty())
    throw InvalidArgument(
        "the kernel stage needs a file: kernel=PATH[:NAME=VALUE]... (kernelcam kernel new PATH "
        "writes one; View > Kernel lab edits and runs one)");
  auto config = std::make_shared<KernelStageConfig>();
  config->program = lab::kernelProgramFor(path);
  for (const lab::Diagnostic& d : config->program->analysis.diagnostics)
    if (d.severity == lab::Severity::Error)
      throw InvalidArgument(lab::formatDiagnostic(d) + " (kernelcam kernel check " + path + " lists every problem)");
  std::vector<std::string> assignments;
  for (std::string_view token : split(spec.value("params"), ':'))
    if (!token.empty()) assignments.emplace_back(token);
  config->values = lab::applyAssignments(config->program->analysis.annotations.params, assignments);
  return config;
}

// One control per @param: its range, default and description.
std::vector<ParamDescriptor> kernelParams(const StageSpec& spec) {
  std::vector<ParamDescriptor> descriptors;
  for (const lab::KernelParam& p : annotationsOf(spec).params) {
    const std::string help = p.description.empty()
                                 ? std::string(lab::typeName(p.type)) + " " + lab::formatValue(p, p.minValue) + ".." +
                                       lab::formatValue(p, p.maxValue)
                                 : p.description;
    if (p.type == lab::KernelParamType::Int) {
      descriptors.push_back(intParam(p.name, p.name, static_cast<int>(p.minValue), static_cast<int>(p.maxValue), 1,
                                     static_cast<int>(p.defaultValue), help));
      continue;
    }
    ParamDescriptor d = plainParam(p.name, p.name, ParamType::Float, help);
    d.minReal = p.minValue;
    d.maxReal = p.maxValue;
    d.defaultValue = lab::formatValue(p, p.defaultValue);
    descriptors.push_back(std::move(d));
  }
  return descriptors;
}

StageDefinition kernelStage() {
  StageDefinition stage;
  stage.id = "kernel";
  stage.displayName = "Kernel (lab)";
  stage.help = "Your CUDA kernel from a .cu file, compiled with NVRTC at run time (docs/KERNEL-LAB.md); CUDA only";
  stage.menuOrder = 90;
  ParamDescriptor path =
      plainParam("path", "Path", ParamType::Text,
                 "the kernel's .cu file (kernelcam kernel new PATH writes a template); no ':' or ','");
  path.fileFilter = "CUDA kernels (*.cu)";
  stage.params = {path, plainParam("params", "Parameters", ParamType::Assignments,
                                   "values of the kernel's @param annotations, NAME=VALUE each (defaults otherwise)")};
  stage.configure = configureKernel;
  // The kernel file and the headers it includes: inputs no output of the run may overwrite.
  stage.inputFiles = [](const StageSpec& spec) {
    std::vector<std::string> files{spec.value("path")};
    if (spec.config)  // the headers the compile would read, resolved as it resolves them
      for (lab::IncludedHeader& header :
           lab::resolveIncludes(spec.configAs<KernelStageConfig>().program->source).headers)
        files.push_back(std::move(header.path));
    return files;
  };
  stage.instanceParams = kernelParams;
  stage.label = [](const StageSpec& spec) {
    return "kernel " + std::filesystem::path(spec.value("path")).stem().string();
  };
  stage.outputShape = [](const StageSpec& spec, FrameShape in) {
    switch (annotationsOf(spec).output) {
      case lab::OutputFormat::Rgba8:
        in.format = PixelFormat::Rgba8;
        break;
      case lab::OutputFormat::Gray8:
        in.format = PixelFormat::Gray8;
        break;
      case lab::OutputFormat::SameAsInput:
        break;
    }
    return in;
  };
  // @output says what the kernel writes, not what it reads: `@output gray` may well read colour
  // (in.rgba), so at the head of a chain the kernel gets the frame in RGBA, never a camera's Y plane.
  stage.headInput = HeadInput::Frame;
  stage.needsCuda = true;
  stage.capturable = false;  // each frame is a request to the lab's worker
  // No benchCases: the bench has no kernel file to time. `process --json` and the window's overlay time it.
  return stage;
}

}  // namespace

KC_REGISTER_STAGE(kernel, kernelStage());

}  // namespace kc::stages
