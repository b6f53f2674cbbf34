// `kernelcam bench`: the gpu/bench rows (the same options as kc_bench, parsed here with
// QCommandLineParser; bench_options.hpp's readers check the values for both) plus, for each row that times
// one stage, that stage on the CPU: kernelcam's CPU backend and the bare OpenCV call. With the CPU
// backend (--backend cpu, or auto without a usable CUDA device) it runs the CPU rows instead.
// Prints the markdown table and writes --json / --md where asked.
#include <QCommandLineParser>

#include <cstdio>
#include <string>
#include <vector>

#include "app/backend/pipeline_factory.hpp"
#include "app/cli/bench_cpu_rows.hpp"
#include "app/cli/commands.hpp"
#include "app/demos/app_demo_runners.hpp"
#include "app/io/output_file.hpp"
#include "app/session/run_session.hpp"
#include "gpu/plugin/bench_backend.hpp"
#include "gpu/bench/bench_options.hpp"
#include "gpu/bench/bench_report.hpp"
#include "gpu/core/error.hpp"

namespace kc::cli {

namespace {

QString groupList() {
  QStringList groups;
  for (const std::string& group : bench::benchGroups()) groups << QString::fromStdString(group);
  return groups.join(QLatin1Char(' '));
}

// kc_bench's options (bench_options.hpp), declared for QCommandLineParser, and their values read
// from it through the same readers kc_bench uses.
struct BenchCommandLine {
  QCommandLineOption size{"size", "One image size instead of 1920x1080 and 3840x2160.", "WxH"};
  QCommandLineOption reps{"reps", "Timed repetitions per row, median reported (default 50).", "N"};
  QCommandLineOption warmup{"warmup", "Warm-up runs per row (default 5).", "N"};
  QCommandLineOption only{
      "only", "Comma-separated groups (" + groupList() + ") or row-name prefixes, e.g. --only gray,\"conv 5x5\".",
      "LIST"};
  QCommandLineOption json{"json", "Also write the JSON report there.", "PATH"};
  QCommandLineOption md{"md", "Also write the markdown table there.", "PATH"};
  QCommandLineOption matrices{"matrices",
                              "Matrix Market folder for the CG rows (default: kernelcam's own, the "
                              "checkout's data/matrices or the installed share/kernelcam/matrices).",
                              "DIR"};
  QCommandLineOption images{"images",
                            "Photos for the histogram's photo rows (default: kernelcam's samples, data/samples "
                            "or share/kernelcam/samples).",
                            "DIR"};

  void addTo(QCommandLineParser& parser) const {
    parser.addOptions({size, reps, warmup, only, json, md, matrices, images});
  }

