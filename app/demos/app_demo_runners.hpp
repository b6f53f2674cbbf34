#pragma once
// What the demos run on this machine (the window's panel and `kernelcam demo` alike), and where
// the project's data is: the matrices' folder (the CG demo) and the samples' (photos, a video).
#include <QString>
#include <QStringList>

#include "ui/demos/demo_runners.hpp"

namespace kc {

// The panel's runners: every registered demo's run, admitted by requireMachineMemory
// (frame_admission.hpp, as `kernelcam demo` is); CUDA offered where this build has the demos' CUDA
// parts and the machine a usable device, else CPU only, with the reason the panel shows on its
// greyed "cuda" backend.
DemoRunners appDemoRunners();

// Where the project's data folders ("matrices", "samples") are looked for, in this order (README,
// "Install"):
//   1. the checkout this binary was built from: `buildTreeData` (SOURCE/data, for a binary that runs
//      from its build folder: a fresh clone's build finds its own data/);
//   2. an install: `installedBesideBinary` (PREFIX/share/kernelcam for the binary's PREFIX/bin),
//      then DIR/kernelcam for each XDG data directory (~/.local/share, /usr/local/share,
//      /usr/share: QStandardPaths::GenericDataLocation);
//   3. `matrixEnvironment` ($KC_MATRIX_DIR), as given, for the matrices.
struct DataSearch {
  QString buildTreeData;
  QString installedBesideBinary;
  QStringList dataDirs;
  QString matrixEnvironment;
};
// The first folder NAME of `where` that exists (canonical), else for "matrices" the environment's
// ("" when unset), else "".
QString findDataDirectory(const DataSearch& where, const QString& name);
// The search from this process: its binary's place, the XDG data dirs and the environment.
DataSearch dataSearchHere();
// findDataDirectory(dataSearchHere(), "matrices" / "samples"); "" when none is found.
QString defaultMatrixDirectory();
QString defaultSampleDirectory();

// The matrix file `given` names. A path that exists, or one with a folder in it, as given; a bare
// name ("nos2.mtx", the --help example, or "nos2") that the working directory lacks, its file in
// `folder` (cg::findMatrixFile: nos2.mtx.gz in data/matrices). `given` unchanged when nothing
// matches (the reader then names the missing file).
QString resolveMatrixFile(const QString& given, const QString& folder);

}  // namespace kc
