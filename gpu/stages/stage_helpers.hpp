#pragma once
// Small pieces the stage definitions share: parameter builders and the grey/RGBA dispatch of a
// CPU implementation (a stage's code is then one generic lambda over the pixel type).
#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gpu/core/error.hpp"
#include "gpu/pipeline/stage.hpp"

namespace kc::stages {

inline ParamDescriptor choiceParam(std::string id, std::string displayName, std::vector<std::string> choices,
                                   std::string defaultValue, std::string help) {
  ParamDescriptor param;
  param.id = std::move(id);
  param.displayName = std::move(displayName);
  param.type = ParamType::Choice;
  param.choices = std::move(choices);
  param.defaultValue = std::move(defaultValue);
  param.help = std::move(help);
  return param;
}

inline ParamDescriptor intParam(std::string id, std::string displayName, int minValue, int maxValue, int step,
                                int defaultValue, std::string help) {
  ParamDescriptor param;
  param.id = std::move(id);
  param.displayName = std::move(displayName);
  param.type = ParamType::Int;
  param.minValue = minValue;
  param.maxValue = maxValue;
  param.step = step;
  param.defaultValue = std::to_string(defaultValue);
  param.help = std::move(help);
  return param;
}

// A parameter with no choices or integer range: Text, FloatList, Assignments (a Float gets its range after).
inline ParamDescriptor plainParam(std::string id, std::string displayName, ParamType type, std::string help) {
  ParamDescriptor param;
  param.id = std::move(id);
  param.displayName = std::move(displayName);
  param.type = type;
  param.help = std::move(help);
  return param;
}

// Enum <-> CLI spelling tables: {{Value, "name"}, ...}.
template <class Enum, std::size_t N>
using NameTable = std::array<std::pair<Enum, const char*>, N>;

template <class Enum, std::size_t N>
std::vector<std::string> namesOf(const NameTable<Enum, N>& table) {
  std::vector<std::string> names;
  for (const auto& entry : table) names.emplace_back(entry.second);
  return names;
}

// The value whose name is `name` (the parser has already checked it is one of the choices).
template <class Enum, std::size_t N>
Enum valueNamed(const NameTable<Enum, N>& table, const std::string& name) {
  for (const auto& [value, text] : table)
    if (name == text) return value;
  throw InvalidArgument("unknown value '" + name + "'");
}

// A stage whose parameters need no parsed form beyond their text.
inline std::shared_ptr<const StageConfig> noConfig(const StageSpec&) { return std::make_shared<StageConfig>(); }

// A function of a stage's OpenCV fast-path file (stages/NAME_opencv.cpp), or nothing in a build
// without OpenCV (those files are not compiled then).
#ifdef KC_HAVE_OPENCV
#define KC_OPENCV_PATH(function) (function)
#else
#define KC_OPENCV_PATH(function) nullptr
#endif

// A stage's CPU paths: its reference loop (the test oracle) and, where the build has OpenCV, the
// fast path the CPU backend runs and the bare OpenCV call the bench compares it with. Without a
// fast path, applyCpu is the reference.
inline void setCpuPaths(StageDefinition& stage, decltype(StageDefinition::applyReference) reference,
                        decltype(StageDefinition::applyCpu) fast, decltype(StageDefinition::cpuBaseline) baseline) {
  stage.applyCpu = fast ? std::move(fast) : reference;
  stage.applyReference = std::move(reference);
  stage.cpuBaseline = std::move(baseline);
}

// Calls f(inView, outView) with the grey or RGBA views of the stage's frames (same format in and out).
template <class F>
void withSameFormatViews(const CpuStageIo& io, F&& f) {
  if (io.in.format == PixelFormat::Gray8) f(io.in.gray.view(), io.out.gray.view());
  else f(io.in.rgba.view(), io.out.rgba.view());
}

}  // namespace kc::stages
