#pragma once
// LabRunner's state (lab_runner.hpp): the worker process and the buffers it maps, the frame in flight
// (submitDevice) and the reports not yet taken. Order matters on the way out: a buffer is freed only
// once the worker has unmapped it or is gone (CUDA's IPC rules), so the worker ends first.
#include <cuda_runtime.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpu/core/stream.cuh"
#include "gpu/lab/background_call.hpp"
#include "gpu/lab/cuda/lab_buffers.hpp"
#include "gpu/lab/cuda/lab_runner.hpp"
#include "gpu/lab/cuda/order_page.hpp"
#include "gpu/lab/worker/lab_worker_client.hpp"

namespace kc::lab {

struct LabRunner::State {
  int device = 0;
  std::string workerPath;
  std::optional<Stream> stream;  // kernelcam's copies in and out (runDevice); made on the runner's device
  Plane in, out;
  // The order page the worker maps (a new one per worker: its name is gone once opened), and those
  // of earlier workers, kept mapped: a stream may wait on them until a release.
  std::unique_ptr<OrderPage> page;
  std::vector<std::unique_ptr<OrderPage>> oldPages;
  bool pageMapped = false;
  OutputGuards guards;  // around `out`, in checked mode (freed, as declared, before the pages)
  std::vector<std::unique_ptr<ExportedBuffer>> retired;  // replaced; the worker may still map them
  std::uint64_t nextAllocationId = 1;

  // submitDevice's frame in flight: its reply is awaited on `collector`'s thread.
  struct Flight {
    std::uint64_t sequence = 0;
    bool checked = false;
    int width = 0, height = 0;
    LaunchReport report;  // written by the collector's job
  };
  std::uint64_t sequence = 0;  // of the last frame submitted
  std::optional<Flight> flight;
  std::optional<Event> countArrived;              // recorded on the pipeline's stream after the frame's guard count
  std::map<std::uint64_t, LaunchReport> settled;  // by frame, until takeReport() (the last kSettledKept)
  std::unique_ptr<BackgroundCall> collector;
  std::optional<bool> ordersOnGpu;

  std::unique_ptr<LabWorkerClient> worker;
  std::uint64_t mappedIn = 0, mappedOut = 0;  // the allocations the worker maps
  bool loaded = false;
  std::shared_ptr<const CompiledKernel> kernel;  // the loaded one, for a new worker after a profile
  KernelAnnotations annotations;
  Occupancy occupancy;
  int workersStopped = 0;

  ~State();

  void startWorker();
  // Ends the worker (SIGKILL) after a fault, a hang or its death.
  void stopWorker();
  // Ends a worker that did nothing wrong (after a profile): not counted as stopped.
  void retireWorker();
  // Drops a worker that is no longer running. Buffers it may still map (it could not be
  // confirmed gone) are abandoned, never freed.
  void forgetWorker();

  // (Re)allocates `plane` for this geometry; the buffer it replaces waits in `retired` until the
  // worker has unmapped it. Returns whether `plane` got a new buffer.
  bool shape(Plane& plane, int width, int height, int channels, int guardRows, std::size_t guardRight);
  // The buffers for a frame of this geometry, mapped by the worker. Throws WorkerError (after
  // stopping the worker) when the worker fails to map them.
  void prepare(int width, int height, PixelFormat inFormat, PixelFormat outFormat, bool checked, bool ordered);
  // Has the worker map the current buffers (closing its earlier mappings) when they changed.
  // The order page goes with the first mapping that needs it, and stays mapped in that worker.
  void mapBuffers(bool ordered);

  void keepReport(std::uint64_t frame, LaunchReport report);
  void downloadOutput(HostFrame* host, const DeviceFrameRef* device, PixelFormat format);
};

}  // namespace kc::lab
