#include "app/options/run_options.hpp"

namespace kc {

SourceOptions RunOptions::sourceOptions() const {
  SourceOptions options;
  if (patternSize) {
    options.patternWidth = patternSize->width;
    options.patternHeight = patternSize->height;
  }
  if (patternFormat) options.patternFormat = *patternFormat;
  if (cameraFormat) options.cameraFormat = *cameraFormat;
  options.lenient = lenient;
  return options;
}

}  // namespace kc
