#pragma once
// The filter chain: an ordered list of stages, each with typed parameters. One table of
// descriptors (filterDescriptors()) names every stage and parameter with its type, range and
// default; it generates the UI dock, parses the CLI's --filters and names the bench rows.
//
// Text form (CLI --filters): comma-separated stages; parameters after '=' separated by ':'
//   gray=bt709,conv=gauss:5:clamp,hist=256,transpose
//   conv=custom:3:0 -1 0 -1 5 -1 0 -1 0[:border]      (weights row by row, space-separated)
#include <string>
#include <string_view>
#include <vector>

#include "gpu/image/convolution.hpp"
#include "gpu/image/grayscale.hpp"

namespace kc {

enum class StageKind { Gray, Conv, Hist, Transpose };

struct GrayParams {
  GrayWeights weights = GrayWeights::Lab;
};
struct ConvParams {
  ConvPreset preset = ConvPreset::Gaussian;
  int size = 5;
  BorderMode border = BorderMode::Clamp;
  std::vector<float> customWeights;  // size*size, only for ConvPreset::Custom
  ConvKernel kernel() const;         // validated kernel for these parameters (throws InvalidArgument)
};
struct HistParams {
  int bins = 256;
};

struct StageSpec {
  StageKind kind = StageKind::Gray;
  GrayParams gray;
  ConvParams conv;
  HistParams hist;
};
using FilterChain = std::vector<StageSpec>;

// Descriptor table --------------------------------------------------------------------------
enum class ParamType { Choice, Int, FloatList };
struct ParamDescriptor {
  std::string id;           // "weights", "preset", "size", "border", "bins", "custom"
  std::string displayName;  // "Weights", "Preset", ...
  ParamType type = ParamType::Int;
  std::vector<std::string> choices;  // for Choice: the CLI spellings, e.g. {"lab","bt601","bt709"}
  int minValue = 0, maxValue = 0, step = 1;  // for Int (size: 1..31 step 2; bins: 1..256)
  std::string defaultValue;                  // CLI spelling of the default
  std::string help;
};
struct FilterDescriptor {
  StageKind kind;
  std::string id;           // CLI name: "gray", "conv", "hist", "transpose"
  std::string displayName;  // "Grayscale", "Convolution", "Histogram", "Transpose"
  std::string help;
  std::vector<ParamDescriptor> params;
};
const std::vector<FilterDescriptor>& filterDescriptors();
const FilterDescriptor& descriptorFor(StageKind kind);

// Parsing and printing ----------------------------------------------------------------------
// Throws kc::InvalidArgument with a message naming the offending stage/parameter and the
// accepted values (unknown stage, unknown preset, even or out-of-range size, bad bins, NaN or
// infinite weights, wrong weight count, empty list or empty stage, parameters a stage lacks, a
// preset at a size it has no kernel for: sobelx/sobely/laplacian need 3 or more).
// An all-zero custom kernel is accepted: it outputs black (alpha copied), like cv::filter2D.
// A stage may be given with no parameters ("gray", "conv", "hist"): its defaults apply.
// Repeats are allowed and run in the order given: two blurs, a transpose undone by a second one,
// several histograms (the last one is reported). A gray stage on an image that is already grey
// is a no-op (its timing row reads 0 ms).
FilterChain parseFilterChain(std::string_view text);
StageSpec parseStage(std::string_view text);
std::string formatStage(const StageSpec& stage);      // canonical text, parseStage(formatStage(s)) == s
std::string formatFilterChain(const FilterChain& chain);
std::string stageLabel(const StageSpec& stage);        // short row name for overlays/bench: "conv gauss 5x5"
// stageLabel() of every stage, with " #2", " #3"... appended to repeats so rows stay distinct.
std::vector<std::string> stageLabels(const FilterChain& chain);

// The UI's default chain: gray -> conv -> transpose, with the histogram of the result.
FilterChain defaultFilterChain();

}  // namespace kc
