// SGEMM rows: C = A * B, n x n x n in fp32, 2 n^3 flops. cuBLAS with CUBLAS_PEDANTIC_MATH so it
// may not use TF32 tensor cores: a fair fp32 comparison with a CUDA-core kernel.
// Ours: the demo's register-blocked kernel (row-major; same flops and traffic as cuBLAS's
// column-major call on square matrices), with the cuBLAS row as its baseline ("% of cuBLAS").
#include "gpu/bench/bench_context.cuh"
#include "gpu/bench/bench_rows.hpp"
#include "gpu/bench/library_handles.cuh"
#include "gpu/demos/matmul/matmul.cuh"

namespace kc::bench {

namespace {

__global__ void fillMatrix(float* data, std::size_t n) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
       i += std::size_t(gridDim.x) * blockDim.x)
    data[i] = static_cast<float>((i * 2654435761u) % 1000) * 1e-3f - 0.5f;
}

constexpr int kSizes[] = {4096, 8192};

// cuBLAS's workspace, given to it so that a graph capture of its calls allocates nothing (the
// library would otherwise take its default pool, allocated with cudaMallocAsync under capture).
// 32 MiB is cuBLAS's documented recommendation for Hopper.
constexpr std::size_t kCublasWorkspaceBytes = std::size_t(32) << 20;

void runGemmRows(BenchContext& ctx) {
  CublasHandle cublas;
  KC_CUBLAS_CHECK(cublasApi().cublasSetMathMode(cublas, CUBLAS_PEDANTIC_MATH));
  // The stream once, then the workspace (cublasSetStream resets the workspace to the default pool).
  KC_CUBLAS_CHECK(cublasApi().cublasSetStream(cublas, ctx.stream()));
  DeviceBuffer<unsigned char> workspace(kCublasWorkspaceBytes);
  KC_CUBLAS_CHECK(cublasApi().cublasSetWorkspace(cublas, workspace.data(), workspace.bytes()));
  for (int n : kSizes) {
    const std::size_t count = static_cast<std::size_t>(n) * n;
    DeviceBuffer<float> a(count), b(count), c(count);
    fillMatrix<<<1024, 256, 0, ctx.stream()>>>(a.data(), count);
    KC_CUDA_CHECK_LAUNCH("fillMatrix");
    fillMatrix<<<1024, 256, 0, ctx.stream()>>>(b.data(), count);
    KC_CUDA_CHECK_LAUNCH("fillMatrix");
    const float one = 1.f, zero = 0.f;
    const RowTiming timing = ctx.time([&](cudaStream_t s, int) {
      KC_REQUIRE(s == ctx.stream(), "bench: cuBLAS is bound to the context's stream");
      KC_CUBLAS_CHECK(cublasApi().cublasSgemm(cublas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a.data(), n, b.data(), n,
                                              &zero, c.data(), n));
    });
    const std::string ns = std::to_string(n);
    BenchRow row = makeRow("cuBLAS SGEMM fp32 pedantic " + ns + "^3", "gemm", timing, 0, 2.0 * n * n * double(n));
    row.isBaseline = true;

    const demos::MatmulVersion ourVersion = demos::MatmulVersion::RegisterBlocked;
    BenchRow ours = makeRow("SGEMM fp32 " + ns + "^3 (register-blocked)", "gemm", ctx.time([&](cudaStream_t s, int) {
      demos::matmulAsync(ourVersion, demos::MatmulType::Float32, a.data(), b.data(), c.data(), n, n, n, nullptr, s);
    }),
                            0, row.flops);
    // The kernel with B copied asynchronously in each shape (k tile x stages), against the same cuBLAS row.
    for (const demos::SgemmPipelineShape shape : demos::sgemmPipelineShapes()) {
      const std::string name = "SGEMM fp32 " + ns + "^3 (async B, k tile " + std::to_string(shape.tileK) + ", " +
                               std::to_string(shape.stages) + " stages, " + std::to_string(shape.minBlocksPerSm) +
                               " blocks/SM)";
      if (!rowSelected(ctx.options(), "gemm", name)) continue;
      BenchRow pipelined = makeRow(name, "gemm", ctx.time([&](cudaStream_t s, int) {
        KC_REQUIRE(demos::sgemmPipelinedAsync(a.data(), b.data(), c.data(), n, n, n, s, shape),
                   "bench: the pipelined SGEMM declined a square float4-aligned problem");
      }),
                                   0, row.flops);
      pipelined.baselineName = row.name;
      pipelined.baselineMs = row.ms;
      pipelined.baselineGraphMs = row.graphMs;
      ctx.add(std::move(pipelined));
    }
    ctx.addBaseline(ours, std::move(row));
    ctx.add(std::move(ours));
  }
}

}  // namespace

KC_REGISTER_BENCH_ROWS(gemm, runGemmRows);

}  // namespace kc::bench
