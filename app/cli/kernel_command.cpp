// `kernelcam kernel new|check|profile`: the CUDA kernel lab on the command line (docs/KERNEL-LAB.md).
// `new` writes the template; `check` compiles a kernel with NVRTC (no GPU needed) and prints its
// diagnostics at the user's own lines, or its resource usage, compile time and, where a device
// exists, its occupancy.
#include <QCommandLineParser>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryFile>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <ctime>
#include <string>
#include <thread>

#include "gpu/plugin/cuda_backend_loader.hpp"
#include "app/options/compile_limit_options.hpp"
#include "app/cli/commands.hpp"
#include "app/io/output_file.hpp"
#include "app/cli/device_limits_cache.hpp"
#include "gpu/core/error.hpp"
#include "gpu/core/message_text.hpp"
#include "gpu/lab/kernel_params.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "gpu/lab/line_figures.hpp"
#include "gpu/pipeline/frame_ops.hpp"
#include "app/sources/source_factory.hpp"

namespace kc::cli {
namespace {

const QString kUsageNew = QStringLiteral("kernelcam kernel new PATH");
const QString kUsageCheck = QStringLiteral(
    "kernelcam kernel check PATH [--arch sm_XX] [--ptx] [--timings] [--compile-memory MIB] [--compile-time SECONDS]");
const QString kUsageProfile = QStringLiteral("kernelcam kernel profile PATH [--source SPEC] [--size WxH]");

void printOverview() {
  std::printf(
      "Usage: kernelcam kernel new|check|profile ...\n"
      "The CUDA kernel lab: write a kernel, check it, run it on the stream (docs/KERNEL-LAB.md).\n\n"
      "  %s\n      write the template kernel (an existing file is never replaced)\n"
      "  %s\n      compile with NVRTC (no GPU needed): errors as PATH:LINE:COL (exit 2), else the\n"
      "      resource usage, the compile time and, with a CUDA device, the occupancy\n"
      "  %s\n      run the kernel once on a frame and print, per source line, its share of the executed\n"
      "      instructions, global-memory sectors per request and shared-memory wavefronts per request\n"
      "      against the ideal (coalescing, bank conflicts): PATH:LINE: lines (CUDA device needed)\n",
      kUsageNew.toLocal8Bit().constData(), kUsageCheck.toLocal8Bit().constData(),
      kUsageProfile.toLocal8Bit().constData());
}

// Parses `arguments` ("kernelcam kernel ACTION", then the rest); returns the one PATH, or an
// exit code through `exitCode` (help printed, or a usage error reported).
bool parseWithPath(QCommandLineParser& parser, const QStringList& arguments, const QString& usage, QString* path,
                   int* exitCode) {
  const QString prefix = arguments[0].mid(QStringLiteral("kernelcam ").size()) + QStringLiteral(": ");
  parser.addHelpOption();
  parser.addPositionalArgument(QStringLiteral("PATH"), QStringLiteral("The kernel's .cu file."));
  if (!parser.parse(arguments)) {
    *exitCode = fail(kExitUsage, prefix + parseErrorText(parser));
    return false;
  }
  if (parser.isSet(QStringLiteral("help"))) {
    std::fputs(helpText(parser.helpText(), usage).toLocal8Bit().constData(), stdout);
    *exitCode = kExitOk;
    return false;
  }
  const QStringList positional = parser.positionalArguments();
  if (positional.size() != 1) {
    *exitCode =
        fail(kExitUsage, prefix + (positional.isEmpty() ? QStringLiteral("which file? (usage: %1)").arg(usage)
                                                        : QStringLiteral("one file at a time (usage: %1)").arg(usage)));
    return false;
  }
  *path = positional[0];
  return true;
}

// The same options in builds with and without CUDA: a command line that works in one parses in the other.
void addCheckOptions(QCommandLineParser& parser) {
  parser.setApplicationDescription(QStringLiteral(
      "Compile a lab kernel with NVRTC (no GPU needed). Errors and warnings are printed as PATH:LINE:COL at\n"
      "the kernel's own lines (exit 2 on errors); a kernel that compiles gets its resource usage, compile\n"
      "time and, where a CUDA device exists, its theoretical occupancy. Needs a build with CUDA (else exit 3)."));
  parser.addOption({"arch", "Target architecture, e.g. sm_90 (default: this device's, else sm_90).", "sm_XX"});
  parser.addOption({"ptx", "Also print the PTX, and the SASS where nvdisasm or cuobjdump is installed."});
  parser.addOption({"timings", "Print where the time went (read, NVRTC, device query)."});
  // The compile runs in a process of its own under these limits (docs/KERNEL-LAB.md).
  addCompileLimitOptions(parser);
}

int runNew(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("Write the lab's template kernel to PATH."));
  QString path;
  int exitCode = kExitOk;
  if (!parseWithPath(parser, arguments, kUsageNew, &path, &exitCode)) return exitCode;
  if (QFileInfo::exists(path) || QFileInfo(path).isSymLink())
    return fail(kExitUsage, QStringLiteral("kernel new: %1 exists; not replaced (choose another name)")
                                .arg(QString::fromStdString(quotedText(path.toStdString(), 200))));
  // Through the one output guard and writer, as every file kernelcam writes: a path that cannot be
  // written (no such folder, a read-only one) is exit 2 before anything is written, a write that
  // fails (disk full) exit 1; the temporary goes, so there is never a half-written kernel.
  const io::OutputFile file{"kernel new", path.toStdString(), false, false};
  try {
    io::checkOutputs({file}, {});
    io::writeOutput(file, QByteArray::fromStdString(lab::kernelTemplate()));
  } catch (const io::OutputError& e) {
    return fail(e.kind() == io::OutputError::Kind::Usage ? kExitUsage : kExitFailure, QString::fromStdString(e.what()));
  }
  const std::string shown = printableText(path.toStdString());
  std::printf("wrote %s; check it with: kernelcam kernel check %s\n", shown.c_str(), shown.c_str());
  return kExitOk;
}

double msSince(const QElapsedTimer& timer) { return static_cast<double>(timer.nsecsElapsed()) / 1e6; }

double processCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

std::string paramsText(const std::vector<lab::KernelParam>& params) {
  if (params.empty()) return "none";
  std::string text;
  for (const lab::KernelParam& p : params)
    text += (text.empty() ? "" : "; ") + p.name + " " + lab::typeName(p.type) + " " + lab::formatValue(p, p.minValue) +
            ".." + lab::formatValue(p, p.maxValue) + " = " + lab::formatValue(p, p.defaultValue);
  return text;
}

// SASS through nvdisasm (or cuobjdump) where the toolkit has it; the PTX alone otherwise.
void printSass(const std::string& cubin) {
  const QStringList cudaBin{QStringLiteral("/usr/local/cuda/bin")};
  QString tool = QStandardPaths::findExecutable(QStringLiteral("nvdisasm"));
  if (tool.isEmpty()) tool = QStandardPaths::findExecutable(QStringLiteral("nvdisasm"), cudaBin);
  QStringList toolArguments{QStringLiteral("-c")};
  if (tool.isEmpty()) {
    tool = QStandardPaths::findExecutable(QStringLiteral("cuobjdump"));
    if (tool.isEmpty()) tool = QStandardPaths::findExecutable(QStringLiteral("cuobjdump"), cudaBin);
    toolArguments = {QStringLiteral("-sass")};
  }
  if (tool.isEmpty()) {
    std::fputs("kernelcam: kernel check: no SASS: neither nvdisasm nor cuobjdump is installed (PTX above)\n", stderr);
    return;
  }
  QTemporaryFile file(QDir::tempPath() + QStringLiteral("/kernelcam-XXXXXX.cubin"));
  if (!file.open() ||
      file.write(cubin.data(), static_cast<qint64>(cubin.size())) != static_cast<qint64>(cubin.size()) ||
      !file.flush()) {
    std::fputs("kernelcam: kernel check: no SASS: cannot write a temporary file\n", stderr);
    return;
  }
  QProcess process;
  process.start(tool, toolArguments << file.fileName());
  if (!process.waitForFinished(30000) || process.exitCode() != 0) {
    std::fprintf(stderr, "kernelcam: kernel check: %s failed: %s\n", tool.toLocal8Bit().constData(),
                 process.readAllStandardError().trimmed().constData());
    return;
  }
  std::printf("\n// SASS (%s)\n%s", QFileInfo(tool).fileName().toLocal8Bit().constData(),
              process.readAllStandardOutput().constData());
}

// Theoretical occupancy: needs the device's limits (kept from an earlier check: `cached`, else asked
// of the driver), and a cubin of its architecture.
std::string occupancyText(DeviceBackend& devices, KernelCompilerBackend& compiler, KernelRunnerBackend& runner,
                          const lab::CompiledKernel& kernel, const std::optional<lab::DeviceLimits>& cached,
                          double* ms) {
  QElapsedTimer timer;
  timer.start();
  if (cached) {
    if (const std::optional<lab::Occupancy> occupancy = runner.occupancyFromLimits(kernel, *cached)) {
      *ms = msSince(timer);
      return lab::describeOccupancy(*occupancy);
    }
  }
  if (devices.deviceCountOrZero() == 0) return "needs a CUDA device (none here)";
  if (kernel.arch != compiler.defaultArch())
    return "not computed: sm_" + std::to_string(kernel.arch) + " is not this device's architecture";
  try {
    const std::string text = lab::describeOccupancy(runner.makeOccupancyProbe(0)(kernel));
    *ms = msSince(timer);
    return text;
  } catch (const std::exception& e) {
    return std::string("not computed: ") + e.what();
  }
}

// The architecture to compile for, in `options` unless given: the device as an earlier check found it,
// where the driver says nothing changed since (device_limits_cache.hpp): no CUDA start-up at all.
// Else the driver is asked (and the caller keeps its answer). Returns the limits kept, if used.
std::optional<lab::DeviceLimits> architectureToCompileFor(KernelCompilerBackend& cuda,
                                                          const std::filesystem::path& cacheFile,
                                                          const std::string& fingerprint,
                                                          lab::CompileOptions& options) {
  std::optional<lab::DeviceLimits> cached = cachedDeviceLimits(cacheFile, fingerprint);
  if (cached && !options.arch) {
    try {
      options.arch = cuda.parseArch("sm_" + std::to_string(cached->arch()));
    } catch (const InvalidArgument&) {  // an architecture this NVRTC does not know: ask the driver
      cached.reset();
    }
  }
  if (!options.arch) (void)cuda.defaultArch();
  return cached;
}

// What `kernel check` found: the kernel, its resources, launch shape, output, parameters, occupancy.
void printCheckReport(KernelCompilerBackend& cuda, const lab::KernelSource& source, const lab::CompiledKernel& kernel,
                      const std::string& occupancy) {
  const lab::ResourceUsage& r = kernel.resources;
  const lab::KernelAnnotations& a = kernel.analysis.annotations;
  std::printf("%s: ok: kernel '%s' for sm_%d (NVRTC %s), compiled in %.0f ms\n", printableText(source.path).c_str(),
              kernel.analysis.entry->name.c_str(), kernel.arch, cuda.nvrtcVersion().c_str(), kernel.compileMs);
  if (r.known) {
    std::printf("  registers      %d per thread\n", r.registers);
    std::printf("  shared memory  %d bytes per block (static)\n", r.sharedBytes);
    std::printf("  local memory   %d bytes per thread (stack frame)\n", r.localBytes);
    std::printf("  spills         %d bytes stored, %d bytes loaded\n", r.spillStoreBytes, r.spillLoadBytes);
  } else {
    std::printf("  resources      ptxas gave no report for %s\n", kernel.loweredName.c_str());
  }
  std::printf("  block          %dx%d (%d threads), one thread per output pixel\n", a.block.x, a.block.y,
              a.block.threads());
  std::printf("  output         %s\n", lab::outputFormatName(a.output));
  std::printf("  parameters     %s\n", paramsText(a.params).c_str());
  std::printf("  occupancy      %s\n", occupancy.c_str());
}

int runCheck(const QStringList& arguments) {
  const double cpuAtStart = processCpuMs();  // the process's start-up (loading its libraries) so far
  QElapsedTimer total;
  total.start();
  QCommandLineParser parser;
  addCheckOptions(parser);
  QString path;
  int exitCode = kExitOk;
  if (!parseWithPath(parser, arguments, kUsageCheck, &path, &exitCode)) return exitCode;
  KernelCompilerBackend* cuda = cudaKernelCompiler();
  if (!cuda)
    return fail(kExitNoCuda, QStringLiteral("kernel check needs NVRTC from the CUDA toolkit, which comes with the CUDA "
                                            "backend: ") +
                                 QString::fromStdString(cudaBackendLoadError()));

  try {
    QElapsedTimer step;
    step.start();
    const lab::KernelSource source = lab::readKernelSource(path.toStdString());
    const double readMs = msSince(step);
    lab::CompileOptions options;
    if (parser.isSet(QStringLiteral("arch")))
      options.arch = cuda->parseArch(parser.value(QStringLiteral("arch")).toStdString());
    options.keepPtx = parser.isSet(QStringLiteral("ptx"));
    options.limits = compileLimitsFrom(parser);
    // The compiler process starts while this thread asks the driver for the device (the
    // architecture to compile for): each takes tens of milliseconds, and neither needs the other.
    // A jthread: joined on every way out, a throw from the compile included.
    std::jthread compilerStart([cuda] {
      try {
        cuda->startCompilerProcess();
      } catch (const std::exception&) {  // the compile below says why
      }
    });
    step.restart();
    const std::string fingerprint = nvidiaDriverFingerprint();
    const std::filesystem::path cacheFile = deviceLimitsCacheFile();
    const std::optional<lab::DeviceLimits> cached = architectureToCompileFor(*cuda, cacheFile, fingerprint, options);
    const double deviceMs = msSince(step);
    const double cpuBeforeCompile = processCpuMs();
    const lab::CompiledKernel kernel = cuda->compileKernel(source, options);
    compilerStart.join();
    const double compileCallMs = msSince(step);
    const double compileCpuMs = processCpuMs() - cpuBeforeCompile;
    for (const lab::Diagnostic& d : kernel.diagnostics) std::fprintf(stderr, "%s\n", lab::formatDiagnostic(d).c_str());
    if (!kernel.ok()) return kExitUsage;

    double occupancyMs = 0;
    const std::string occupancy =
        occupancyText(*cudaDevices(), *cuda, *cudaKernelRunner(), kernel, cached, &occupancyMs);
    if (!cached && !fingerprint.empty() && cudaDevices()->deviceCountOrZero() > 0)
      if (const std::optional<lab::DeviceLimits> limits = cudaKernelRunner()->deviceLimits(0))
        storeDeviceLimits(cacheFile, fingerprint, *limits);
    printCheckReport(*cuda, source, kernel, occupancy);
    if (options.keepPtx) {
      std::printf("\n// PTX\n%s", kernel.ptx.c_str());
      printSass(kernel.cubin);
    }
    // Wall time grows with the machine's load; CPU time says what the check itself costs.
    if (parser.isSet(QStringLiteral("timings")))
      std::printf(
          "timings: check %.1f ms wall, %.1f ms CPU (read %.1f ms; compile %.1f ms wall, %.1f ms CPU here, of "
          "which the device's architecture %.1f ms%s and NVRTC %.1f ms wall, %.1f ms CPU in the compiler process; "
          "occupancy %.1f ms); before it, kernelcam's start-up took %.0f ms CPU\n",
          msSince(total), processCpuMs() - cpuAtStart, readMs, compileCallMs, compileCpuMs, deviceMs,
          cached ? " (kept from an earlier check)" : "", kernel.compileMs, kernel.compileCpuMs, occupancyMs,
          cpuAtStart);
    return kExitOk;
  } catch (const InvalidArgument& e) {
    return fail(kExitUsage, QString::fromStdString(e.what()));
  } catch (const std::exception& e) {
    return fail(kExitFailure, QStringLiteral("kernel check: ") + QString::fromStdString(e.what()));
  }
}

// The kernel's source lines, for printing each profiled line under its figures.
std::vector<std::string> sourceLines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return lines;
}

