// The CG demo's record (gpu/demos/demo_definition.hpp): its options and form, its solvers, its
// memory estimate (the Poisson grid's before the run, a matrix file's at its size line), and its
// run over runCgDemo (the CUDA solvers come from cg_record.cu).
#include <any>
#include <cmath>
#include <filesystem>
#include <memory>

#include "gpu/core/message_text.hpp"
#include "gpu/demos/cg/cg_demo_result.hpp"
#include "gpu/demos/cg/cg_memory.hpp"
#include "gpu/demos/cg/cg_versions.hpp"
#include "gpu/demos/cg/matrix_market.hpp"
#include "gpu/demos/demo_params.hpp"
#include "gpu/demos/demo_registry.hpp"
#include "gpu/demos/demo_values.hpp"

namespace kc::cg {

namespace {

using demos::DemoParam;
using demos::DemoRequest;

Precision parsePrecision(const std::string& text) {
  if (text == "double") return Precision::Double;
  if (text == "float") return Precision::Float;
  throw InvalidArgument("unknown precision '" + text + "' (expected float or double)");
}

Preconditioner parsePreconditioner(const std::string& text) {
  if (text == "none") return Preconditioner::None;
  if (text == "jacobi") return Preconditioner::Jacobi;
  throw InvalidArgument("unknown preconditioner '" + text + "' (expected none or jacobi)");
}

double parseTolerance(const std::string& text) {
  // std::stod would accept "1e-6abc" and throw its own message on "abc": check the whole text.
  std::size_t used = 0;
  double value = NAN;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
  }
  if (used != text.size() || !std::isfinite(value))
    throw InvalidArgument(quotedText(text, 40) + ": expected a number between 0 and 1 (such as 1e-8)");
  // Relative to ||r0||: a tolerance of 1 or more is met before the first iteration, so CG would
  // "converge" without solving anything.
  if (!(value > 0 && value < 1))
    throw InvalidArgument(quotedText(text, 40) +
                          " is out of range: the tolerance is relative to ||r0|| and must be "
                          "between 0 and 1 (such as 1e-8)" +
                          (value >= 1 ? std::string("; 1 or more would stop before the first iteration") : ""));
  return value;
}

bool fromFile(const DemoRequest& request) { return !request.value("matrix").empty(); }

CgDemoConfig configOf(const DemoRequest& request) {
  CgDemoConfig config;
  const bool file = fromFile(request), grid = request.has("poisson");
  if (file == grid)
    throw InvalidArgument(file ? "give --matrix or --poisson, not both" : "give --matrix PATH.mtx or --poisson N");
  if (file) config.matrixPath = request.value("matrix");
  else config.poissonN = static_cast<int>(demos::wholeNumber(request, "poisson", 1, 20000));
  config.precision = demos::parsedValue(request, "precision", parsePrecision);
  config.preconditioner = demos::parsedValue(request, "precond", parsePreconditioner);
  config.tolerance = demos::parsedValue(request, "tol", parseTolerance);
  // Unset, or 0 in the form: the solver's own limit.
  if (request.has("max-iter")) config.maxIterations = demos::wholeNumber(request, "max-iter", 0, 1LL << 40);
  config.backend = request.backend;
  config.versions.clear();
  if (request.versions.empty())
    for (const CgVersionInfo& info : kCgVersions) config.versions.push_back(info.version);
  for (int index : request.versions) config.versions.push_back(kCgVersions.at(static_cast<std::size_t>(index)).version);
  config.keepSolution = request.has("solution");
  config.control = request.control;
  return config;
}

// The matrix's name, not its storage's: nos2.mtx.gz (data/matrices) is "nos2.mtx" in the tables.
std::string problemName(const CgDemoConfig& config) {
  if (config.matrixPath.empty()) return "poisson2D n=" + std::to_string(config.poissonN);
  std::string name = std::filesystem::path(config.matrixPath).filename().string();
  if (name.size() > 3 && name.compare(name.size() - 3, 3, ".gz") == 0) name.resize(name.size() - 3);
  return name;
}

// The matrix, read before the run (a file admitted at its size line: the whole solve must fit,
// not only the matrix), and its name for the tables.
struct CgProblem {
  CsrMatrix matrix;
  std::string name;
};

std::any readProblem(const DemoRequest& request, const demos::DemoAdmission& admit) {
  const CgDemoConfig config = configOf(request);
  auto problem = std::make_shared<CgProblem>();
  problem->name = problemName(config);
  if (config.matrixPath.empty()) {
    problem->matrix = poisson2D(config.poissonN);
    return std::shared_ptr<const CgProblem>(problem);
  }
  MatrixMarketOptions options;
  options.checkSize = [&](const MatrixMarketSize& size) {
    admit("CG on a " + std::to_string(size.rows) + " x " + std::to_string(size.cols) + " matrix",
          cgDemoMemory(size.rows, size.nonzeros, config), config.backend);
  };
  try {
    problem->matrix = readMatrixMarket(config.matrixPath, options);
  } catch (const MatrixMarketError& e) {  // "PATH:LINE: why", after the option that named it
    throw demos::DemoValueError("matrix", e.what(), "");
  }
  return std::shared_ptr<const CgProblem>(problem);
}

demos::DemoDefinition cgDemo() {
  demos::DemoDefinition demo;
  demo.id = "cg";
  demo.displayName = "conjugate gradient";
  demo.help =
      "Solve A x = ones by conjugate gradient: CPU reference, fused CUDA solvers, cuSPARSE + cuBLAS.\n"
      "Exit 1 when a version does not converge (e.g. a matrix that is not positive definite).\n"
      "Example: kernelcam demo cg --matrix nos2.mtx --precond jacobi";
  demo.menuOrder = 30;
  DemoParam matrix = demos::demoParam(
      ParamType::Text, "matrix", "Matrix", "PATH",
      "Matrix Market file (coordinate, symmetric or general; .mtx or .mtx.gz), or the bare name of one of "
      "kernelcam's matrices (nos2.mtx, bcsstk14, ...).");
  matrix.file = demos::DemoFile::Input;
  matrix.descriptor.fileFilter = "Matrix Market (*.mtx *.mtx.gz);;All files (*)";
  matrix.fileChoice = demos::DemoFileChoice{"Poisson 2D (N x N grid)", "*.mtx *.mtx.gz", "Open a Matrix Market file"};
  DemoParam poisson = demos::intParam("poisson", "Poisson N", "N",
                                      "Or the 2D Poisson matrix of an N x N grid (N^2 rows), 1..20000.", 1, 20000);
  poisson.formMin = 2;
  poisson.formMax = 4096;
  poisson.formDefault = "64";  // 4096 unknowns: converges in a blink on the CPU too
  poisson.formTip = "grid side: the matrix has N^2 rows (5-point Laplacian)";
  poisson.descriptor.onlyWhenParam = "matrix";  // the grid, or a file
  poisson.descriptor.onlyWhenValue = "";
  DemoParam tolerance =
      demos::demoParam(ParamType::Float, "tol", "Tolerance", "T",
                       "Relative tolerance: stop at ||r|| <= tol ||r0||, 0 < tol < 1 (default 1e-6).", "1e-06");
  tolerance.descriptor.minReal = 0;
  tolerance.descriptor.maxReal = 1;
  tolerance.formTip = "relative: stop at ||r_k|| <= tolerance ||r_0||";
  DemoParam maxIterations =
      demos::intParam("max-iter", "Max iterations", "K", "Iteration limit (default max(10 n, 1000000)).", 1, 1LL << 40);
  maxIterations.formMin = 0;
  maxIterations.formMax = 100000000;
  maxIterations.formDefault = "0";
  maxIterations.formSpecialValueText = "default: max(10 n, 10^6)";
  DemoParam solution =
      demos::demoParam(ParamType::Text, "solution", "Solution", "PATH", "Write x, one value per line (%.17g).");
  solution.place = demos::DemoParamPlace::CommandLineOnly;
  solution.file = demos::DemoFile::Output;
  demo.params = {
      matrix,
      poisson,
      demos::choiceParam("precision", "Precision", "P", "float | double (default double).", {"double", "float"}),
      demos::choiceParam("precond", "Preconditioner", "NAME", "none | jacobi (default none).", {"none", "jacobi"}),
      tolerance,
      maxIterations,
      solution};
  for (const CgVersionInfo& info : kCgVersions)
    demo.versions.push_back({toString(info.version), info.version != CgVersion::Cpu, info.why, info.sourceAnchor});
  demo.choosableVersions = true;
  demo.sourceFiles = {"cg_cpu.cpp", "cg_cusparse.cu", "cg_device.cuh", "cg_gpu.cu", "cg_kernels.cu"};
  demo.benchGroup = "cg";

  demo.check = [](const DemoRequest& request) { (void)configOf(request); };
  demo.memory = [](const DemoRequest& request) -> std::optional<demos::DemoMemoryNeed> {
    const CgDemoConfig config = configOf(request);
    if (!config.matrixPath.empty()) return std::nullopt;  // its size line is read in prepare
    const long long rows = static_cast<long long>(config.poissonN) * config.poissonN;
    return demos::DemoMemoryNeed{
        "CG on poisson2D n=" + std::to_string(config.poissonN) + " (" + std::to_string(rows) + " rows)",
        cgDemoMemory(rows, poisson2DNonzeros(config.poissonN), config)};
  };
  demo.prepare = readProblem;
  demo.run = [](const DemoRequest& request, const std::any& input, const std::any& cuda) {
    const CgDemoConfig config = configOf(request);
    const auto problem = std::any_cast<std::shared_ptr<const CgProblem>>(input);
    return std::make_unique<CgDemoResult>(
        runCgDemo(problem->matrix, problem->name, config, demos::cudaPartAs<CgGpuSolverFn>(cuda)), config);
  };
  demo.liveView = [](const DemoRequest& request) {
    const std::string problem = problemName(configOf(request));
    return demos::DemoLiveView{"CG on " + problem, cgChartTitle(problem)};
  };
  return demo;
}

}  // namespace

}  // namespace kc::cg

KC_REGISTER_DEMO(cg, kc::cg::cgDemo());
