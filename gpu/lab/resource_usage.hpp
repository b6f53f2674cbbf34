#pragma once
// What a compiled kernel costs per thread and per block, known without a GPU: ptxas reports it
// (NVRTC passes -Xptxas -v through, the report is in the program log).
#include <string>
#include <string_view>

namespace kc::lab {

struct ResourceUsage {
  bool known = false;       // false when the log had no report for the function
  int registers = 0;        // per thread
  int sharedBytes = 0;      // static __shared__ per block
  int localBytes = 0;       // stack frame per thread, in local memory (arrays indexed at run time, spills)
  int spillStoreBytes = 0;  // registers spilled to local memory
  int spillLoadBytes = 0;
  int barriers = 0;  // named barriers (__syncthreads uses one)
};

// The report ptxas wrote for `function` (its lowered name) in an NVRTC log compiled with -Xptxas -v.
ResourceUsage parsePtxasReport(std::string_view log, std::string_view function);

}  // namespace kc::lab
