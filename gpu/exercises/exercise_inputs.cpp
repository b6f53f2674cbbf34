#include "gpu/exercises/exercise_inputs.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace kc::exercises {

std::mt19937_64 caseRandom(std::uint64_t seed, int caseIndex) {
  std::seed_seq sequence{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                         static_cast<std::uint32_t>(caseIndex)};
  return std::mt19937_64(sequence);
}

// Two values per 64-bit draw, each scaled into its range by a multiply and a shift (no division,
// no distribution object): a timed case's 16 million values take tens of milliseconds, not most of
// a second. As uniform as a test needs: each of a range's n values comes up within n / 2^32 of its
// fair share.
std::vector<std::int32_t> randomInts(std::mt19937_64& random, std::size_t count, std::int32_t low, std::int32_t high) {
  const std::uint64_t span = static_cast<std::uint64_t>(static_cast<std::int64_t>(high) - low) + 1;  // 1 .. 2^32
  const auto scaled = [&](std::uint64_t bits32) {
    return static_cast<std::int32_t>(static_cast<std::int64_t>(low) + static_cast<std::int64_t>((bits32 * span) >> 32));
  };
  std::vector<std::int32_t> values(count);
  std::size_t i = 0;
  for (; i + 2 <= count; i += 2) {
    const std::uint64_t word = random();
    values[i] = scaled(word & 0xffffffffu);
    values[i + 1] = scaled(word >> 32);
  }
  if (i < count) values[i] = scaled(random() & 0xffffffffu);
  return values;
}

std::vector<float> randomFloats(std::mt19937_64& random, std::size_t count, float low, float high) {
  const float below = std::nextafter(high, low);   // the rounding of low + span * unit may reach high
  const auto scaled = [&](std::uint64_t bits32) {  // the top 24 bits: a float's whole precision in [0, 1)
    const float unit = static_cast<float>(bits32 >> 8) * (1.0f / 16777216.0f);
    return std::min(low + (high - low) * unit, below);
  };
  std::vector<float> values(count);
  std::size_t i = 0;
  for (; i + 2 <= count; i += 2) {
    const std::uint64_t word = random();
    values[i] = scaled(word & 0xffffffffu);
    values[i + 1] = scaled(word >> 32);
  }
  if (i < count) values[i] = scaled(random() & 0xffffffffu);
  return values;
}

std::vector<std::uint8_t> randomBytes(std::mt19937_64& random, std::size_t count) {
  std::vector<std::uint8_t> bytes(count);
  std::size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const std::uint64_t word = random();
    std::memcpy(&bytes[i], &word, 8);
  }
  for (; i < count; ++i) bytes[i] = static_cast<std::uint8_t>(random());
  return bytes;
}

HostFrame randomRgbaFrame(std::mt19937_64& random, int width, int height) {
  HostImage<Rgba8> image(width, height);  // packed: pitch = width * 4
  const std::vector<std::uint8_t> bytes = randomBytes(random, image.sizeBytes());
  std::memcpy(image.bytes(), bytes.data(), bytes.size());
  HostFrame frame;
  frame.format = PixelFormat::Rgba8;
  frame.rgba = std::move(image);
  return frame;
}

const HostFrame* photoFor(const CaseOptions& options) {
  if (options.photos.empty()) return nullptr;
  return &options.photos[options.seed % options.photos.size()];
}

std::string photoLabel(const CaseOptions& options, const HostFrame& photo) {
  const std::size_t index = static_cast<std::size_t>(&photo - options.photos.data()) + 1;
  return "photo " + std::to_string(index) + " (" + std::to_string(photo.width()) + "x" +
         std::to_string(photo.height()) + ")";
}

namespace {
std::vector<std::uint8_t> packedBytes(const HostFrame& frame) {
  const std::size_t rowBytes = static_cast<std::size_t>(frame.width()) * bytesPerPixel(frame.format);
  std::vector<std::uint8_t> bytes(rowBytes * static_cast<std::size_t>(frame.height()));
  const auto* base = static_cast<const std::uint8_t*>(frame.bytes());
  for (int y = 0; y < frame.height(); ++y)
    std::memcpy(&bytes[static_cast<std::size_t>(y) * rowBytes], base + static_cast<std::size_t>(y) * frame.pitch(),
                rowBytes);
  return bytes;
}
}  // namespace

ExerciseCase imageCase(const std::string& label, const HostFrame& in, const HostFrame& expected) {
  ExerciseCase c;
  c.label = label;
  c.width = in.width();
  c.height = in.height();
  CaseArgument input = inputBuffer("in", ElementType::U8, packedBytes(in));
  input.rowLength = c.width;
  input.channels = bytesPerPixel(in.format);
  CaseArgument output = outputBuffer("out", ElementType::U8, packedBytes(expected));
  output.rowLength = c.width;
  output.channels = bytesPerPixel(expected.format);
  c.arguments = {std::move(input), std::move(output)};
  c.minBytes =
      static_cast<std::uint64_t>(c.width) * c.height * (bytesPerPixel(in.format) + bytesPerPixel(expected.format));
  return c;
}

int lineContaining(const std::string& source, const std::string& text) {
  const std::size_t at = source.find(text);
  if (at == std::string::npos) return 0;
  return 1 + static_cast<int>(std::count(source.begin(), source.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

CounterVerdict missingCounterVerdict(const CounterInputs&, const std::string& counter) {
  CounterVerdict verdict;
  verdict.measured = false;
  verdict.figure = "not measured: this GPU does not offer the counter " + counter;
  return verdict;
}

}  // namespace kc::exercises
