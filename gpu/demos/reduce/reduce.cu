// Host side of the reduction demo: grid sizes, pass chaining, scratch layout, CUB baseline.
#include "gpu/demos/reduce/reduce.cuh"

#include <cstddef>
#include <cstring>

#include <cub/device/device_reduce.cuh>
#include <cuda/std/functional>

#include "gpu/core/cuda_check.cuh"
#include "gpu/core/device_query.cuh"
#include "gpu/demos/reduce/reduce_kernels.cuh"

namespace kc::demos {
namespace {

using gpu::ArgMaxOp;
using gpu::ArgPair;
using gpu::kBlock;
using gpu::MaxOp;
using gpu::MinOp;
using gpu::SumOp;

constexpr unsigned kFastBlock = 256;    // steps 7, 8 and kernel 1 of the two-kernel scheme
constexpr unsigned kTotalBlock = 1024;  // the one block that finishes: as many threads as allowed
constexpr std::size_t kAlign = 256;

static_assert(sizeof(ArgPair<float>) == 16 && offsetof(ArgPair<float>, index) == 8);
static_assert(sizeof(ArgPair<int>) == 16 && offsetof(ArgPair<int>, index) == 8);

std::size_t alignUp(std::size_t bytes) { return (bytes + kAlign - 1) / kAlign * kAlign; }
std::size_t ceilDiv(std::size_t a, std::size_t b) { return (a + b - 1) / b; }

template <class Op>
struct OpTag {
  using type = Op;
};

// Calls f(OpTag<Op>{}) with the operator for (op, type): one switch instead of eight.
template <class F>
decltype(auto) withOp(ReduceOp op, ReduceType type, F&& f) {
  const bool isInt = type == ReduceType::Int32;
  switch (op) {
    case ReduceOp::Sum:
      return isInt ? f(OpTag<SumOp<int>>{}) : f(OpTag<SumOp<float>>{});
    case ReduceOp::Min:
      return isInt ? f(OpTag<MinOp<int>>{}) : f(OpTag<MinOp<float>>{});
    case ReduceOp::Max:
      return isInt ? f(OpTag<MaxOp<int>>{}) : f(OpTag<MaxOp<float>>{});
    case ReduceOp::ArgMax:
      return isInt ? f(OpTag<ArgMaxOp<int>>{}) : f(OpTag<ArgMaxOp<float>>{});
  }
  throw InvalidArgument("reduce: unknown op");
}

// A grid-stride grid must be resident all at once (a second wave would run alone at the end),
// so it is sized from the kernel's occupancy, at most 8 blocks of 256 (2048 threads) per SM.
template <auto Kernel>
std::size_t residentGrid(unsigned blockSize, std::size_t wanted) {
  static const int blocksPerSm = [&] {
    int b = 0;
    KC_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, Kernel, static_cast<int>(blockSize), 0));
    return b < 1 ? 1 : (b > 8 ? 8 : b);
  }();
  const std::size_t resident = static_cast<std::size_t>(blocksPerSm) * currentDeviceSmCount();
  wanted = wanted < 1 ? 1 : wanted;
  return wanted < resident ? wanted : resident;
}

template <class Op>
std::size_t gridStep7(std::size_t n) {
  return residentGrid<gpu::reduceGridStride<Op, typename Op::In, kBlock>>(kBlock, ceilDiv(n, 2 * kBlock));
}
template <class Op>
std::size_t gridStep8(std::size_t n) {
  // 16 elements per thread at least (4 float4) before another block pays off.
  return residentGrid<gpu::reduceWarpShuffle<Op, kFastBlock>>(kFastBlock, ceilDiv(n, 16 * kFastBlock));
}

// Steps 1..6: one kernel applied again to its own partials until one value is left (Harris).
std::size_t multiPassElementsPerBlock(ReduceVersion v) { return v <= ReduceVersion::Sequential ? kBlock : 2 * kBlock; }

