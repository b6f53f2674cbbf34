#pragma once
// What the demos run on this build and machine (the window's panel and `kernelcam demo` alike),
// and where their matrices are.
#include <QString>
#include <QStringList>
#include <string>

#include "gpu/core/memory_budget.hpp"
#include "gpu/demos/cg/cg_demo.hpp"
#include "gpu/demos/matmul/matmul_demo.hpp"
#include "gpu/demos/reduce/reduce_demo.hpp"
#include "ui/demos/demo_runners.hpp"

namespace kc {

// The injected runner table: each demo's CUDA versions, handed to runReduceDemo / runMatmulDemo /
// runCgDemo. All empty where the build has no CUDA or the machine no usable device.
struct DemoGpuParts {
  demos::ReduceGpuRowsFn reduce;
  demos::MatmulGpuRowsFn matmul;
  cg::CgGpuSolverFn cg;
};
DemoGpuParts demoGpuParts();

// The panel's runners over demoGpuParts(), admitted by requireMachineMemory (frame_admission.hpp,
// as `kernelcam demo` is); where those are empty, CPU only,
// with the reason the panel shows on its greyed "cuda" backend.
DemoRunners appDemoRunners();

// Where the CG demo's Matrix Market files are looked for, in this order (README "Installed data"):
//   1. a checkout's neighbour: ../shared/data/matrices from each of `checkoutBases` or up to 3
//      folders above it (the working directory, the binary's folder);
//   2. an install: `installedBesideBinary` (PREFIX/share/kernelcam/matrices for the binary's
//      PREFIX/bin), then DIR/kernelcam/matrices for each XDG data directory (~/.local/share,
//      /usr/local/share, /usr/share: QStandardPaths::GenericDataLocation);
//   3. `environment` ($KC_MATRIX_DIR), as given.
struct MatrixSearch {
  QStringList checkoutBases;
  QString installedBesideBinary;
  QStringList dataDirs;
  QString environment;
};
// The first folder of `where` that exists (canonical), else `environment` ("" when unset).
QString findMatrixDirectory(const MatrixSearch& where);
// The search from this process: its working directory, binary, XDG data dirs and environment.
MatrixSearch matrixSearchHere();
// findMatrixDirectory(matrixSearchHere()); "" when none is found.
QString defaultMatrixDirectory();

}  // namespace kc
