#pragma once
// One folder for every save dialog the window opens (snapshots, recordings, the demo panel's
// exports): the folder the user last saved into, remembered across runs; the Pictures folder (or
// home) until then. A dialog suggests its file there and remembers where the user saved.
#include <QString>

namespace kc {

QString saveFolder();
// `fileName` in saveFolder(): what a save dialog suggests.
QString suggestedSavePath(const QString& fileName);
// `savedPath`'s folder becomes saveFolder() (from now on, and in later runs).
void rememberSaveFolder(const QString& savedPath);

}  // namespace kc
