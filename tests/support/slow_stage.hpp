#pragma once
// "burn=MS": a test-only stage that keeps a core busy for MS milliseconds per frame (a busy loop,
// not a sleep: it competes for the CPU the way a costly convolution does) and leaves the image as
// it is. Added to the stage registry for the lifetime of a BurnStageScope.
#include <atomic>
#include <chrono>
#include <memory>
#include <string>

#include "gpu/pipeline/stage_registry.hpp"

namespace kc::test {

struct BurnConfig : StageConfig {
  int ms = 0;
};

inline StageDefinition burnStageDefinition() {
  StageDefinition stage;
  stage.id = "burn";
  stage.displayName = "Burn (test)";
  stage.help = "a test-only stage: keeps a core busy for MS milliseconds";
  stage.menuOrder = 1000;
  ParamDescriptor ms;
  ms.id = "ms";
  ms.displayName = "Milliseconds";
  ms.type = ParamType::Int;
  ms.minValue = 0;
  ms.maxValue = 10000;
  ms.defaultValue = "100";
  stage.params = {ms};
  stage.producesImage = false;  // like the histogram: the next stage reads the input
  stage.configure = [](const StageSpec& spec) {
    auto config = std::make_shared<BurnConfig>();
    config->ms = std::stoi(spec.value("ms"));
    return std::shared_ptr<const StageConfig>(config);
  };
  stage.applyCpu = [](const StageSpec& spec, const CpuStageIo&) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(spec.configAs<BurnConfig>().ms);
    volatile unsigned sink = 0;
    while (std::chrono::steady_clock::now() < until)
      for (unsigned i = 0; i < 10000; ++i) sink = sink + i;
  };
  return stage;
}

class BurnStageScope {
 public:
  BurnStageScope() { stageRegistry().add(burnStageDefinition()); }
  ~BurnStageScope() { stageRegistry().remove("burn"); }
  BurnStageScope(const BurnStageScope&) = delete;
  BurnStageScope& operator=(const BurnStageScope&) = delete;
};

}  // namespace kc::test

namespace kc::test {

// "cold=MS": a test-only stage whose first run after it is configured keeps a core busy for MS
// milliseconds and whose later runs cost nothing: a cold start (a CUDA module's first launch, a
// thread pool's start) made visible. Added to the registry for the lifetime of a ColdStageScope.
struct ColdConfig : StageConfig {
  int ms = 0;
  mutable std::atomic<bool> warm{false};
};

class ColdStageScope {
 public:
  ColdStageScope() {
    StageDefinition stage = burnStageDefinition();
    stage.id = "cold";
    stage.displayName = "Cold start (test)";
    stage.configure = [](const StageSpec& spec) {
      auto config = std::make_shared<ColdConfig>();
      config->ms = std::stoi(spec.value("ms"));
      return std::shared_ptr<const StageConfig>(config);
    };
    stage.applyCpu = [](const StageSpec& spec, const CpuStageIo&) {
      const ColdConfig& config = spec.configAs<ColdConfig>();
      if (config.warm.exchange(true)) return;
      const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(config.ms);
      volatile unsigned sink = 0;
      while (std::chrono::steady_clock::now() < until)
        for (unsigned i = 0; i < 10000; ++i) sink = sink + i;
    };
    stageRegistry().add(stage);
  }
  ~ColdStageScope() { stageRegistry().remove("cold"); }
  ColdStageScope(const ColdStageScope&) = delete;
  ColdStageScope& operator=(const ColdStageScope&) = delete;
};

}  // namespace kc::test
