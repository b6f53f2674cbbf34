#include "gpu/demos/cg/cg_demo_cuda.cuh"

#include "gpu/core/error.hpp"
#include "gpu/demos/cg/cg_gpu.cuh"

namespace kc::cg {

CgGpuSolverFn cudaCgSolvers() {
  return [](CgVersion version, const CsrMatrix& a, const std::vector<double>& b, Precision precision,
            const CgOptions& options) -> CgResult {
    switch (version) {
      case CgVersion::ScalarCsr:
        return solveCgCuda(a, b, precision, SpmvVariant::ScalarCsr, options);
      case CgVersion::VectorCsr:
        return solveCgCuda(a, b, precision, SpmvVariant::VectorCsr, options);
      case CgVersion::CuSparse:
        return solveCgCuSparse(a, b, precision, options);
      case CgVersion::Cpu:
        break;
    }
    throw kc::InvalidArgument("cudaCgSolvers: the CPU version is not a CUDA solver");
  };
}

}  // namespace kc::cg
