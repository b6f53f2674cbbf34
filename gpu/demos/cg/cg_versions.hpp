#pragma once
// The CG demo's versions in the order it runs them, with the two-line "why" the panel shows and
// the function each row's source view jumps to (the embedded gpu/demos/cg sources). The runner's
// rows are about numbers (CgDemoRow); their words live here, beside reduce's and matmul's.
#include <array>

#include "gpu/demos/cg/cg_demo.hpp"

namespace kc::cg {

struct CgVersionInfo {
  CgVersion version;
  const char* why;           // two short lines, '\n' between
  const char* sourceAnchor;  // function in the embedded gpu/demos/cg sources
};

inline constexpr std::array<CgVersionInfo, 4> kCgVersions{{
    {CgVersion::Cpu,
     "the textbook CG loop in one thread, float or double:\nthe reference every residual is checked against.",
     "solveCgCpu"},
    {CgVersion::ScalarCsr,
     "fused solver: SpMV and d.q in one kernel, CG state on the device;\none thread per CSR row, "
     "one CUDA graph per refresh period.",
     "cgSpmvDotKernel"},
    {CgVersion::VectorCsr,
     "the same fused solver with a group of lanes per row:\nthe row's values and column indices are read "
     "coalesced.",
     "csrRowDot"},
    {CgVersion::CuSparse, "cusparseSpMV + cuBLAS dot/axpy, scalars kept on the device:\nthe library baseline to beat.",
     "CuSparseCg<T>::iterate"},
}};

inline const CgVersionInfo& cgVersionInfo(CgVersion version) { return kCgVersions[static_cast<int>(version)]; }

}  // namespace kc::cg
