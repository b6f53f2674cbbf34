// CG rows: one conjugate-gradient iteration (SpMV, two dots, three vector updates) on BCSSTK17
// (n = 10974, 428650 non-zeros after expanding the symmetric file: fits in L2) and on the 2D
// Poisson matrix with 2048^2 unknowns (~250 MB moved: DRAM-bound). Baseline: the demo's library
// CG (gpu/demos/cg/cusparse_cg.cuh): cuSPARSE SpMV plus cuBLAS dot/axpy/scal with device-side
// scalars (no host round trip). fp32.
// Bytes counted as in PERF-ANCHORS.md: SpMV = values + column indices + row offsets + x read +
// y written; the iteration adds 7 vector passes of n floats.
// kernelcam's own rows run the demo's fused solver (gpu/demos/cg/cg_gpu.cuh: three launches per
// iteration, CUDA-graph replays of 50-iteration periods with the residual refresh last) for a
// fixed number of iterations with tolerance 0, and report its event-timed ms per iteration. Their
// baseline has the same advantages: the library iteration captured the same way (a graph of one
// 50-iteration period, refresh included, replayed by the same loop, same iterations, same
// timing), the row "cuSPARSE+cuBLAS CG iteration ... (graph periods)". The plain library rows
// beside it are timed like every other row (events per iteration, and the generic graph figure).
// The working sets are not rotated (one matrix, one set of vectors): "% of copy" compares with a
// copy of the same bytes over one buffer pair, L2-resident for BCSSTK17 as the matrix is.
#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "gpu/bench/bench_context.cuh"
#include "gpu/bench/bench_rows.hpp"
#include "gpu/core/cuda_graph.cuh"
#include "gpu/demos/cg/cg_gpu.cuh"
#include "gpu/demos/cg/cg_solve_loop.cuh"
#include "gpu/demos/cg/cusparse_cg.cuh"
#include "gpu/demos/cg/csr_matrix.hpp"
#include "gpu/demos/cg/matrix_market.hpp"