  // Throws kc::InvalidArgument naming the option.
  bench::BenchOptions read(const QCommandLineParser& parser) const {
    const auto text = [&](const QCommandLineOption& option) { return parser.value(option).toStdString(); };
    bench::BenchOptions options;
    if (parser.isSet(size)) options.sizes = {bench::parseBenchSize(text(size))};
    if (parser.isSet(reps)) options.reps = bench::parseBenchCount(text(reps), "--reps");
    if (parser.isSet(warmup)) options.warmup = bench::parseBenchCount(text(warmup), "--warmup");
    if (parser.isSet(only)) options.only = bench::parseBenchOnly(text(only));
    options.jsonPath = text(json);
    options.markdownPath = text(md);
    // Not given: the folders the demos and samples are found in, wherever kernelcam runs from.
    const QString matrixDir = parser.isSet(matrices) ? parser.value(matrices) : defaultMatrixDirectory();
    const QString imageDir = parser.isSet(images) ? parser.value(images) : defaultSampleDirectory();
    if (!matrixDir.isEmpty()) options.matrixDir = matrixDir.toStdString();
    if (!imageDir.isEmpty()) options.imageDir = imageDir.toStdString();
    return options;
  }
};

// The reports go through the one output writer (app/io/output_file.hpp): checked before minutes of
// measuring, written whole or not at all, "-" for stdout.
io::OutputFile jsonFile(const bench::BenchOptions& o) { return {"--json", o.jsonPath, true, false}; }
io::OutputFile markdownFile(const bench::BenchOptions& o) { return {"--md", o.markdownPath, true, false}; }

void writeIfAsked(const io::OutputFile& file, const std::string& text) {
  if (!file.path.empty()) io::writeOutput(file, QByteArray::fromStdString(text));
}

void printRow(const bench::BenchRow& row) { std::fputs(bench::progressLine(row).c_str(), stderr); }

bench::BenchReport measure(const bench::BenchOptions& options, Backend requested) {
  RunSession session(requested);
  if (BenchBackend* gpu = session.bench()) {  // NoCudaError for cuda without a device
    bench::BenchReport report = gpu->runBench(options, printRow);
    std::fputs("CPU columns: the CPU backend and the bare OpenCV call per stage row...\n", stderr);
    addCpuColumns(report, options);
    return report;
  }
  if (const std::string note = session.note(); !note.empty()) std::fprintf(stderr, "%s\n", note.c_str());
  std::fputs("CPU rows: the CPU backend against the bare OpenCV calls\n", stderr);
  return runCpuBench(options, printRow);
}

}  // namespace

int runBench(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral(
      "Time the kernels against the copy roofline and the libraries (NPP, CUB, cuBLAS, cuSPARSE), and each\n"
      "stage on the CPU: kernelcam's CPU backend against the bare OpenCV call. On the CPU backend (--backend\n"
      "cpu, or no CUDA device), the CPU rows only. A markdown table on stdout; docs/PERFORMANCE.md explains\n"
      "the method."));
  parser.addHelpOption();
  const BenchCommandLine options;
  options.addTo(parser);
  const QCommandLineOption backend("backend", kBackendOptionHelp, "NAME", "auto");
  parser.addOption(backend);
  if (!parser.parse(arguments)) return fail(kExitUsage, QStringLiteral("bench: ") + parseErrorText(parser));
  if (helpAsked(parser)) {
    std::fputs(helpText(parser.helpText(), QStringLiteral("kernelcam bench [options]")).toLocal8Bit().constData(),
               stdout);
    return kExitOk;
  }
  if (!parser.positionalArguments().isEmpty())
    return fail(kExitUsage, QStringLiteral("bench: unexpected argument '%1'").arg(parser.positionalArguments()[0]));
  try {
    const bench::BenchOptions benchOptions = options.read(parser);
    std::vector<io::OutputFile> outputs;  // unwritable, or two on one path: exit 2 before measuring
    for (const io::OutputFile& file : {jsonFile(benchOptions), markdownFile(benchOptions)})
      if (!file.path.empty()) outputs.push_back(file);
    io::checkOutputs(outputs, {});
    const bench::BenchReport report = measure(benchOptions, parseBackend(parser.value(backend).toStdString()));
    const std::string table = bench::formatMarkdown(report);
    writeIfAsked(markdownFile(benchOptions), table);
    writeIfAsked(jsonFile(benchOptions), bench::formatJson(report));
    if (!io::writesToStdout(jsonFile(benchOptions)) && !io::writesToStdout(markdownFile(benchOptions)))
      std::fputs(table.c_str(), stdout);
    return kExitOk;
  } catch (const io::OutputError& e) {
    return fail(e.kind() == io::OutputError::Kind::Usage ? kExitUsage : kExitFailure,
                QStringLiteral("bench: ") + QString::fromStdString(e.what()));
  } catch (const NoCudaError& e) {
    return fail(kExitNoCuda, QStringLiteral("bench: ") + QString::fromStdString(e.what()));
  } catch (const InvalidArgument& e) {
    return fail(kExitUsage,
                QStringLiteral("bench: ") + QString::fromStdString(e.what()) + QStringLiteral(" (try --help)"));
  } catch (const std::exception& e) {
    return fail(kExitFailure, QStringLiteral("bench: ") + QString::fromStdString(e.what()));
  }
}

}  // namespace kc::cli
