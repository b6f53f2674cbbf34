#pragma once
// The reduction operators every kernel in reduce_kernels.cuh is written against. A kernel only
// needs: Acc (what is combined), identity(), lift(x, index) (an input element as an Acc) and
// combine(a, b) (associative and commutative, so any order of combining is correct).
#include <climits>
#include <cmath>
#include <cstdint>
#include <type_traits>

namespace kc::demos::gpu {

template <class T>
struct ArgPair {
  T value;
  long long index;
};

template <class T>
__host__ __device__ constexpr T lowestValue() {
  if constexpr (std::is_integral_v<T>) return INT_MIN;
  else return -INFINITY;
}
template <class T>
__host__ __device__ constexpr T highestValue() {
  if constexpr (std::is_integral_v<T>) return INT_MAX;
  else return INFINITY;
}

// int32 sums accumulate in int64: the result is exact for any n (no wrap-around).
template <class T>
struct SumOp {
  using In = T;
  using Acc = std::conditional_t<std::is_integral_v<T>, long long, float>;
  __device__ static Acc identity() { return Acc(0); }
  __device__ static Acc lift(T x, long long) { return static_cast<Acc>(x); }
  __device__ static Acc combine(Acc a, Acc b) { return a + b; }
};

template <class T>
struct MinOp {
  using In = T;
  using Acc = T;
  __device__ static Acc identity() { return highestValue<T>(); }
  __device__ static Acc lift(T x, long long) { return x; }
  __device__ static Acc combine(Acc a, Acc b) { return b < a ? b : a; }
};

template <class T>
struct MaxOp {
  using In = T;
  using Acc = T;
  __device__ static Acc identity() { return lowestValue<T>(); }
  __device__ static Acc lift(T x, long long) { return x; }
  __device__ static Acc combine(Acc a, Acc b) { return b > a ? b : a; }
};

// Ties go to the smaller index, which makes combine commutative: the answer does not depend on
// which thread saw which element first.
template <class T>
struct ArgMaxOp {
  using In = T;
  using Acc = ArgPair<T>;
  __device__ static Acc identity() { return {lowestValue<T>(), LLONG_MAX}; }
  __device__ static Acc lift(T x, long long index) { return {x, index}; }
  __device__ static Acc combine(Acc a, Acc b) {
    return (b.value > a.value || (b.value == a.value && b.index < a.index)) ? b : a;
  }
};

// Later passes read partial results (already Acc); the first reads input elements.
template <class Op, class Src>
__device__ __forceinline__ typename Op::Acc liftTo(Src x, long long index) {
  if constexpr (std::is_same_v<Src, typename Op::Acc>) return x;
  else return Op::lift(x, index);
}

// __shfl_down_sync moves 4- or 8-byte scalars; a pair moves member by member.
template <class V>
__device__ __forceinline__ V shuffleDown(V v, unsigned offset) {
  return __shfl_down_sync(0xffffffffu, v, offset);
}
template <class T>
__device__ __forceinline__ ArgPair<T> shuffleDown(ArgPair<T> v, unsigned offset) {
  return {__shfl_down_sync(0xffffffffu, v.value, offset), __shfl_down_sync(0xffffffffu, v.index, offset)};
}

}  // namespace kc::demos::gpu
