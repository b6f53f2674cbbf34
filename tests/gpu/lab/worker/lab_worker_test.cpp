// The lab's worker process without a GPU: the protocol's messages, the framed channel with its
// deadlines, and the client against fake_lab_worker (tests/support/fake_lab_worker.cpp), which speaks the real
// protocol through the real server loop and crashes, hangs or misbehaves on request. What needs
// CUDA (IPC, faults, hangs of real kernels) is in tests/gpu/lab/cuda/runner_gpu_test.cpp.
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
#include "tests/gpu/lab/worker/fake_worker.hpp"

namespace {

using namespace kc::test;

using namespace kc::lab;
using Clock = std::chrono::steady_clock;

// --- protocol -------------------------------------------------------------------------------

template <class T>
T roundTrip(const T& message) {
  return decodeMessage<T>(encodeMessage(message));
}

TEST(LabWorkerProtocol, EveryMessageSurvivesTheRoundTrip) {
  const WorkerHello hello{kWorkerProtocolVersion, true, "NVIDIA H100 80GB HBM3"};
  EXPECT_EQ(roundTrip(hello), hello);
  const LoadRequest load{std::string("\x7f"
                                     "ELF\0\1\2",
                                     7),
                         "_Z1k7KcInput8KcOutput8KcParams", 256};
  EXPECT_EQ(roundTrip(load), load);
  const LoadReply loadReply{{209, "cuModuleLoadData: CUDA_ERROR_NO_BINARY_FOR_GPU"}, 0, 2048};
  EXPECT_EQ(roundTrip(loadReply), loadReply);
  SharedAllocation a{1, {}, 4096}, b{2, {}, 1 << 20};
  for (std::size_t i = 0; i < a.handle.size(); ++i) a.handle[i] = static_cast<std::uint8_t>(i * 7);
  const MapRequest map{{a, b}};
  EXPECT_EQ(roundTrip(map), map);
  const MapRequest mapNothing{};
  EXPECT_EQ(roundTrip(mapNothing), mapNothing);
  EXPECT_EQ(roundTrip(sampleRun()), sampleRun());
  const RunReply runReply{RunOutcome::Faulted, {700, "CUDA_ERROR_ILLEGAL_ADDRESS"}, 1.5f, {}, {}};
  EXPECT_EQ(roundTrip(runReply), runReply);
  const RunReply profiled{RunOutcome::Finished,
                          {},
                          3.25f,
                          {{"k.cu", 14, 1000, 10, 40, 40, 5, 160, 5}, {"kc_lab_prelude.cuh", 3, 7, 0, 0, 0, 0, 0, 0}},
                          {}};
  EXPECT_EQ(roundTrip(profiled), profiled);
  const RunReply noFigures{RunOutcome::Finished, {}, 1.0f, {}, "the NVIDIA driver lets only administrators profile"};
  EXPECT_EQ(roundTrip(noFigures), noFigures);
  EXPECT_TRUE(encodeMessage(QuitRequest{}).payload.empty());
}

TEST(LabWorkerProtocol, MalformedPayloadsAreRejected) {
  const auto kind = [](const Message& message) -> std::string {
    try {
      (void)decodeMessage<RunRequest>(message);
    } catch (const ChannelError& error) {
      EXPECT_EQ(error.kind(), ChannelError::Kind::Malformed);
      return error.what();
    }
    return "accepted";
  };
  Message message = encodeMessage(sampleRun());
  Message shorter = message;
  shorter.payload.pop_back();
  EXPECT_EQ(kind(shorter), "a Run cut short");
  Message longer = message;
  longer.payload += "xy";
  EXPECT_EQ(kind(longer), "a Run with 2 bytes too many");
  EXPECT_EQ(kind(encodeMessage(LoadRequest{})), "expected a Run, received a Load");
  // params' count (the u64 before its two words, which the profile flag's byte and the order's
  // three u64 follow) claims 2^40
  Message hugeCount = message;
  const std::size_t countAt =
      hugeCount.payload.size() - 3 * sizeof(std::uint64_t) - 1 - 2 * sizeof(std::uint32_t) - sizeof(std::uint64_t);
  std::uint64_t count = 0;
  std::memcpy(&count, hugeCount.payload.data() + countAt, sizeof count);
  ASSERT_EQ(count, 2u) << "not the params' count";
  const std::uint64_t huge = 1ull << 40;
  std::memcpy(hugeCount.payload.data() + countAt, &huge, sizeof huge);
  EXPECT_EQ(kind(hugeCount), "a Run cut short");

  Message hello = encodeMessage(WorkerHello{kWorkerProtocolVersion, true, "x"});
  hello.payload[sizeof(std::uint32_t)] = 2;  // the `ready` flag
  EXPECT_THROW((void)decodeMessage<WorkerHello>(hello), ChannelError);
  EXPECT_EQ(messageTypeName(77), "message type 77");
}

// --- channel --------------------------------------------------------------------------------

struct SocketPair {
  UniqueFd a, b;
  SocketPair() {
    int ends[2];
    EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends), 0);
    a = UniqueFd(ends[0]);
    b = UniqueFd(ends[1]);
  }
};