template <class Op>
std::size_t scratchFor(ReduceVersion version, std::size_t n) {
  using Acc = typename Op::Acc;
  switch (version) {
    case ReduceVersion::GridStride:
      return alignUp(gridStep7<Op>(n) * sizeof(Acc));
    case ReduceVersion::WarpShuffle:
      return alignUp(gridStep8<Op>(n) * sizeof(Acc));
    case ReduceVersion::TwoKernel:
      return alignUp(ceilDiv(n, kFastBlock) * sizeof(Acc));
    case ReduceVersion::Cub:
      return 0;  // handled by cubScratch
    default: {
      const std::size_t perBlock = multiPassElementsPerBlock(version);
      const std::size_t a = ceilDiv(n, perBlock), b = ceilDiv(a, perBlock);
      return alignUp(a * sizeof(Acc)) + alignUp(b * sizeof(Acc));
    }
  }
}

template <class Op>
void launchMultiPassKernel(ReduceVersion version, const void* src, bool srcIsInput, std::size_t count,
                           typename Op::Acc* dst, std::size_t blocks, cudaStream_t stream) {
  using In = typename Op::In;
  using Acc = typename Op::Acc;
  auto go = [&](auto typedSrc) {
    using Src = std::remove_cv_t<std::remove_pointer_t<decltype(typedSrc)>>;
    const dim3 grid(static_cast<unsigned>(blocks));
    switch (version) {
      case ReduceVersion::InterleavedDivergent:
        gpu::reduceInterleavedDivergent<Op, Src><<<grid, kBlock, 0, stream>>>(typedSrc, count, dst);
        KC_CUDA_CHECK_LAUNCH("reduceInterleavedDivergent");
        break;
      case ReduceVersion::InterleavedStrided:
        gpu::reduceInterleavedStrided<Op, Src><<<grid, kBlock, 0, stream>>>(typedSrc, count, dst);
        KC_CUDA_CHECK_LAUNCH("reduceInterleavedStrided");
        break;
      case ReduceVersion::Sequential:
        gpu::reduceSequential<Op, Src><<<grid, kBlock, 0, stream>>>(typedSrc, count, dst);
        KC_CUDA_CHECK_LAUNCH("reduceSequential");
        break;
      case ReduceVersion::FirstAddDuringLoad:
        gpu::reduceFirstAddDuringLoad<Op, Src><<<grid, kBlock, 0, stream>>>(typedSrc, count, dst);
        KC_CUDA_CHECK_LAUNCH("reduceFirstAddDuringLoad");
        break;
      case ReduceVersion::LastWarpUnrolled:
        gpu::reduceLastWarpUnrolled<Op, Src><<<grid, kBlock, 0, stream>>>(typedSrc, count, dst);
        KC_CUDA_CHECK_LAUNCH("reduceLastWarpUnrolled");
        break;
      case ReduceVersion::FullyUnrolled:
        gpu::reduceFullyUnrolled<Op, Src, kBlock><<<grid, kBlock, 0, stream>>>(typedSrc, count, dst);
        KC_CUDA_CHECK_LAUNCH("reduceFullyUnrolled");
        break;
      default:
        throw InvalidArgument("reduce: not a multi-pass version");
    }
  };
  if (srcIsInput) go(static_cast<const In*>(src));
  else go(static_cast<const Acc*>(src));
}

template <class Op>
void runMultiPass(ReduceVersion version, const typename Op::In* in, std::size_t n, typename Op::Acc* out,
                  unsigned char* scratch, cudaStream_t stream) {
  using Acc = typename Op::Acc;
  const std::size_t perBlock = multiPassElementsPerBlock(version);
  Acc* bufA = reinterpret_cast<Acc*>(scratch);
  Acc* bufB = reinterpret_cast<Acc*>(scratch + alignUp(ceilDiv(n, perBlock) * sizeof(Acc)));
  std::size_t blocks = ceilDiv(n, perBlock);
  Acc* dst = blocks == 1 ? out : bufA;
  launchMultiPassKernel<Op>(version, in, true, n, dst, blocks, stream);
  std::size_t count = blocks;
  while (count > 1) {
    const Acc* src = dst;
    blocks = ceilDiv(count, perBlock);
    dst = blocks == 1 ? out : (src == bufA ? bufB : bufA);
    launchMultiPassKernel<Op>(version, src, false, count, dst, blocks, stream);
    count = blocks;
  }
}

