#include "gpu/exercises/exercise_launch.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>

#include "gpu/core/error.hpp"
#include "gpu/lab/grid_expression.hpp"
#include "gpu/lab/kernel_image_arg.hpp"

namespace kc::exercises {
namespace {

std::uint64_t roundUp4(std::uint64_t bytes) { return (bytes + 3) / 4 * 4; }

bool isSizeType(const std::string& type) {
  return type == "int" || type == "unsigned" || type == "unsigned int" || type == "long long" ||
         type == "unsigned long long";
}

std::vector<std::string> sizeNames(const ExerciseDefinition& exercise) {
  std::vector<std::string> names;
  for (const KernelParameter& p : exercise.parameters)
    if (!p.pointer() && isSizeType(p.type)) names.push_back(p.name);
  return names;
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& n : names) text += (text.empty() ? "" : ", ") + n;
  return text;
}

const CaseArgument* argumentNamed(const ExerciseCase& c, const std::string& name) {
  for (const CaseArgument& a : c.arguments)
    if (a.name == name) return &a;
  return nullptr;
}

std::uint32_t poisonFor(ElementType element) { return element == ElementType::F32 ? kPoisonFloatWord : kPoisonWord; }

std::uint64_t dataBytes(const CaseArgument& a) { return a.output ? a.expected.size() : a.input.size(); }

std::string valueText(ElementType element, const std::uint8_t* p) {
  char text[48];
  switch (element) {
    case ElementType::U8:
      return std::to_string(*p);
    case ElementType::I32: {
      std::int32_t v;
      std::memcpy(&v, p, 4);
      return std::to_string(v);
    }
    case ElementType::U32: {
      std::uint32_t v;
      std::memcpy(&v, p, 4);
      return std::to_string(v);
    }
    case ElementType::U64: {
      std::uint64_t v;
      std::memcpy(&v, p, 8);
      return std::to_string(v);
    }
    case ElementType::F32: {
      float v;
      std::memcpy(&v, p, 4);
      std::snprintf(text, sizeof text, "%.9g", static_cast<double>(v));
      return text;
    }
  }
  return "?";
}

bool sameElement(ElementType element, const std::uint8_t* got, const std::uint8_t* want, double tolerance) {
  if (element != ElementType::F32 || tolerance <= 0) return std::memcmp(got, want, elementBytes(element)) == 0;
  float g, w;
  std::memcpy(&g, got, 4);
  std::memcpy(&w, want, 4);
  return std::isfinite(g) && std::fabs(static_cast<double>(g) - static_cast<double>(w)) <= tolerance;
}

std::string placeOf(const CaseArgument& a, std::size_t element) {
  if (a.rowLength > 0) {
    const std::size_t pixel = element / static_cast<std::size_t>(std::max(a.channels, 1));
    const std::size_t x = pixel % static_cast<std::size_t>(a.rowLength),
                      y = pixel / static_cast<std::size_t>(a.rowLength);
    std::string place = " at (" + std::to_string(x) + ", " + std::to_string(y) + ")";
    if (a.channels > 1)
      place += " channel " + std::string(1, "RGBA"[element % static_cast<std::size_t>(a.channels) % 4]);
    return place;
  }
  return "";
}

// The guards' elements that are not the poison any more: "" or what was written where. The whole
// buffer is filled with the poison word before each launch (from its first byte), the data then with
// its start value where it has one; every element before the data and after it (its last word's
// padding included) must still be poison. Counted in the output's elements: a kernel writes those.
std::string guardWrites(const CaseArgument& a, const std::vector<std::uint8_t>& bytes) {
  std::uint8_t poison[4];
  const std::uint32_t word = poisonFor(a.element);
  std::memcpy(poison, &word, 4);
  const std::size_t size = elementBytes(a.element);
  const auto changed = [&](std::size_t from) {
    for (std::size_t i = from; i < from + size && i < bytes.size(); ++i)
      if (bytes[i] != poison[i % 4]) return true;
    return false;
  };
  std::size_t before = 0, furthestBefore = 0;
  for (std::size_t at = kGuardBytes % size; at + size <= kGuardBytes; at += size)
    if (changed(at)) {
      if (!before) furthestBefore = (kGuardBytes - at) / size;
      ++before;
    }
  const std::size_t dataEnd = kGuardBytes + dataBytes(a), count = dataBytes(a) / size;
  std::size_t after = 0, firstAfter = 0;
  for (std::size_t at = dataEnd; at < bytes.size(); at += size)
    if (changed(at)) {
      if (!after) firstAfter = (at - kGuardBytes) / size;
      ++after;
    }
  const auto elements = [](std::size_t n) { return std::to_string(n) + (n == 1 ? " element" : " elements"); };
  std::string text;
  if (before)
    text = "wrote " + elements(before) + " before the start of " + a.name + " (as far as " + elements(furthestBefore) +
           " before it)";
  if (after)
    text += (text.empty() ? "" : "; ") + std::string("wrote ") + elements(after) + " past the end of " + a.name +
            " (the first at element " + std::to_string(firstAfter) + "; it has " + std::to_string(count) + ")";
  return text;
}

}  // namespace

