#include "gpu/demos/cg/cg_cpu.hpp"

#include <chrono>
#include <cmath>
#include <string>
#include <type_traits>

#include "gpu/core/elapsed.hpp"
#include "gpu/core/error.hpp"
#include "gpu/core/message_text.hpp"

namespace kc::cg {

const char* toString(CgStatus status) noexcept {
  switch (status) {
    case CgStatus::Converged:
      return "converged";
    case CgStatus::MaxIterations:
      return "not converged (maximum iterations reached)";
    case CgStatus::NotPositiveDefinite:
      return "matrix is not positive definite";
    case CgStatus::NumericalBreakdown:
      return "numerical breakdown (residual is NaN or infinite)";
    case CgStatus::Cancelled:
      return "cancelled";
  }
  return "unknown";
}

void validateCgInput(const CsrMatrix& a, const std::vector<double>& b, const CgOptions& options) {
  KC_REQUIRE(a.rows > 0, "CG: empty matrix");
  KC_REQUIRE(a.rows == a.cols,
             "CG needs a square matrix, got " + std::to_string(a.rows) + " x " + std::to_string(a.cols));
  KC_REQUIRE(a.rowPtr.size() == static_cast<std::size_t>(a.rows) + 1 && a.colIdx.size() == a.values.size(),
             "CG: malformed CSR matrix");
  KC_REQUIRE(b.size() == static_cast<std::size_t>(a.rows), "CG: right-hand side has " + std::to_string(b.size()) +
                                                               " entries, the matrix " + std::to_string(a.rows) +
                                                               " rows");
  // CG silently returns garbage (or "converges" to a wrong x) on an asymmetric matrix: refuse it.
  AsymmetricPair pair{};
  KC_REQUIRE(!findAsymmetry(a, &pair), "CG needs a symmetric matrix: A(" + std::to_string(pair.row + 1) + ", " +
                                           std::to_string(pair.col + 1) + ") = " + exactNumber(pair.value) + " but A(" +
                                           std::to_string(pair.col + 1) + ", " + std::to_string(pair.row + 1) +
                                           ") = " + exactNumber(pair.mirror) + " (1-based)");
  KC_REQUIRE(options.tolerance >= 0 && std::isfinite(options.tolerance), "CG: tolerance must be finite and >= 0");
  KC_REQUIRE(options.maxIterations >= 0, "CG: maxIterations must be >= 0 (0 = default)");
  // The GPU solvers replay one refresh period as a CUDA graph: keep it a sensible size.
  KC_REQUIRE(options.refreshEvery >= 0 && options.refreshEvery <= 1000,
             "CG: refreshEvery must be in [0, 1000] (0 = never)");
}

bool jacobiInverseDiagonal(const CsrMatrix& a, std::vector<double>& inverse) {
  inverse = diagonalOf(a);
  for (double& v : inverse) {
    if (!(v > 0)) return false;
    v = 1.0 / v;
  }
  return true;
}

CgResult notPositiveDefiniteBeforeStart(const std::vector<double>& b, const CgOptions& options) {
  CgResult result;
  result.status = CgStatus::NotPositiveDefinite;
  double bb = 0;
  for (double v : b) bb += v * v;
  result.initialResidualNorm = std::sqrt(bb);
  result.finalRelativeResidual = bb > 0 ? 1.0 : 0.0;  // x = 0
  result.history.push_back({0, result.initialResidualNorm});
  if (options.keepSolution) result.solution.assign(b.size(), 0.0);
  return result;
}

namespace {
template <class T>
double dot(const std::vector<T>& u, const std::vector<T>& v) {
  double s = 0;
  for (std::size_t i = 0; i < u.size(); ++i) s += static_cast<double>(u[i]) * static_cast<double>(v[i]);
  return s;
}
}  // namespace

template <class T>
CgResult solveCgCpu(const CsrMatrix& a, const std::vector<double>& bIn, const CgOptions& options) {
  validateCgInput(a, bIn, options);
  const std::size_t n = static_cast<std::size_t>(a.rows);
  const long long maxIter = options.maxIterations > 0 ? options.maxIterations : defaultMaxIterations(a.rows);
  const bool jacobi = options.preconditioner == Preconditioner::Jacobi;
  CgResult result;

  std::vector<double> invDiag64;
  if (jacobi && !jacobiInverseDiagonal(a, invDiag64)) return notPositiveDefiniteBeforeStart(bIn, options);
  // The matrix and vectors in the solve's precision, as the GPU solvers upload them.
  CsrMatrix at = a;
  std::vector<T> b(bIn.begin(), bIn.end()), invDiag(invDiag64.begin(), invDiag64.end());
  if (!std::is_same_v<T, double>)
    for (double& v : at.values) v = static_cast<double>(static_cast<T>(v));

  const auto start = std::chrono::steady_clock::now();
  std::vector<T> x(n, T(0)), r = b, z(n), d(n), q(n);
  auto precondition = [&] {
    for (std::size_t i = 0; i < n; ++i) z[i] = jacobi ? r[i] * invDiag[i] : r[i];
  };
  precondition();
  d = z;
  double rho = dot(r, z);
  double rr = dot(r, r);
  const double stopRr = options.tolerance * options.tolerance * rr;
  result.initialResidualNorm = std::sqrt(rr);
  auto addSample = [&](long long iteration) {
    result.history.push_back({iteration, std::sqrt(rr)});
    if (options.onSample) options.onSample(result.history.back());
  };
  addSample(0);
  result.status = rr <= stopRr ? CgStatus::Converged : CgStatus::MaxIterations;

  for (long long k = 0; k < maxIter && result.status == CgStatus::MaxIterations; ++k) {
    if (options.cancel.cancelled()) {
      result.status = CgStatus::Cancelled;
      break;
    }
    spmvCpu(at, d.data(), q.data());
    const double dq = dot(d, q);
    if (!(dq > 0)) {
      result.status = CgStatus::NotPositiveDefinite;
      break;
    }
    const T alpha = static_cast<T>(rho / dq);
    for (std::size_t i = 0; i < n; ++i) x[i] += alpha * d[i];
    if (options.refreshEvery > 0 && (k + 1) % options.refreshEvery == 0) {
      spmvCpu(at, x.data(), r.data());
      for (std::size_t i = 0; i < n; ++i) r[i] = b[i] - r[i];
    } else {
      for (std::size_t i = 0; i < n; ++i) r[i] -= alpha * q[i];
    }
    precondition();
    rr = dot(r, r);
    const double rz = dot(r, z);
    result.iterations = k + 1;
    if ((k + 1) % 50 == 0) addSample(k + 1);
    if (!std::isfinite(rr) || !std::isfinite(rz)) {
      result.status = CgStatus::NumericalBreakdown;
      break;
    }
    if (rr <= stopRr) {
      result.status = CgStatus::Converged;
      break;
    }
    const T beta = static_cast<T>(rz / rho);
    rho = rz;
    for (std::size_t i = 0; i < n; ++i) d[i] = z[i] + beta * d[i];
  }
  result.totalMs = msSince(start);
  result.msPerIteration = result.iterations > 0 ? result.totalMs / static_cast<double>(result.iterations) : 0.0;
  if (result.history.back().iteration != result.iterations) addSample(result.iterations);

  std::vector<double> x64(x.begin(), x.end());
  result.finalRelativeResidual = relativeResidual(a, x64, bIn);
  if (options.keepSolution) result.solution = std::move(x64);
  return result;
}

template CgResult solveCgCpu<float>(const CsrMatrix&, const std::vector<double>&, const CgOptions&);
template CgResult solveCgCpu<double>(const CsrMatrix&, const std::vector<double>&, const CgOptions&);

}  // namespace kc::cg
