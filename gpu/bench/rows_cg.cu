// CG rows: one conjugate-gradient iteration (SpMV, two dots, three vector updates) on BCSSTK17
// (n = 10974, 428650 non-zeros after expanding the symmetric file: fits in L2) and on the 2D
// Poisson matrix with 2048^2 unknowns (~250 MB moved: DRAM-bound). Baseline: the demo's library CG
// (gpu/demos/cg/cusparse_cg.cuh): cuSPARSE SpMV plus cuBLAS dot/axpy/scal with device-side scalars
// (no host round trip). fp32.
// Bytes counted as in PERF-ANCHORS.md: SpMV = values + column indices + row offsets + x read +
// y written; the iteration adds 7 vector passes of n floats.
// kernelcam's own rows run the demo's fused solver (gpu/demos/cg/cg_gpu.cuh: three launches per
// iteration, CUDA-graph replays of 50-iteration periods) for a fixed number of iterations with
// tolerance 0, and report its event-timed ms per iteration; their baseline is the
// cuSPARSE+cuBLAS iteration. The fused time includes the residual refresh every 50 iterations
// (one extra SpMV per period), which the library row does not do: a 2% handicap at most.
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "gpu/bench/bench_context.cuh"
#include "gpu/demos/cg/cg_gpu.cuh"
#include "gpu/demos/cg/cusparse_cg.cuh"
#include "gpu/demos/cg/csr_matrix.hpp"
#include "gpu/demos/cg/matrix_market.hpp"

namespace kc::bench {

namespace {

using cg::CsrMatrix;

// Bytes of one SpMV as PERF-ANCHORS.md counts them (fp32 values, 32-bit indices).
double spmvTrafficBytes(const CsrMatrix& m) {
  return static_cast<double>(m.nnz()) * 8.0 + (m.rows + 1) * 4.0 + 2.0 * m.rows * 4.0;
}

// Adds the cuSPARSE rows and returns the CG iteration row's ms (the fused solver's baseline).
// Both run the demo's own library CG (cg::CuSparseCg, fp32, no preconditioner): the SpMV q = A d
// alone, and whole iterations without refresh. Tolerance 0 keeps the status "running" (a stop
// would only zero alpha and beta: the same work).
double measureLibraryCg(BenchContext& ctx, const CsrMatrix& m, const std::string& label) {
  const int n = m.rows;
  cg::CgOptions options;
  options.tolerance = 0.0;
  cg::CgLoopState loop(options, n, ctx.stream());
  cg::CuSparseCg<float> solver(m, std::vector<double>(static_cast<std::size_t>(n), 1.0), {}, loop.deviceState(),
                               ctx.stream());
  solver.start();  // b = 1, x0 = 0: r0 = d0 = b

  const double spmvTraffic = spmvTrafficBytes(m);
  BenchRow spmvRow = makeRow("cuSPARSE SpMV " + label + " f32", "cg", ctx.time([&](cudaStream_t, int) { solver.spmv(); }),
                             spmvTraffic);
  spmvRow.isBaseline = true;
  ctx.add(std::move(spmvRow));

  BenchRow cgRow = makeRow("cuSPARSE+cuBLAS CG iteration " + label + " f32", "cg",
                           ctx.time([&](cudaStream_t, int) { solver.iterate(false); }), spmvTraffic + 7.0 * n * 4.0);
  cgRow.isBaseline = true;
  cgRow.note = std::to_string(n) + " unknowns, " + std::to_string(m.nnz()) + " non-zeros";
  const double ms = cgRow.ms;
  ctx.add(std::move(cgRow));
  return ms;
}

// The demo's fused solver, both SpMV variants: median ms per iteration of three solves of
// `iterations` iterations each (tolerance 0, so none stops early).
void measureFusedCg(BenchContext& ctx, const CsrMatrix& m, const std::string& label, double libraryMs) {
  const long long iterations = 1000;
  cg::CgOptions options;
  options.tolerance = 0.0;
  options.maxIterations = iterations;
  options.keepSolution = false;
  const std::vector<double> b(static_cast<std::size_t>(m.rows), 1.0);
  for (auto [variant, variantName] : {std::pair{cg::SpmvVariant::ScalarCsr, "scalar CSR"},
                                      std::pair{cg::SpmvVariant::VectorCsr, "vector CSR"}}) {
    std::vector<double> msPerIteration;
    for (int run = 0; run < 3; ++run)
      msPerIteration.push_back(cg::solveCgCuda(m, b, cg::Precision::Float, variant, options).msPerIteration);
    std::sort(msPerIteration.begin(), msPerIteration.end());
    BenchRow row = makeRow(std::string("CG iteration ") + label + " f32 (fused, " + variantName + ")", "cg",
                           msPerIteration[1], spmvTrafficBytes(m) + 7.0 * m.rows * 4.0);
    row.baselineName = "cuSPARSE+cuBLAS CG iteration " + label + " f32";
    row.baselineMs = libraryMs;
    row.note = "median of 3 solves of " + std::to_string(iterations) + " iterations, refresh every 50";
    ctx.add(std::move(row));
  }
}

void measureCg(BenchContext& ctx, const CsrMatrix& m, const std::string& label) {
  const double libraryMs = measureLibraryCg(ctx, m, label);
  measureFusedCg(ctx, m, label, libraryMs);
}

}  // namespace

void runCgRows(BenchContext& ctx) {
  const std::filesystem::path path = ctx.options().matrixDir + "/bcsstk17.mtx";
  try {
    measureCg(ctx, cg::readMatrixMarket(path), "bcsstk17");
  } catch (const Error& e) {
    std::fprintf(stderr, "bench: skipping the bcsstk17 CG rows: %s\n", e.what());
  }
  measureCg(ctx, cg::poisson2D(2048), "poisson2d 2048^2");
}

}  // namespace kc::bench
