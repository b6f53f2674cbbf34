// `kernelcam demo reduce|matmul|cg`: parses the options into a runner's config (gpu/demos),
// picks the backend, runs it and hands the report to demo_format / cg_format. Everything a user
// can get wrong is caught here, before the run, so it costs one line on stderr and exit 2.
#include <QCommandLineParser>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QSaveFile>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "app/backend/pipeline_factory.hpp"
#include "app/cli/cg_format.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/demo_format.hpp"
#include "app/demos/app_demo_runners.hpp"
#include "gpu/core/error.hpp"
#include "gpu/core/size_limits.hpp"
#include "gpu/demos/cg/matrix_market.hpp"
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
  parser.addOption({"json", "Also write the report as JSON.", "PATH"});
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
  parser.addOption({"tol", "Relative tolerance: stop at ||r|| <= tol ||r0|| (default 1e-6).", "T"});
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
  if (!ok || value < low || value > high)
    throw UsageError{prefix + QStringLiteral("--%1 '%2': expected a whole number in %3..%4")
                                  .arg(QLatin1String(name), text)
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
  if (requested == Backend::Auto)
    std::fprintf(stderr, "kernelcam: %sbackend auto: using %s\n", prefix.toLocal8Bit().constData(),
                 choice.backend == Backend::Cuda ? "cuda (a CUDA device is present)"
                                                 : ("cpu (" + cudaUnavailableReason() + "), CPU rows only").c_str());
  if (choice.backend == Backend::Cpu) return {};
  return {Backend::Cuda, demoGpuParts()};
}

DemoRunInfo runInfo(const char* demo, const ChosenBackend& backend) {
  if (backend.backend == Backend::Cuda) return {demo, "cuda", cudaDeviceName()};
  return {demo, "cpu", "CPU"};
}

// ---- outputs ----------------------------------------------------------------------------------

// Opened before the run, so an unwritable path fails at once, not after a long solve. A QSaveFile
// replaces the target only on commit: a run that fails leaves no empty or half-written file.
std::unique_ptr<QSaveFile> openOutput(const QCommandLineParser& parser, const QString& prefix, const char* option) {
  if (!parser.isSet(QLatin1String(option))) return nullptr;
  auto file = std::make_unique<QSaveFile>(parser.value(QLatin1String(option)));
  if (!file->open(QIODevice::WriteOnly))
    throw UsageError{prefix + QStringLiteral("--%1 %2: cannot write (%3)")
                                  .arg(QLatin1String(option), file->fileName(), file->errorString())};
  return file;
}

// Returns false (after one line on stderr) when the file could not be completed.
bool finishOutput(QSaveFile* file, const QByteArray& bytes, const QString& prefix) {
  if (!file) return true;
  file->write(bytes);
  if (file->commit()) return true;
  fail(kExitFailure, prefix + QStringLiteral("%1: cannot write (%2)").arg(file->fileName(), file->errorString()));
  return false;
}

QByteArray jsonBytes(const QJsonObject& report) { return QJsonDocument(report).toJson(QJsonDocument::Indented); }

// The end of reduce and matmul: the table, the JSON, and exit 1 when a version was wrong.
int printReport(const demos::DemoReport& report, const DemoRunInfo& info, QSaveFile* json, const QString& prefix) {
  std::fputs(formatDemoTable(report, info).c_str(), stdout);
  if (!finishOutput(json, jsonBytes(demoReportJson(report, info)), prefix)) return kExitFailure;
  return allRowsCorrect(report) ? kExitOk : fail(kExitFailure, prefix + "a version gave a wrong result (see the table)");
}

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
  const ChosenBackend backend = chooseDemoBackend(parser, prefix);
  config.backend = backend.backend;
  const auto json = openOutput(parser, prefix, "json");

  return printReport(demos::runReduceDemo(config, backend.gpu.reduce), runInfo("reduce", backend), json.get(), prefix);
}

