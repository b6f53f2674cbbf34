// hist=BINS: the histogram of the image as it is at this point of the chain (grey, or r,g,b).
// It produces no image: the next stage reads the same one. The last hist stage is what a frame reports.
#include "gpu/stages/hist_stage.hpp"

#include "gpu/image/histogram.hpp"
#include "gpu/pipeline/frame_stats.hpp"
#include "gpu/pipeline/stage_registry.hpp"
#include "gpu/stages/stage_helpers.hpp"

namespace kc::stages {
namespace {

int channelsOf(PixelFormat format) { return format == PixelFormat::Gray8 ? 1 : 3; }

}  // namespace

std::uint32_t* resetHistogram(const StageSpec& spec, const CpuStageIo& io) {
  const int bins = spec.configAs<HistConfig>().bins;
  const int channels = channelsOf(io.in.format);
  io.stats.histogramBins = bins;
  io.stats.histogramChannels = channels;
  io.stats.histogram.assign(static_cast<std::size_t>(bins) * channels, 0);
  return io.stats.histogram.data();
}

namespace {

StageDefinition histStage() {
  StageDefinition stage;
  stage.id = "hist";
  stage.displayName = "Histogram";
  stage.help = "Histogram of the current image (grey, or r,g,b); shared-memory privatised on the GPU";
  stage.menuOrder = 30;
  stage.params = {
      intParam("bins", "Bins", 1, kMaxHistogramBins, 1, 256, "Equal bins over 0..255 (256 = one per level)")};
  stage.configure = [](const StageSpec& spec) {
    auto config = std::make_shared<HistConfig>();
    config->bins = std::stoi(spec.value("bins"));
    return std::shared_ptr<const StageConfig>(config);
  };
  stage.producesImage = false;
  stage.sideOutput = SideOutput::Histogram;
  stage.bytesMoved = [](const StageSpec& spec, FrameShape in) {
    return static_cast<double>(in.bytes()) + 4.0 * spec.configAs<HistConfig>().bins * channelsOf(in.format);
  };
  setCpuPaths(
      stage,
      [](const StageSpec& spec, const CpuStageIo& io) {
        const int bins = spec.configAs<HistConfig>().bins;
        std::uint32_t* counts = resetHistogram(spec, io);
        if (io.in.format == PixelFormat::Gray8) histogramCpu(io.in.gray.view(), bins, counts);
        else histogramRgbCpu(io.in.rgba.view(), bins, counts);
      },
      KC_OPENCV_PATH(histogramOpenCv), KC_OPENCV_PATH(histOpenCvBaseline));
  stage.benchCases = {"hist=256"};
  return stage;
}

}  // namespace

KC_REGISTER_STAGE(hist, histStage());

}  // namespace kc::stages