// `kernel profile`'s figures: each profiled line of the kernel's file under its source line, the lab's
// frame accessors, and the whole launch's raw counts.
void printLineProfile(const lab::KernelSource& source, const lab::CompiledKernel& kernel,
                      const std::string& frameSource, const HostFrame& frame, const lab::LaunchReport& report) {
  const std::vector<lab::LineFigures> mine = lab::linesOfFile(report.lines, source.path);
  const std::uint64_t total = lab::totalInstructions(report.lines);
  std::printf("%s: kernel '%s' on %s (%dx%d), %llu warp instructions executed; per line (CUPTI SASS metrics):\n",
              printableText(source.path).c_str(), kernel.analysis.entry->name.c_str(),
              printableText(frameSource).c_str(), frame.width(), frame.height(),
              static_cast<unsigned long long>(total));
  const std::vector<std::string> text = sourceLines(source.text);
  const std::string shownPath =
      printableText(source.path);  // the user's file name and lines, as the terminal may show them
  for (const lab::LineFigures& line : mine) {
    std::printf("%s:%u: %s\n", shownPath.c_str(), line.line, lab::describeLine(line, total).c_str());
    if (line.line >= 1 && line.line <= text.size())
      std::printf("    | %s\n", printableText(text[line.line - 1], 4096, TextLayout::Lines).c_str());
  }
  // The frame reads and writes: inlined from the lab's accessors, their instructions keep the
  // prelude's lines. Summed per accessor, they say how the kernel's calls of it access memory.
  const auto accessors = lab::accessorFigures(report.lines);
  for (const auto& [name, figures] : accessors)
    std::printf("%s: %s, the lab's frame accessor wherever the kernel calls it: %s\n", shownPath.c_str(), name.c_str(),
                lab::describeLine(figures, total).c_str());
  // The raw counts of the whole launch: what a per-kernel profiler (ncu --metrics smsp__sass_*.sum)
  // reports, so the figures above can be checked against one.
  const lab::LineFigures whole = lab::wholeKernel(report.lines);
  std::printf(
      "%s: whole kernel: %llu instructions; global %llu requests, %llu sectors (ideal %llu); shared %llu "
      "requests, %llu wavefronts (ideal %llu)\n",
      shownPath.c_str(), static_cast<unsigned long long>(whole.instructions),
      static_cast<unsigned long long>(whole.globalRequests), static_cast<unsigned long long>(whole.globalSectors),
      static_cast<unsigned long long>(whole.globalSectorsIdeal), static_cast<unsigned long long>(whole.sharedRequests),
      static_cast<unsigned long long>(whole.sharedWavefronts),
      static_cast<unsigned long long>(whole.sharedWavefrontsIdeal));
}

