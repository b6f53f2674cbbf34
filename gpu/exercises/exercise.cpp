#include "gpu/exercises/exercise.hpp"

#include <cstring>

#include "gpu/core/error.hpp"
#include "gpu/exercises/exercise_files.hpp"

namespace kc::exercises {

std::size_t elementBytes(ElementType type) {
  switch (type) {
    case ElementType::U8:
      return 1;
    case ElementType::I32:
    case ElementType::U32:
    case ElementType::F32:
      return 4;
    case ElementType::U64:
      return 8;
  }
  return 1;
}

CaseArgument valueArgument(const std::string& name, std::int64_t value) {
  CaseArgument argument;
  argument.name = name;
  argument.integer = value;
  return argument;
}

CaseArgument floatArgument(const std::string& name, float value) {
  CaseArgument argument;
  argument.name = name;
  argument.real = value;
  argument.isFloat = true;
  return argument;
}

namespace {
template <class T>
std::vector<std::uint8_t> bytesOf(const std::vector<T>& values) {
  std::vector<std::uint8_t> bytes(values.size() * sizeof(T));
  if (!bytes.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}
}  // namespace

template <class T>
CaseArgument inputBuffer(const std::string& name, ElementType element, const std::vector<T>& values) {
  KC_REQUIRE(sizeof(T) == elementBytes(element), "inputBuffer: the element type and T differ in size");
  CaseArgument argument;
  argument.name = name;
  argument.buffer = true;
  argument.element = element;
  argument.input = bytesOf(values);
  return argument;
}

template <class T>
CaseArgument outputBuffer(const std::string& name, ElementType element, const std::vector<T>& expected,
                          std::optional<std::uint32_t> startWord) {
  KC_REQUIRE(sizeof(T) == elementBytes(element), "outputBuffer: the element type and T differ in size");
  CaseArgument argument;
  argument.name = name;
  argument.buffer = true;
  argument.output = true;
  argument.element = element;
  argument.expected = bytesOf(expected);
  argument.startWord = startWord;
  return argument;
}

#define KC_EXERCISE_BUFFERS(T)                                                                  \
  template CaseArgument inputBuffer<T>(const std::string&, ElementType, const std::vector<T>&); \
  template CaseArgument outputBuffer<T>(const std::string&, ElementType, const std::vector<T>&, \
                                        std::optional<std::uint32_t>);
KC_EXERCISE_BUFFERS(std::uint8_t)
KC_EXERCISE_BUFFERS(std::int32_t)
KC_EXERCISE_BUFFERS(std::uint32_t)
KC_EXERCISE_BUFFERS(float)
KC_EXERCISE_BUFFERS(std::uint64_t)
#undef KC_EXERCISE_BUFFERS

std::string signatureText(const ExerciseDefinition& exercise) {
  if (exercise.imageKernel) return lab::imageContract().signature;
  std::string text = "__global__ void NAME(";
  for (std::size_t i = 0; i < exercise.parameters.size(); ++i) {
    const KernelParameter& p = exercise.parameters[i];
    text += (i ? ", " : "") + p.type + " " + p.name;
  }
  return text + ")";
}

lab::EntryContract entryContract(const ExerciseDefinition& exercise) {
  if (exercise.imageKernel) return lab::imageContract();
  std::string type = "void (*)(";
  for (std::size_t i = 0; i < exercise.parameters.size(); ++i) type += (i ? ", " : "") + exercise.parameters[i].type;
  return {type + ")", signatureText(exercise), ""};
}

std::string exerciseFile(const ExerciseDefinition& exercise, const std::string& file) {
  for (const auto& [name, text] : exercise.inlineFiles)
    if (name == file) return text;
  const std::string path = exercise.id + "/" + file;
  for (const EmbeddedFile& embedded : embeddedExerciseFiles())
    if (embedded.path == path) return std::string(embedded.text);
  KC_FAIL("exerciseFile", "the exercise " + exercise.id + " has no file " + file + " (gpu/exercises/" + path + ")");
}

}  // namespace kc::exercises
