#pragma once
// Seeded random inputs for the demos and their tests: the same seed gives the same values on every
// machine run (std::mt19937 with the standard library's uniform distributions).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace kc::demos {

// `n` ints uniform in [lo, hi] (both ends included).
std::vector<std::int32_t> seededInts(std::size_t n, std::uint32_t seed, std::int32_t lo, std::int32_t hi);
// `n` floats uniform in [lo, hi).
std::vector<float> seededFloats(std::size_t n, std::uint32_t seed, float lo, float hi);

}  // namespace kc::demos
