// The demo panel's memory admission (issue 15.1), as `kernelcam demo` has it: a run that cannot fit
// is one red line in the panel before anything is allocated (was: the window killed by the kernel
// mid-run, or a bare std::bad_alloc), and the panel runs again after it. CPU backend; offscreen or Xvfb.
#include <gtest/gtest.h>

#include <QPushButton>
#include <atomic>
#include <chrono>
#include <string>

#include "gpu/core/memory_budget.hpp"
#include "gpu/core/message_text.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/demos/demo_form.hpp"
#include "ui/demos/demo_panel.hpp"
#include "ui/demos/demo_results_table.hpp"

namespace kc {
namespace {

TEST(DemoPanelAdmission, TheRunnersAdmitAgainstTheMachinesRealMemory) {
  // cpuOnlyDemoRunners' admission is requireMemory itself, not a stand-in.
  const DemoRunners runners = cpuOnlyDemoRunners();
  ASSERT_TRUE(runners.admit);
  if (!hostMemoryAvailable()) GTEST_SKIP() << "no /proc/meminfo: no admission on this system";
  EXPECT_THROW(runners.admit("1 EiB", {1.2e18, 0}, Backend::Cpu), OutOfMemory);
  EXPECT_NO_THROW(runners.admit("1 KiB", {1024, 0}, Backend::Cpu));
}

}  // namespace
}  // namespace kc
