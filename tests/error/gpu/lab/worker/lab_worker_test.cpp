// Must-fail: the lab's worker process where it cannot serve (missing, exiting or silent at start,
// without a device, of another build) and kernels that hang, crash, fault or are refused: each is one
// line naming the worker and what happened, within its time limit, and no process is left behind.
// The worker's protocol and normal runs are in tests/gpu/lab/worker/lab_worker_test.cpp.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <thread>

#include "gpu/core/error.hpp"
#include "gpu/lab/worker/lab_worker_client.hpp"
#include "gpu/lab/worker/lab_worker_server.hpp"
#include "gpu/lab/worker/worker_location.hpp"
#include "tests/support/scoped_environment.hpp"
#include "tests/gpu/lab/worker/fake_worker.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace kc::test;

using namespace kc::lab;
using Clock = std::chrono::steady_clock;

// The WorkerError a start of the fake worker throws (the test fails when it starts).
std::optional<WorkerError> startFailure(const std::string& path, const std::string& behaviour,
                                        WorkerLimits limits = quickLimits()) {
  try {
    LabWorkerClient client(path, {"--behave", behaviour}, limits);
  } catch (const WorkerError& error) {
    return error;
  }
  return std::nullopt;
}

TEST(LabWorkerProcess, AMissingExecutableIsNamed) {
  const auto error = startFailure("/nonexistent/kernelcam-lab-worker", "ready");
  ASSERT_TRUE(error);
  EXPECT_EQ(error->kind(), WorkerError::Kind::NotStarted);
  EXPECT_NE(error->message().find("cannot start /nonexistent/kernelcam-lab-worker: No such file or directory"),
            std::string::npos)
      << error->message();
}

TEST(LabWorkerProcess, AWorkerThatExitsAtStartIsReported) {
  const auto error = startFailure(kFakeWorker, "exit-at-start");
  ASSERT_TRUE(error);
  EXPECT_EQ(error->kind(), WorkerError::Kind::NotStarted);
  EXPECT_NE(error->message().find("exited with status 3 before it was ready"), std::string::npos) << error->message();
}

TEST(LabWorkerProcess, AWorkerThatNeverGreetsIsStoppedAtTheLimit) {
  WorkerLimits limits = quickLimits();
  limits.startMs = 300;
  const auto start = Clock::now();
  const auto error = startFailure(kFakeWorker, "silent-at-start", limits);
  ASSERT_TRUE(error);
  EXPECT_NE(error->message().find("was not ready within 300 ms; it was stopped"), std::string::npos)
      << error->message();
  EXPECT_LT(secondsSince(start), 3.0);
}

TEST(LabWorkerProcess, AWorkerWithoutADeviceSaysWhy) {
  const auto error = startFailure(kFakeWorker, "not-ready");
  ASSERT_TRUE(error);
  EXPECT_EQ(error->message(), "the kernel lab's worker process cannot run kernels: no CUDA device");
}

TEST(LabWorkerProcess, AWorkerOfAnotherBuildIsRefused) {
  const auto error = startFailure(kFakeWorker, "old-protocol");
  ASSERT_TRUE(error);
  EXPECT_NE(error->message().find("speaks the lab's protocol version 999, this kernelcam version " +
                                  std::to_string(kWorkerProtocolVersion)),
            std::string::npos)
      << error->message();
}

TEST(LabWorkerProcess, ARefusedCubinIsAReplyAndTheWorkerStays) {
  auto worker = startFake("refuse-load");
  const LoadReply load = worker->load({"cubin for sm_75", "entry", 256});
  EXPECT_EQ(load.status.code, 209);
  EXPECT_NE(load.status.message.find("CUDA_ERROR_NO_BINARY_FOR_GPU"), std::string::npos);
  EXPECT_TRUE(worker->running());
  EXPECT_EQ(worker->run(sampleRun(), 1000).outcome, RunOutcome::Finished);
}

TEST(LabWorkerProcess, ACrashDuringARunIsReportedWithItsSignal) {
  auto worker = startFake("crash-in-run");
  const pid_t pid = worker->pid();
  const WorkerError error = runFailure(*worker, 5000);
  EXPECT_EQ(error.kind(), WorkerError::Kind::Ended);
  EXPECT_EQ(error.message(), "the kernel lab's worker process was killed by signal 6 (Aborted) during Run");
  EXPECT_FALSE(worker->running());
  EXPECT_TRUE(worker->gone());
  EXPECT_TRUE(processGone(pid));
  EXPECT_EQ(runFailure(*worker, 1000).kind(), WorkerError::Kind::Ended) << "spent: a new client is needed";
}

