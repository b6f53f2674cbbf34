#pragma once
// Writing a pipeline result to an image file (PNG for the CLI): grey as 1 channel, RGBA as 4.
#include <QByteArray>
#include <string>

#include "app/io/output_file.hpp"
#include "gpu/pipeline/host_frame.hpp"

namespace kc {

// Why an image cannot be written to `path` (no extension, one no encoder knows), or empty:
// checked before the run, so a bad name costs nothing.
std::string frameFileProblem(const std::string& path);

// The image file's bytes, encoded in memory for the format `output.path` names. Throws
// io::OutputError naming the option, the path and the reason.
QByteArray encodeFrameFile(const HostFrame& frame, const io::OutputFile& output);

// Encodes, then writes through io::writeOutput (atomic: a failed write leaves no file and an older
// one untouched). Throws io::OutputError naming the option, the path and the reason.
void writeFrameFile(const HostFrame& frame, const io::OutputFile& output);

}  // namespace kc
