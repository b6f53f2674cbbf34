#pragma once
// An exercise of the course (docs/COURSE.md) is one ExerciseDefinition record, as a stage or a demo
// is one record: what the student is asked (the statement, the starting code with its TODOs, the
// hints), the kernel's signature, the hidden inputs a check generates with what a correct kernel
// leaves in its outputs (from the exercise's CPU reference), kernelcam's own naive and optimised
// versions the student's is timed against, and the goals in levels. Nothing else names an
// exercise: the command line (`kernelcam exercise`), the lab's Exercises panel and the grader read
// the records (exercise_registry.hpp).
//
// Two kinds of kernel:
//   - image exercises use the live stage's contract (KcInput, KcOutput, KcParams; one thread per
//     output pixel, the block from `@block`), so the student's kernel also runs on the live stream
//     and the window's A/B view compares it with kernelcam's, pixel by pixel;
//   - array and matrix exercises have a signature of their own (pointers and sizes, e.g.
//     `const int* in, int n, int* sum`) and the student chooses the launch: `@block` and
//     `@grid (n + 255) / 256`, evaluated with the inputs' sizes (gpu/lab/grid_expression.hpp).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gpu/lab/entry_contract.hpp"
#include "gpu/lab/line_figures.hpp"
#include "gpu/pipeline/host_frame.hpp"

