#pragma once
// What a file opened from the File menu or dropped on the window is, by its name: an image or a
// video (a new source) or a Matrix Market file (the CG demo). One list of suffixes for the
// dialogs' filters and for drag and drop.
#include <QString>

namespace kc {

enum class FileKind { Unsupported, Image, Video, Matrix };

FileKind fileKindOf(const QString& path);
// "Images (*.png *.jpg ...)": a QFileDialog name filter for one kind, then "All files (*)".
QString fileDialogFilter(FileKind kind);

}  // namespace kc