ChannelError::Kind receiveFailure(int fd, double ms) {
  try {
    (void)receiveMessage(fd, deadlineAfter(ms));
  } catch (const ChannelError& error) {
    return error.kind();
  }
  ADD_FAILURE() << "a message arrived";
  return ChannelError::Kind::Malformed;
}

TEST(LabWorkerChannel, MessagesArriveWhole) {
  SocketPair pair;
  const Message big{42, std::string(3 << 20, 'k')};  // larger than the socket's buffer: sent in pieces
  std::thread reader([&] {
    const Message received = receiveMessage(pair.b.get(), deadlineAfter(5000));
    EXPECT_EQ(received.type, 42u);
    EXPECT_EQ(received.payload, big.payload);
  });
  sendMessage(pair.a.get(), big, deadlineAfter(5000));
  reader.join();
}

TEST(LabWorkerChannel, ASilentPeerTimesOutAtTheDeadline) {
  SocketPair pair;
  const auto start = Clock::now();
  EXPECT_EQ(receiveFailure(pair.a.get(), 100), ChannelError::Kind::TimedOut);
  EXPECT_GE(secondsSince(start), 0.09);
  EXPECT_LT(secondsSince(start), 2.0);
}

TEST(LabWorkerChannel, AClosedPeerIsClosedNotASignal) {
  SocketPair pair;
  pair.b.reset();
  EXPECT_EQ(receiveFailure(pair.a.get(), 1000), ChannelError::Kind::Closed);
  try {  // a write to a closed socket would raise SIGPIPE and end the test program
    sendMessage(pair.a.get(), {1, "x"}, deadlineAfter(1000));
    ADD_FAILURE() << "sent to a closed socket";
  } catch (const ChannelError& error) {
    EXPECT_EQ(error.kind(), ChannelError::Kind::Closed);
  }
}

TEST(LabWorkerChannel, BytesThatAreNotAFrameAreMalformed) {
  SocketPair pair;
  const char garbage[16] = "not a frame....";
  ASSERT_EQ(::write(pair.b.get(), garbage, sizeof garbage), 16);
  EXPECT_EQ(receiveFailure(pair.a.get(), 1000), ChannelError::Kind::Malformed);

  SocketPair other;  // a header claiming more than the limit: refused before allocating
  const std::uint32_t header[4] = {0x574c434b, 4, 0xffffffffu, 0xffffffffu};
  ASSERT_EQ(::write(other.b.get(), header, sizeof header), 16);
  EXPECT_EQ(receiveFailure(other.a.get(), 1000), ChannelError::Kind::Malformed);
}

// --- the worker process ---------------------------------------------------------------------

TEST(LabWorkerProcess, TalksToAReadyWorker) {
  auto worker = startFake("ready");
  EXPECT_EQ(worker->deviceName(), "fake GPU");
  EXPECT_TRUE(worker->running());

  const LoadReply load = worker->load({"cubin bytes", "entry", 256});
  EXPECT_TRUE(load.status.ok());
  EXPECT_EQ(load.status.message, "loaded entry (11 bytes)");
  EXPECT_EQ(load.activeBlocksPerSm, 8);
  EXPECT_EQ(load.maxThreadsPerSm, 2048);
  EXPECT_EQ(worker->map({{SharedAllocation{1, {}, 4096}, SharedAllocation{2, {}, 8192}}}).status.message, "mapped 2");

  const RunReply run = worker->run(sampleRun(), 1000);
  EXPECT_EQ(run.outcome, RunOutcome::Finished);
  EXPECT_FLOAT_EQ(run.kernelMs, 0.25f);
  EXPECT_EQ(run.status.message,
            "in 17x3x4 pitch 256 at 1+0; out 17x3x1 pitch 256 at 2+2048; block 32x8; params 7,1075838976; after the "
            "order page's word 0 reaches 41");
  EXPECT_TRUE(worker->running());
}

