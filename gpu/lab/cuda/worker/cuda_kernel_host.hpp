#pragma once
// The worker process's CUDA side: one context (the device's primary context of this process),
// one user kernel at a time, and kernelcam's frame buffers mapped through CUDA IPC. A fault
// loses this context for good, so the worker replies Faulted and exits; kernelcam starts a new
// one. A kernel that never finishes is ended with the process (SIGKILL from kernelcam): the
// driver tears the context down, which stops the kernel.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "gpu/lab/cuda/driver_api.hpp"
#include "gpu/lab/worker/lab_worker_server.hpp"
#include "gpu/lab/worker/shared_page.hpp"

namespace kc::lab {

class CudaKernelHost final : public LabWorkerHandler {
 public:
  explicit CudaKernelHost(int device) : deviceIndex_(device) {}
  ~CudaKernelHost() override;
  CudaKernelHost(const CudaKernelHost&) = delete;
  CudaKernelHost& operator=(const CudaKernelHost&) = delete;

  WorkerHello hello() override;
  LoadReply load(const LoadRequest& request) override;
  MapReply map(const MapRequest& request) override;
  RunReply run(const RunRequest& request) override;
  LaunchReply launch(const LaunchRequest& request) override;

 private:
  struct Mapping {
    std::uint64_t id = 0;
    CUdeviceptr base = 0;
    std::uint64_t bytes = 0;
  };
  const Mapping* mapping(std::uint64_t id) const;
  std::string mapOrderPage(const std::string& name);  // "" or why not
  void unmapOrderPage();
  void closeAllocations();
  void unmapAll();

  int deviceIndex_;
  const DriverApi* api_ = nullptr;  // set by a successful hello()
  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
  CUstream stream_ = nullptr;
  CUevent start_ = nullptr, stop_ = nullptr;
  CUmodule module_ = nullptr;
  CUfunction function_ = nullptr;
  std::string cubin_, entry_;  // the loaded kernel's: a per-line profile maps its instructions to lines
  std::vector<Mapping> mappings_;
  std::unique_ptr<SharedPage> orderHost_;  // kernelcam's order page (MapRequest::orderPage), mapped here
  bool orderRegistered_ = false;
  CUdeviceptr orderPage_ = 0;  // and for this context's streams
  bool faulted_ = false;
};

}  // namespace kc::lab
