#pragma once
// --backend cuda|cpu|auto -> a FramePipeline. auto: CUDA where a device exists, else the CPU.
#include <memory>
#include <stdexcept>
#include <string>

#include "gpu/pipeline/frame_pipeline.hpp"

namespace kc {

enum class Backend { Auto, Cuda, Cpu };

// "auto", "cuda", "cpu"; throws kc::InvalidArgument otherwise.
Backend parseBackend(const std::string& text);

// CUDA was asked for and cannot be had (no device, or a build without CUDA): exit code 3.
class NoCudaError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

bool cudaBackendAvailable();  // built with CUDA and a device present
std::unique_ptr<FramePipeline> makePipeline(Backend backend);

}  // namespace kc