TEST(LabWorkerProcess, QuittingEndsTheWorker) {
  auto worker = startFake("ready");
  const pid_t pid = worker->pid();
  const auto start = Clock::now();
  worker.reset();
  EXPECT_LT(secondsSince(start), 1.0) << "the worker should quit when asked, not wait to be killed";
  EXPECT_TRUE(processGone(pid));
}

TEST(LabWorkerProcess, GarbageIsAProtocolError) {
  auto worker = startFake("garbage-in-run");
  const WorkerError error = runFailure(*worker, 1000);
  EXPECT_EQ(error.kind(), WorkerError::Kind::Protocol);
  EXPECT_NE(error.message().find("sent a malformed reply to Run (received bytes that do not start a message)"),
            std::string::npos)
      << error.message();
  EXPECT_TRUE(worker->gone());
}

TEST(LabWorkerProcess, TheWorkerEndsWhenKernelcamGoesAway) {
  // Even while its main thread never returns (a kernel that never finishes): the watchdog sees
  // kernelcam's end of the socket close.
  ChildProcess child(kFakeWorker, {"--behave", "hang-in-run"});
  const WorkerHello hello = decodeMessage<WorkerHello>(receiveMessage(child.socket(), deadlineAfter(5000)));
  EXPECT_TRUE(hello.ready);
  sendMessage(child.socket(), encodeMessage(sampleRun()), deadlineAfter(1000));
  child.closeSocket();
  EXPECT_TRUE(child.waitForExit(3000)) << "the worker outlived kernelcam's end of the socket";
  EXPECT_EQ(child.exitDescription(), "exited with status 0");
}

// --- command line and location ----------------------------------------------------------------

std::optional<WorkerCommandLine> parse(std::vector<std::string> words) {
  words.insert(words.begin(), "worker");
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  return parseWorkerCommandLine(static_cast<int>(argv.size()), argv.data());
}

TEST(LabWorkerCommandLine, NeedsTheSocketAndPairedOptions) {
  const auto line = parse({"--device", "1", "--fd", "3"});
  ASSERT_TRUE(line);
  EXPECT_EQ(line->fd, 3);
  EXPECT_EQ(line->option("device", "0"), "1");
  EXPECT_EQ(line->option("behave", "ready"), "ready");
  EXPECT_FALSE(parse({}));
  EXPECT_FALSE(parse({"--device", "1"}));
  EXPECT_FALSE(parse({"--fd"}));
  EXPECT_FALSE(parse({"--fd", "three"}));
  EXPECT_FALSE(parse({"--fd", "-1"}));
  EXPECT_FALSE(parse({"device", "1", "--fd", "3"}));
}

TEST(LabWorkerLocation, TheVariableThenBesideTheProgramThenTheBuildTree) {
  {
    ScopedEnvironment chosen(kLabWorkerVariable, kFakeWorker.c_str());
    EXPECT_EQ(findLabWorker("/nonexistent"), kFakeWorker);
  }
  {
    ScopedEnvironment chosen(kLabWorkerVariable, "/nonexistent/worker");
    try {
      (void)findLabWorker(kFakeWorker);
      FAIL() << "a wrong KC_LAB_WORKER was ignored";
    } catch (const kc::Error& error) {
      EXPECT_EQ(error.message(), "KC_LAB_WORKER=/nonexistent/worker is not an executable file");
    }
  }
  ScopedEnvironment unset(kLabWorkerVariable, nullptr);
  EXPECT_EQ(findLabWorker(kFakeWorker), kFakeWorker);  // no kernelcam-lab-worker beside cpu_tests
  try {
    (void)findLabWorker("/nonexistent/kernelcam-lab-worker");
    FAIL() << "found a worker that does not exist";
  } catch (const kc::Error& error) {
    EXPECT_NE(error.message().find("the kernel lab's worker kernelcam-lab-worker is missing: not beside "),
              std::string::npos)
        << error.message();
    EXPECT_NE(error.message().find("nor at /nonexistent/kernelcam-lab-worker (KC_LAB_WORKER may name it)"),
              std::string::npos)
        << error.message();
  }
}

}  // namespace
