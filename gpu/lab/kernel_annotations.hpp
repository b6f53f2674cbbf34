#pragma once
// Annotations: lines in `//` comments of the user's kernel that tell the lab what the kernel
// needs. One per line, anywhere in the file (docs/KERNEL-LAB.md):
//   // @param NAME int|float MIN..MAX = DEFAULT [description]   a slider; params.NAME in the kernel
//   // @output rgba|gray|same                                   the output frame's format (default same)
//   // @block X[xY]                                              threads per block (default 16x16)
// The kernel runs with one thread per output pixel: a grid of ceil(width/X) x ceil(height/Y) blocks.
// An exercise's kernel (gpu/exercises/) says which exercise it solves and how many blocks it runs:
//   // @exercise ID                                              e.g. @exercise reduce-sum
//   // @grid X[, Y[, Z]]                                         e.g. @grid (n + 255) / 256 (grid_expression.hpp)
#include <optional>
#include <string>
#include <vector>

#include "gpu/lab/diagnostic.hpp"
#include "gpu/lab/source_scan.hpp"

namespace kc::lab {

enum class KernelParamType { Int, Float };

struct KernelParam {
  std::string name;  // a C++ identifier: the field of KcParams
  KernelParamType type = KernelParamType::Int;
  double minValue = 0, maxValue = 0, defaultValue = 0;  // integers for Int
  std::string description;                              // free text after the default (tooltip)
  int line = 0;                                         // of its annotation
};

enum class OutputFormat { SameAsInput, Rgba8, Gray8 };

struct BlockShape {
  int x = 16, y = 16;
  int threads() const { return x * y; }
};

// A dozen sliders is already a crowded dock; 16 keeps KcParams within one 64-byte line.
constexpr int kMaxKernelParams = 16;

// `// @grid X[, Y[, Z]]`: one expression per dimension, as written (syntax checked, names not yet).
struct GridAnnotation {
  std::vector<std::string> dimensions;
  std::vector<int> columns;  // where each expression starts on its line (1-based), for messages
  int line = 0;
};

struct KernelAnnotations {
  std::vector<KernelParam> params;
  OutputFormat output = OutputFormat::SameAsInput;
  BlockShape block;
  int blockLine = 0;  // of `@block`, 0 when the default applies
  std::optional<GridAnnotation> grid;
  std::string exercise;  // `@exercise ID`, "" when none
  int exerciseLine = 0;
};

struct AnnotationParse {
  KernelAnnotations annotations;
  std::vector<Diagnostic> diagnostics;  // errors for bad annotations, warnings for unknown ones
};

AnnotationParse parseAnnotations(const std::string& path, const ScannedSource& scanned);

const char* typeName(KernelParamType type);         // "int", "float"
const char* outputFormatName(OutputFormat format);  // "same", "rgba", "gray"

}  // namespace kc::lab
