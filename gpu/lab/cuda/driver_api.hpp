#pragma once
// The CUDA driver API functions the lab uses, reached through cudart's
// cudaGetDriverEntryPointByVersion: nothing links libcuda, so the programs start on machines without
// an NVIDIA driver (CI), exactly as the cudart_static code does. The worker process calls most of
// them (its context, modules, launches, IPC mappings of kernelcam's frames); kernelcam itself uses
// cudart, and from here only the stream memory operations cudart does not offer (LabRunner's
// frames ordered with the worker's on the GPU).
//
// Members carry the driver's names: where cuda.h maps a name to a versioned one by a macro
// (cuIpcOpenMemHandle -> cuIpcOpenMemHandle_v2), the member and every use of it are mapped alike.
// Each function is requested at the ABI version its PFN_ type names.
#include <cuda.h>
#include <cudaTypedefs.h>

#include <string>

namespace kc::lab {

// (The lists of names keep their hand layout: clang-format would wrap them as expressions.)
// clang-format off
#define KC_LAB_DRIVER_FUNCTIONS(X)                                                                                  \
  X(cuGetErrorName, 6000) X(cuGetErrorString, 6000) X(cuInit, 2000) X(cuDeviceGetCount, 2000)                      \
  X(cuDeviceGet, 2000) X(cuDeviceGetName, 2000) X(cuDeviceGetAttribute, 2000) X(cuDevicePrimaryCtxRetain, 7000)     \
  X(cuDevicePrimaryCtxRelease, 11000) X(cuCtxSetCurrent, 4000) X(cuModuleLoadData, 2000) X(cuModuleUnload, 2000)    \
  X(cuModuleGetFunction, 2000) X(cuOccupancyMaxActiveBlocksPerMultiprocessor, 6050) X(cuLaunchKernel, 4000)         \
  X(cuStreamCreate, 2000) X(cuEventCreate, 2000) X(cuEventRecord, 2000) X(cuEventSynchronize, 2000)                 \
  X(cuEventElapsedTime, 2000) X(cuEventQuery, 2000) X(cuIpcOpenMemHandle, 11000) X(cuIpcCloseMemHandle, 4010)       \
  X(cuStreamWaitValue64, 11070) X(cuStreamWriteValue64, 11070) X(cuMemHostRegister, 6050)                         \
  X(cuMemHostUnregister, 4000) X(cuMemHostGetDevicePointer, 3020) X(cuMemsetD32Async, 3020)
// clang-format on

struct DriverApi {
#define KC_LAB_DRIVER_MEMBER(name, version) PFN_##name##_v##version name = nullptr;
  KC_LAB_DRIVER_FUNCTIONS(KC_LAB_DRIVER_MEMBER)
#undef KC_LAB_DRIVER_MEMBER
};

// Loaded (and cuInit called) on first use; throws kc::Error when no usable driver exists.
const DriverApi& driverApi();

// "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered".
std::string driverErrorText(CUresult result);

// Throws kc::Error naming the call and the driver's message.
void checkDriver(CUresult result, const char* call, const char* file, int line);

}  // namespace kc::lab

#define KC_CU_CHECK(call) ::kc::lab::checkDriver((call), #call, __FILE__, __LINE__)
