#pragma once
// A backend's frame pipeline (gpu/pipeline/frame_pipeline.hpp): the one concern every backend
// module offers (backend_module.hpp). The run session (app/session/) is its one caller.
#include <memory>

#include "gpu/pipeline/frame_pipeline.hpp"

namespace kc {

class PipelineBackend {
 public:
  virtual ~PipelineBackend() = default;
  // A new pipeline on the current device; throws kc::Error when the backend fails to start.
  virtual std::unique_ptr<FramePipeline> makePipeline() = 0;
};

}  // namespace kc
