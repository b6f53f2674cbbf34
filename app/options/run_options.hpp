#pragma once
// What the window and `process` are asked on the command line about their frames, as typed values
// (run_option_group.hpp reads them once from the options both declare alike). Qt-free.
#include <optional>
#include <string>

#include "app/sources/camera_format.hpp"
#include "app/sources/source_factory.hpp"
#include "gpu/core/backend.hpp"
#include "gpu/pipeline/filter_chain.hpp"
#include "gpu/pipeline/host_frame.hpp"
#include "ui/render/view_mode.hpp"

namespace kc {

// Each field empty when its option was not given: the window then takes what it remembers (or its
// default), `process` its own default.
struct RunOptions {
  struct Size {
    int width = 0, height = 0;
    bool operator==(const Size&) const = default;
  };

  std::optional<SourceSpec> source;                 // --source (the window: or its FILE argument)
  std::optional<FilterChain> chain;                 // --filters
  Backend backend = Backend::Auto;                  // --backend
  std::optional<Size> patternSize;                  // --size
  std::optional<PixelFormat> patternFormat;         // --pattern-format
  bool lenient = false;                             // --lenient
  std::string vcam;                                 // --vcam: /dev/videoN, or file:PATH
  std::optional<CameraFormatRequest> cameraFormat;  // --camera-format (the window's)
  std::optional<ViewMode> viewMode;                 // --view-mode (the window's)
  bool stageTimings = false;                        // --stage-timings: no fused stages (FramePipeline::setFusion)

  // SourceOptions' defaults with what was given here: the pattern's size and format, --lenient,
  // the camera format.
  SourceOptions sourceOptions() const;
};

}  // namespace kc