namespace kc::bench {

namespace {

using cg::CsrMatrix;

constexpr long long kIterations = 1000;  // per solve, for both solvers' graph rows
constexpr int kSolves = 3;               // median of

// Bytes of one SpMV as PERF-ANCHORS.md counts them (fp32 values, 32-bit indices).
double spmvTrafficBytes(const CsrMatrix& m) {
  return static_cast<double>(m.nnz()) * 8.0 + (m.rows + 1) * 4.0 + 2.0 * m.rows * 4.0;
}
double iterationTrafficBytes(const CsrMatrix& m) { return spmvTrafficBytes(m) + 7.0 * m.rows * 4.0; }

cg::CgOptions fixedIterations() {
  cg::CgOptions options;
  options.tolerance = 0.0;  // never converges: every solve runs kIterations
  options.maxIterations = kIterations;
  options.keepSolution = false;
  return options;
}

double medianOf(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// The plain library rows: the SpMV q = A d alone, and whole iterations without refresh, each
// timed like every row (events, and the generic graph of repetitions). Tolerance 0 keeps the
// status "running" (a stop would only zero alpha and beta: the same work).
void measureLibraryRows(BenchContext& ctx, const CsrMatrix& m, const std::string& label) {
  const int n = m.rows;
  cg::CgOptions options;
  options.tolerance = 0.0;
  cg::CgLoopState loop(options, n, ctx.stream());
  cg::CuSparseCg<float> solver(m, std::vector<double>(static_cast<std::size_t>(n), 1.0), {}, loop.deviceState(),
                               ctx.stream());
  solver.start();  // b = 1, x0 = 0: r0 = d0 = b

  // The solver enqueues on ctx.stream(), the stream both timings run on (and capture).
  BenchRow spmvRow = makeRow("cuSPARSE SpMV " + label + " f32", "cg",
                             ctx.time([&](cudaStream_t, int) { solver.spmv(); }), spmvTrafficBytes(m));
  spmvRow.isBaseline = true;
  spmvRow.sets = 1;
  ctx.add(std::move(spmvRow));

  BenchRow cgRow = makeRow("cuSPARSE+cuBLAS CG iteration " + label + " f32", "cg",
                           ctx.time([&](cudaStream_t, int) { solver.iterate(false); }), iterationTrafficBytes(m));
  cgRow.isBaseline = true;
  cgRow.sets = 1;
  cgRow.note = std::to_string(n) + " unknowns, " + std::to_string(m.nnz()) + " non-zeros; no refresh";
  ctx.add(std::move(cgRow));
}

// One solve of the library CG as the fused solver runs (cg_gpu.cu: solveFused): a graph of one
// refresh period, replayed by CgLoopState::run, events from before the start to the last period.
double libraryGraphSolveMsPerIteration(const CsrMatrix& m) {
  const cg::CgOptions options = fixedIterations();
  const std::vector<double> b(static_cast<std::size_t>(m.rows), 1.0);
  Stream stream;
  cg::CgLoopState loop(options, m.rows, stream);
  cg::CuSparseCg<float> solver(m, b, {}, loop.deviceState(), stream);  // enqueues on `stream`
  // One start outside the capture: cuBLAS takes its workspace for this new stream here, not inside
  // the graph. With tolerance 0 a second start (the solve's, below) leaves the same state.
  solver.start();
  KC_CUDA_CHECK(cudaStreamSynchronize(stream));
  const int period = loop.period();
  const CapturedGraph periodGraph(stream, [&](cudaStream_t) {
    for (int k = 0; k < period; ++k) solver.iterate(options.refreshEvery > 0 && k == period - 1);
  });
  loop.start();
  solver.start();
  loop.run([&](cudaStream_t st) { periodGraph.launch(st); });
  return loop.finish(m, b, solver.solution()).msPerIteration;
}

// The fair baseline row; returns it (ms 0 when the library's period could not be captured).
BenchRow measureLibraryGraphRow(BenchContext& ctx, const CsrMatrix& m, const std::string& label) {
  BenchRow row =
      makeRow("cuSPARSE+cuBLAS CG iteration " + label + " f32 (graph periods)", "cg", 0.0, iterationTrafficBytes(m));
  row.isBaseline = true;
  row.sets = 1;
  try {
    std::vector<double> msPerIteration;
    for (int run = 0; run < kSolves; ++run) msPerIteration.push_back(libraryGraphSolveMsPerIteration(m));
    row.ms = row.graphMs = medianOf(msPerIteration);
    row.graphReps = 50;
    row.note = "as the fused rows: median of " + std::to_string(kSolves) + " solves of " + std::to_string(kIterations) +
               " iterations, 50-iteration graphs, refresh every 50";
  } catch (const std::exception& e) {
    (void)cudaGetLastError();
    row.ms = row.graphMs = 0;
    row.graphNote = "not capturable: " + describeFailure(e);
    row.note = "no figure: the library's period could not be captured; the fused rows keep no baseline";
  }
  return row;
}

// The demo's fused solver, both SpMV variants: median ms per iteration of kSolves solves of
// kIterations iterations (tolerance 0, so none stops early). Already graph replays: both figures
// are that one measurement.
void measureFusedCg(BenchContext& ctx, const CsrMatrix& m, const std::string& label, const BenchRow& baseline) {
  const cg::CgOptions options = fixedIterations();
  const std::vector<double> b(static_cast<std::size_t>(m.rows), 1.0);
  for (auto [variant, variantName] :
       {std::pair{cg::SpmvVariant::ScalarCsr, "scalar CSR"}, std::pair{cg::SpmvVariant::VectorCsr, "vector CSR"}}) {
    std::vector<double> msPerIteration;
    for (int run = 0; run < kSolves; ++run)
      msPerIteration.push_back(cg::solveCgCuda(m, b, cg::Precision::Float, variant, options).msPerIteration);
    BenchRow row = makeRow(std::string("CG iteration ") + label + " f32 (fused, " + variantName + ")", "cg",
                           medianOf(msPerIteration), iterationTrafficBytes(m));
    row.graphMs = row.ms;
    row.graphReps = 50;
    row.sets = 1;
    if (baseline.ms > 0) {
      row.baselineName = baseline.name;
      row.baselineMs = baseline.ms;
      row.baselineGraphMs = baseline.graphMs;
    }
    row.note = "median of " + std::to_string(kSolves) + " solves of " + std::to_string(kIterations) +
               " iterations, 50-iteration graphs, refresh every 50";
    ctx.add(std::move(row));
  }
}

void measureCg(BenchContext& ctx, const CsrMatrix& m, const std::string& label) {
  measureLibraryRows(ctx, m, label);
  const BenchRow baseline = measureLibraryGraphRow(ctx, m, label);
  ctx.add(baseline);
  measureFusedCg(ctx, m, label, baseline);
}

void runCgRows(BenchContext& ctx) {
  // data/matrices keeps it as bcsstk17.mtx.gz; a folder of plain .mtx files works too.
  const std::filesystem::path path = cg::findMatrixFile(ctx.options().matrixDir, "bcsstk17.mtx")
                                         .value_or(ctx.options().matrixDir + "/bcsstk17.mtx.gz");
  try {
    measureCg(ctx, cg::readMatrixMarket(path), "bcsstk17");
  } catch (const Error& e) {
    std::fprintf(stderr, "bench: skipping the bcsstk17 CG rows: %s\n", e.what());
  }
  measureCg(ctx, cg::poisson2D(2048), "poisson2d 2048^2");
}

}  // namespace

KC_REGISTER_BENCH_ROWS(cg, runCgRows);

}  // namespace kc::bench
