#include "gpu/lab/cuda/driver_api.hpp"

#include <cuda_runtime.h>

#include "gpu/core/error.hpp"

namespace kc::lab {
namespace {

void loadFunction(const char* name, unsigned version, void** function) {
  cudaDriverEntryPointQueryResult status = cudaDriverEntryPointSymbolNotFound;
  const cudaError_t error = cudaGetDriverEntryPointByVersion(name, function, version, cudaEnableLegacyStream, &status);
  if (error != cudaSuccess || status != cudaDriverEntryPointSuccess || !*function) {
    (void)cudaGetLastError();
    throwError(__FILE__, __LINE__, "cudaGetDriverEntryPointByVersion",
               std::string(name) + ": " +
                   (error != cudaSuccess ? std::string(cudaGetErrorName(error)) + ": " + cudaGetErrorString(error)
                                         : "not offered by this driver"),
               error);
  }
}

// "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected" (the names work before cuInit).
std::string describe(const DriverApi& api, CUresult result) {
  const char* name = nullptr;
  const char* text = nullptr;
  if (api.cuGetErrorName(result, &name) != CUDA_SUCCESS || !name) name = "CUDA_ERROR_UNKNOWN";
  if (api.cuGetErrorString(result, &text) != CUDA_SUCCESS || !text) text = "unknown error";
  return std::string(name) + ": " + text;
}

DriverApi loadDriverApi() {
  DriverApi api;
#define KC_LAB_LOAD_DRIVER_FUNCTION(name, version) loadFunction(#name, version, reinterpret_cast<void**>(&api.name));
  KC_LAB_DRIVER_FUNCTIONS(KC_LAB_LOAD_DRIVER_FUNCTION)
#undef KC_LAB_LOAD_DRIVER_FUNCTION
  const CUresult init = api.cuInit(0);
  if (init != CUDA_SUCCESS) throwError(__FILE__, __LINE__, "cuInit", describe(api, init), init);
  return api;
}

}  // namespace

const DriverApi& driverApi() {
  static const DriverApi api = loadDriverApi();  // a throw leaves it unset: the next call retries
  return api;
}

std::string driverErrorText(CUresult result) { return describe(driverApi(), result); }

void checkDriver(CUresult result, const char* call, const char* file, int line) {
  if (result != CUDA_SUCCESS) throwError(file, line, call, driverErrorText(result), result);
}

}  // namespace kc::lab
