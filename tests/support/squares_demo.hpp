#pragma once
// A throw-away demo, the proof that one record is enough (as tests/gpu/pipeline/stage_registry_test.cpp's
// posterize stage is for stages): "squares" sums i^2 for i = 1..n two ways on the CPU, a loop and
// the closed form n(n+1)(2n+1)/6, and checks one against the other. It exists only in the tests
// that register it (ScopedSquaresDemo): tests/gpu/demos/demo_registry_test.cpp runs it through the
// registry, tests/app/demos/squares_demo_test.cpp through the command line and the panel.
#include <any>
#include <string>

#include "gpu/demos/demo_params.hpp"
#include "gpu/demos/demo_registry.hpp"
#include "gpu/demos/demo_values.hpp"
#include "gpu/demos/version_rows_result.hpp"

namespace kc::test {

inline demos::DemoDefinition squaresDemo() {
  demos::DemoDefinition demo;
  demo.id = "squares";
  demo.displayName = "sum of squares";
  demo.help = "Sum i^2 for i = 1..n with a loop and with the closed form (a test-only demo).";
  demo.menuOrder = 1000;
  demo.params = {
      demos::intParam("n", "n", "N", "How many squares (default 1000).", 1, 1000000, "1000"),
      demos::choiceParam("order", "Order", "ORDER", "up | down (default up): the loop's direction.", {"up", "down"})};
  demo.defaultReps = 3;
  demo.versions = {{"loop", false, "one add per square:\nthe reference.", "squaresLoop"},
                   {"closed form", false, "n(n+1)(2n+1)/6:\nno loop at all.", "squaresClosedForm"}};
  demo.benchGroup = "squares";
  demo.check = [](const demos::DemoRequest& request) {
    (void)demos::wholeNumber(request, "n", 1, 1000000);
    if (request.value("order") != "up" && request.value("order") != "down")
      throw demos::DemoValueError("order", "", "unknown order '" + request.value("order") + "' (expected up or down)");
  };
  demo.memory = [](const demos::DemoRequest& request) -> std::optional<demos::DemoMemoryNeed> {
    return demos::DemoMemoryNeed{"squares n=" + request.value("n"), {1024, 0}};
  };
  demo.formNote = [](const demos::DemoRequest& request) { return "n = " + request.value("n"); };
  demo.run = [](const demos::DemoRequest& request, const std::any&, const std::any&) {
    const long long n = demos::wholeNumber(request, "n", 1, 1000000);
    long long loop = 0;
    if (request.value("order") == "up")
      for (long long i = 1; i <= n; ++i) loop += i * i;
    else
      for (long long i = n; i >= 1; --i) loop += i * i;
    const long long closed = n * (n + 1) * (2 * n + 1) / 6;
    demos::DemoReport report;
    report.title = "sum of squares 1.." + std::to_string(n);
    report.verification = "the closed form equals the loop";
    for (std::size_t v = 0; v < request.demo->versions.size(); ++v) {
      const demos::DemoVersion& version = request.demo->versions[v];
      request.control.beginVersion(static_cast<int>(v) + 1, version.name);
      demos::DemoRow row;
      row.version = version.name;
      row.why = version.why;
      row.sourceAnchor = version.sourceAnchor;
      row.kind = demos::DemoRowKind::Cpu;
      row.ms = 1.0 + static_cast<double>(v);
      row.throughputUnit = "squares/ms";
      row.throughput = static_cast<double>(n) / row.ms;
      row.result = std::to_string(v == 0 ? loop : closed);
      row.correct = (v == 0 ? loop : closed) == loop;
      report.rows.push_back(row);
    }
    demos::fillSpeedups(report);
    return demos::versionRowsResult(report);
  };
  return demo;
}

// Registers the demo for the life of a test.
struct ScopedSquaresDemo {
  ScopedSquaresDemo() { demos::demoRegistry().add(squaresDemo()); }
  ~ScopedSquaresDemo() { demos::demoRegistry().remove("squares"); }
  ScopedSquaresDemo(const ScopedSquaresDemo&) = delete;
  ScopedSquaresDemo& operator=(const ScopedSquaresDemo&) = delete;
};

}  // namespace kc::test
