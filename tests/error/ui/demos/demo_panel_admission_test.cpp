// Must-fail: a demo run, or a matrix file, too large for this machine's memory: one red line in the
// panel (at the file's size line) and nothing runs. The admission of what fits is in
// tests/ui/demos/demo_panel_admission_test.cpp.
#include <gtest/gtest.h>

#include <QPushButton>
#include <atomic>
#include <chrono>
#include <string>

#include "gpu/core/memory_budget.hpp"
#include "gpu/core/message_text.hpp"
#include "gpu/demos/cg/cg_memory.hpp"
#include "gpu/demos/matmul/matmul_memory.hpp"
#include "tests/support/qt_test_app.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/demos/demo_form.hpp"
#include "ui/demos/demo_panel.hpp"
#include "ui/demos/demo_results_table.hpp"

namespace kc {
namespace {

bool waitForRun(const DemoPanel& panel) {
  return test::processEventsUntil([&] { return !panel.running(); }, 30000);
}

// An admission for a machine with `budget` bytes: refuses above it in requireMemory's words, and
// remembers what it was asked.
struct SmallMachine {
  double budget = 0;
  std::string lastWhat;
  MemoryNeed lastNeed;
  int asked = 0;
  demos::DemoAdmission admission() {
    return [this](const std::string& what, const MemoryNeed& need, Backend) {
      ++asked;
      lastWhat = what;
      lastNeed = need;
      if (need.hostBytes > budget)
        throw OutOfMemory("not enough host memory for " + what + ": needs about " + formatBytes(need.hostBytes) + ", " +
                          formatBytes(budget) + " available (test)");
    };
  }
};

TEST(DemoPanelAdmission, RunThatCannotFitIsOneRedLineAndNothingRuns) {
  test::testApplication();
  SmallMachine machine{1e9};
  DemoRunners runners = cpuOnlyDemoRunners();
  runners.admit = machine.admission();
  std::atomic<int> matmulRuns{0};
  runners.run = [&](const demos::DemoRequest& request, const demos::DemoAdmission& admit) {
    if (request.demo->id == "matmul") ++matmulRuns;
    return demos::runDemo(request, admit);
  };
  DemoPanel panel(runners);
  panel.selectDemo("matmul");
  DemoForm& matmul = *panel.form("matmul");
  const auto setSides = [&](const char* side) {
    for (const char* param : {"m", "n", "k"}) ASSERT_TRUE(matmul.setValue(param, side));
  };
  setSides("32768");  // the form's largest: A and B alone are 8 GiB
  demos::MatmulDemoConfig big;
  big.M = big.N = big.K = 32768;

  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(panel.run());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2)) << "refused before allocating";
  EXPECT_FALSE(panel.running());
  EXPECT_TRUE(panel.lastRunFailed());
  EXPECT_EQ(matmulRuns, 0);
  EXPECT_EQ(machine.asked, 1);
  EXPECT_EQ(machine.lastWhat, "matmul 32768x32768 times 32768x32768");
  big.backend = Backend::Cpu;
  EXPECT_EQ(machine.lastNeed.hostBytes, demos::matmulDemoMemory(big).hostBytes) << "the CLI's estimate";
  const std::string message = panel.message().toStdString();
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_EQ(message.rfind("The matrix multiplication demo was not run: not enough host memory for matmul "
                          "32768x32768 times 32768x32768: needs about ",
                          0),
            0u)
      << message;
  EXPECT_TRUE(panel.findChild<QPushButton*>(QStringLiteral("demoRun"))->isEnabled());

  // A size that fits runs, after the refusal.
  setSides("17");
  ASSERT_TRUE(panel.run());
  ASSERT_TRUE(waitForRun(panel));
  EXPECT_FALSE(panel.lastRunFailed()) << panel.message().toStdString();
  EXPECT_EQ(matmulRuns, 1);

  // The reduction and the Poisson grid ask it too, with their own estimates.
  panel.selectDemo("reduce");
  ASSERT_TRUE(panel.run());
  ASSERT_TRUE(waitForRun(panel));
  EXPECT_EQ(machine.lastWhat.rfind("reduce n=", 0), 0u) << machine.lastWhat;
  panel.selectDemo("cg");
  ASSERT_TRUE(panel.form("cg")->setValue("poisson", "4096"));
  panel.form("cg")->setVersions({0});  // the CPU solver
  machine.budget = 1e8;                // 4096^2 rows need about 3 GiB
  EXPECT_FALSE(panel.run());
  EXPECT_EQ(machine.lastWhat, "CG on poisson2D n=4096 (16777216 rows)");
  EXPECT_TRUE(
      panel.message().startsWith(QStringLiteral("The conjugate gradient demo was not run: not enough host memory")))
      << panel.message().toStdString();
}

TEST(DemoPanelAdmission, MatrixFileThatCannotFitIsRefusedAtItsSizeLine) {
  // Three lines declaring 2^31-1 rows: the solver's vectors alone are hundreds of GB. The panel
  // read it and started solving (killed by the kernel, or std::bad_alloc) before.
  test::testApplication();
  const double needs = cg::cgDemoMemory(2147483647LL, 1, cg::CgDemoConfig{}).hostBytes;
  if (const auto available = hostMemoryAvailable(); !available || *available > needs)
    GTEST_SKIP() << "this machine has the memory for it (or no /proc/meminfo)";
  test::TempDir dir;
  const std::string path = dir.file("huge.mtx");
  test::writeBytes(path, "%%MatrixMarket matrix coordinate real general\n2147483647 2147483647 1\n1 1 1\n");
  DemoPanel panel(cpuOnlyDemoRunners());
  panel.selectDemo("cg");
  DemoForm& form = *panel.form("cg");
  ASSERT_TRUE(form.setValue("matrix", QString::fromStdString(path)));
  form.setVersions({0});  // the CPU solver
  const auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(panel.run());  // the size is in the file: the run reads its size line
  ASSERT_TRUE(waitForRun(panel));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10)) << "allocated before refusing";
  EXPECT_TRUE(panel.lastRunFailed());
  const std::string message = panel.message().toStdString();
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_NE(message.find(path + ":2: not enough host memory for CG on a 2147483647 x 2147483647 matrix: needs about "),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("available (MemAvailable)"), std::string::npos) << message;

  // And the panel runs again.
  ASSERT_TRUE(form.setValue("matrix", ""));
  ASSERT_TRUE(form.setValue("poisson", "8"));
  ASSERT_TRUE(panel.run());
  ASSERT_TRUE(waitForRun(panel));
  EXPECT_FALSE(panel.lastRunFailed()) << panel.message().toStdString();
  EXPECT_EQ(panel.results()->rowCount(), 1);
}

}  // namespace
}  // namespace kc
