#pragma once
// Which backend runs the chain: CUDA when a usable device exists (and the build has it), else the CPU.
#include <memory>
#include <string>

#include "gpu/pipeline/frame_pipeline.hpp"

namespace kc {

enum class BackendChoice { Auto, Cpu, Cuda };

// `note` receives why CUDA was not used (no device, build without CUDA), or stays empty.
std::unique_ptr<FramePipeline> makePipeline(BackendChoice choice, std::string* note = nullptr);

}  // namespace kc