namespace kc::exercises {

enum class ElementType { U8, I32, U32, F32, U64 };
std::size_t elementBytes(ElementType type);

// A parameter of the kernel's entry, as the statement and the compiler spell it: a pointer
// ("const int*", "int*"), or a size or value ("int", "float"). A pointer's buffer and a value come
// from each case's argument of the same name.
struct KernelParameter {
  std::string type;
  std::string name;
  bool pointer() const { return !type.empty() && type.back() == '*'; }
};

// The 32-bit word an output's elements start as where the statement does not say (a kernel that
// leaves one unwritten is caught): a NaN for floats, an unlikely value for the rest.
constexpr std::uint32_t kPoisonWord = 0xa5a5a5a5u;
constexpr std::uint32_t kPoisonFloatWord = 0x7fa5a5a5u;

// One argument of a case: a buffer (input or output) or a value, by the parameter's name.
struct CaseArgument {
  std::string name;
  bool buffer = false;
  // A value.
  std::int64_t integer = 0;
  float real = 0;
  bool isFloat = false;
  // A buffer.
  ElementType element = ElementType::U8;
  std::vector<std::uint8_t> input;  // an input's contents
  bool output = false;
  std::optional<std::uint32_t> startWord;  // an output's first value when the statement gives one (0 for a sum)
  std::vector<std::uint8_t> expected;      // an output: what a correct kernel leaves (its size is the buffer's)
  std::vector<double> tolerance;           // a float output: |got - expected| allowed per element; empty: exact
  int rowLength = 0;                       // messages: element i is (i % rowLength, i / rowLength); 0: a list
  int channels = 1;                        // messages: an image's elements per pixel
};

CaseArgument valueArgument(const std::string& name, std::int64_t value);
CaseArgument floatArgument(const std::string& name, float value);
template <class T>
CaseArgument inputBuffer(const std::string& name, ElementType element, const std::vector<T>& values);
template <class T>
CaseArgument outputBuffer(const std::string& name, ElementType element, const std::vector<T>& expected,
                          std::optional<std::uint32_t> startWord = std::nullopt);

struct CaseUploads;  // exercise_launch.cpp

// One hidden input and its answer.
struct ExerciseCase {
  std::string label;                    // "n = 17", "1921x1079", "photo coffee.png": every message about it says it
  std::vector<CaseArgument> arguments;  // array exercises: one per parameter; image exercises: "in" and "out"
  int width = 0, height = 0;            // image exercises: the frame (its grid follows it)
  std::uint64_t minBytes = 0;           // the least memory traffic doing this needs: the timing floor
  bool timed = false;                   // the case the goals' times are measured on (one per check, last)
  // The launch's input buffers (guards, data, padding), made at the first launch and shared by every
  // later one of this case: a class's submissions all run the same inputs (exercise_launch.cpp).
  mutable std::shared_ptr<CaseUploads> uploads;
};

// What a check's generator gets.
struct CaseOptions {
  std::uint64_t seed = 1;         // every random input follows from it (a check picks a fresh one)
  std::vector<HostFrame> photos;  // the project's sample photos, RGBA (image exercises)
};

// What a counter goal is measured from: the student's kernel profiled on the timed case.
struct CounterInputs {
  const std::vector<lab::LineFigures>& lines;   // every line, the prelude's too
  const std::vector<lab::LineFigures>& ofFile;  // the student's file only, by line
  const ExerciseCase& timedCase;
  std::uint64_t blocks = 0;  // of the launch
  std::uint64_t threadsPerBlock = 0;
  const std::vector<std::string>& missingCounters;  // this GPU's
  const std::string& source;                        // the student's text (to find the line a figure is about)
};
struct CounterVerdict {
  bool measured = true;  // false: the GPU lacks a counter (figure says which)
  bool met = false;
  std::string figure;  // "1.0 wavefronts per request (goal: at most 1.1)"
  int line = 0;        // the student's line the figure points at (0: none)
};

// A goal from the per-line profiler's counters, where the lesson is about memory or divergence.
struct CounterGoal {
  std::string id;  // "conflict-free-tile"
  int level = 2;
  std::string title;   // "The tile is read without bank conflicts"
  std::string why;     // two lines a student reads when the goal is met
  std::string advice;  // one line when it is not (beside the figure and the line)
  std::function<CounterVerdict(const CounterInputs&)> measure;
};

// The three goals every exercise has, and how they are told apart in reports.
constexpr const char* kGoalCorrect = "correct";
constexpr const char* kGoalBeatsNaive = "faster-than-naive";
constexpr const char* kGoalNearOptimised = "near-optimised";
constexpr double kNearOptimisedRatio = 1.25;  // level 3: at most this many times kernelcam's optimised time

struct ExerciseDefinition {
  std::string id;             // "reduce-sum": `kernelcam exercise start reduce-sum`, `// @exercise reduce-sum`
  std::string title;          // "Sum reduction"
  std::string topic;          // what it teaches: "shared memory, a tree reduction, one atomic per block"
  int order = 0;              // the course's order (docs/COURSE.md)
  std::uint32_t version = 1;  // raised when cases or goals change: the grader's cache keys on it
  bool imageKernel = false;   // the live stage's contract; else `parameters`
  std::vector<KernelParameter> parameters;
  // The exercise's files (gpu/exercises/ID/), compiled into the program: the statement (markdown),
  // the starting code, kernelcam's naive and optimised versions.
  std::string statementFile = "statement.md", startFile = "start.cu", naiveFile = "naive.cu",
              optimisedFile = "optimised.cu";
  // Files given in the record instead (name, text): a throw-away exercise of a test has no folder.
  std::vector<std::pair<std::string, std::string>> inlineFiles;
  std::vector<std::string> hints;                                      // at least three, revealed one at a time
  std::function<std::vector<ExerciseCase>(const CaseOptions&)> cases;  // the timed one last
  std::vector<CounterGoal> counterGoals;
  // Image exercises: the chain the window's A/B view shows beside the student's kernel
  // ("gray=lab"); empty: kernelcam's optimised version as a kernel= stage.
  std::string referenceChain;
  std::string goalWhyNaive;      // the two lines of "faster than the naive version", for this exercise
  std::string goalWhyOptimised;  // and of "within 1.25x of the optimised one"
};

// The entry the compiler checks a kernel of this exercise against.
lab::EntryContract entryContract(const ExerciseDefinition& exercise);
// "__global__ void NAME(const int* in, int n, int* sum)".
std::string signatureText(const ExerciseDefinition& exercise);

// A file of the exercise's folder (exercise_files.hpp); throws kc::Error for one that is not there.
std::string exerciseFile(const ExerciseDefinition& exercise, const std::string& file);

}  // namespace kc::exercises
