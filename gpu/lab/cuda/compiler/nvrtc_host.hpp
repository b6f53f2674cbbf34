#pragma once
// The compiler process's NVRTC side: one compile per Nvrtc request, of exactly the text and
// headers kernelcam sends (it resolved and read the includes: kernel_includes.hpp). Runs only in
// kernelcam-lab-compiler, after its lock-down (sandbox.hpp), never in kernelcam itself.
#include <string>

#include "gpu/lab/worker/lab_worker_server.hpp"

namespace kc::lab {

class NvrtcHost final : public LabWorkerHandler {
 public:
  // Loads what NVRTC would otherwise load on its first compile (its built-in headers' library,
  // the time zone for __DATE__), while files may still be opened. "" or why it failed.
  std::string prepare();
  // Ready unless `notReady` says why (a failed prepare or lock-down).
  void setNotReady(std::string why) { notReady_ = std::move(why); }

  WorkerHello hello() override;
  LoadReply load(const LoadRequest& request) override;
  MapReply map(const MapRequest& request) override;
  RunReply run(const RunRequest& request) override;
  NvrtcReply nvrtc(const NvrtcRequest& request) override;

 private:
  std::string notReady_;
};

}  // namespace kc::lab
