#pragma once
// The hidden inputs' building blocks, shared by the exercises' records: seeded random arrays and
// frames (a check picks a fresh seed, so a kernel cannot be fitted to one input), a sample photo
// chosen by the seed, and the counter goals' common measures.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "gpu/exercises/exercise.hpp"
#include "gpu/pipeline/host_frame.hpp"

namespace kc::exercises {

// One generator per case, so cases do not depend on each other's sizes.
std::mt19937_64 caseRandom(std::uint64_t seed, int caseIndex);

std::vector<std::int32_t> randomInts(std::mt19937_64& random, std::size_t count, std::int32_t low, std::int32_t high);
std::vector<float> randomFloats(std::mt19937_64& random, std::size_t count, float low, float high);
std::vector<std::uint8_t> randomBytes(std::mt19937_64& random, std::size_t count);
// An RGBA frame of random pixels (alpha random too: a kernel must pass it through, not invent it).
HostFrame randomRgbaFrame(std::mt19937_64& random, int width, int height);

// The sample photo the seed picks (nullptr when there is none).
const HostFrame* photoFor(const CaseOptions& options);
// "photo 1 (640x427)".
std::string photoLabel(const CaseOptions& options, const HostFrame& photo);

// An image case's two buffers from a frame and the answer: "in" (RGBA) and "out" (gray or RGBA).
ExerciseCase imageCase(const std::string& label, const HostFrame& in, const HostFrame& expected);

// The line of `source` where `text` first appears (0: nowhere): a figure about an accessor points at
// the student's line that calls it.
int lineContaining(const std::string& source, const std::string& text);

// A counter goal's "not measured" verdict when the GPU lacks `counter`.
CounterVerdict missingCounterVerdict(const CounterInputs& inputs, const std::string& counter);

}  // namespace kc::exercises
