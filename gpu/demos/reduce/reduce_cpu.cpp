#include "gpu/demos/reduce/reduce_cpu.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "gpu/core/error.hpp"

namespace kc::demos {

const char* toString(ReduceOp op) {
  switch (op) {
    case ReduceOp::Sum:
      return "sum";
    case ReduceOp::Min:
      return "min";
    case ReduceOp::Max:
      return "max";
    case ReduceOp::ArgMax:
      return "argmax";
  }
  return "?";
}

const char* toString(ReduceType type) { return type == ReduceType::Int32 ? "int32" : "float"; }

namespace {

// The one obvious loop, written once for both types; `Wide` is the accumulator of the sum.
template <class T, class Wide>
ReduceValue referenceLoop(const T* values, std::size_t n, ReduceOp op) {
  KC_REQUIRE(n >= 1 && values != nullptr, "reduce: n must be at least 1");
  ReduceValue out;
  if (op == ReduceOp::Sum) {
    Wide sum = 0;
    for (std::size_t k = 0; k < n; ++k) sum += static_cast<Wide>(values[k]);
    if constexpr (std::is_integral_v<T>) out.i = static_cast<std::int64_t>(sum);
    else out.f = static_cast<double>(sum);
    return out;
  }
  T best = values[0];
  std::size_t bestIndex = 0;
  for (std::size_t k = 1; k < n; ++k) {
    const T v = values[k];
    // Strict comparisons keep the first occurrence: the smallest index wins ties.
    const bool better = (op == ReduceOp::Min) ? v < best : v > best;
    if (better) {
      best = v;
      bestIndex = k;
    }
  }
  if constexpr (std::is_integral_v<T>) out.i = best;
  else out.f = best;
  if (op == ReduceOp::ArgMax) out.index = static_cast<std::int64_t>(bestIndex);
  return out;
}

}  // namespace

ReduceValue reduceReference(const std::int32_t* values, std::size_t n, ReduceOp op) {
  return referenceLoop<std::int32_t, std::int64_t>(values, n, op);
}
ReduceValue reduceReference(const float* values, std::size_t n, ReduceOp op) {
  return referenceLoop<float, double>(values, n, op);
}

double floatSumTolerance(std::size_t n) { return (std::sqrt(static_cast<double>(n)) + 64.0) * std::ldexp(1.0, -24); }

bool reduceResultsMatch(ReduceOp op, ReduceType type, const ReduceValue& gpu, const ReduceValue& reference,
                        std::size_t n, double sumAbs) {
  if (op == ReduceOp::ArgMax && gpu.index != reference.index) return false;
  if (type == ReduceType::Int32) return gpu.i == reference.i;
  if (op != ReduceOp::Sum) return gpu.f == reference.f;
  return std::fabs(gpu.f - reference.f) <= floatSumTolerance(n) * sumAbs;
}

std::string formatReduceValue(ReduceOp op, ReduceType type, const ReduceValue& value) {
  char text[96];
  if (type == ReduceType::Int32) std::snprintf(text, sizeof text, "%lld", static_cast<long long>(value.i));
  else std::snprintf(text, sizeof text, "%.9g", value.f);
  std::string out = text;
  if (op == ReduceOp::ArgMax) out += " at " + std::to_string(value.index);
  return out;
}

Mat3i mat3MinReference(const std::int32_t* planes, std::size_t n) {
  KC_REQUIRE(n >= 1 && planes != nullptr, "mat3min: n must be at least 1");
  Mat3i out{};
  for (std::size_t e = 0; e < 9; ++e) {
    std::int32_t best = planes[e * n];
    for (std::size_t k = 1; k < n; ++k) best = std::min(best, planes[e * n + k]);
    out[e] = best;
  }
  return out;
}

}  // namespace kc::demos
