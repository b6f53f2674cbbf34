// LabRunner's frame in flight runs on BackgroundCall's thread: the job runs there, wait() returns
// only once it has finished, and the destructor lets a running job finish.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "gpu/core/error.hpp"
#include "gpu/lab/background_call.hpp"

namespace {

using namespace std::chrono_literals;

TEST(LabBackgroundCall, RunsTheJobOnAnotherThreadAndWaitReturnsAfterIt) {
  kc::lab::BackgroundCall call;
  std::thread::id ranOn;
  bool finished = false;
  call.start([&] {
    std::this_thread::sleep_for(50ms);
    ranOn = std::this_thread::get_id();
    finished = true;
  });
  call.wait();
  EXPECT_TRUE(finished);
  EXPECT_NE(ranOn, std::this_thread::get_id());
  EXPECT_NE(ranOn, std::thread::id());
}

TEST(LabBackgroundCall, RunsJobsOneAfterAnother) {
  kc::lab::BackgroundCall call;
  int count = 0;
  for (int i = 0; i < 100; ++i) {
    call.start([&] { ++count; });
    call.wait();
    EXPECT_EQ(count, i + 1);
  }
  call.wait();  // nothing in flight: returns at once
}

TEST(LabBackgroundCall, RefusesASecondJobWhileOneRuns) {
  kc::lab::BackgroundCall call;
  std::atomic<bool> release = false;
  call.start([&] {
    while (!release) std::this_thread::sleep_for(1ms);
  });
  EXPECT_THROW(call.start([] {}), kc::InvalidArgument);
  release = true;
  call.wait();
}

TEST(LabBackgroundCall, TheDestructorLetsARunningJobFinish) {
  std::atomic<bool> finished = false;
  {
    kc::lab::BackgroundCall call;
    call.start([&] {
      std::this_thread::sleep_for(50ms);
      finished = true;
    });
  }
  EXPECT_TRUE(finished);
}

}  // namespace
