#pragma once
// Options of `kc_bench` and `kernelcam bench` (same spelling in both):
//   --size WxH   one image size instead of the default 1920x1080 and 3840x2160
//   --reps N     timed repetitions per row, median reported (>= 50 by default; fewer for a smoke run)
//   --only LIST  comma-separated groups (copy, each registered stage's id, pipeline, camera, each
//                registered demo's bench group: reduce, gemm, cg)
//                or row-name prefixes ("conv 5x5")
//   --json PATH  also write the JSON report there;  --md PATH  the markdown table
//   --matrices DIR  Matrix Market folder for the CG rows (default data/matrices: run from the checkout)
//   --images DIR    photos for the histogram's photo rows (default data/samples)
#include <string>
#include <utility>
#include <vector>

namespace kc::bench {

struct ImageSize {
  int width = 0;
  int height = 0;
};

struct BenchOptions {
  std::vector<ImageSize> sizes{{1920, 1080}, {3840, 2160}};
  int reps = 50;
  int warmup = 5;
  std::vector<std::string> only;
  std::string jsonPath;
  std::string markdownPath;
  // Relative to the working directory: kc_bench runs from the checkout's root; `kernelcam bench`
  // looks where kernelcam keeps them (the checkout's or the installed data: app/cli/bench_command.cpp).
  std::string matrixDir = "data/matrices";
  std::string imageDir = "data/samples";
};

// copy, the registered stages' ids (gray, conv, ...), pipeline, camera, the registered demos'
// bench groups (reduce, gemm, cg): report order.
std::vector<std::string> benchGroups();

// kc_bench's command line; throws kc::InvalidArgument naming the bad option and what is accepted.
BenchOptions parseBenchOptions(const std::vector<std::string>& args);

// The values of the options that need checking, one reader each: parseBenchOptions and
// `kernelcam bench` (which parses its command line with QCommandLineParser) both use them. Each
// throws kc::InvalidArgument naming the option.
ImageSize parseBenchSize(const std::string& text);                 // --size WxH (x or X)
int parseBenchCount(const std::string& text, const char* option);  // --reps, --warmup: a positive integer
std::vector<std::string> parseBenchOnly(const std::string& text);  // --only: a non-empty list
std::string benchUsage();

// Whether a group is run at all (some entry names it, or is a row prefix starting with its name).
bool groupSelected(const BenchOptions& options, const std::string& group);
// Whether a row is kept: its group is listed, or its name starts with one of the entries.
bool rowSelected(const BenchOptions& options, const std::string& group, const std::string& name);

std::string sizeLabel(ImageSize size);  // "1920x1080"

}  // namespace kc::bench
