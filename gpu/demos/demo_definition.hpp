#pragma once
// One classroom demo (reduction, matmul, CG, ...) as one record, the way a stage is one
// StageDefinition (gpu/pipeline/stage.hpp) and OBS keeps a source as one obs_source_info: its name,
// its parameters (stored once, with ranges and defaults), its versions with the source and the
// two-line "why" of each, its memory estimate, its runners and its bench group. Everything that
// shows or runs a demo reads these records and nothing else names one:
//   `kernelcam demo ID`   options, help, checks and exit codes from `params` (app/cli/demo_command)
//   the window's panel    the form from `params` and `versions` (ui/demos/demo_form), the run
//   both                  the memory admission (`memory`, `prepare`), the run (`run`), and the
//                         result's tables, JSON and chart (DemoResult, gpu/demos/demo_result.hpp)
//   the source view       `versions`' anchors in the embedded sources of :/kernels/ID
//   the bench             `benchGroup` (gpu/bench: the rows it writes for the group)
// Plain C++: a demo's CUDA part is registered from its .cu file (demo_registry.hpp) and handed to
// `run`, so the record means the same in every build. (Included by .cu files: C++17 only.)
#include <any>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gpu/core/backend.hpp"
#include "gpu/core/error.hpp"
#include "gpu/core/memory_budget.hpp"
#include "gpu/core/param_descriptor.hpp"
#include "gpu/demos/demo_control.hpp"

namespace kc::demos {

class DemoResult;
struct DemoDefinition;

// Where a parameter shows: both (most), only as an option (--solution, a file for scripts), or
// only in the form.
enum class DemoParamPlace { Everywhere, CommandLineOnly, FormOnly };

// A file parameter: one the run reads (no output of the run may overwrite it, and the form offers
// the matching files of the panel's data folder), or one it writes (checked before the run,
// written at its end, and only when every version passed).
enum class DemoFile { None, Input, Output };

// How the form offers an input file (CG's matrix): `noneText` for no file (the other parameters
// describe the input then: "Poisson 2D (N x N grid)"), the data folder's files matching `pattern`,
// and an entry that opens a file dialog (filtered by the descriptor's fileFilter).
struct DemoFileChoice {
  std::string noneText;
  std::string pattern;      // "*.mtx *.mtx.gz" (space-separated, as QDir::nameFiltersFromString reads it)
  std::string dialogTitle;  // "Open a Matrix Market file"
};

struct DemoParam {
  // id: the option's name (--id); displayName: the form's label; help: the option's line in
  // --help (and the control's tooltip unless `formTip` says otherwise); the range and default are
  // the command line's (an Int without a default is unset when absent). Choice's `choices` are
  // the form's items; the command line passes its text to `check`, which may accept other
  // spellings ("int" for "int32"). onlyWhenParam/onlyWhenValue: the form greys the control
  // unless that parameter has that value.
  ParamDescriptor descriptor;
  std::string valueName;  // --help's <N>, <PATH>
  DemoParamPlace place = DemoParamPlace::Everywhere;
  DemoFile file = DemoFile::None;
  std::optional<DemoFileChoice> fileChoice;  // an Input file's control; none: a line edit
  // The form's own range, default and text for its lowest value where they differ from the
  // command line's: a classroom default that runs in a blink (CG's Poisson 64), or 0 for "the
  // solver's own" (CG's iteration limit).
  std::optional<long long> formMin, formMax;
  std::string formDefault;
  std::string formSpecialValueText;
  std::string formTip;
  std::map<std::string, std::string> choiceTips;  // a Choice item's tooltip in the form
  // While `fixedWhenParam` has `fixedWhenValue` this parameter is `fixedValue`, and the form shows
  // it greyed (reduce's type under mat3min: int32 only).
  std::string fixedWhenParam, fixedWhenValue, fixedValue;

  const std::string& id() const { return descriptor.id; }
  bool onCommandLine() const { return place != DemoParamPlace::FormOnly; }
  bool inForm() const { return place != DemoParamPlace::CommandLineOnly; }
};

// A version the demo compares, in the order its rows come.
struct DemoVersion {
  std::string name;           // as its row says
  bool needsCuda = true;      // false: a CPU version (it runs on the CPU backend too)
  std::string why;            // two short lines, '\n' between
  std::string sourceAnchor;   // the function the source view shows
  bool anchorIsCall = false;  // the anchor is a library call (cub::DeviceReduce): its call site is shown
};

// One run as asked: by the command line (the options given) or the form (all of its values).
struct DemoRequest {
  const DemoDefinition* demo = nullptr;
  std::map<std::string, std::string> values;  // parameter id -> text, as given
  std::vector<int> versions;                  // indices into demo->versions to run (choosableVersions); empty: all
  int reps = 0;                               // timed repetitions; 0: the demo's defaultReps
  Backend backend = Backend::Cpu;             // Cpu or Cuda: resolved before the request is made
  DemoControl control;                        // cancel and progress