// The CUB baseline writes straight into the result slot in our accumulator layout.
template <class Op>
void runCub(const typename Op::In* in, std::size_t n, void* result, void* scratch, std::size_t& scratchBytes,
            cudaStream_t stream) {
  using T = typename Op::In;
  const auto items = static_cast<std::int64_t>(n);
  if constexpr (std::is_same_v<Op, SumOp<int>>) {
    KC_CUDA_CHECK(cub::DeviceReduce::Reduce(scratch, scratchBytes, in, static_cast<long long*>(result), items,
                                            ::cuda::std::plus<long long>{}, 0LL, stream));
  } else if constexpr (std::is_same_v<Op, SumOp<float>>) {
    KC_CUDA_CHECK(cub::DeviceReduce::Sum(scratch, scratchBytes, in, static_cast<float*>(result), items, stream));
  } else if constexpr (std::is_same_v<Op, MinOp<T>>) {
    KC_CUDA_CHECK(cub::DeviceReduce::Min(scratch, scratchBytes, in, static_cast<T*>(result), items, stream));
  } else if constexpr (std::is_same_v<Op, MaxOp<T>>) {
    KC_CUDA_CHECK(cub::DeviceReduce::Max(scratch, scratchBytes, in, static_cast<T*>(result), items, stream));
  } else {
    auto* pair = static_cast<unsigned char*>(result);
    KC_CUDA_CHECK(cub::DeviceReduce::ArgMax(scratch, scratchBytes, in, reinterpret_cast<T*>(pair),
                                            reinterpret_cast<::cuda::std::int64_t*>(pair + 8), items, stream));
  }
}

template <class Op>
void runVersion(ReduceVersion version, const typename Op::In* in, std::size_t n, void* result, unsigned char* scratch,
                std::size_t scratchBytes, cudaStream_t stream) {
  using Acc = typename Op::Acc;
  Acc* out = static_cast<Acc*>(result);
  Acc* partials = reinterpret_cast<Acc*>(scratch);
  switch (version) {
    case ReduceVersion::GridStride: {
      const std::size_t grid = gridStep7<Op>(n);
      gpu::reduceGridStride<Op, typename Op::In, kBlock>
          <<<static_cast<unsigned>(grid), kBlock, 0, stream>>>(in, n, grid == 1 ? out : partials);
      KC_CUDA_CHECK_LAUNCH("reduceGridStride");
      if (grid > 1) {
        gpu::reduceGridStride<Op, Acc, kBlock><<<1, kBlock, 0, stream>>>(partials, grid, out);
        KC_CUDA_CHECK_LAUNCH("reduceGridStride (partials)");
      }
      return;
    }
    case ReduceVersion::WarpShuffle: {
      const std::size_t grid = gridStep8<Op>(n);
      gpu::reduceWarpShuffle<Op, kFastBlock>
          <<<static_cast<unsigned>(grid), kFastBlock, 0, stream>>>(in, n, grid == 1 ? out : partials);
      KC_CUDA_CHECK_LAUNCH("reduceWarpShuffle");
      if (grid > 1) {
        gpu::reduceTotalOneBlock<Op, Acc, kTotalBlock><<<1, kTotalBlock, 0, stream>>>(partials, grid, out);
        KC_CUDA_CHECK_LAUNCH("reduceTotalOneBlock");
      }
      return;
    }
    case ReduceVersion::TwoKernel: {
      const std::size_t blocks = ceilDiv(n, kFastBlock);
      gpu::reduceBlockPartials<Op, kFastBlock>
          <<<static_cast<unsigned>(blocks), kFastBlock, 0, stream>>>(in, n, partials);
      KC_CUDA_CHECK_LAUNCH("reduceBlockPartials");
      gpu::reduceTotalOneBlock<Op, Acc, kTotalBlock><<<1, kTotalBlock, 0, stream>>>(partials, blocks, out);
      KC_CUDA_CHECK_LAUNCH("reduceTotalOneBlock");
      return;
    }
    case ReduceVersion::Cub:
      runCub<Op>(in, n, result, scratch, scratchBytes, stream);
      return;
    default:
      runMultiPass<Op>(version, in, n, out, scratch, stream);
      return;
  }
}

