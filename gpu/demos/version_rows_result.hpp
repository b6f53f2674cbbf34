#pragma once
// The result of a demo that times and checks each version (reduce, matmul): a DemoReport shown as
// the command line's table and JSON, and the panel's table and bar chart of the throughput.
#include <any>
#include <memory>

#include "gpu/demos/demo_registry.hpp"
#include "gpu/demos/demo_report.hpp"
#include "gpu/demos/demo_result.hpp"

namespace kc::demos {

class VersionRowsResult : public DemoResult {
 public:
  explicit VersionRowsResult(DemoReport report) : report_(std::move(report)) {}

  const DemoReport& report() const { return report_; }
  std::string problem() const override { return report_.title; }
  std::string commandLineTable() const override;
  std::string jsonFields() const override;
  std::string headline() const override { return report_.title; }
  std::string detail() const override { return "checked: " + report_.verification; }
  DemoTable table() const override;
  DemoChart chart() const override;
  std::string failure() const override;

 private:
  DemoReport report_;
};

inline std::unique_ptr<DemoResult> versionRowsResult(DemoReport report) {
  return std::make_unique<VersionRowsResult>(std::move(report));
}

// A record's `run` over a runner that reports a DemoReport (runReduceDemo, runMatmulDemo): its
// config made from the request by `configOf`, its CUDA part (a GpuPart) from the registry.
template <class GpuPart, class ConfigOf, class Runner>
auto versionRowsRun(ConfigOf configOf, Runner runner) {
  return [configOf, runner](const DemoRequest& request, const std::any&, const std::any& cuda) {
    return versionRowsResult(runner(configOf(request), cudaPartAs<GpuPart>(cuda)));
  };
}

// True when every version that ran reproduced the reference (skipped rows do not count).
bool allRowsCorrect(const DemoReport& report);

}  // namespace kc::demos