std::vector<lab::Diagnostic> launchAnnotationProblems(const ExerciseDefinition& exercise, const std::string& path,
                                                      const lab::KernelAnnotations& annotations) {
  std::vector<lab::Diagnostic> problems;
  if (exercise.imageKernel) {
    if (annotations.grid)
      problems.push_back(
          {path, annotations.grid->line, 1, lab::Severity::Warning,
           "@grid is ignored: an image exercise runs one thread per output pixel (@block sets the block)"});
    return problems;
  }
  const std::vector<std::string> names = sizeNames(exercise);
  if (annotations.blockLine == 0)
    problems.push_back(
        {path, 1, 1, lab::Severity::Error,
         "@block missing: a kernel of this exercise says how many threads a block has, e.g. // @block 256"});
  if (!annotations.grid) {
    problems.push_back({path, 1, 1, lab::Severity::Error,
                        "@grid missing: a kernel of this exercise says how many blocks it runs from its sizes (" +
                            joined(names) + "), e.g. // @grid (" + (names.empty() ? "n" : names.front()) +
                            " + 255) / 256"});
    return problems;
  }
  for (std::size_t d = 0; d < annotations.grid->dimensions.size(); ++d) {
    const std::string& text = annotations.grid->dimensions[d];
    const lab::GridValue value =
        lab::evaluateGridExpression(text, [&](std::string_view name) -> std::optional<std::int64_t> {
          if (std::find(names.begin(), names.end(), name) == names.end()) return std::nullopt;
          return 1;
        });
    if (value.error && value.error->message.find("is not a size parameter") != std::string::npos)
      problems.push_back({path, annotations.grid->line,
                          annotations.grid->columns[d] + static_cast<int>(value.error->offset), lab::Severity::Error,
                          "@grid: " + value.error->message + " (" + joined(names) + ")"});
  }
  return problems;
}

LaunchShape launchShape(const ExerciseDefinition& exercise, const lab::KernelAnnotations& annotations,
                        const ExerciseCase& c) {
  LaunchShape shape;
  shape.block = {static_cast<std::uint32_t>(annotations.block.x), static_cast<std::uint32_t>(annotations.block.y), 1};
  if (exercise.imageKernel) {
    shape.grid = {static_cast<std::uint32_t>((c.width + annotations.block.x - 1) / annotations.block.x),
                  static_cast<std::uint32_t>((c.height + annotations.block.y - 1) / annotations.block.y), 1};
    return shape;
  }
  KC_REQUIRE(annotations.grid.has_value(), "launchShape: no @grid (launchAnnotationProblems says so first)");
  const lab::GridNames names = [&](std::string_view name) -> std::optional<std::int64_t> {
    for (const KernelParameter& p : exercise.parameters)
      if (p.name == name && !p.pointer() && isSizeType(p.type))
        if (const CaseArgument* a = argumentNamed(c, p.name)) return a->integer;
    return std::nullopt;
  };
  constexpr std::int64_t kLimits[3] = {std::numeric_limits<std::int32_t>::max(), 65535, 65535};
  const char* axis[3] = {"x", "y", "z"};
  for (std::size_t d = 0; d < annotations.grid->dimensions.size(); ++d) {
    const std::string& text = annotations.grid->dimensions[d];
    const lab::GridValue value = lab::evaluateGridExpression(text, names);
    if (value.error) {
      shape.failure = "the @grid's '" + text + "' cannot be evaluated: " + value.error->message;
      return shape;
    }
    if (*value.value < 1 || *value.value > kLimits[d]) {
      shape.failure = "the @grid's " + std::string(axis[d]) + " '" + text + "' gives " + std::to_string(*value.value) +
                      " blocks (a grid has 1 to " + std::to_string(kLimits[d]) + " along " + axis[d] + ")";
      return shape;
    }
    shape.grid[d] = static_cast<std::uint32_t>(*value.value);
  }
  return shape;
}

