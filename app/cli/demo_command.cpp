// `kernelcam demo reduce|matmul|cg`: parses the options into a runner's config (gpu/demos),
// picks the backend, runs it and hands the report to demo_format / cg_format. Everything a user
// can get wrong is caught here, before the run, so it costs one line on stderr and exit 2.
#include <QCommandLineParser>
#include <QJsonDocument>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "app/backend/frame_admission.hpp"
#include "app/backend/pipeline_factory.hpp"
#include "app/cli/cg_format.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/demo_format.hpp"
#include "app/cli/terminal_progress.hpp"
#include "app/demos/app_demo_runners.hpp"
#include "app/diagnostics/memory_usage.hpp"
#include "app/io/output_file.hpp"
#include "gpu/core/error.hpp"
#include "gpu/core/memory_budget.hpp"
#include "gpu/core/message_text.hpp"
#include "gpu/core/size_limits.hpp"
#include "gpu/demos/cg/matrix_market.hpp"
#include "gpu/demos/demo_memory.hpp"
#include "gpu/demos/matmul/matmul_demo.hpp"
#include "gpu/demos/reduce/reduce_demo.hpp"

namespace kc::cli {

namespace {

// Thrown while reading options: becomes "kernelcam: <message>" and exit 2.
struct UsageError {
  QString message;
};

// ---- the options of each demo -----------------------------------------------------------------

void addCommonOptions(QCommandLineParser& parser, bool withReps) {
  parser.addOption({"backend", kBackendOptionHelp, "NAME", "auto"});
  parser.addOption({"json", "Also write the report as JSON ('-': to stdout, the table then goes to stderr).", "PATH"});
  parser.addOption({"quiet", "Nothing on stderr but errors: no progress, no backend note."});
  if (withReps) parser.addOption({"reps", "Timed repetitions per version; the median is reported.", "N"});
  parser.addHelpOption();
}

void describeReduce(QCommandLineParser& parser) {
  parser.setApplicationDescription(QStringLiteral(
      "Reduce an array with every GPU version (Harris's steps, two-kernel, CUB) and the CPU reference.\n"
      "Example: kernelcam demo reduce --op argmax --n 1000000 --type int"));
  parser.addOption({"op", "sum | min | max | argmax | mat3min (default sum).", "OP", "sum"});
  parser.addOption({"n", "Elements (mat3min: 3x3 matrices); default 16777216.", "N"});
  parser.addOption({"type", "int | float (default float; mat3min is int only).", "TYPE"});
  addCommonOptions(parser, true);
}

void describeMatmul(QCommandLineParser& parser) {
  parser.setApplicationDescription(QStringLiteral(
      "C = A B (MxK times KxN) with every GPU version (naive, tiled, ...) and the CPU loops.\n"
      "Example: kernelcam demo matmul --m 512 --n 512 --k 512 --type float"));
  parser.addOption({"m", "Rows of A and C (default 1024).", "M"});
  parser.addOption({"n", "Columns of B and C (default 1024).", "N"});
  parser.addOption({"k", "Columns of A, rows of B (default 1024).", "K"});
  parser.addOption({"type", "int | float (default float).", "TYPE", "float"});
  addCommonOptions(parser, true);
}

void describeCg(QCommandLineParser& parser) {
  parser.setApplicationDescription(QStringLiteral(
      "Solve A x = ones by conjugate gradient: CPU reference, fused CUDA solvers, cuSPARSE + cuBLAS.\n"
      "Exit 1 when a version does not converge (e.g. a matrix that is not positive definite).\n"
      "Example: kernelcam demo cg --matrix nos2.mtx --precond jacobi"));
  parser.addOption({"matrix", "Matrix Market file (coordinate, symmetric or general).", "PATH"});
  parser.addOption({"poisson", "Or the 2D Poisson matrix of an N x N grid (N^2 rows), 1..20000.", "N"});
  parser.addOption({"precision", "float | double (default double).", "P", "double"});
  parser.addOption({"precond", "none | jacobi (default none).", "NAME", "none"});
  parser.addOption({"tol", "Relative tolerance: stop at ||r|| <= tol ||r0||, 0 < tol < 1 (default 1e-6).", "T"});
  parser.addOption({"max-iter", "Iteration limit (default max(10 n, 1000000)).", "K"});
  parser.addOption({"solution", "Write x, one value per line (%.17g).", "PATH"});
  addCommonOptions(parser, false);
}

struct DemoEntry {
  const char* name;
  void (*describe)(QCommandLineParser&);
  int (*run)(const QCommandLineParser&, const QString& prefix);
};

// ---- option values ----------------------------------------------------------------------------

// A whole number in [low, high] from --name, or the runner's default when the option is absent.
template <class T>
T wholeNumber(const QCommandLineParser& parser, const QString& prefix, const char* name, long long low, long long high,
              T fallback) {
  if (!parser.isSet(QLatin1String(name))) return fallback;
  const QString text = parser.value(QLatin1String(name));
  bool ok = false;
  const long long value = text.toLongLong(&ok);
  static const QRegularExpression digits(QStringLiteral("^[+-]?[0-9]+$"));
  if (!ok || value < low || value > high)
    throw UsageError{prefix + QStringLiteral("--%1 %2: %3 %4..%5")
                                  .arg(QLatin1String(name), QString::fromStdString(quotedText(text.toStdString(), 40)),
                                       digits.match(text).hasMatch() ? QStringLiteral("out of range, expected")
                                                                     : QStringLiteral("expected a whole number in"))
                                  .arg(low)
                                  .arg(high)};
  return static_cast<T>(value);
}

// The runners' own parse functions name the bad value; this adds the option it came from.
template <class Parse>
auto parsedValue(const QCommandLineParser& parser, const QString& prefix, const char* name, Parse&& parse) {
  try {
    return parse(parser.value(QLatin1String(name)).toStdString());
  } catch (const InvalidArgument& e) {
    throw UsageError{prefix + QStringLiteral("--%1: %2").arg(QLatin1String(name), QString::fromStdString(e.what()))};
  }
}

// --backend resolved (NoCudaError, exit 3, where cuda is asked for and absent), with the demos'
// CUDA versions when CUDA runs. auto says on stderr which backend it took.
struct ChosenBackend {
  Backend backend = Backend::Cpu;  // Cuda or Cpu
  DemoGpuParts gpu;                // empty on the CPU
};

ChosenBackend chooseDemoBackend(const QCommandLineParser& parser, const QString& prefix) {
  const Backend requested = parseBackend(parser.value(QStringLiteral("backend")).toStdString());
  const BackendChoice choice = chooseBackend(requested);
  if (requested == Backend::Auto && !parser.isSet(QStringLiteral("quiet")))
    std::fprintf(stderr, "kernelcam: %sbackend auto: using %s\n", prefix.toLocal8Bit().constData(),
                 choice.backend == Backend::Cuda ? "cuda (a CUDA device is present)"
                                                 : ("cpu (" + cudaUnavailableReason() + "), CPU rows only").c_str());
  if (choice.backend == Backend::Cpu) return {};
  return {Backend::Cuda, demoGpuParts()};
}

// Runs a demo (`run` returns its report) with progress on stderr where a person watches a
// terminal (not with --quiet); the line is wiped before the caller prints the table.
template <class Run>
auto runWithProgress(const QCommandLineParser& parser, const QString& prefix, demos::DemoControl& control, Run&& run) {
  TerminalProgress progress(prefix.toStdString(), stderr);
  if (TerminalProgress::wanted(parser.isSet(QStringLiteral("quiet"))))
    control.progress = [&progress](const demos::DemoProgress& p) { progress.report(p); };
  auto report = run();
  control.progress = nullptr;  // `progress` goes with this scope
  return report;
}

DemoRunInfo runInfo(const char* demo, const ChosenBackend& backend) {
  return {demo, backend.backend, backend.backend == Backend::Cuda ? cudaDeviceName() : "CPU"};
}

// ---- outputs ----------------------------------------------------------------------------------

// Checked before the run, so an unwritable path, an input named as output or two outputs on one
// path fail at once (exit 2), not after a long solve; written at the end through the one atomic
// writer, so a run that fails leaves no empty or half-written file.
struct DemoOutputs {
  io::OutputFile json, solution;
  bool jsonToStdout() const { return io::writesToStdout(json); }
};

DemoOutputs checkOutputs(const QCommandLineParser& parser, const std::vector<std::string>& inputs,
                         bool hasSolution = false) {
  auto option = [&](const char* name, bool known, bool stdoutAllowed) {
    const QString flag = QLatin1String(name);
    return io::OutputFile{"--" + std::string(name),
                          known && parser.isSet(flag) ? parser.value(flag).toStdString() : std::string(),
                          stdoutAllowed, false};
  };
  DemoOutputs outputs{option("json", true, true), option("solution", hasSolution, false)};
  std::vector<io::OutputFile> named;
  for (const io::OutputFile* file : {&outputs.json, &outputs.solution})
    if (!file->path.empty()) named.push_back(*file);
  io::checkOutputs(named, inputs);
  return outputs;
}

void writeIfAsked(const io::OutputFile& file, const QByteArray& bytes) {
  if (!file.path.empty()) io::writeOutput(file, bytes);
}

QByteArray jsonBytes(const QJsonObject& report) { return QJsonDocument(report).toJson(QJsonDocument::Indented); }

// The table on stdout, or on stderr when stdout carries the JSON.
void printTable(const std::string& table, const DemoOutputs& outputs) {
  std::fputs(table.c_str(), outputs.jsonToStdout() ? stderr : stdout);
}

// The end of reduce and matmul: the table, the JSON, and exit 1 when a version was wrong.
int printReport(const demos::DemoReport& report, const DemoRunInfo& info, const DemoOutputs& outputs,
                const QString& prefix) {
  printTable(formatDemoTable(report, info), outputs);
  writeIfAsked(outputs.json, jsonBytes(demoReportJson(report, info)));
  return allRowsCorrect(report) ? kExitOk : fail(kExitFailure, prefix + "a version gave a wrong result (see the table)");
}

// The memory admission of a run, the window's demo panel's too: device bytes only with CUDA.
void admit(const std::string& what, const MemoryNeed& need, Backend backend) { requireMachineMemory(what, need, backend); }

// ---- the three demos --------------------------------------------------------------------------

int runReduce(const QCommandLineParser& parser, const QString& prefix) {
  demos::ReduceDemoConfig config;
  config.op = parsedValue(parser, prefix, "op", demos::parseReduceDemoOp);
  const bool mat3 = config.op == demos::ReduceDemoOp::Mat3Min;
  config.type = parser.isSet(QStringLiteral("type")) ? parsedValue(parser, prefix, "type", demos::parseReduceType)
                : mat3                               ? demos::ReduceType::Int32
                                                     : config.type;
  if (mat3 && config.type != demos::ReduceType::Int32)
    throw UsageError{prefix + QStringLiteral("--type %1: mat3min works on int matrices only")
                                  .arg(parser.value(QStringLiteral("type")))};
  const auto maxN = static_cast<long long>(mat3 ? kMaxMat3MinMatrices : kMaxReduceElements);
  config.n = wholeNumber(parser, prefix, "n", 1, maxN, config.n);
  config.reps = wholeNumber(parser, prefix, "reps", 1, 10000, config.reps);
  const DemoOutputs outputs = checkOutputs(parser, {});
  const ChosenBackend backend = chooseDemoBackend(parser, prefix);
  config.backend = backend.backend;
  admit("reduce --n " + std::to_string(config.n), demos::reduceDemoMemory(config), backend.backend);

  const demos::DemoReport report =
      runWithProgress(parser, prefix, config.control, [&] { return demos::runReduceDemo(config, backend.gpu.reduce); });
  return printReport(report, runInfo("reduce", backend), outputs, prefix);
}

int runMatmul(const QCommandLineParser& parser, const QString& prefix) {
  demos::MatmulDemoConfig config;
  config.type = parsedValue(parser, prefix, "type", demos::parseMatmulType);
  config.M = wholeNumber(parser, prefix, "m", 1, kMaxMatmulSide, config.M);
  config.N = wholeNumber(parser, prefix, "n", 1, kMaxMatmulSide, config.N);
  config.K = wholeNumber(parser, prefix, "k", 1, kMaxMatmulSide, config.K);
  config.reps = wholeNumber(parser, prefix, "reps", 1, 10000, config.reps);
  const DemoOutputs outputs = checkOutputs(parser, {});
  const ChosenBackend backend = chooseDemoBackend(parser, prefix);
  config.backend = backend.backend;
  // On the CPU backend only the CPU rows run, and above the flop limit both are skipped: a run
  // that would measure nothing is refused before it allocates A and B.
  if (backend.backend == Backend::Cpu && demos::matmulFlops(config) > config.cpuFlopLimit)
    throw UsageError{prefix + QStringLiteral("--m %1 --n %2 --k %3 on the CPU backend: 2MNK = %4 flops is above the "
                                             "CPU versions' limit of %5 (minutes single-threaded), so every version "
                                             "would be skipped; use smaller sizes or --backend cuda")
                                  .arg(config.M)
                                  .arg(config.N)
                                  .arg(config.K)
                                  .arg(demos::matmulFlops(config), 0, 'g', 3)
                                  .arg(config.cpuFlopLimit, 0, 'g', 3)};
  admit("matmul " + std::to_string(config.M) + "x" + std::to_string(config.K) + " times " + std::to_string(config.K) +
            "x" + std::to_string(config.N),
        demos::matmulDemoMemory(config), backend.backend);

  const demos::DemoReport report =
      runWithProgress(parser, prefix, config.control, [&] { return demos::runMatmulDemo(config, backend.gpu.matmul); });
  return printReport(report, runInfo("matmul", backend), outputs, prefix);
}

cg::Precision parsePrecision(const std::string& text) {
  if (text == "double") return cg::Precision::Double;
  if (text == "float") return cg::Precision::Float;
  throw InvalidArgument("unknown precision '" + text + "' (expected float or double)");
}

cg::Preconditioner parsePreconditioner(const std::string& text) {
  if (text == "none") return cg::Preconditioner::None;
  if (text == "jacobi") return cg::Preconditioner::Jacobi;
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
    throw InvalidArgument(quotedText(text, 40) + " is out of range: the tolerance is relative to ||r0|| and must be "
                          "between 0 and 1 (such as 1e-8)" +
                          (value >= 1 ? std::string("; 1 or more would stop before the first iteration") : ""));
  return value;
}

// The matrix is read here, not by the runner, so a bad file is exit 2 before any other output.
cg::CsrMatrix loadCgProblem(const QCommandLineParser& parser, const QString& prefix, cg::CgDemoConfig& config,
                            std::string& problem, Backend backend) {
  const bool file = parser.isSet(QStringLiteral("matrix")), grid = parser.isSet(QStringLiteral("poisson"));
  if (file == grid)
    throw UsageError{prefix + (file ? QStringLiteral("give --matrix or --poisson, not both")
                                    : QStringLiteral("give --matrix PATH.mtx or --poisson N"))};
  if (grid) {
    config.poissonN = wholeNumber(parser, prefix, "poisson", 1, 20000, 0);
    problem = "poisson2D n=" + std::to_string(config.poissonN);
    const long long rows = static_cast<long long>(config.poissonN) * config.poissonN;
    admit("CG on " + problem + " (" + std::to_string(rows) + " rows)",
          cg::cgDemoMemory(rows, cg::poisson2DNonzeros(config.poissonN), config), backend);
    return cg::poisson2D(config.poissonN);
  }
  config.matrixPath = parser.value(QStringLiteral("matrix")).toStdString();
  problem = std::filesystem::path(config.matrixPath).filename().string();
  cg::MatrixMarketOptions options;
  // Before the reader allocates: the whole solve must fit, not only the matrix.
  options.checkSize = [&](const cg::MatrixMarketSize& size) {
    admit("CG on a " + std::to_string(size.rows) + " x " + std::to_string(size.cols) + " matrix",
          cg::cgDemoMemory(size.rows, size.nonzeros, config), backend);
  };
  try {
    return cg::readMatrixMarket(config.matrixPath, options);
  } catch (const cg::MatrixMarketError& e) {
    throw UsageError{prefix + QStringLiteral("--matrix ") + QString::fromStdString(e.what())};
  }
}

int runCg(const QCommandLineParser& parser, const QString& prefix) {
  cg::CgDemoConfig config;
  config.precision = parsedValue(parser, prefix, "precision", parsePrecision);
  config.preconditioner = parsedValue(parser, prefix, "precond", parsePreconditioner);
  if (parser.isSet(QStringLiteral("tol"))) config.tolerance = parsedValue(parser, prefix, "tol", parseTolerance);
  config.maxIterations = wholeNumber(parser, prefix, "max-iter", 1, 1LL << 40, config.maxIterations);
  const DemoOutputs outputs =
      checkOutputs(parser, {parser.isSet(QStringLiteral("matrix")) ? parser.value(QStringLiteral("matrix")).toStdString()
                                                                    : std::string()},
                   true);
  config.keepSolution = !outputs.solution.path.empty();
  // A bad matrix is one line: the backend notice comes after it is read; its admission counts the
  // device where CUDA will run.
  const Backend expected = chooseBackend(parseBackend(parser.value(QStringLiteral("backend")).toStdString())).backend;
  config.backend = expected;
  std::string problem;
  const cg::CsrMatrix matrix = loadCgProblem(parser, prefix, config, problem, expected);
  const ChosenBackend backend = chooseDemoBackend(parser, prefix);
  config.backend = backend.backend;
  // The CPU row first: it is the reference the speedups and the classroom start from.
  config.versions = {cg::CgVersion::Cpu, cg::CgVersion::ScalarCsr, cg::CgVersion::VectorCsr, cg::CgVersion::CuSparse};
  const cg::CgDemoReport report = runWithProgress(
      parser, prefix, config.control, [&] { return cg::runCgDemo(matrix, problem, config, backend.gpu.cg); });
  const DemoRunInfo info = runInfo("cg", backend);
  printTable(formatCgTable(report, config, info), outputs);
  writeIfAsked(outputs.json, jsonBytes(cgReportJson(report, config, info)));
  const auto unsolved = std::find_if(report.rows.begin(), report.rows.end(),
                                     [](const cg::CgDemoRow& row) { return row.status != cg::CgStatus::Converged; });
  if (unsolved == report.rows.end()) {
    writeIfAsked(outputs.solution, QByteArray::fromStdString(formatSolution(report.solution)));
    return kExitOk;
  }
  // x of a solve that did not converge is no solution: it never replaces a file (an older one stays).
  std::string message = unsolved->name + ": " + cg::toString(unsolved->status);
  if (!outputs.solution.path.empty())
    message += "; --solution " + quotedText(outputs.solution.path, 120) + " not written (an older file there is kept)";
  return fail(kExitFailure, prefix + QString::fromStdString(message));
}

const DemoEntry kDemos[] = {
    {"reduce", describeReduce, runReduce},
    {"matmul", describeMatmul, runMatmul},
    {"cg", describeCg, runCg},
};

// Qt lists one-letter options as "-n"; the demos document --m --n --k (both spellings parse).
// Eating one space of the padding keeps the descriptions aligned.
QString demoHelp(const QCommandLineParser& parser, const QString& usage) {
  static const QRegularExpression shortOption(QStringLiteral("^  -(\\w) (<\\w+>) "),
                                              QRegularExpression::MultilineOption);
  return helpText(parser.helpText(), usage).replace(shortOption, QStringLiteral("  --\\1 \\2"));
}

QString demoUsage(const DemoEntry& demo) {
  return QStringLiteral("kernelcam demo %1 [options]").arg(QLatin1String(demo.name));
}

// `kernelcam demo --help`: every demo's options, so one page shows all there is.
void printOverview() {
  QString text = QStringLiteral(
      "Usage: kernelcam demo reduce|matmul|cg [options]\n"
      "Classroom demos: each version of a GPU algorithm, timed and checked against the CPU reference.\n"
      "Prints a table (one row per version); --json writes the same data.\n"
      "Exit codes: 0 ok, 1 a wrong result / no convergence / runtime failure, 2 bad usage or unreadable\n"
      "input, 3 --backend cuda without a usable CUDA device.\n");
  for (const DemoEntry& demo : kDemos) {
    QCommandLineParser parser;
    demo.describe(parser);
    text += QLatin1Char('\n') + demoHelp(parser, demoUsage(demo));
  }
  std::fputs(text.toLocal8Bit().constData(), stdout);
}

int runOne(const DemoEntry& demo, const QStringList& arguments) {
  const QString prefix = QStringLiteral("demo %1: ").arg(QLatin1String(demo.name));
  QCommandLineParser parser;
  demo.describe(parser);
  if (!parser.parse(arguments)) return fail(kExitUsage, prefix + parseErrorText(parser));
  if (helpAsked(parser)) {
    std::fputs(demoHelp(parser, demoUsage(demo)).toLocal8Bit().constData(), stdout);
    return kExitOk;
  }
  if (!parser.positionalArguments().isEmpty())
    return fail(kExitUsage, prefix + QStringLiteral("unexpected argument '%1'").arg(parser.positionalArguments()[0]));
  try {
    return demo.run(parser, prefix);
  } catch (const UsageError& e) {
    return fail(kExitUsage, e.message);
  } catch (const NoCudaError& e) {
    return fail(kExitNoCuda, prefix + QString::fromStdString(e.what()));
  } catch (const io::OutputError& e) {  // exit 2 before the run, 1 when the write itself failed
    return fail(e.kind() == io::OutputError::Kind::Usage ? kExitUsage : kExitFailure,
                prefix + QString::fromStdString(e.what()));
  } catch (const InvalidArgument& e) {  // a runner's own check (gpu/demos validate), the memory admission
    return fail(kExitUsage, prefix + QString::fromStdString(e.what()));
  } catch (const std::exception& e) {  // CUDA errors (kc::Error); an allocation that failed despite the admission
    const QString asked = QStringLiteral("demo %1 ").arg(QLatin1String(demo.name)) + arguments.mid(1).join(QLatin1Char(' '));
    const std::string oom = describeOutOfMemory(quotedText(asked.toStdString(), 120), e);
    if (!oom.empty()) return fail(kExitUsage, prefix + QString::fromStdString(oom));
    return fail(kExitFailure, prefix + QString::fromStdString(e.what()));
  }
}

}  // namespace

int runDemo(const QStringList& arguments) {
  const QString name = arguments.size() >= 2 ? arguments[1] : QString();
  if (name == QLatin1String("--help") || name == QLatin1String("-h") || name == QLatin1String("--help-all")) {
    printOverview();
    return kExitOk;
  }
  if (name.isEmpty()) return fail(kExitUsage, QStringLiteral("demo: which one? reduce, matmul or cg (try --help)"));
  for (const DemoEntry& demo : kDemos) {
    if (name != QLatin1String(demo.name)) continue;
    QStringList rest = arguments.mid(1);
    rest[0] = QStringLiteral("kernelcam demo ") + name;
    return runOne(demo, rest);
  }
  QStringList names;
  for (const DemoEntry& demo : kDemos) names << QLatin1String(demo.name);
  return fail(kExitUsage, QStringLiteral("demo: unknown demo '%1'").arg(name) +
                              didYouMean(name, names, QStringLiteral(" (expected reduce, matmul or cg)")));
}

}  // namespace kc::cli
