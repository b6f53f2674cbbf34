// The reduction demo's record (gpu/demos/demo_definition.hpp): its options and form, its versions,
// its memory estimate, and its run over runReduceDemo (the CUDA rows come from reduce_record.cu).

#include "gpu/core/size_limits.hpp"
#include "gpu/demos/demo_params.hpp"
#include "gpu/demos/demo_registry.hpp"
#include "gpu/demos/demo_values.hpp"
#include "gpu/demos/reduce/reduce_demo.hpp"
#include "gpu/demos/reduce/reduce_memory.hpp"
#include "gpu/demos/reduce/reduce_versions.hpp"
#include "gpu/demos/version_rows_result.hpp"

namespace kc::demos {

namespace {

ReduceDemoConfig configOf(const DemoRequest& request) {
  ReduceDemoConfig config;
  config.op = parsedValue(request, "op", parseReduceDemoOp);
  const bool mat3 = config.op == ReduceDemoOp::Mat3Min;
  // mat3min works on int32 matrices: that is its type unless one is given.
  config.type = request.has("type") ? parsedValue(request, "type", parseReduceType)
                : mat3              ? ReduceType::Int32
                                    : config.type;
  if (mat3 && config.type != ReduceType::Int32)
    throw DemoValueError("type", request.value("type"), "mat3min works on int matrices only");
  config.n = static_cast<std::size_t>(
      wholeNumber(request, "n", 1, static_cast<long long>(mat3 ? kMaxMat3MinMatrices : kMaxReduceElements)));
  config.reps = request.repetitions();
  config.backend = request.backend;
  config.control = request.control;
  return config;
}

DemoDefinition reduceDemo() {
  DemoDefinition demo;
  demo.id = "reduce";
  demo.displayName = "reduction";
  demo.help =
      "Reduce an array with every GPU version (Harris's steps, two-kernel, CUB) and the CPU reference.\n"
      "Example: kernelcam demo reduce --op argmax --n 1000000 --type int";
  demo.menuOrder = 10;
  DemoParam op = choiceParam("op", "Operation", "OP", "sum | min | max | argmax | mat3min (default sum).",
                             {"sum", "min", "max", "argmax", "mat3min"});
  op.choiceTips["mat3min"] = "element-wise minimum of n 3x3 int32 matrices";
  DemoParam n = intParam("n", "n", "N", "Elements (mat3min: 3x3 matrices); default 16777216.", 1,
                         static_cast<long long>(kMaxReduceElements), "16777216");
  n.formTip = "elements (mat3min: matrices); up to 2^30";
  DemoParam type =
      choiceParam("type", "Type", "TYPE", "int | float (default float; mat3min is int only).", {"float", "int32"});
  type.fixedWhenParam = "op";
  type.fixedWhenValue = "mat3min";
  type.fixedValue = "int32";
  demo.params = {op, n, type};
  demo.defaultReps = ReduceDemoConfig{}.reps;
  demo.versions.push_back({kReduceCpuName, false, kReduceCpuWhy, "referenceLoop"});
  for (const ReduceVersionInfo& info : kReduceVersions)
    demo.versions.push_back({info.name, true, info.why, info.sourceAnchor, info.version == ReduceVersion::Cub});
  demo.sourceFiles = {"reduce.cu", "reduce_cpu.cpp", "reduce_kernels.cuh"};
  demo.benchGroup = "reduce";

  demo.check = [](const DemoRequest& request) { validate(configOf(request)); };
  demo.memory = [](const DemoRequest& request) -> std::optional<DemoMemoryNeed> {
    const ReduceDemoConfig config = configOf(request);
    return DemoMemoryNeed{"reduce n=" + std::to_string(config.n), reduceDemoMemory(config)};
  };
  demo.run = versionRowsRun<ReduceGpuRowsFn>(configOf, runReduceDemo);
  return demo;
}

}  // namespace

}  // namespace kc::demos

KC_REGISTER_DEMO(reduce, kc::demos::reduceDemo());