int runProfile(const QStringList& arguments) {
  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral(
      "Run a lab kernel once on one frame of a source and print, per source line of the kernel, what its\n"
      "instructions did (CUPTI's SASS metrics, as Nsight Compute's source view counts them): the share of the\n"
      "kernel's executed instructions, global-memory sectors per warp request against the ideal for the bytes\n"
      "(coalescing), shared-memory wavefronts per request against the ideal (bank conflicts). The profiled\n"
      "launch runs instrumented, so its time says nothing. Needs a CUDA device (else exit 3)."));
  parser.addOption({"source", "The frame's source (default pattern): pattern, image:PATH, video:PATH.", "SPEC",
                    QStringLiteral("pattern")});
  parser.addOption({"size", "The pattern's size (default 1920x1080).", "WxH", QStringLiteral("1920x1080")});
  QString path;
  int exitCode = kExitOk;
  if (!parseWithPath(parser, arguments, kUsageProfile, &path, &exitCode)) return exitCode;
  KernelCompilerBackend* cuda = cudaKernelCompiler();
  if (!cuda)
    return fail(kExitNoCuda, QStringLiteral("kernel profile needs the CUDA backend: ") +
                                 QString::fromStdString(cudaBackendLoadError()));
  if (cudaDevices()->deviceCountOrZero() == 0)
    return fail(kExitNoCuda, QStringLiteral("kernel profile needs a CUDA device to run the kernel on (none here)"));
  try {
    SourceOptions sourceOptions;
    if (!parseFrameSize(parser.value(QStringLiteral("size")).toStdString(), &sourceOptions.patternWidth,
                        &sourceOptions.patternHeight))
      return fail(kExitUsage, QStringLiteral("kernel profile: --size: expected WxH, e.g. 1920x1080"));
    const lab::KernelSource source = lab::readKernelSource(path.toStdString());
    lab::CompileOptions options;
    options.lineInfo = true;  // the instructions' source lines; the code is the same
    const lab::CompiledKernel kernel = cuda->compileKernel(source, options);
    for (const lab::Diagnostic& d : kernel.diagnostics) std::fprintf(stderr, "%s\n", lab::formatDiagnostic(d).c_str());
    if (!kernel.ok()) return kExitUsage;

    std::unique_ptr<FrameSource> frames =
        makeSource(parseSourceSpec(parser.value(QStringLiteral("source")).toStdString()), sourceOptions);
    HostFrame frame = frames->next();
    if (frame.empty()) throw SourceError(frames->name() + ": no frame to run the kernel on");
    frame = toRgbaFrame(frame);  // a camera's format, as the pipeline converts it at entry
    HostFrame out;
    const lab::KernelAnnotations& a = kernel.analysis.annotations;
    const lab::LaunchReport report =
        cudaKernelRunner()->profileKernel(kernel, frame, out, lab::defaultValues(a.params), 0);
    if (!report.ok())
      return fail(kExitFailure, QStringLiteral("kernel profile: ") + QString::fromStdString(report.message));
    if (report.lines.empty())
      return fail(kExitFailure,
                  QStringLiteral("kernel profile: no per-line figures: ") + QString::fromStdString(report.profileNote));
    printLineProfile(source, kernel, frames->name(), frame, report);
    return kExitOk;
  } catch (const InvalidArgument& e) {
    return fail(kExitUsage, QString::fromStdString(e.what()));
  } catch (const SourceError& e) {
    return fail(kExitUsage, QStringLiteral("kernel profile: ") + QString::fromStdString(e.what()));
  } catch (const std::exception& e) {
    return fail(kExitFailure, QStringLiteral("kernel profile: ") + QString::fromStdString(e.what()));
  }
}

}  // namespace

int runKernel(const QStringList& arguments) {
  const QString action = arguments.size() >= 2 ? arguments[1] : QString();
  if (action == QLatin1String("--help") || action == QLatin1String("-h")) {
    printOverview();
    return kExitOk;
  }
  if (action.isEmpty())
    return fail(kExitUsage, QStringLiteral("kernel: which action? new, check or profile (try --help)"));
  QStringList rest = arguments.mid(1);
  rest[0] = QStringLiteral("kernelcam kernel ") + action;
  if (action == QLatin1String("new")) return runNew(rest);
  if (action == QLatin1String("check")) return runCheck(rest);
  if (action == QLatin1String("profile")) return runProfile(rest);
  return fail(kExitUsage,
              QStringLiteral("kernel: unknown action '%1'").arg(action) +
                  didYouMean(action, {QStringLiteral("new"), QStringLiteral("check"), QStringLiteral("profile")},
                             QStringLiteral(" (expected new, check or profile)")));
}

}  // namespace kc::cli