int runMatmul(const QCommandLineParser& parser, const QString& prefix) {
  demos::MatmulDemoConfig config;
  config.type = parsedValue(parser, prefix, "type", demos::parseMatmulType);
  config.M = wholeNumber(parser, prefix, "m", 1, kMaxMatmulSide, config.M);
  config.N = wholeNumber(parser, prefix, "n", 1, kMaxMatmulSide, config.N);
  config.K = wholeNumber(parser, prefix, "k", 1, kMaxMatmulSide, config.K);
  config.reps = wholeNumber(parser, prefix, "reps", 1, 10000, config.reps);
  const ChosenBackend backend = chooseDemoBackend(parser, prefix);
  config.backend = backend.backend;
  const auto json = openOutput(parser, prefix, "json");

  return printReport(demos::runMatmulDemo(config, backend.gpu.matmul), runInfo("matmul", backend), json.get(), prefix);
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
  if (used != text.size() || !(value > 0) || !std::isfinite(value))
    throw InvalidArgument("'" + text + "': expected a number > 0 (such as 1e-8)");
  return value;
}

// The matrix is read here, not by the runner, so a bad file is exit 2 before any other output.
cg::CsrMatrix loadCgProblem(const QCommandLineParser& parser, const QString& prefix, cg::CgDemoConfig& config,
                            std::string& problem) {
  const bool file = parser.isSet(QStringLiteral("matrix")), grid = parser.isSet(QStringLiteral("poisson"));
  if (file == grid)
    throw UsageError{prefix + (file ? QStringLiteral("give --matrix or --poisson, not both")
                                    : QStringLiteral("give --matrix PATH.mtx or --poisson N"))};
  if (grid) {
    config.poissonN = wholeNumber(parser, prefix, "poisson", 1, 20000, 0);
    problem = "poisson2D n=" + std::to_string(config.poissonN);
    return cg::poisson2D(config.poissonN);
  }
  config.matrixPath = parser.value(QStringLiteral("matrix")).toStdString();
  problem = std::filesystem::path(config.matrixPath).filename().string();
  try {
    return cg::readMatrixMarket(config.matrixPath);
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
  std::string problem;
  const cg::CsrMatrix matrix = loadCgProblem(parser, prefix, config, problem);
  const ChosenBackend backend = chooseDemoBackend(parser, prefix);
  const auto json = openOutput(parser, prefix, "json");
  const auto solution = openOutput(parser, prefix, "solution");
  config.keepSolution = solution != nullptr;

  config.backend = backend.backend;
  // The CPU row first: it is the reference the speedups and the classroom start from.
  config.versions = {cg::CgVersion::Cpu, cg::CgVersion::ScalarCsr, cg::CgVersion::VectorCsr, cg::CgVersion::CuSparse};
  const cg::CgDemoReport report = cg::runCgDemo(matrix, problem, config, backend.gpu.cg);
  const DemoRunInfo info = runInfo("cg", backend);
  std::fputs(formatCgTable(report, config, info).c_str(), stdout);
  if (!finishOutput(json.get(), jsonBytes(cgReportJson(report, config, info)), prefix) ||
      !finishOutput(solution.get(), QByteArray::fromStdString(formatSolution(report.solution)), prefix))
    return kExitFailure;
  for (const cg::CgDemoRow& row : report.rows)
    if (row.status != cg::CgStatus::Converged)
      return fail(kExitFailure, prefix + QString::fromStdString(row.name + ": " + cg::toString(row.status)));
  return kExitOk;
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
  if (!parser.parse(arguments)) return fail(kExitUsage, prefix + parser.errorText());
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
  } catch (const InvalidArgument& e) {  // a runner's own check (gpu/demos validate)
    return fail(kExitUsage, prefix + QString::fromStdString(e.what()));
  } catch (const std::exception& e) {  // CUDA errors (kc::Error), out of memory
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
  return fail(kExitUsage, QStringLiteral("demo: unknown demo '%1' (expected reduce, matmul or cg)").arg(name));
}

}  // namespace kc::cli