namespace {

// An input buffer as uploaded: the poison in its guards and padding, the data between. Made once a
// case (sharedInputContents), so its cost is not a submission's.
std::shared_ptr<const std::vector<std::uint8_t>> inputContents(const CaseArgument& a) {
  const std::uint64_t data = dataBytes(a);
  const std::uint32_t poison = poisonFor(a.element);
  auto contents = std::make_shared<std::vector<std::uint8_t>>(kGuardBytes + roundUp4(data) + kGuardBytes);
  for (std::size_t i = 0; i < contents->size(); i += 4) std::memcpy(contents->data() + i, &poison, 4);
  if (data) std::memcpy(contents->data() + kGuardBytes, a.input.data(), data);
  return contents;
}

}  // namespace

// The input buffers of one case, made at its first launch (see ExerciseCase::uploads). Each knows the
// argument it was made from (its data's address and size): a case copied and then changed makes its own.
struct CaseUploads {
  std::mutex mutex;
  struct Made {
    const std::uint8_t* from = nullptr;
    std::size_t size = 0;
    std::shared_ptr<const std::vector<std::uint8_t>> contents;
  };
  std::vector<Made> made;  // by the case's argument index
};

namespace {

std::shared_ptr<const std::vector<std::uint8_t>> sharedInputContents(const ExerciseCase& c, std::size_t argument) {
  static std::mutex creating;
  {
    const std::lock_guard lock(creating);
    if (!c.uploads) c.uploads = std::make_shared<CaseUploads>();
  }
  CaseUploads& uploads = *c.uploads;
  const CaseArgument& a = c.arguments[argument];
  const std::lock_guard lock(uploads.mutex);
  if (uploads.made.size() < c.arguments.size()) uploads.made.resize(c.arguments.size());
  CaseUploads::Made& made = uploads.made[argument];
  if (!made.contents || made.from != a.input.data() || made.size != a.input.size())
    made = {a.input.data(), a.input.size(), inputContents(a)};
  return made.contents;
}

}  // namespace

