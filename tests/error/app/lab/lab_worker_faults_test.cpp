// Must-fail (issue 40, class 13, on the GPU: a kernel= stage runs only on CUDA): the lab's worker
// process that cannot serve the window's kernel stage. A missing or non-executable worker binary,
// one that prints garbage and exits, one that hangs before greeting, and a worker killed in the
// middle of the frames: each is one line (the stage switched off with it as the reason, the
// lab's notice), and the window stays live throughout: its event loop never stalls and, once the
// stage is off, the other stages' frames keep coming. The worker's process plumbing without a GPU
// is in tests/error/gpu/lab/worker/lab_worker_test.cpp (the fake worker).
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QElapsedTimer>
#include <QTimer>
#include <filesystem>
#include <fstream>
#include <string>

#include "app/gui/gui_launcher.hpp"
#include "gpu/lab/kernel_template.hpp"
#include "tests/support/scoped_environment.hpp"
#include "tests/support/started_session.hpp"
#include "tests/support/temp_dir.hpp"
#include "ui/render/gl_renderer.hpp"
#include "ui/window/filter_dock.hpp"
#include "ui/window/gl_view.hpp"
#include "ui/window/main_window.hpp"
#include "ui/window/notice_area.hpp"

namespace kc {
namespace {

namespace fs = std::filesystem;

std::string writeScript(const test::TempDir& dir, const std::string& name, const std::string& body,
                        bool executable = true) {
  const std::string path = dir.file(name);
  std::ofstream(path) << "#!/bin/sh\n" << body << "\n";
  fs::permissions(path, executable ? fs::perms::owner_all : fs::perms::owner_read | fs::perms::owner_write);
  return path;
}

// The window's kernel stage with `worker` as KC_LAB_WORKER (nullptr: the real one); whether its
// stage came to be switched off with `reason` in one line, the event loop never stalling meanwhile.
struct Outcome {
  QString problem;
  qint64 longestStallMs = 0;
  bool framesAfter = false;
};

Outcome runKernelStage(const test::TempDir& dir, const char* worker, int waitMs,
                       const std::function<void(GuiSession&)>& during = {}) {
  const test::ScopedEnvironment variable("KC_LAB_WORKER", worker);
  Outcome outcome;
  std::string skip;
  auto session = test::startedLabSession(dir.path(), &skip);
  if (!session) return outcome;
  const std::string kernel = dir.file("k.cu");
  test::writeBytes(kernel, lab::kernelTemplate());
  FilterDock& dock = *session->window().filterDock();
  dock.addStage(parseStage("kernel=" + kernel));
  const int index = dock.stageCount() - 1;
  QElapsedTimer sinceTick;
  sinceTick.start();
  QTimer ticks;
  QObject::connect(&ticks, &QTimer::timeout,
                   [&] { outcome.longestStallMs = std::max(outcome.longestStallMs, sinceTick.restart()); });
  ticks.start(20);
  if (during) during(*session);
  test::processEventsUntil([&] { return !dock.stageProblem(index).isEmpty(); }, waitMs);
  ticks.stop();
  outcome.problem = dock.stageProblem(index);
  const GlRenderer& renderer = session->window().view()->renderer();
  const auto shown = renderer.framesPresented();
  outcome.framesAfter = test::processEventsUntil([&] { return renderer.framesPresented() >= shown + 3; }, 20000);
  return outcome;
}

void expectOneLineAndALiveWindow(const Outcome& outcome, const std::string& says) {
  EXPECT_TRUE(outcome.problem.contains(QString::fromStdString(says))) << outcome.problem.toStdString();
  EXPECT_FALSE(outcome.problem.contains(QLatin1Char('\n'))) << "one line: " << outcome.problem.toStdString();
  EXPECT_FALSE(outcome.problem.contains(QStringLiteral(".cpp:")))
      << "no source file: " << outcome.problem.toStdString();
  EXPECT_LT(outcome.longestStallMs, 1000) << "the window's event loop stalled";
  EXPECT_TRUE(outcome.framesAfter) << "the other stages' frames stopped";
}

class LabWorkerFaults : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test::windowSystemHasGl()) GTEST_SKIP() << "needs a window system with GL (run under xvfb-run)";
    if (!cudaBackendAvailable()) GTEST_SKIP() << "a kernel= stage runs only on CUDA: " << cudaUnavailableReason();
  }
  test::TempDir dir_;
};

TEST_F(LabWorkerFaults, AMissingWorkerBinaryIsOneLine) {
  expectOneLineAndALiveWindow(runKernelStage(dir_, "/nonexistent/kernelcam-lab-worker", 30000),
                              "KC_LAB_WORKER=/nonexistent/kernelcam-lab-worker is not an executable file");
}

TEST_F(LabWorkerFaults, ANonExecutableWorkerBinaryIsOneLine) {
  const std::string worker = writeScript(dir_, "not-executable", "exit 0", false);
  expectOneLineAndALiveWindow(runKernelStage(dir_, worker.c_str(), 30000), "is not an executable file");
}

TEST_F(LabWorkerFaults, AWorkerBinaryThatPrintsGarbageIsOneLine) {
  const std::string worker = writeScript(
      dir_, "garbage", "printf '\\033]0;pwned\\007'; head -c 1000000 /dev/urandom; echo 'no CUDA here' >&2; exit 1");
  expectOneLineAndALiveWindow(runKernelStage(dir_, worker.c_str(), 30000),
                              "exited with status 1 before it was ready; it wrote 'no CUDA here'");
}

TEST_F(LabWorkerFaults, AWorkerBinaryThatHangsIsStoppedAndTheWindowStaysLive) {
  const std::string worker = writeScript(dir_, "hangs", "exec sleep 600");
  expectOneLineAndALiveWindow(runKernelStage(dir_, worker.c_str(), 60000), "was not ready within");
}

TEST_F(LabWorkerFaults, AWorkerKilledMidFrameIsOneLine) {
  // The real worker, killed once the stage runs: every kernelcam-lab-worker this process started.
  const Outcome outcome = runKernelStage(dir_, nullptr, 30000, [](GuiSession& session) {
    const GlRenderer& renderer = session.window().view()->renderer();
    const auto shown = renderer.framesPresented();
    test::processEventsUntil([&] { return renderer.framesPresented() >= shown + 5; }, 20000);  // the stage runs
    for (const auto& entry : fs::directory_iterator("/proc")) {
      const std::string pid = entry.path().filename().string();
      if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
      std::ifstream stat(entry.path() / "stat");
      std::string self, comm, state;
      pid_t parent = 0;
      stat >> self >> comm >> state >> parent;
      if (parent == ::getpid() && comm == "(kernelcam-lab-w)") ::kill(std::stoi(pid), SIGKILL);
    }
  });
  expectOneLineAndALiveWindow(outcome, "killed by signal 9");
}

}  // namespace
}  // namespace kc
