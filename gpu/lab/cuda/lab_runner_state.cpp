#include "gpu/lab/cuda/lab_runner_state.hpp"

#include "gpu/core/error.hpp"

namespace kc::lab {

namespace {

constexpr std::size_t kSettledKept = 16;  // reports nobody took (a chain that dropped the stage) go

}  // namespace

LabRunner::State::~State() {
  if (worker) worker->quit();
  forgetWorker();
}

void LabRunner::State::startWorker() {
  forgetWorker();
  worker = std::make_unique<LabWorkerClient>(workerPath, std::vector<std::string>{"--device", std::to_string(device)});
}

void LabRunner::State::stopWorker() {
  if (!worker) return;
  worker->stop();
  ++workersStopped;
  forgetWorker();
}

void LabRunner::State::retireWorker() {
  if (!worker) return;
  worker->stop();
  forgetWorker();
}

void LabRunner::State::forgetWorker() {
  if (!worker) return;
  if (!worker->gone()) {
    for (Plane* plane : {&in, &out})
      if (plane->buffer) plane->buffer->abandon();
    for (auto& buffer : retired) buffer->abandon();
    in.buffer.reset();
    out.buffer.reset();
  }
  retired.clear();
  worker.reset();
  if (page) oldPages.push_back(std::move(page));
  pageMapped = false;
  mappedIn = mappedOut = 0;
  loaded = false;
}

bool LabRunner::State::shape(Plane& plane, int width, int height, int channels, int guardRows, std::size_t guardRight) {
  const std::size_t pitch = planePitch(static_cast<std::size_t>(width) * channels, guardRight);
  if (plane.buffer && plane.width == width && plane.height == height && plane.channels == channels &&
      plane.guardRows == guardRows && plane.pitch == pitch)
    return false;
  if (plane.buffer) retired.push_back(std::move(plane.buffer));
  Plane shaped{nullptr, pitch, width, height, channels, guardRows};
  shaped.buffer = std::make_unique<ExportedBuffer>(shaped.bytes(), nextAllocationId++);
  plane = std::move(shaped);
  return true;
}

void LabRunner::State::prepare(int width, int height, PixelFormat inFormat, PixelFormat outFormat, bool checked,
                               bool ordered) {
  if (!stream) stream.emplace();
  if (ordered && !page) page = std::make_unique<OrderPage>();
  guards.allocate();
  if (!countArrived) countArrived.emplace(cudaEventDisableTiming);
  shape(in, width, height, bytesPerPixel(inFormat), 0, 0);
  if (shape(out, width, height, bytesPerPixel(outFormat), checked ? kGuardRows : 0, checked ? kGuardBytesRight : 0))
    guards.filled = false;
  try {
    mapBuffers(ordered);
  } catch (const WorkerError&) {  // the worker failed, not the kernel
    stopWorker();
    throw;
  }
}

void LabRunner::State::keepReport(std::uint64_t frame, LaunchReport report) {
  settled[frame] = std::move(report);
  if (settled.size() > kSettledKept) settled.erase(settled.begin());
}

void LabRunner::State::mapBuffers(bool ordered) {
  const bool newPage = ordered && !pageMapped;
  if (mappedIn == in.id() && mappedOut == out.id() && !newPage) return;
  const MapReply reply = worker->map({{in.buffer->shared(), out.buffer->shared()}, newPage ? page->name() : ""});
  if (newPage) page->unlinkName();  // opened by now, or never to be
  retired.clear();                  // the worker closed every earlier mapping before replying
  mappedIn = mappedOut = 0;
  if (!reply.status.ok()) {
    stopWorker();  // what it maps is unknown now; the next load starts a new one (and a new page)
    throwError(__FILE__, __LINE__, "kernelcam-lab-worker", reply.status.message, reply.status.code);
  }
  mappedIn = in.id();
  mappedOut = out.id();
  pageMapped = pageMapped || newPage;
}

void LabRunner::State::downloadOutput(HostFrame* host, const DeviceFrameRef* device, PixelFormat format) {
  if (device) {
    copy2D(reinterpret_cast<void*>(device->data), device->pitch, out.origin(), out.pitch, out.rowBytes(), out.height,
           *stream);
    return;
  }
  host->format = format;
  void* bytes = nullptr;
  if (format == PixelFormat::Gray8) {
    if (host->gray.width() != out.width || host->gray.height() != out.height)
      host->gray = HostImage<std::uint8_t>(out.width, out.height);
    bytes = host->gray.bytes();
  } else {
    if (host->rgba.width() != out.width || host->rgba.height() != out.height)
      host->rgba = HostImage<Rgba8>(out.width, out.height);
    bytes = host->rgba.bytes();
  }
  copy2D(bytes, host->pitch(), out.origin(), out.pitch, out.rowBytes(), out.height, *stream);
}

}  // namespace kc::lab
