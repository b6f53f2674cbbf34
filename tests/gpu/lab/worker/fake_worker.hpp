// The fake worker and the helpers shared by tests/gpu/lab/worker/lab_worker_test.cpp and its
// must-fail tests (tests/error/gpu/lab/worker/lab_worker_test.cpp).
#pragma once

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>
#include <chrono>
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

namespace kc::test {

using namespace kc::lab;
using Clock = std::chrono::steady_clock;

inline const std::string kFakeWorker = KC_FAKE_LAB_WORKER;

inline double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// The process is gone for good (reaped): no process has its pid.
inline bool processGone(pid_t pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

inline WorkerLimits quickLimits() {
  WorkerLimits limits;
  limits.startMs = 5000;
  limits.requestMs = 2000;
  limits.quitMs = 500;
  limits.killMs = 2000;
  return limits;
}

inline std::unique_ptr<LabWorkerClient> startFake(const std::string& behaviour, WorkerLimits limits = quickLimits()) {
  return std::make_unique<LabWorkerClient>(kFakeWorker, std::vector<std::string>{"--behave", behaviour}, limits);
}

inline RunRequest sampleRun() {
  RunRequest request;
  request.in = {1, 0, 256, 17, 3, 4};
  request.out = {2, 2048, 256, 17, 3, 1};
  request.blockX = 32;
  request.blockY = 8;
  request.params = {7, 0x40200000u};
  request.order = {0, 64, 41};
  return request;
}

// The WorkerError a run throws (the test fails when the run returns).
inline WorkerError runFailure(LabWorkerClient& worker, double limitMs) {
  try {
    (void)worker.run(sampleRun(), limitMs);
  } catch (const WorkerError& error) {
    return error;
  }
  ADD_FAILURE() << "the run returned";
  return WorkerError(WorkerError::Kind::Protocol, "the run returned");
}

}  // namespace kc::test
