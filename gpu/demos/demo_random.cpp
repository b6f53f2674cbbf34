#include "gpu/demos/demo_random.hpp"

#include <random>

namespace kc::demos {

std::vector<std::int32_t> seededInts(std::size_t n, std::uint32_t seed, std::int32_t lo, std::int32_t hi) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<std::int32_t> dist(lo, hi);
  std::vector<std::int32_t> v(n);
  for (auto& x : v) x = dist(rng);
  return v;
}

std::vector<float> seededFloats(std::size_t n, std::uint32_t seed, float lo, float hi) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(rng);
  return v;
}

}  // namespace kc::demos