template <class Op>
std::size_t cubScratch(std::size_t n) {
  std::size_t bytes = 0;
  runCub<Op>(nullptr, n, nullptr, nullptr, bytes, nullptr);  // size query only: nothing runs
  return alignUp(bytes);
}

void checkArguments(std::size_t n, const void* dIn) {
  KC_REQUIRE(n >= 1, "reduce: n must be at least 1");
  KC_REQUIRE(n <= (std::size_t(1) << 38), "reduce: n above 2^38 is not supported");
  KC_REQUIRE(dIn != nullptr, "reduce: input pointer is null");
  KC_REQUIRE(reinterpret_cast<std::uintptr_t>(dIn) % 4 == 0, "reduce: input must be 4-byte aligned");
}

}  // namespace

std::size_t reduceScratchBytes(ReduceVersion version, ReduceOp op, ReduceType type, std::size_t n) {
  KC_REQUIRE(n >= 1, "reduce: n must be at least 1");
  return withOp(op, type, [&](auto tag) {
    using Op = typename decltype(tag)::type;
    return version == ReduceVersion::Cub ? cubScratch<Op>(n) : scratchFor<Op>(version, n);
  });
}

void reduceAsync(ReduceVersion version, ReduceOp op, ReduceType type, const void* dIn, std::size_t n, void* dResult,
                 void* dScratch, std::size_t scratchBytes, cudaStream_t stream) {
  checkArguments(n, dIn);
  KC_REQUIRE(dResult != nullptr, "reduce: result pointer is null");
  const std::size_t needed = reduceScratchBytes(version, op, type, n);
  KC_REQUIRE(scratchBytes >= needed && (needed == 0 || dScratch != nullptr),
             "reduce: scratch smaller than reduceScratchBytes()");
  withOp(op, type, [&](auto tag) {
    using Op = typename decltype(tag)::type;
    std::size_t bytes = scratchBytes;
    runVersion<Op>(version, static_cast<const typename Op::In*>(dIn), n, dResult, static_cast<unsigned char*>(dScratch),
                   bytes, stream);
  });
}

ReduceValue decodeReduceResult(ReduceOp op, ReduceType type, const void* bytes) {
  ReduceValue v;
  const bool isInt = type == ReduceType::Int32;
  if (op == ReduceOp::Sum) {
    if (isInt) {
      long long s;
      std::memcpy(&s, bytes, 8);
      v.i = s;
    } else {
      float s;
      std::memcpy(&s, bytes, 4);
      v.f = s;
    }
    return v;
  }
  if (isInt) {
    std::int32_t x;
    std::memcpy(&x, bytes, 4);
    v.i = x;
  } else {
    float x;
    std::memcpy(&x, bytes, 4);
    v.f = x;
  }
  if (op == ReduceOp::ArgMax) {
    long long index;
    std::memcpy(&index, static_cast<const unsigned char*>(bytes) + 8, 8);
    v.index = index;
  }
  return v;
}

void ReduceWorkspace::reserve(ReduceVersion version, ReduceOp op, ReduceType type, std::size_t n) {
  const std::size_t needed = reduceScratchBytes(version, op, type, n);
  if (needed > scratch_.size()) scratch_ = DeviceBuffer<unsigned char>(needed);
}

void ReduceWorkspace::runAsync(ReduceVersion version, ReduceOp op, ReduceType type, const void* dIn, std::size_t n,
                               cudaStream_t stream) {
  reserve(version, op, type, n);
  reduceAsync(version, op, type, dIn, n, result_.data(), scratch_.data(), scratch_.size(), stream);
}

