#pragma once
// The versions of what kernelcam runs on, one "Name: version" per line (Help > About, --version).
#include <QString>

#include "app/diagnostics/cuda_runtime_info.hpp"

namespace kc {

QString componentVersions(const CudaRuntimeInfo& cuda = queryCudaRuntime());

}  // namespace kc
