#pragma once
// The exercises' files (gpu/exercises/ID/*.md and *.cu), compiled into the program by CMake from the
// folders themselves (gpu/CMakeLists.txt, cmake/EmbedExerciseFiles.cmake): a new file needs no list.
#include <string>
#include <string_view>
#include <vector>

namespace kc::exercises {

struct EmbeddedFile {
  std::string_view path;  // "reduce-sum/start.cu", relative to gpu/exercises
  std::string_view text;
};

// Every file, sorted by path. (Generated: exercise_files_data.cpp in the build tree.)
const std::vector<EmbeddedFile>& embeddedExerciseFiles();

}  // namespace kc::exercises
