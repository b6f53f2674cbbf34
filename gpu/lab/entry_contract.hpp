#pragma once
// What the entry of a lab kernel must look like: the image contract of the live stage
// (`__global__ void NAME(KcInput in, KcOutput out, KcParams params)`, one thread per output pixel),
// or an exercise's own signature (gpu/exercises/: plain pointers and sizes, the grid the student's
// `@grid` chooses). The compiler checks the entry against it with a static_assert after the user's
// file (program_source.hpp), and every message about the entry spells it as `signature` does.
// (Included by .cu files: C++17.)
#include <string>

namespace kc::lab {

struct EntryContract {
  std::string functionType;   // the entry's pointer type as C++ spells it: "void (*)(const int*, int, int*)"
  std::string signature;      // as messages spell it: "__global__ void NAME(const int* in, int n, int* sum)"
  std::string preludeExtras;  // declarations the contract gives the kernel, after the frame types (may be "")
};

// The live stage's contract (docs/KERNEL-LAB.md, "The contract").
const EntryContract& imageContract();

}  // namespace kc::lab
