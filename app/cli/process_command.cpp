// `kernelcam process`: the pipeline headless. Source -> chain -> PNG(s) and a JSON report.
#include <QCommandLineParser>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <limits>
#include <optional>
#include <vector>

#include "app/backend/pipeline_factory.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/frame_file.hpp"
#include "app/cli/json_schema.hpp"
#include "app/cli/soak_run.hpp"
#include "app/cli/stage_summary.hpp"
#include "app/cli/terminal_progress.hpp"
#include "app/diagnostics/memory_usage.hpp"
#include "app/io/output_file.hpp"
#include "app/io/pending_folder.hpp"
#include "app/options/run_option_group.hpp"
#include "app/record/stream_outputs.hpp"
#include "app/record/video_file.hpp"
#include "app/record/virtual_camera.hpp"
#include "app/session/run_session.hpp"
#include "app/sources/source_factory.hpp"
#include "app/sources/video_source.hpp"
#include "gpu/core/elapsed.hpp"
#include "gpu/core/error.hpp"
#include "gpu/core/memory_budget.hpp"
#include "gpu/core/message_text.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_ops.hpp"

// --view renders the window's view through the UI's renderer (an offscreen GL context: EGL on
// the NVIDIA GPU, so CUDA-GL interop is exercised where it can be).
#include "app/live/headless_view.hpp"
#include "ui/files/save_file.hpp"

