#pragma once
// What a file is by its name: an image or a video (a new source) or a Matrix Market file (the CG
// demo). One list of suffixes for `--source photo.jpg`, the window's file dialogs and drag and
// drop (ui/window/file_kind.hpp adds the dialogs' filters).
#include <string>
#include <string_view>
#include <vector>

namespace kc {

enum class FileKind { Unsupported, Image, Video, Matrix };

// By the end of the file's name, in any case: "clip.MP4" is a video, "nos2.mtx.gz" a matrix.
FileKind fileKindOf(std::string_view path);

// The name's extension with its dot, lower case, as std::filesystem splits it: "clip.MP4" -> ".mp4";
// "" when the name has none. What OpenCV's encoders and the video writer choose by.
std::string lowerExtension(const std::string& path);

// The suffixes of one kind, lower case and without the leading dot ("png", "jpg", ..., "mtx.gz");
// none for Unsupported.
const std::vector<std::string>& fileKindSuffixes(FileKind kind);

}  // namespace kc
