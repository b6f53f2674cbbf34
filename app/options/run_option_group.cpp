#include "app/options/run_option_group.hpp"

#include "gpu/core/error.hpp"
#include "gpu/pipeline/frame_limits.hpp"
#include "ui/window/chain_presets.hpp"

namespace kc {

namespace {

QString sourceHelp(OptionsFor command) {
  const QString forms = QStringLiteral(
      "pattern | image:PATH | video:PATH | sequence:PATTERN | PATH. video:PATH is that one file; "
      "sequence:frame_%04d.png reads numbered images as a video; a bare PATH is an image or a video by its "
      "suffix (photo.jpg, clip.mp4).");
  if (command == OptionsFor::Process) return forms + QStringLiteral(" Required.");
  return QStringLiteral("camera[:N] | ") + forms + QStringLiteral(" Default: the last one used, else camera:0.");
}

QString filtersHelp(OptionsFor command) {
  const QString stages = QStringLiteral("Stages, comma-separated, run in the order given (repeats allowed; ");
  if (command == OptionsFor::Process)
    return stages + QStringLiteral("the stages are listed above). Default: the window's first chain.");
  return stages + QStringLiteral("`kernelcam process --help` lists them). Default: the chain the window last ran.");
}

// The values --pattern-format takes, in the order the help and the error list them.
constexpr const char* kPatternFormats = "rgba, nv12, i420, yv12, yuyv, uyvy, bgra or gray";

// The chain of the preset the window saved as `name`, the one line naming the option otherwise.
FilterChain presetChain(const std::string& name, bool filtersGiven) {
  const QString asked = QString::fromStdString(name);
  if (filtersGiven) throw InvalidArgument("--preset '" + name + "' and --filters: give one of them");
  // The stages that run: one the user switched off in the window is not run here either.
  const std::optional<QString> text = presetRunningText(asked);
  if (!text) {
    const QStringList saved = presetNames();
    throw InvalidArgument("--preset '" + name + "': no preset of that name " +
                          (saved.isEmpty()
                               ? std::string("(none saved yet: Filters > Save chain as preset in the window)")
                               : "(saved: " + saved.join(QStringLiteral(", ")).toStdString() + ")"));
  }
  try {
    return parseFilterChain(text->toStdString());
  } catch (const std::exception& error) {  // saved by a version that knew other stages
    throw InvalidArgument("--preset '" + name + "': " + error.what());
  }
}

}  // namespace

RunOptionGroup::RunOptionGroup(OptionsFor command)
    : command_(command),
      source_({"s", "source"}, sourceHelp(command), "SOURCE"),
      filters_({"f", "filters"}, filtersHelp(command), "LIST"),
      preset_("preset",
              "The chain saved in the window as preset NAME (Filters > Save chain as preset), instead of "
              "--filters.",
              "NAME"),
      backend_("backend", kBackendOptionHelp, "NAME", "auto"),
      size_("size", "Pattern size (default 1280x720).", "WxH"),
      patternFormat_("pattern-format",
                     QStringLiteral("The pattern in a camera's pixel format: %1 (default rgba; YUV: BT.601 limited "
                                    "range). The pipeline converts it at entry (CUDA: on the GPU).")
                         .arg(QLatin1String(kPatternFormats)),
                     "FORMAT"),
      lenient_("lenient",
               "Decode damaged images and videos despite the decoder's corrupt-data warnings (damaged "
               "parts come out grey or are skipped); without it such an input is refused with the reason."),
      vcam_("vcam",
            "Send the filtered stream to a virtual camera for video-call apps: a v4l2loopback device (sudo modprobe "
            "v4l2loopback exclusive_caps=1; then /dev/videoN), as YUYV. file:PATH writes the raw YUYV frames to a "
            "file instead.",
            "DEVICE"),
      cameraFormat_("camera-format",
                    "WxH[@FPS][:PIXFMT], e.g. 1280x720@30:MJPG (default: the largest resolution at 30 fps or more; "
                    "`kernelcam devices` lists each camera's formats).",
                    "FORMAT"),
      viewMode_("view-mode", "side-by-side | filtered | split.", "MODE"),
      stageTimings_("stage-timings",
                    "Run every stage as its own launch, each with its own timing row. By default CUDA runs gray, a "
                    "separable conv and the hist after it as one kernel (one row; the same frames, faster).") {}

void RunOptionGroup::addTo(QCommandLineParser& parser) const {
  parser.addOptions({source_, filters_, preset_});
  if (command_ == OptionsFor::Window) parser.addOptions({viewMode_, cameraFormat_});
  parser.addOptions({backend_, size_, patternFormat_, lenient_, vcam_, stageTimings_});
}

RunOptions RunOptionGroup::read(const QCommandLineParser& parser) const {
  const auto text = [&](const QCommandLineOption& option) { return parser.value(option).toStdString(); };
  RunOptions options;
  if (parser.isSet(source_)) options.source = parseSourceSpec(text(source_));
  if (parser.isSet(filters_)) options.chain = parseFilterChain(text(filters_));
  if (parser.isSet(preset_)) options.chain = presetChain(text(preset_), parser.isSet(filters_));
  options.backend = parseBackend(text(backend_));
  if (command_ == OptionsFor::Window) {
    if (parser.isSet(viewMode_)) {
      options.viewMode = parseViewMode(text(viewMode_));
      if (!options.viewMode)
        throw InvalidArgument("--view-mode '" + text(viewMode_) + "': expected side-by-side, filtered or split");
    }
    if (parser.isSet(cameraFormat_)) {
      options.cameraFormat = parseCameraFormat(text(cameraFormat_));
      if (!options.cameraFormat)
        throw InvalidArgument("--camera-format '" + text(cameraFormat_) +
                              "': expected WxH[@FPS][:PIXFMT], e.g. 1280x720, 1920x1080@30 or 640x480@30:YUYV");
    }
  }
  if (parser.isSet(size_)) {
    RunOptions::Size size;
    if (!parseFrameSize(text(size_), &size.width, &size.height))
      throw InvalidArgument("--size '" + text(size_) + "': expected WxH, each 1.." + std::to_string(kMaxFrameSide) +
                            " (1280x720)");
    options.patternSize = size;
  }
  if (parser.isSet(patternFormat_)) {
    options.patternFormat = pixelFormatNamed(text(patternFormat_));
    if (!options.patternFormat)
      throw InvalidArgument("--pattern-format '" + text(patternFormat_) + "': expected " + kPatternFormats);
  }
  options.lenient = parser.isSet(lenient_);
  options.stageTimings = parser.isSet(stageTimings_);
  options.vcam = text(vcam_);
  return options;
}

}  // namespace kc