namespace kc::cli {

namespace {

struct ProcessOptions {
  SourceSpec source;
  SourceOptions sourceOptions;
  FilterChain chain;
  std::string out, json, view, vcam;
  int frames = 1;
  Backend backend = Backend::Auto;
  bool stageTimings = false;  // --stage-timings: no fused stages
  bool quiet = false;         // no progress on a terminal
  bool soak = false;
  bool soakChild = false;  // a run under superviseSoak (hidden options --soak-child --soak-period)
  int soakPeriod = 0;
  QStringList arguments;  // as given, for the soak's child processes
};

// CPU time of the whole process (every thread: CUDA's, OpenCV's pool) in seconds: the host cost
// per frame is its growth over a loop divided by the frames.
double processCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

// The files of a run, in the order they are checked: --out (a file, or a folder of numbered
// frames when it ends in '/'), --json ('-': stdout), --view, --vcam file:PATH.
io::OutputFile outFile(const ProcessOptions& o) {
  return {"--out", o.out, false, !o.out.empty() && o.out.back() == '/'};
}
io::OutputFile jsonFile(const ProcessOptions& o) { return {"--json", o.json, true, false}; }
io::OutputFile viewFile(const ProcessOptions& o) { return {"--view", o.view, false, false}; }
io::OutputFile vcamFile(const ProcessOptions& o) { return {"--vcam", vcamFilePath(o.vcam), false, false}; }

// Every file the run reads: the source's (each frame of a sequence that exists) and the chain's
// (a kernel= stage's file and the headers it includes).
std::vector<std::string> runInputs(const ProcessOptions& options) {
  std::vector<std::string> inputs = sourceInputFiles(options.source);
  for (std::string& file : chainInputFiles(options.chain)) inputs.push_back(std::move(file));
  return inputs;
}

// Before any work: every output writable, none an input or another output (exit 2).
void checkProcessOutputs(const ProcessOptions& options) {
  std::vector<io::OutputFile> outputs;
  for (const io::OutputFile& file : {outFile(options), jsonFile(options), viewFile(options), vcamFile(options)})
    if (!file.path.empty()) outputs.push_back(file);
  io::checkOutputs(outputs, runInputs(options));
  for (const io::OutputFile& image : {outFile(options), viewFile(options)})
    if (!image.path.empty() && !image.isFolder && !isVideoPath(image.path))
      if (const std::string problem = frameFileProblem(image.path); !problem.empty())
        throw io::OutputError(io::OutputError::Kind::Usage,
                              image.option + " " + quotedText(image.path, 120) + ": cannot write (" + problem +
                                  (image.option == "--out" ? "; a video: .mp4 or .avi)" : ")"));
}

QJsonValue histogramJson(const FrameStats& stats) {
  if (stats.histogramBins == 0) return QJsonValue::Null;
  auto channel = [&](int c) {
    QJsonArray counts;
    for (int b = 0; b < stats.histogramBins; ++b)
      counts.append(static_cast<qint64>(stats.histogram[static_cast<std::size_t>(c) * stats.histogramBins + b]));
    return counts;
  };
  if (stats.histogramChannels == 1) return channel(0);
  return QJsonObject{{"r", channel(0)}, {"g", channel(1)}, {"b", channel(2)}};
}

QJsonObject reportJson(const FramePipeline& pipeline, const FrameSource& source, const FrameStats& last, int frames,
                       int framesRequested, const StageSummaryCollector& collector) {
  QJsonArray stages;
  for (const auto& s : collector.summaries())
    stages.append(QJsonObject{{"name", QString::fromStdString(s.name)},
                              {"copy", s.isCopy},
                              {"ms_mean", s.msMean},
                              {"ms_median", s.msMedian},
                              {"gbps", s.gbps > 0 ? QJsonValue(s.gbps) : QJsonValue::Null}});  // null: no bytes to rate
  return QJsonObject{{"schema", kProcessJsonSchema},
                     {"backend", QString::fromLatin1(toString(pipeline.backend()))},
                     {"device", QString::fromStdString(pipeline.deviceName())},
                     {"source", QString::fromStdString(source.name())},
                     {"filters", QString::fromStdString(formatFilterChain(pipeline.chain()))},
                     {"width", last.width},
                     {"height", last.height},
                     {"frames", frames},
                     {"frames_requested", framesRequested},
                     {"stages", stages},
                     {"histogram", histogramJson(last)},
                     {"display_path", QString::fromLatin1(displayPathId(pipeline.displayPath()))},
                     {"streams", last.streamsInUse}};
}

// --frames: a whole number 1..INT_MAX; out of range and not a number are told apart.
bool parseFrameCount(const QString& text, int* frames) {
  const std::string value = text.toStdString();
  bool ok = false;
  const qlonglong count = text.toLongLong(&ok);
  const bool digits = !value.empty() && value.find_first_not_of("+-0123456789") == std::string::npos &&
                      value.find_first_of("0123456789") != std::string::npos;
  if (ok && count >= 1 && count <= std::numeric_limits<int>::max()) {
    *frames = static_cast<int>(count);
    return true;
  }
  if (digits)
    fail(kExitUsage, QStringLiteral("process: --frames %1 is out of range (1..%2)")
                         .arg(QString::fromStdString(quotedText(value, 40)))
                         .arg(std::numeric_limits<int>::max()));
  else
    fail(kExitUsage, QStringLiteral("process: --frames %1 is not a whole number (expected 1..%2)")
                         .arg(QString::fromStdString(quotedText(value, 40)))
                         .arg(std::numeric_limits<int>::max()));
  return false;
}

// Parses the command line into options; returns an exit code other than kExitOk to stop.
int parseOptions(const QStringList& arguments, ProcessOptions& options) {
  QCommandLineParser parser;
  parser.setApplicationDescription(
      QStringLiteral(
          "Run a filter chain headless and write the result.\n"
          "Example: kernelcam process --source pattern --filters gray,conv=gauss:5 --frames 1 --out gray.png\n\n") +
      QString::fromStdString(filterHelpText()));
  parser.addHelpOption();
  const RunOptionGroup shared(OptionsFor::Process);  // the options the window has too
  shared.addTo(parser);
  const QCommandLineOption out({"o", "out"},
                               "Output image (PNG); for video/pattern the last frame. Ending in '/': one "
                               "numbered PNG per frame in that folder. Ending in .mp4 or .avi: a video of every "
                               "frame (H.264 or MPEG-4 / Motion JPEG; grey stored as colour).",
                               "PATH");
  const QCommandLineOption frames(
      "frames", "Frames to process (default 1). A video that ends sooner stops there (exit 0; the JSON says how many).",
      "N", "1");
  const QCommandLineOption loop("loop", "Start a video over at its end until --frames are processed.");
  const QCommandLineOption json("json",
                                "Write a JSON report (stages, timings, histogram; fps of the filters alone and "
                                "end_to_end_fps of the whole run); '-' writes it to stdout.",
                                "PATH");
  const QCommandLineOption quiet("quiet",
                                 "No progress on stderr (frames done, frames/s, time left), which a "
                                 "terminal otherwise gets during a run of several frames.");
  const QCommandLineOption soak(
      "soak",
      "Leak watch (--source pattern only): --frames N (default 1000) through the pipeline while the frame size and "
      "the filter chain keep changing; prints resident (and CUDA device) memory at the start, every 10% and the end, "
      "then a verdict. Exit 1 when the memory it retains grew more than 1 MiB after the first cycle (every size "
      "with every chain), or a peak more than 32 MiB.");
  const QCommandLineOption view("view", "Render the window view of the last frame to a PNG (needs the UI).", "PATH");
  QCommandLineOption soakChild("soak-child"), soakPeriod("soak-period", "", "N");
  soakChild.setFlags(QCommandLineOption::HiddenFromHelp);
  soakPeriod.setFlags(QCommandLineOption::HiddenFromHelp);
  parser.addOptions({out, frames, loop, json, quiet, view, soak, soakChild, soakPeriod});

  if (!parser.parse(arguments)) return fail(kExitUsage, QStringLiteral("process: ") + parseErrorText(parser));
  if (helpAsked(parser)) {
    std::fputs(helpText(parser.helpText(), QStringLiteral("kernelcam process [options]")).toLocal8Bit().constData(),
               stdout);
    return -1;
  }
  if (!parser.positionalArguments().isEmpty())
    return fail(kExitUsage, QStringLiteral("process: unexpected argument '%1'").arg(parser.positionalArguments()[0]));
  if (!parser.isSet(shared.source()))
    return fail(kExitUsage, QStringLiteral("process: --source is required (try --help)"));
  const RunOptions run = shared.read(parser);
  options.source = *run.source;
  if (options.source.kind == SourceKind::Camera)
    return fail(kExitUsage,
                QStringLiteral("process: --source camera is for the window; use pattern, image: or video:"));
  options.chain = run.chain ? *run.chain : defaultFilterChain();
  options.backend = run.backend;
  options.stageTimings = run.stageTimings;
  options.vcam = run.vcam;
  options.out = parser.value(out).toStdString();
  options.json = parser.value(json).toStdString();
  options.view = parser.value(view).toStdString();
  options.quiet = parser.isSet(quiet);
  options.soak = parser.isSet(soak);
  options.soakChild = parser.isSet(soakChild);
  options.soakPeriod = parser.value(soakPeriod).toInt();
  options.arguments = arguments;
  if (options.soak && options.source.kind != SourceKind::Pattern)
    return fail(kExitUsage, QStringLiteral("process: --soak needs --source pattern (it changes the pattern's size)"));
  if (options.out.empty() && options.json.empty() && options.view.empty() && options.vcam.empty() && !options.soak)
    return fail(kExitUsage, QStringLiteral("process: nothing to write: give --out, --json, --view and/or --vcam"));
  if (!parseFrameCount(parser.value(frames), &options.frames)) return kExitUsage;
  if (options.soak && !parser.isSet(frames)) options.frames = 1000;
  for (const auto& [given, name] :
       {std::pair{run.patternSize.has_value(), "--size"}, std::pair{run.patternFormat.has_value(), "--pattern-format"}})
    if (given && options.source.kind != SourceKind::Pattern)
      return fail(kExitUsage, QStringLiteral("process: %1 applies to --source pattern only").arg(QLatin1String(name)));
  options.sourceOptions = run.sourceOptions();
  options.sourceOptions.loopVideo = parser.isSet(loop);
  return kExitOk;
}

// The commands refuse --backend cuda where CUDA cannot be had (exit 3), and a chain with a stage
// only CUDA runs picks CUDA.
SessionOptions runSessionOptions(const ProcessOptions& options) {
  return {options.backend, IfNoCuda::Refuse, options.chain};
}

int soak(const ProcessOptions& options) {
  SoakOptions soak;
  soak.width = options.sourceOptions.patternWidth;
  soak.height = options.sourceOptions.patternHeight;
  soak.frames = options.frames;
  soak.chain = options.chain;
  if (!options.soakChild) {
    // The verdict covers the whole run, the process's exit included: the run happens in child
    // processes of this binary whose peak memory wait4 reports.
    std::vector<std::string> command{"/proc/self/exe", "process"};
    for (const QString& argument : options.arguments.mid(1)) command.push_back(argument.toStdString());
    return superviseSoak(command, options.frames, soak.allowedPeakGrowthMiB, stdout) ? kExitOk : kExitFailure;
  }
  RunSession session(runSessionOptions(options));
  const auto make = [&] {
    std::unique_ptr<FramePipeline> pipeline = session.newPipeline();
    pipeline->setFusion(!options.stageTimings);
    session.admit(soak.width, soak.height);
    return pipeline;
  };
  return runSoak(make, soak, stdout, options.soakPeriod) ? kExitOk : kExitFailure;
}

// --view: the window's renderer draws the view into memory; its PNG then goes through the one
// atomic writer like every other output.
// *cpuSeconds: the process's CPU time over the live loop (not the ring's reading ahead).
ViewRenderResult renderView(const ProcessOptions& options, FrameSource& source, FramePipeline& pipeline,
                            double* cpuSeconds) {
  ViewRenderOptions viewOptions;
  viewOptions.frames = std::max(viewOptions.frames, options.frames);
  // It feeds the source's next frames (an image repeats; a pattern or video moves on), as the window
  // would, from a ring of a few frames read ahead, so that the source's own cost (a 4K pattern is
  // drawn on the CPU) stays out of the live path's fps.
  std::vector<HostFrame> ring;
  for (int i = 0; i < std::min(viewOptions.frames, 8); ++i) {
    try {
      ring.push_back(source.next());
    } catch (const VideoEnded&) {
      break;
    }
  }
  if (ring.empty()) throw SourceError(source.name() + ": no frame left for --view");
  std::size_t next = 0;
  const double cpuStart = processCpuSeconds();
  ViewRenderResult view = renderView(
      [&]() -> const HostFrame* {
        HostFrame& frame = ring[next++ % ring.size()];
        frame.timestampSeconds = steadyNowSeconds();  // "captured" now, or the latency would count the wait
        return &frame;
      },
      pipeline, viewOptions);
  *cpuSeconds = processCpuSeconds() - cpuStart;
  io::writeOutput(viewFile(options), pngBytes(view.image));
  return view;
}

// What a run of --frames frames did, for the report.
struct FrameRunTotals {
  FrameResult last;
  StageSummaryCollector collector;
  int processed = 0;
  double processingSeconds = 0;          // in the pipeline alone: the JSON's fps
  double processCpu = 0, sourceCpu = 0;  // host CPU seconds in process() and in the source's next()
  double endToEndSeconds = 0;            // from the first frame read to the last output written
};

// The frames through the pipeline and into --out and --vcam.
FrameRunTotals runFrames(const ProcessOptions& options, FrameSource& source, FramePipeline& pipeline) {
  const io::OutputFile out = outFile(options);
  // --out DIR/: the run's frames appear all at once at its end, or none does (pending_folder.hpp).
  std::optional<io::PendingFolder> frames;
  if (out.isFolder) frames.emplace(out);

  // --out x.mp4|x.avi and --vcam: opened now (a bad folder or device is one line before any work).
  StreamOutputs streams(options.out, options.vcam, source.framesPerSecond());
  FrameRunTotals run;
  TerminalProgress progress("process: ", stderr);
  const bool showProgress = TerminalProgress::wanted(options.quiet);
  // From the first frame read to the last output written: decode, filters, encode, write (end_to_end_fps).
  const auto runStart = std::chrono::steady_clock::now();
  for (; run.processed < options.frames; ++run.processed) {
    const double sourceStart = processCpuSeconds();
    HostFrame frame;
    try {
      frame = source.next();
    } catch (const VideoEnded& e) {
      if (run.processed == 0) throw SourceError(e.what());
      progress.clear();
      std::fprintf(stderr, "kernelcam: %s; --frames %d asked: stopping there (--loop starts it over)\n",
                   printableText(e.what()).c_str(), options.frames);
      break;
    }
    const auto start = std::chrono::steady_clock::now();
    const double cpuStart = processCpuSeconds();
    run.last = pipeline.process(frame);
    run.processingSeconds += secondsSince(start);
    run.processCpu += processCpuSeconds() - cpuStart;
    run.sourceCpu += cpuStart - sourceStart;
    if (!run.last.stats.failures.empty())
      throw InvalidArgument(run.last.stats.failures.front().message);  // a user kernel
    run.collector.add(run.last.stats);
    if (frames) {
      const std::string name = QStringLiteral("frame_%1.png").arg(run.processed, 5, 10, QLatin1Char('0')).toStdString();
      frames->write(name, encodeFrameFile(run.last.output, {out.option, options.out + name}));
    }
    streams.write(run.last.output);
    if (showProgress) progress.reportFrames(run.processed + 1, options.frames, secondsSince(runStart));
  }
  streams.finish();
  if (frames) frames->commit();
  if (!options.out.empty() && !out.isFolder && !streams.writesVideo()) writeFrameFile(run.last.output, out);
  run.endToEndSeconds = secondsSince(runStart);
  progress.clear();
  return run;
}

// --json: the run's figures, and the view's where --view rendered one.
void writeReport(const ProcessOptions& options, FramePipeline& pipeline, FrameSource& source, const FrameRunTotals& run,
                 const std::optional<ViewRenderResult>& view, double viewCpu) {
  QJsonObject report = reportJson(pipeline, source, run.last.stats, run.processed, options.frames, run.collector);
  const int processed = run.processed;
  // One frame at a time, each waited for (the live path's overlap shows in view.fps and the bench).
  report["fps"] = run.processingSeconds > 0 ? processed / run.processingSeconds : 0.0;
  // What the user got: the frames over the whole run, reading and writing them included.
  report["end_to_end_fps"] = run.endToEndSeconds > 0 ? processed / run.endToEndSeconds : 0.0;
  // Host CPU per frame (all threads): what the pipeline costs the machine besides the GPU's work.
  report["cpu_ms_per_frame"] = processed > 0 ? 1e3 * run.processCpu / processed : 0.0;
  report["source_cpu_ms_per_frame"] = processed > 0 ? 1e3 * run.sourceCpu / processed : 0.0;
  if (view) {
    report["display_path"] = QString::fromStdString(view->displayPath);
    report["view"] =
        QJsonObject{{"path", QString::fromStdString(options.view)},
                    {"display_path", QString::fromStdString(view->displayPath)},
                    {"gl_renderer", QString::fromStdString(view->glRenderer)},
                    {"gl_context", QString::fromStdString(view->glContext)},
                    {"frames_presented", view->framesPresented},
                    {"fps", view->framesPerSecond},
                    {"cpu_ms_per_frame", view->framesPresented > 0 ? 1e3 * viewCpu / view->framesPresented : 0.0}};
  }
  io::writeOutput(jsonFile(options), QJsonDocument(report).toJson(QJsonDocument::Indented));
}

int process(const ProcessOptions& options) {
  checkProcessOutputs(options);
  if (options.soak) return soak(options);
  RunSession session(runSessionOptions(options));
  std::unique_ptr<FramePipeline> pipeline = session.newPipeline();
  pipeline->setChain(options.chain);
  pipeline->setFusion(!options.stageTimings);
  std::unique_ptr<FrameSource> source =
      session.openSource(options.source, options.sourceOptions, *pipeline, [](const std::string& warning) {
        std::fprintf(stderr, "kernelcam: %s\n",
                     printableText(warning).c_str());  // --lenient: what the input was decoded despite
      });
  const FrameRunTotals run = runFrames(options, *source, *pipeline);

  // The view goes before the JSON so the report can say which display path and GL it used.
  // --frames frames go through the live path too (two streams, interop where possible), so its fps
  // is measured.
  std::optional<ViewRenderResult> view;
  double viewCpu = 0;  // host CPU seconds of the live loop alone
  if (!options.view.empty()) view = renderView(options, *source, *pipeline, &viewCpu);
  if (!options.json.empty()) writeReport(options, *pipeline, *source, run, view, viewCpu);
  return kExitOk;
}

}  // namespace

int runProcess(const QStringList& arguments) {
  ProcessOptions options;
  try {
    const int parsed = parseOptions(arguments, options);
    if (parsed == -1) return kExitOk;  // --help
    if (parsed != kExitOk) return parsed;
    return process(options);
  } catch (const NoCudaError& e) {
    return fail(kExitNoCuda, QString::fromStdString(e.what()));
  } catch (const io::OutputError& e) {
    return fail(e.kind() == io::OutputError::Kind::Usage ? kExitUsage : kExitFailure, QString::fromStdString(e.what()));
  } catch (const SourceError& e) {
    return fail(kExitUsage, QString::fromStdString(e.what()));
  } catch (const InvalidArgument& e) {
    return fail(kExitUsage, QString::fromStdString(e.what()));
  } catch (const std::exception& e) {
    // An allocation that failed despite the admission: the same kind of line, exit 2.
    if (const std::string oom = describeOutOfMemory("process --source " + formatSourceSpec(options.source), e);
        !oom.empty())
      return fail(kExitUsage, QStringLiteral("process: ") + QString::fromStdString(oom));
    return fail(kExitFailure, QStringLiteral("process: ") + QString::fromStdString(e.what()));
  }
}

}  // namespace kc::cli
