#pragma once
// What the demos run on this machine (the window's panel and `kernelcam demo` alike), and where
// their matrices are.
#include <QString>
#include <QStringList>

#include "ui/demos/demo_runners.hpp"

namespace kc {

// The panel's runners: every registered demo's run, admitted by requireMachineMemory
// (frame_admission.hpp, as `kernelcam demo` is); CUDA offered where this build has the demos' CUDA
// parts and the machine a usable device, else CPU only, with the reason the panel shows on its
// greyed "cuda" backend.
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
