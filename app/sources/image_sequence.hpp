#pragma once
// The numbered images of a `sequence:PATTERN` source (frame_%04d.png), as FFmpeg's image2 reader
// names them: the pattern's one number directive (%d, %0Nd; %% is a '%') replaced by a number.
// Listed so that every frame that exists counts as an input of the run (the output guard,
// app/io/output_file.hpp) and is checked as one before any frame is decoded (a FIFO among the
// frames would block the decoder's open).
#include <string>
#include <vector>

namespace kc {

// Every file in the pattern's folder whose name the pattern makes for some number, in number
// order (gaps included: a frame that exists is an input whether or not the reader gets to it).
// A pattern without a number directive is that one file, if it exists. Throws SourceError
// ("sequence:PATTERN: ...") when the number is in a folder of the path rather than in the name.
std::vector<std::string> sequenceFrameFiles(const std::string& pattern);

// Throws SourceError naming the first listed frame that is not a readable, non-empty regular
// file (gpu/core/input_file.hpp's reasons), or when no frame exists at all.
void requireReadableSequence(const std::string& pattern);

}  // namespace kc
