#pragma once
// The window's side of gpu/core/file_kind.hpp (what a file is by its name): the same answer for a
// QString path, and the file dialogs' filters from the same list of suffixes.
#include <QString>

#include "gpu/core/file_kind.hpp"

namespace kc {

FileKind fileKindOf(const QString& path);
// "Images (*.png *.jpg ...)": a QFileDialog name filter for one kind, then "All files (*)".
QString fileDialogFilter(FileKind kind);

}  // namespace kc
