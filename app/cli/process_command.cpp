// `kernelcam process`: the pipeline headless. Source -> chain -> PNG(s) and a JSON report.
#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <optional>
#include <vector>

#include "app/backend/pipeline_factory.hpp"
#include "app/cli/commands.hpp"
#include "app/cli/frame_file.hpp"
#include "app/cli/soak_run.hpp"
#include "app/cli/stage_summary.hpp"
#include "app/sources/source_factory.hpp"
#include "gpu/core/error.hpp"
#include "gpu/pipeline/frame_limits.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/frame_ops.hpp"

// --view renders the window's view through the UI's renderer (an offscreen GL context: EGL on
// the NVIDIA GPU, so CUDA-GL interop is exercised where it can be).
#include "app/live/headless_view.hpp"

namespace kc::cli {

namespace {

struct ProcessOptions {
  SourceSpec source;
  SourceOptions sourceOptions;
  FilterChain chain;
  std::string out, json, view;
  int frames = 1;
  Backend backend = Backend::Auto;
  bool soak = false;
};

// CPU time of the whole process (every thread: CUDA's, OpenCV's pool) in seconds: the host cost
// per frame is its growth over a loop divided by the frames.
double processCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
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
                       const StageSummaryCollector& collector) {
  QJsonArray stages;
  for (const auto& s : collector.summaries())
    stages.append(QJsonObject{{"name", QString::fromStdString(s.name)},
                              {"copy", s.isCopy},
                              {"ms_mean", s.msMean},
                              {"ms_median", s.msMedian},
                              {"gbps", s.gbps}});
  return QJsonObject{{"backend", QString::fromStdString(pipeline.backendName())},
                     {"device", QString::fromStdString(pipeline.deviceName())},
                     {"source", QString::fromStdString(source.name())},
                     {"filters", QString::fromStdString(formatFilterChain(pipeline.chain()))},
                     {"width", last.width},
                     {"height", last.height},
                     {"frames", frames},
                     {"stages", stages},
                     {"histogram", histogramJson(last)},
                     {"display_path", QString::fromLatin1(displayPathId(pipeline.displayPath()))},
                     {"streams", last.streamsInUse}};
}

void writeJson(const QJsonObject& report, const std::string& path) {
  QFile file(QString::fromStdString(path));
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
    throw SourceError("--json " + path + ": cannot write (" + file.errorString().toStdString() + ")");
  file.write(QJsonDocument(report).toJson(QJsonDocument::Indented));
}

// Parses the command line into options; returns an exit code other than kExitOk to stop.
int parseOptions(const QStringList& arguments, ProcessOptions& options) {
  QCommandLineParser parser;
  parser.setApplicationDescription(
      QStringLiteral("Run a filter chain headless and write the result.\n"
                     "Example: kernelcam process --source image:photo.png --filters gray,conv=gauss:5 --out gray.png\n\n") +
      QString::fromStdString(filterHelpText()));
  parser.addHelpOption();
  const QCommandLineOption source({"s", "source"}, "pattern | image:PATH | video:PATH (required).", "SOURCE");
  const QCommandLineOption filters(
      {"f", "filters"},
      "Stages, comma-separated, run in the order given (repeats allowed; the stages are listed above). "
      "Default: the window's first chain.",
      "LIST");
  const QCommandLineOption out({"o", "out"},
                               "Output image (PNG); for video/pattern the last frame. Ending in '/': one "
                               "numbered PNG per frame in that folder.",
                               "PATH");
  const QCommandLineOption frames("frames", "Frames to process (default 1).", "N", "1");
  const QCommandLineOption backend("backend", kBackendOptionHelp, "NAME", "auto");
  const QCommandLineOption json("json", "Write a JSON report (stages, timings, histogram).", "PATH");
  const QCommandLineOption size("size", "Pattern size (default 1280x720).", "WxH");
  const QCommandLineOption patternFormat(
      "pattern-format",
      "The pattern in a camera's pixel format: rgba (default), nv12, i420, yv12, yuyv, uyvy, bgra or gray "
      "(YUV: BT.601 limited range). The pipeline converts it at entry (CUDA: on the GPU).",
      "FORMAT");
  const QCommandLineOption soak(
      "soak",
      "Leak watch (--source pattern only): --frames N (default 1000) through the pipeline while the frame size and "
      "the filter chain keep changing; prints resident (and CUDA device) memory at the start, every 10% and the end, "
      "then a verdict. Exit 1 when memory grew more than 32 MiB after the first cycle.");
  const QCommandLineOption view("view", "Render the window view of the last frame to a PNG (needs the UI).", "PATH");
  parser.addOptions({source, filters, out, frames, backend, json, size, patternFormat, view, soak});

  if (!parser.parse(arguments)) return fail(kExitUsage, QStringLiteral("process: ") + parser.errorText());
  if (helpAsked(parser)) {
    std::fputs(helpText(parser.helpText(), QStringLiteral("kernelcam process [options]")).toLocal8Bit().constData(), stdout);
    return -1;
  }
  if (!parser.positionalArguments().isEmpty())
    return fail(kExitUsage, QStringLiteral("process: unexpected argument '%1'").arg(parser.positionalArguments()[0]));
  if (!parser.isSet(source)) return fail(kExitUsage, QStringLiteral("process: --source is required (try --help)"));
  options.source = parseSourceSpec(parser.value(source).toStdString());
  if (options.source.kind == SourceKind::Camera)
    return fail(kExitUsage, QStringLiteral("process: --source camera is for the window; use pattern, image: or video:"));
  options.chain = parser.isSet(filters) ? parseFilterChain(parser.value(filters).toStdString()) : defaultFilterChain();
  options.out = parser.value(out).toStdString();
  options.json = parser.value(json).toStdString();
  options.view = parser.value(view).toStdString();
  options.soak = parser.isSet(soak);
  if (options.soak && options.source.kind != SourceKind::Pattern)
    return fail(kExitUsage, QStringLiteral("process: --soak needs --source pattern (it changes the pattern's size)"));
  if (options.out.empty() && options.json.empty() && options.view.empty() && !options.soak)
    return fail(kExitUsage, QStringLiteral("process: nothing to write: give --out, --json and/or --view"));
  bool ok = false;
  options.frames = parser.value(frames).toInt(&ok);
  if (!ok || options.frames < 1)
    return fail(kExitUsage, QStringLiteral("process: --frames '%1' must be a whole number >= 1").arg(parser.value(frames)));
  if (options.soak && !parser.isSet(frames)) options.frames = 1000;
  options.backend = parseBackend(parser.value(backend).toStdString());
  if (parser.isSet(size)) {
    if (options.source.kind != SourceKind::Pattern)
      return fail(kExitUsage, QStringLiteral("process: --size applies to --source pattern only"));
    if (!parseFrameSize(parser.value(size).toStdString(), &options.sourceOptions.patternWidth,
                        &options.sourceOptions.patternHeight))
      return fail(kExitUsage,
                  QStringLiteral("process: --size '%1': expected WxH, each 1..%2 (1280x720)").arg(parser.value(size)).arg(kMaxFrameSide));
  }
  if (parser.isSet(patternFormat)) {
    if (options.source.kind != SourceKind::Pattern)
      return fail(kExitUsage, QStringLiteral("process: --pattern-format applies to --source pattern only"));
    const std::optional<PixelFormat> format = pixelFormatNamed(parser.value(patternFormat).toStdString());
    if (!format)
      return fail(kExitUsage, QStringLiteral("process: --pattern-format '%1': expected rgba, nv12, i420, yv12, yuyv, "
                                             "uyvy, bgra or gray")
                                  .arg(parser.value(patternFormat)));
    options.sourceOptions.patternFormat = *format;
  }
  return kExitOk;
}

int soak(const ProcessOptions& options) {
  std::unique_ptr<FramePipeline> pipeline = makePipeline(options.backend).pipeline;
  SoakOptions soak;
  soak.width = options.sourceOptions.patternWidth;
  soak.height = options.sourceOptions.patternHeight;
  soak.frames = options.frames;
  soak.chain = options.chain;
  std::printf("soak: backend %s (%s)\n", pipeline->backendName().c_str(), pipeline->deviceName().c_str());
  return runSoak(*pipeline, soak, stdout) ? kExitOk : kExitFailure;
}

int process(const ProcessOptions& options) {
  if (options.soak) return soak(options);
  std::unique_ptr<FramePipeline> pipeline = makePipeline(options.backend).pipeline;
  pipeline->setChain(options.chain);
  std::unique_ptr<FrameSource> source = makeSource(options.source, options.sourceOptions);
  source->setFramePool(pipeline->framePool());  // frames filled where the upload reads them

  const bool numbered = !options.out.empty() && options.out.back() == '/';
  if (numbered && !QDir().mkpath(QString::fromStdString(options.out)))
    throw SourceError("--out " + options.out + ": cannot create the folder");

  StageSummaryCollector collector;
  FrameResult last;
  std::chrono::duration<double> processing{0};
  double processCpu = 0, sourceCpu = 0;  // host CPU seconds in process() and in the source's next()
  for (int i = 0; i < options.frames; ++i) {
    const double sourceStart = processCpuSeconds();
    HostFrame frame = source->next();
    const auto start = std::chrono::steady_clock::now();
    const double cpuStart = processCpuSeconds();
    last = pipeline->process(frame);
    processing += std::chrono::steady_clock::now() - start;
    processCpu += processCpuSeconds() - cpuStart;
    sourceCpu += cpuStart - sourceStart;
    collector.add(last.stats);
    if (numbered) {
      const QString name = QStringLiteral("frame_%1.png").arg(i, 5, 10, QLatin1Char('0'));
      writeFrameFile(last.output, options.out + name.toStdString());
    }
  }
  if (!options.out.empty() && !numbered) writeFrameFile(last.output, options.out);

  // The view goes before the JSON so the report can say which display path and GL it used. It
  // feeds the source's next frames (an image repeats; a pattern or video moves on), as the window would.
  // --frames frames go through the live path too (two streams, interop where possible), so its fps
  // is measured: from a ring of a few frames read ahead, so that the source's own cost (a 4K
  // pattern is drawn on the CPU) stays out of the figure.
  std::optional<ViewRenderResult> view;
  double viewCpu = 0;
  if (!options.view.empty()) {
    ViewRenderOptions viewOptions;
    viewOptions.frames = std::max(viewOptions.frames, options.frames);
    std::vector<HostFrame> ring;
    for (int i = 0; i < std::min(viewOptions.frames, 8); ++i) ring.push_back(source->next());
    std::size_t next = 0;
    const double viewCpuStart = processCpuSeconds();
    view = renderViewPng(
        [&]() -> const HostFrame* {
          HostFrame& frame = ring[next++ % ring.size()];
          frame.timestampSeconds = steadyNowSeconds();  // "captured" now, or the latency would count the wait
          return &frame;
        },
        *pipeline,
                         options.view, viewOptions);
    viewCpu = processCpuSeconds() - viewCpuStart;
  }
  if (!options.json.empty()) {
    QJsonObject report = reportJson(*pipeline, *source, last.stats, options.frames, collector);
    // One frame at a time, each waited for (the live path's overlap shows in view.fps and the bench).
    report["fps"] = processing.count() > 0 ? options.frames / processing.count() : 0.0;
    // Host CPU per frame (all threads): what the pipeline costs the machine besides the GPU's work.
    report["cpu_ms_per_frame"] = 1e3 * processCpu / options.frames;
    report["source_cpu_ms_per_frame"] = 1e3 * sourceCpu / options.frames;
    if (view) {
      report["display_path"] = QString::fromStdString(view->displayPath);
      report["view"] = QJsonObject{{"path", QString::fromStdString(options.view)},
                                   {"display_path", QString::fromStdString(view->displayPath)},
                                   {"gl_renderer", QString::fromStdString(view->glRenderer)},
                                   {"gl_context", QString::fromStdString(view->glContext)},
                                   {"frames_presented", view->framesPresented},
                                   {"fps", view->framesPerSecond},
                                   {"cpu_ms_per_frame",
                                    view->framesPresented > 0 ? 1e3 * viewCpu / view->framesPresented : 0.0}};
    }
    writeJson(report, options.json);
  }
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
  } catch (const SourceError& e) {
    return fail(kExitUsage, QString::fromStdString(e.what()));
  } catch (const InvalidArgument& e) {
    return fail(kExitUsage, QString::fromStdString(e.what()));
  } catch (const std::exception& e) {
    return fail(kExitFailure, QStringLiteral("process: ") + QString::fromStdString(e.what()));
  }
}

}  // namespace kc::cli