lab::BufferLaunch buildLaunch(const ExerciseDefinition& exercise, const ExerciseCase& c, const LaunchShape& shape) {
  lab::BufferLaunch launch;
  launch.grid = shape.grid;
  launch.block = shape.block;
  std::vector<std::string> bufferNames;
  for (std::size_t argument = 0; argument < c.arguments.size(); ++argument) {
    const CaseArgument& a = c.arguments[argument];
    if (!a.buffer) continue;
    const std::uint64_t data = dataBytes(a);
    const std::uint32_t poison = poisonFor(a.element);
    lab::BufferLaunch::Buffer buffer;
    buffer.bytes = kGuardBytes + roundUp4(data) + kGuardBytes;
    const int index = static_cast<int>(launch.buffers.size());
    if (a.output) {
      buffer.readBack = true;  // nothing uploaded: the fills below write every word of it before each launch
      launch.fills.push_back({index, 0, buffer.bytes / 4, poison});
      if (a.startWord) {
        KC_REQUIRE(data % 4 == 0, "exercise " + exercise.id + ": an output with a start value needs 4-byte elements");
        launch.fills.push_back({index, kGuardBytes, data / 4, *a.startWord});
      }
    } else {
      buffer.contents = sharedInputContents(c, argument);
    }
    launch.buffers.push_back(std::move(buffer));
    bufferNames.push_back(a.name);
  }
  const auto bufferIndex = [&](const std::string& name) {
    const auto found = std::find(bufferNames.begin(), bufferNames.end(), name);
    KC_REQUIRE(found != bufferNames.end(), "exercise " + exercise.id + ": no buffer '" + name + "' in case " + c.label);
    return static_cast<int>(found - bufferNames.begin());
  };
  if (exercise.imageKernel) {
    const CaseArgument* in = argumentNamed(c, "in");
    const CaseArgument* out = argumentNamed(c, "out");
    KC_REQUIRE(in && out, "exercise " + exercise.id + ": an image case has the buffers in and out");
    for (const CaseArgument* image : {in, out}) {
      lab::KernelImageArg arg;
      arg.data = kGuardBytes;  // an offset: the worker makes it the address
      arg.width = c.width;
      arg.height = c.height;
      arg.channels = image->channels;
      arg.pitch = static_cast<std::uint64_t>(c.width) * static_cast<std::uint64_t>(image->channels);
      lab::BufferLaunch::Argument argument = lab::valueArgument(arg);
      argument.buffer = bufferIndex(image->name);
      launch.arguments.push_back(std::move(argument));
    }
    launch.arguments.push_back(lab::valueArgument(std::uint32_t{0}));  // KcParams: no @param in an exercise
    return launch;
  }
  for (const KernelParameter& p : exercise.parameters) {
    const CaseArgument* a = argumentNamed(c, p.name);
    KC_REQUIRE(a, "exercise " + exercise.id + ": case " + c.label + " has no argument " + p.name);
    if (p.pointer()) {
      launch.arguments.push_back(lab::pointerArgument(bufferIndex(p.name), kGuardBytes));
    } else if (p.type == "float") {
      launch.arguments.push_back(lab::valueArgument(a->real));
    } else if (p.type == "long long" || p.type == "unsigned long long") {
      launch.arguments.push_back(lab::valueArgument(static_cast<std::int64_t>(a->integer)));
    } else {
      launch.arguments.push_back(lab::valueArgument(static_cast<std::int32_t>(a->integer)));
    }
  }
  return launch;
}

std::string compareOutputs(const ExerciseCase& c, const lab::BufferLaunch& launch,
                           const lab::BufferLaunchResult& result) {
  std::size_t index = 0;
  for (const CaseArgument& a : c.arguments) {
    if (!a.buffer) continue;
    const std::size_t buffer = index++;
    if (!a.output) continue;
    const std::vector<std::uint8_t>& bytes = result.buffers.at(buffer);
    KC_REQUIRE(bytes.size() == launch.buffers[buffer].bytes, "compareOutputs: a buffer came back cut");
    if (const std::string writes = guardWrites(a, bytes); !writes.empty()) return writes;
    // Exact outputs that are right (a class's usual case): one comparison of the whole data, the same
    // verdict as element by element (sameElement compares exact elements' bytes).
    if (a.tolerance.empty() &&
        (a.expected.empty() || std::memcmp(&bytes[kGuardBytes], a.expected.data(), a.expected.size()) == 0))
      continue;
    const std::size_t size = elementBytes(a.element);
    const std::size_t count = a.expected.size() / size;
    std::size_t differing = 0, first = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const double tolerance = a.tolerance.empty() ? 0.0 : a.tolerance[i];
      if (!sameElement(a.element, &bytes[kGuardBytes + i * size], &a.expected[i * size], tolerance)) {
        if (!differing) first = i;
        ++differing;
      }
    }
    if (!differing) continue;
    const std::string unit = a.rowLength > 0 ? (a.channels > 1 ? "samples" : "pixels") : "elements";
    std::string message = a.name + ": " + std::to_string(differing) + " of " + std::to_string(count) + " " + unit +
                          " differ; the first, " + a.name + "[" + std::to_string(first) + "]" + placeOf(a, first) +
                          ", is " + valueText(a.element, &bytes[kGuardBytes + first * size]) + ", expected " +
                          valueText(a.element, &a.expected[first * size]);
    if (!a.tolerance.empty()) {
      char text[64];
      std::snprintf(text, sizeof text, " (within %.3g)", a.tolerance[first]);
      message += text;
    }
    return message;
  }
  return "";
}

}  // namespace kc::exercises
