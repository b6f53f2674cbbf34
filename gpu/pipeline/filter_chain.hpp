#pragma once
// The filter chain: an ordered list of stages, each defined by a record of the stage registry
// (gpu/pipeline/stage_registry.hpp). Parsing, printing and labels are generic over those records.
//
// Text form (CLI --filters): comma-separated stages; parameters after '=' separated by ':', in the
// order of the stage's parameters; trailing ones may be left out (their defaults apply):
//   gray=bt709,conv=gauss:5:clamp,hist=256,transpose,flip=h
//   conv=custom:3:0 -1 0 -1 5 -1 0 -1 0[:border]      (weights row by row, space-separated)
//   kernel=blur.cu:radius=3:gain=0.5                   (a path, then NAME=VALUE tokens: ParamType::Assignments)
#include <string>
#include <string_view>
#include <vector>

#include "gpu/pipeline/stage.hpp"

namespace kc {

using FilterChain = std::vector<StageSpec>;

// Parsing and printing ----------------------------------------------------------------------
// Throws kc::InvalidArgument with a message naming the offending stage/parameter and the
// accepted values (unknown stage, unknown choice, out-of-range or off-step integers, NaN or
// infinite numbers, parameters a stage lacks, and whatever the stage's own checks refuse, such as
// a preset at a size it has no kernel for). Repeats are allowed and run in the order given.
// A stage may be given with no parameters ("gray", "conv", "hist"): its defaults apply.
FilterChain parseFilterChain(std::string_view text);
StageSpec parseStage(std::string_view text);
// A stage from its definition and values (one per parameter; empty = default, and parameters not
// in effect are cleared). Validates like the parser. Throws InvalidArgument.
StageSpec makeStage(const StageDefinition& definition, std::vector<std::string> values);
StageSpec makeStage(std::string_view id);  // every parameter at its default

std::string formatStage(const StageSpec& stage);  // canonical text, parseStage(formatStage(s)) == s
std::string formatFilterChain(const FilterChain& chain);
std::string stageLabel(const StageSpec& stage);  // short row name for overlays/bench: "conv gauss 5x5"
// stageLabel() of every stage, with " #2", " #3"... appended to repeats so rows stay distinct.
std::vector<std::string> stageLabels(const FilterChain& chain);

// Whether parameter `param` of `definition` is in effect given the other values (see onlyWhenParam).
bool paramInEffect(const StageDefinition& definition, const ParamDescriptor& param,
                   const std::vector<std::string>& values);

// "STAGES" section of --help, generated from the registry: one block per stage with its syntax,
// parameters, choices, ranges and defaults.
std::string filterHelpText();

// The default chain: a grey blur with the histogram (what the window shows first).
FilterChain defaultFilterChain();

// Per-instance parameters (StageDefinition::instanceParams; empty for most stages) and their
// values: the NAME=VALUE token of the stage's Assignments parameter, else the descriptor's default.
std::vector<ParamDescriptor> instanceParams(const StageSpec& stage);
std::string instanceValue(const StageSpec& stage, const ParamDescriptor& param);
// "a=1:b=2" with `id` set to `value` (replaced in place, or appended).
std::string withAssignment(const std::string& assignments, const std::string& id, const std::string& value);
// The stage with instance parameter `id` set to `value`, validated like the parser (throws InvalidArgument).
StageSpec withInstanceValue(const StageSpec& stage, const std::string& id, const std::string& value);

// Stages without a CPU implementation (StageDefinition::needsCuda): the first in `chain`, or null,
// and what to tell the user: "the kernel stage needs CUDA".
const StageSpec* firstStageNeedingCuda(const FilterChain& chain);
std::string needsCudaMessage(const StageSpec& stage);

// Every file the chain's stages read (StageDefinition::inputFiles), in chain order: inputs of the
// run for the output guard.
std::vector<std::string> chainInputFiles(const FilterChain& chain);
// The files one stage's --filters text names (its Text parameters, as written), whether or not the
// stage parses: a saved stage kept off because its kernel has errors still names its file.
std::vector<std::string> stageTextFiles(std::string_view stageText);

}  // namespace kc