ReduceValue ReduceWorkspace::result(ReduceOp op, ReduceType type, cudaStream_t stream) {
  KC_CUDA_CHECK(
      cudaMemcpyAsync(hostResult_.data(), result_.data(), kReduceResultBytes, cudaMemcpyDeviceToHost, stream));
  KC_CUDA_CHECK(cudaStreamSynchronize(stream));
  return decodeReduceResult(op, type, hostResult_.data());
}

ReduceValue ReduceWorkspace::run(ReduceVersion version, ReduceOp op, ReduceType type, const void* dIn, std::size_t n,
                                 cudaStream_t stream) {
  result_.fillBytes(0xCD, stream);  // a version that writes nothing cannot pass
  runAsync(version, op, type, dIn, n, stream);
  return result(op, type, stream);
}

// --- mat3min -----------------------------------------------------------------------------------

const char* toString(Mat3MinVersion version) {
  return version == Mat3MinVersion::Fused ? "fused 9-plane kernel" : "CUB DeviceReduce::Min x 9";
}

namespace {
std::size_t mat3MinGrid(std::size_t n) {
  return residentGrid<gpu::mat3MinPartials<kFastBlock>>(kFastBlock, ceilDiv(n, 4 * kFastBlock));
}
std::size_t mat3MinCubScratch(std::size_t n) {
  std::size_t bytes = 0;
  KC_CUDA_CHECK(cub::DeviceReduce::Min(nullptr, bytes, static_cast<const int*>(nullptr), static_cast<int*>(nullptr),
                                       static_cast<std::int64_t>(n)));
  return alignUp(bytes);
}
}  // namespace

std::size_t mat3MinScratchBytes(Mat3MinVersion version, std::size_t n) {
  KC_REQUIRE(n >= 1, "mat3min: n must be at least 1");
  return version == Mat3MinVersion::Fused ? alignUp(9 * mat3MinGrid(n) * sizeof(int)) : mat3MinCubScratch(n);
}

void mat3MinAsync(Mat3MinVersion version, const std::int32_t* dPlanes, std::size_t n, std::int32_t* dOut9,
                  void* dScratch, std::size_t scratchBytes, cudaStream_t stream) {
  checkArguments(n, dPlanes);
  KC_REQUIRE(dOut9 != nullptr, "mat3min: output pointer is null");
  std::size_t bytes = mat3MinScratchBytes(version, n);
  KC_REQUIRE(scratchBytes >= bytes && dScratch != nullptr, "mat3min: scratch smaller than mat3MinScratchBytes()");
  if (version == Mat3MinVersion::Cub) {
    for (std::size_t e = 0; e < 9; ++e)
      KC_CUDA_CHECK(
          cub::DeviceReduce::Min(dScratch, bytes, dPlanes + e * n, dOut9 + e, static_cast<std::int64_t>(n), stream));
    return;
  }
  const std::size_t grid = mat3MinGrid(n);
  int* partials = static_cast<int*>(dScratch);
  gpu::mat3MinPartials<kFastBlock><<<static_cast<unsigned>(grid), kFastBlock, 0, stream>>>(dPlanes, n, partials);
  KC_CUDA_CHECK_LAUNCH("mat3MinPartials");
  gpu::reduceTotalOneBlock<MinOp<int>, int, kTotalBlock><<<9, kTotalBlock, 0, stream>>>(partials, grid, dOut9);
  KC_CUDA_CHECK_LAUNCH("reduceTotalOneBlock (mat3min)");
}

Mat3i mat3Min(Mat3MinVersion version, const std::int32_t* dPlanes, std::size_t n, cudaStream_t stream) {
  DeviceBuffer<unsigned char> scratch(mat3MinScratchBytes(version, n));
  DeviceBuffer<std::int32_t> out(9);
  out.fillBytes(0xCD, stream);
  mat3MinAsync(version, dPlanes, n, out.data(), scratch.data(), scratch.size(), stream);
  Mat3i host{};
  out.downloadAsync(host.data(), 9, stream);
  KC_CUDA_CHECK(cudaStreamSynchronize(stream));
  return host;
}

}  // namespace kc::demos
