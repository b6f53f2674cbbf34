#pragma once
// The CG runner's rows carry no "why" and no source anchor (CgDemoRow is about numbers), so
// the panel keeps them here, next to the names of cg_demo.hpp's versions.
#include "gpu/demos/cg/cg_demo.hpp"

namespace kc {

struct CgVersionNote {
  const char* why;     // two short lines, '\n' between
  const char* anchor;  // function in the embedded gpu/demos/cg sources
};

inline CgVersionNote cgVersionNote(cg::CgVersion version) {
  switch (version) {
    case cg::CgVersion::Cpu:
      return {"the textbook CG loop in one thread, float or double:\nthe reference every residual is checked against.",
              "solveCgCpu"};
    case cg::CgVersion::ScalarCsr:
      return {"fused solver: SpMV and d.q in one kernel, CG state on the device;\none thread per CSR row, "
              "one CUDA graph per refresh period.",
              "cgSpmvDotKernel"};
    case cg::CgVersion::VectorCsr:
      return {"the same fused solver with a group of lanes per row:\nthe row's values and column indices are read "
              "coalesced.",
              "csrRowDot"};
    case cg::CgVersion::CuSparse:
      return {"cusparseSpMV + cuBLAS dot/axpy, scalars kept on the device:\nthe library baseline to beat.",
              "CuSparseCg<T>::iterate"};
  }
  return {"", ""};
}

}  // namespace kc
