// Must-fail: CG on a system it cannot solve (not positive definite, asymmetric, no entries, sizes that
// do not match, a negative tolerance) and the demo asked for what it cannot run (CUDA versions without
// a GPU solver, no matrix). Each names the reason a user reads; the solves are in
// tests/gpu/demos/cg/cg_cpu_test.cpp.
#include <gtest/gtest.h>

#include <string>

#include "tests/support/test_data.hpp"
#include "gpu/demos/cg/cg_cpu.hpp"
#include "gpu/demos/cg/cg_demo.hpp"
#include "gpu/demos/cg/matrix_market.hpp"
#include "tests/gpu/demos/cg/small_systems.hpp"

namespace kc::cg {
namespace {

using test::dense;
using test::ones;

// What `run` throws as kc::InvalidArgument (a MatrixMarketError is one), or "(accepted)".
template <typename Run>
std::string refusal(Run run) {
  try {
    run();
  } catch (const kc::InvalidArgument& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(CgCpu, IndefiniteMatrixIsReportedNotPositiveDefinite) {
  for (const auto& a : {dense(2, {1, 0, 0, -2}), dense(3, {1, 2, 0, 2, 1, 0, 0, 0, -1})}) {
    const auto res = solveCgCpu<double>(a, ones(a.rows), {});
    EXPECT_EQ(res.status, CgStatus::NotPositiveDefinite);
    EXPECT_FALSE(res.converged());
    EXPECT_STREQ(toString(res.status), "matrix is not positive definite");
  }
  // Under Jacobi a non-positive diagonal is caught before iterating.
  CgOptions o;
  o.preconditioner = Preconditioner::Jacobi;
  const auto res = solveCgCpu<double>(dense(2, {1, 0, 0, -2}), ones(2), o);
  EXPECT_EQ(res.status, CgStatus::NotPositiveDefinite);
  EXPECT_EQ(res.iterations, 0);
}

TEST(CgCpu, AsymmetricMatrixIsRejectedNamingAnEntry) {
  // A 'general' file may be asymmetric (the reader takes it); CG on it must not pretend.
  try {
    solveCgCpu<double>(dense(2, {2, 1, 0, 3}), ones(2), {});
    FAIL() << "accepted an asymmetric matrix";
  } catch (const kc::InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("CG needs a symmetric matrix: A(1, 2) = 1"), std::string::npos) << e.what();
  }
  // Rounding-level asymmetry from a general file is forgiven.
  EXPECT_EQ(solveCgCpu<double>(dense(2, {2, 1, 1 + 1e-15, 3}), ones(2), {}).status, CgStatus::Converged);
}

TEST(CgCpu, MatrixWithoutEntriesIsNotPositiveDefinite) {
  const auto a = csrFromCoo(3, 3, {});  // what the reader gives for "3 3 0"
  const auto res = solveCgCpu<double>(a, ones(3), {});
  EXPECT_EQ(res.status, CgStatus::NotPositiveDefinite);
  EXPECT_STREQ(toString(res.status), "matrix is not positive definite");
  EXPECT_EQ(res.iterations, 0);
}

TEST(CgCpu, BadInputIsRejected) {
  const auto a = dense(2, {2, 0, 0, 3});
  EXPECT_EQ(refusal([&] { solveCgCpu<double>(a, ones(3), {}); }),
            "CG: right-hand side has 3 entries, the matrix 2 rows");
  CgOptions o;
  o.tolerance = -1;
  EXPECT_EQ(refusal([&] { solveCgCpu<double>(a, ones(2), o); }), "CG: tolerance must be finite and >= 0");
  EXPECT_EQ(refusal([&] {
              solveCgCpu<double>(csrFromCoo(2, 3, {{0, 0, 1.0}}), ones(2), {});
            }),
            "CG needs a square matrix, got 2 x 3");
}

TEST(CgDemoCpu, GpuVersionWithoutGpuSolversIsAClearError) {
  CgDemoConfig config;
  config.poissonN = 4;
  config.backend = Backend::Cuda;
  // The default versions are CUDA ones.
  EXPECT_EQ(refusal([&] { runCgDemo(config); }),
            "CG demo: backend cuda needs the demo's CUDA versions, and none were given (a build without CUDA, or no "
            "usable device)");
  config.backend = Backend::Auto;  // resolved by the caller (chooseBackend), never by the demo
  EXPECT_EQ(refusal([&] { runCgDemo(config); }),
            "CG demo: backend auto must be resolved to cuda or cpu before the run (chooseBackend)");
  config.backend = Backend::Cpu;  // the CPU reference alone, whatever `versions` says
  const CgDemoReport cpuOnly = runCgDemo(config);
  ASSERT_EQ(cpuOnly.rows.size(), 1u);
  EXPECT_EQ(cpuOnly.rows[0].version, CgVersion::Cpu);
  config.poissonN = 0;
  config.backend = Backend::Cpu;
  // Neither a file nor a Poisson size.
  EXPECT_EQ(refusal([&] { runCgDemo(config); }), "CG demo: give a matrix path or a Poisson grid size n > 0");
  config.matrixPath = "/nonexistent/x.mtx";
  EXPECT_THROW(runCgDemo(config), MatrixMarketError);
  EXPECT_EQ(refusal([&] { runCgDemo(config); }), "/nonexistent/x.mtx: no such file");
}

}  // namespace
}  // namespace kc::cg
