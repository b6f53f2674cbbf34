#pragma once
// A backend without CUDA, for tests: the proof of docs/ARCHITECTURE.md's "How to add a backend".
// It offers the two concerns every backend must (devices, frame pipelines) and none of the optional
// ones, hands them over through the same entry a backend library exports (BackendEntry), and runs
// its chains on the CPU's stage implementations while counting the frames that reach it, so a test
// sees that the session's frames went through this backend and not the built-in CPU one.
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "gpu/plugin/backend_module.hpp"

namespace kc::test {

inline constexpr char kTestDeviceName[] = "kernelcam test backend";

// Its pipeline: the CPU pipeline's stages, its own name, and a count of every frame it ran.
class TestPipeline final : public FramePipeline {
 public:
  explicit TestPipeline(std::atomic<int>* frames) : frames_(frames), inner_(makeCpuPipeline()) {}
  Backend backend() const override { return Backend::Cuda; }  // it fills the accelerator's place
  std::string deviceName() const override { return kTestDeviceName; }
  void setChain(const FilterChain& chain) override { inner_->setChain(chain); }
  const FilterChain& chain() const override { return inner_->chain(); }
  FrameResult process(const HostFrame& frame) override {
    ++*frames_;
    return inner_->process(frame);
  }
  std::optional<FrameStats> submitLive(const HostFrame& frame, DisplaySink& sink) override {
    ++*frames_;
    return inner_->submitLive(frame, sink);
  }
  std::optional<FrameStats> flushLive(DisplaySink& sink) override { return inner_->flushLive(sink); }
  DisplayPath displayPath() const override { return inner_->displayPath(); }

 private:
  std::atomic<int>* frames_;
  std::unique_ptr<FramePipeline> inner_;
};

class TestDevices final : public DeviceBackend {
 public:
  explicit TestDevices(int count) : count_(count) {}
  int deviceCountOrZero() noexcept override { return count_; }
  std::vector<DeviceInfo> listDevices() override {
    if (count_ == 0) return {};
    return {currentDevice()};
  }
  DeviceInfo currentDevice() override {
    DeviceInfo info;
    info.name = kTestDeviceName;
    return info;
  }
  // 1 GiB, all of it free: the session admits frames against it.
  DeviceMemory currentDeviceMemory() override { return {std::size_t{1} << 30, std::size_t{1} << 30}; }
  CudaRuntimeFacts runtimeFacts() noexcept override { return {0, 0, count_, ""}; }

 private:
  int count_;
};

class TestPipelines final : public PipelineBackend {
 public:
  std::unique_ptr<FramePipeline> makePipeline() override { return std::make_unique<TestPipeline>(&frames); }
  std::atomic<int> frames{0};  // every frame any of its pipelines ran
};

// The backend as a library would build it: one module, its concerns living as long as the program.
struct TestBackend {
  explicit TestBackend(int devices) : devices(devices) {}
  TestDevices devices;
  TestPipelines pipelines;
  BackendModule module{&devices, &pipelines, nullptr, nullptr, nullptr};
};

// The entry a backend library exports (kBackendEntry), here for a backend with one device and one
// without any: nullptr for another ABI, as the loader expects.
inline const BackendModule* testBackendEntry(int abi) {
  static TestBackend backend(1);
  return abi == kBackendAbi ? &backend.module : nullptr;
}
inline const BackendModule* deviceLessTestBackendEntry(int abi) {
  static TestBackend backend(0);
  return abi == kBackendAbi ? &backend.module : nullptr;
}
inline TestPipelines& testBackendPipelines() {
  return *static_cast<TestPipelines*>(testBackendEntry(kBackendAbi)->pipelines);
}

}  // namespace kc::test
