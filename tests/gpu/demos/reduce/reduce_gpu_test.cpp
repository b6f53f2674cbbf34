// Every reduction version x op x type at awkward n against the CPU reference (ints exact, float
// sum within floatSumTolerance), on seeded random inputs; result slots poisoned before each run.
#include <gtest/gtest.h>

#include <vector>

#include "gpu/core/device_buffer.cuh"
#include "gpu/core/stream.cuh"
#include "gpu/demos/reduce/reduce.cuh"
#include "gpu/demos/reduce/reduce_demo_cuda.cuh"
#include "tests/support/gpu_test_support.hpp"

namespace kc::demos {
namespace {

const std::vector<std::size_t> kSizes{1, 2, 3, 31, 1000, (std::size_t(1) << 20) + 17, std::size_t(1) << 24};

template <class T>
void checkAllVersions(ReduceType type, const std::vector<T>& host, std::size_t offset) {
  // `offset` elements skipped at the front: a device pointer that is not 16-byte aligned.
  const std::size_t n = host.size() - offset;
  DeviceBuffer<T> d(host.size());
  d.uploadAsync(host.data(), host.size(), nullptr);
  double sumAbs = 0;
  for (std::size_t k = offset; k < host.size(); ++k) sumAbs += std::fabs(static_cast<double>(host[k]));
  Stream stream;
  ReduceWorkspace workspace;
  for (ReduceOp op : {ReduceOp::Sum, ReduceOp::Min, ReduceOp::Max, ReduceOp::ArgMax}) {
    const ReduceValue ref = reduceReference(host.data() + offset, n, op);
    for (const ReduceVersionInfo& info : kReduceVersions) {
      SCOPED_TRACE(testing::Message() << "n=" << n << " offset=" << offset << " type=" << toString(type)
                                      << " op=" << toString(op) << " version=" << info.name);
      const ReduceValue got = workspace.run(info.version, op, type, d.data() + offset, n, stream);
      EXPECT_TRUE(reduceResultsMatch(op, type, got, ref, n, sumAbs))
          << "got " << formatReduceValue(op, type, got) << ", expected " << formatReduceValue(op, type, ref);
    }
  }
}

TEST(ReduceGpu, EveryVersionOpAndSizeInt32) {
  KC_REQUIRE_CUDA_DEVICE();
  for (std::size_t n : kSizes)
    checkAllVersions(ReduceType::Int32, randomInts(n, 100 + static_cast<std::uint32_t>(n)), 0);
}

TEST(ReduceGpu, EveryVersionOpAndSizeFloat) {
  KC_REQUIRE_CUDA_DEVICE();
  for (std::size_t n : kSizes)
    checkAllVersions(ReduceType::Float32, randomFloats(n, 200 + static_cast<std::uint32_t>(n)), 0);
}

TEST(ReduceGpu, MisalignedStartUsesScalarHead) {
  KC_REQUIRE_CUDA_DEVICE();
  for (std::size_t offset : {1, 2, 3})
    for (std::size_t n : {std::size_t(1), std::size_t(5), std::size_t(100003)}) {
      checkAllVersions(ReduceType::Int32, randomInts(n + offset, 300 + static_cast<std::uint32_t>(n)), offset);
      checkAllVersions(ReduceType::Float32, randomFloats(n + offset, 400 + static_cast<std::uint32_t>(n)), offset);
    }
}

TEST(ReduceGpu, ArgMaxTiesGoToTheSmallestIndexInEveryVersion) {
  KC_REQUIRE_CUDA_DEVICE();
  const std::size_t n = (1 << 20) + 3;
  std::vector<std::int32_t> host(n, 7);  // all equal: the answer is index 0
  host[n - 1] = 9;
  host[12345] = 9;
  host[999999] = 9;
  DeviceBuffer<std::int32_t> d(n);
  d.uploadAsync(host.data(), n, nullptr);
  ReduceWorkspace workspace;
  for (const ReduceVersionInfo& info : kReduceVersions) {
    SCOPED_TRACE(info.name);
    const ReduceValue got = workspace.run(info.version, ReduceOp::ArgMax, ReduceType::Int32, d.data(), n);
    EXPECT_EQ(got.i, 9);
    EXPECT_EQ(got.index, 12345);
  }
}

TEST(ReduceGpu, Mat3MinBothVersions) {
  KC_REQUIRE_CUDA_DEVICE();
  for (std::size_t n : {std::size_t(1), std::size_t(17), std::size_t(1) << 24}) {
    const auto planes = randomInts(9 * n, 500 + static_cast<std::uint32_t>(n), -2000000000, 2000000000);
    const Mat3i ref = mat3MinReference(planes.data(), n);
    DeviceBuffer<std::int32_t> d(planes.size());
    d.uploadAsync(planes.data(), planes.size(), nullptr);
    for (Mat3MinVersion version : {Mat3MinVersion::Fused, Mat3MinVersion::Cub}) {
      SCOPED_TRACE(testing::Message() << "n=" << n << " version=" << toString(version));
      EXPECT_EQ(mat3Min(version, d.data(), n), ref);
    }
  }
}

TEST(ReduceGpu, BadArgumentsThrow) {
  KC_REQUIRE_CUDA_DEVICE();
  DeviceBuffer<float> d(4);
  ReduceWorkspace workspace;
  EXPECT_THROW(workspace.run(ReduceVersion::WarpShuffle, ReduceOp::Sum, ReduceType::Float32, d.data(), 0),
               InvalidArgument);
  EXPECT_THROW(workspace.run(ReduceVersion::WarpShuffle, ReduceOp::Sum, ReduceType::Float32, nullptr, 4),
               InvalidArgument);
  EXPECT_THROW(reduceAsync(ReduceVersion::TwoKernel, ReduceOp::Sum, ReduceType::Float32, d.data(), 4096, d.data(),
                           nullptr, 0, nullptr),
               InvalidArgument);
}

TEST(ReduceDemoGpu, RunnerRowsAreAllCorrect) {
  KC_REQUIRE_CUDA_DEVICE();
  ReduceDemoConfig config;
  config.n = (1 << 20) + 5;
  config.backend = Backend::Cuda;
  config.reps = 2;
  for (auto op : {"sum", "argmax", "mat3min"}) {
    config.op = parseReduceDemoOp(op);
    config.type = config.op == ReduceDemoOp::Mat3Min ? ReduceType::Int32 : ReduceType::Float32;
    const DemoReport report = runReduceDemo(config, cudaReduceRows());
    EXPECT_EQ(report.rows.size(), config.op == ReduceDemoOp::Mat3Min ? 3u : 1u + kReduceVersions.size());
    for (const DemoRow& row : report.rows) {
      SCOPED_TRACE(testing::Message() << op << ": " << row.version << " = " << row.result);
      EXPECT_TRUE(row.correct);
      EXPECT_GT(row.ms, 0.0);
      EXPECT_TRUE(row.speedupVsCpu.has_value() && row.speedupVsFirstGpu.has_value() &&
                  row.speedupVsLibrary.has_value());
    }
  }
}

}  // namespace
}  // namespace kc::demos