TEST(LabWorkerProcess, AHangIsStoppedAtTheTimeLimit) {
  auto worker = startFake("hang-in-run");
  const pid_t pid = worker->pid();
  const auto start = Clock::now();
  const WorkerError error = runFailure(*worker, 200);
  EXPECT_EQ(error.kind(), WorkerError::Kind::TimedOut);
  EXPECT_EQ(error.message(), "the kernel lab's worker process did not answer Run within 200 ms; it was stopped");
  const double seconds = secondsSince(start);
  EXPECT_GE(seconds, 0.19);
  EXPECT_LT(seconds, 2.0);
  EXPECT_TRUE(worker->gone());
  EXPECT_TRUE(processGone(pid));
}

TEST(LabWorkerProcess, AFaultedRunEndsTheWorker) {
  auto worker = startFake("fault-in-run");
  const pid_t pid = worker->pid();
  const RunReply run = worker->run(sampleRun(), 1000);
  EXPECT_EQ(run.outcome, RunOutcome::Faulted);
  EXPECT_EQ(run.status.code, 700);
  EXPECT_EQ(run.status.message, "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered");
  EXPECT_FALSE(worker->running());
  EXPECT_TRUE(worker->gone());
  EXPECT_TRUE(processGone(pid));
}

// Issue 40, class 13: the worker's process faults, each one line naming the worker, no process
// left, nothing else on kernelcam's terminal.
// A file named as the worker that is not executable.
TEST(LabWorkerProcess, ANonExecutableWorkerIsNamed) {
  TempDir dir;
  const std::string copy = dir.file("kernelcam-lab-worker");
  std::filesystem::copy_file(kFakeWorker, copy);
  std::filesystem::permissions(copy, std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
  const auto error = startFailure(copy, "ready");
  ASSERT_TRUE(error);
  EXPECT_EQ(error->kind(), WorkerError::Kind::NotStarted);
  EXPECT_EQ(error->message(), "the kernel lab's worker process: cannot start " + copy + ": Permission denied");
  EXPECT_EQ(std::string(error->what()), error->message()) << "no source file in the line a user gets";
}

// A wrong or broken binary named as the worker printed its output into kernelcam's terminal (here
// 256 KiB, and escape sequences); what it wrote is now the worker's business, and the one line
// that says it ended ends with its last line to stderr, escaped.
TEST(LabWorkerProcess, AWorkerThatPrintsGarbageIsOneLineAndNothingReachesTheTerminal) {
  TempDir dir;
  const std::string captured = dir.file("stdout");
  std::fflush(stdout);
  const int saved = ::dup(STDOUT_FILENO);
  std::FILE* file = std::fopen(captured.c_str(), "w");
  ASSERT_NE(file, nullptr);
  ::dup2(::fileno(file), STDOUT_FILENO);
  const auto error = startFailure(kFakeWorker, "chatter-at-start");
  std::fflush(stdout);
  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
  std::fclose(file);
  EXPECT_EQ(std::filesystem::file_size(captured), 0u) << "the worker's output reached kernelcam's stdout";
  ASSERT_TRUE(error);
  EXPECT_EQ(error->kind(), WorkerError::Kind::NotStarted);
  EXPECT_EQ(error->message(), "the kernel lab's worker process (" + kFakeWorker +
                                  ") exited with status 3 before it was ready; it wrote "
                                  "'fake_lab_worker: \\e]0;pwned\\acannot start'");
}

// A binary that answers with something else than the lab's greeting (a server of another kind).
TEST(LabWorkerProcess, AWorkerThatSendsGarbageInsteadOfItsGreetingIsStopped) {
  const auto start = Clock::now();
  const auto error = startFailure(kFakeWorker, "garbage-at-start");
  ASSERT_TRUE(error);
  EXPECT_EQ(error->kind(), WorkerError::Kind::NotStarted);
  EXPECT_NE(error->message().find("did not greet as the protocol says"), std::string::npos) << error->message();
  EXPECT_NE(error->message().find("it was stopped"), std::string::npos) << error->message();
  EXPECT_LT(secondsSince(start), 3.0) << "refused at its first bytes, not at the time limit";
}

// A worker killed in the middle of a frame (by the user, the OOM killer): the frame's run is one
// line with the signal, at once, not at the time limit.
TEST(LabWorkerProcess, AWorkerKilledMidFrameIsOneLineAtOnce) {
  auto worker = startFake("hang-in-run");
  const pid_t pid = worker->pid();
  std::thread killer([pid] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    ::kill(pid, SIGKILL);
  });
  const auto start = Clock::now();
  const WorkerError error = runFailure(*worker, 10000);
  killer.join();
  EXPECT_EQ(error.kind(), WorkerError::Kind::Ended);
  EXPECT_EQ(error.message(), "the kernel lab's worker process was killed by signal 9 (Killed) during Run");
  EXPECT_LT(secondsSince(start), 3.0);
  EXPECT_TRUE(processGone(pid));
}

}  // namespace