  bool has(const std::string& param) const { return values.count(param) > 0; }
  // The given text, else the parameter's default; InvalidArgument for a parameter the demo lacks.
  const std::string& value(const std::string& param) const;
  int repetitions() const;
};

// A value the demo refuses, naming its parameter: the command line says
// "--ID SHOWN: REASON" ("--op: unknown reduction 'avg' ...", "--n '0': expected a whole number
// in 1..1073741824", "--type float: mat3min works on int matrices only"), the form "Label SHOWN:
// REASON". `shown` or `reason` may be empty.
class DemoValueError : public InvalidArgument {
 public:
  DemoValueError(std::string param, std::string shown, std::string reason);
  const std::string& param() const noexcept { return param_; }
  const std::string& shown() const noexcept { return shown_; }
  const std::string& reason() const noexcept { return reason_; }
  // "PREFIX SHOWN: REASON" with the parameter's name as the command line or the form writes it.
  std::string describe(const std::string& name) const;

 private:
  std::string param_, shown_, reason_;
};

// Throws OutOfMemory when `need` cannot fit; on the CUDA backend the run uses the device too, whose
// free memory only app/ knows (requireMachineMemory, app/backend/frame_admission.hpp: the command
// line's and the panel's). admitHostMemory is the host-only one (tests, builds without CUDA).
using DemoAdmission = std::function<void(const std::string& what, const MemoryNeed& need, Backend backend)>;
void admitHostMemory(const std::string& what, const MemoryNeed& need, Backend backend);

// The libraries' scratch and context a CUDA run adds to its own buffers (cuBLAS, CUB, cuSPARSE), in
// the records' memory estimates (gpu/demos/ID/ID_memory.cpp).
inline constexpr double kLibraryWorkspaceBytes = 64.0 * 1024 * 1024;

// What a run will allocate and how the refusal names it ("reduce n=16777216").
struct DemoMemoryNeed {
  std::string what;
  MemoryNeed need;
};

// What the panel shows while a run that samples a convergence goes on (CG): its headline and the
// title of the chart drawn live.
struct DemoLiveView {
  std::string headline;    // "CG on poisson2D n=64"
  std::string chartTitle;  // "CG on poisson2D n=64: residual ||r_k|| per iteration"
};

struct DemoDefinition {
  std::string id;           // `kernelcam demo ID`, and its embedded sources' folder (:/kernels/ID)
  std::string displayName;  // the panel's choice and messages: "matrix multiplication"
  std::string help;         // --help's description: what it compares, and an example
  int menuOrder = 100;      // position in help texts and the panel's choice
  std::vector<DemoParam> params;
  int defaultReps = 0;  // > 0: the command line has --reps N (timed repetitions, median), this by default
  std::vector<DemoVersion> versions;
  bool choosableVersions = false;  // the form's checklist picks the versions (CG); else all run
  // The files of the demo's folder (gpu/demos/ID/) the source view searches for the versions'
  // anchors, in that order: the kernels, their launchers and the CPU references. The build compiles
  // every source of the folder in (:/kernels/ID/, ui/CMakeLists.txt); the record says which to read.
  std::vector<std::string> sourceFiles;
  std::string benchGroup;  // `bench --only GROUP` (rows the bench writes itself); "": none

  // Required. Checks the values before anything else runs (DemoValueError naming the parameter,
  // InvalidArgument for a rule across parameters): the command line's exit 2, the form's red line.
  std::function<void(const DemoRequest&)> check;
  // Optional, the command line only: a run that would measure nothing (matmul's CPU backend above
  // the CPU rows' flop limit) is refused before anything is allocated. The form runs it and says
  // why in its note.
  std::function<void(const DemoRequest&)> checkCommandLine;
  // Optional: what the run will allocate, asked of the admission before it starts; std::nullopt
  // where only `prepare` knows (a matrix file's size line).
  std::function<std::optional<DemoMemoryNeed>(const DemoRequest&)> memory;
  // Optional: reads the run's input before it runs (CG's matrix file, admitted at its size line).
  // Its errors are the user's (exit 2 on the command line, before any other output).
  std::function<std::any(const DemoRequest&, const DemoAdmission&)> prepare;
  // Required. The run: every version the backend allows, timed and checked. `input` is what
  // `prepare` returned (empty without it); `cuda` the demo's CUDA part (demo_registry.hpp) where
  // the request's backend is cuda, else empty.
  std::function<std::unique_ptr<DemoResult>(const DemoRequest&, const std::any& input, const std::any& cuda)> run;
  // Optional: a line under the form's parameters, kept up to date ("2MNK = 2.15 GFLOP").
  std::function<std::string(const DemoRequest&)> formNote;
  // Optional: a run whose progress samples a convergence; the panel empties its table and draws
  // the samples live.
  std::function<DemoLiveView(const DemoRequest&)> liveView;

  const DemoParam* param(const std::string& id) const;
};

}  // namespace kc::demos
