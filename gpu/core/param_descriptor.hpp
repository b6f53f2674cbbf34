#pragma once
// One parameter as the command line, the help text and a generated control see it: a stage's
// (gpu/pipeline/stage.hpp) or a classroom demo's (gpu/demos/demo_definition.hpp). Stored once,
// with its range and default; parsers, help texts and editors read it, nothing else restates it.
// (Included by .cu files: C++17 only.)
#include <string>
#include <vector>

namespace kc {

enum class ParamType {
  Choice,     // one of `choices`
  Int,        // minValue..maxValue, every `step` from minValue (size: 1, 3, 5, ... 31)
  FloatList,  // space-separated finite numbers (custom convolution weights)
  Text,       // free text (a stage's: without ':' or ','); a file path
  Float,      // a finite number in minReal..maxReal
  // The rest of the stage's ':'-separated tokens, each NAME=VALUE, stored as one value
  // ("radius=3:gain=0.5"): the values of the stage's instanceParams. Only as the last parameter.
  Assignments,
};

struct ParamDescriptor {
  std::string id;           // "weights", "preset", "size", "border", "bins", "custom", "axis"
  std::string displayName;  // "Weights", "Preset", ...
  ParamType type = ParamType::Int;
  std::vector<std::string> choices;  // Choice: the CLI spellings, e.g. {"lab","bt601","bt709"}
  // Int. Wide enough for a demo's iteration limit (2^40); a stage's fit an int.
  long long minValue = 0, maxValue = 0;
  int step = 1;
  double minReal = 0, maxReal = 0;  // Float
  std::string defaultValue;         // CLI spelling of the default ("" for a demo's: none, absent means unset)
  std::string help;
  // The parameter exists only while another one has a given value (conv's weights: preset custom).
  // It is then parsed and printed in its place in the list, and left out otherwise. (A demo's
  // form greys it instead: CG's Poisson size while a matrix file is chosen.)
  std::string onlyWhenParam, onlyWhenValue;
  // FloatList only: the values form a square grid whose side is this Int parameter (conv's size),
  // so an editor can show a grid and keep it centred when the side changes.
  std::string gridSideParam;
  // Text only: non-empty when the text is a file to read, as a file dialog's name filter
  // ("CUDA kernels (*.cu)"): a window asks for the file with a file chooser.
  std::string fileFilter;
};

}  // namespace kc
