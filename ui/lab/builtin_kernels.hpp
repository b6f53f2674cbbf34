#pragma once
// The editor's "Open built-in" list: the built-in stages' kernels written in the lab's contract
// (resources/lab/*.cu, each compiled in by ui/CMakeLists.txt), each with the built-in chain the A/B
// view compares it with.
#include <QString>
#include <vector>

namespace kc {

struct BuiltInKernel {
  QString fileName;     // "grey.cu": the resource's name, and the copy's in the lab folder
  QString title;        // "Grayscale"
  QString counterpart;  // the built-in stage as a chain, "gray=lab"; "" where none has the same output
};

const std::vector<BuiltInKernel>& builtInKernels();
const BuiltInKernel* findBuiltInKernel(const QString& fileName);  // null for other files
QString builtInKernelText(const QString& fileName);               // "" for an unknown name

}  // namespace kc
