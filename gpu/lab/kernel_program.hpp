#pragma once
// One version of a user kernel as the kernel=PATH stage runs it: the text, what the lab read from
// it (annotations, entry) and, when the editor compiled it already, the cubin. Programs are
// immutable snapshots shared by the stage specs that use them; a new text is a new program with a
// new revision, so the stage's runner knows when to load a new module.
//
// Where the text comes from: the kernel editor publishes each version that compiles for the file
// it edits, and that version stands in for the file (as an editor's unsaved buffer would) until
// it is withdrawn; otherwise the file is read. The same file text gives back the same program, so a
// chain rebuilt for another reason does not compile the kernel again.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "gpu/lab/compiled_kernel.hpp"
#include "gpu/lab/kernel_analysis.hpp"
#include "gpu/lab/kernel_source.hpp"

namespace kc::lab {

struct KernelProgram {
  KernelSource source;
  KernelAnalysis analysis;
  std::uint64_t revision = 0;  // unique per program in this process
  // The editor's compile of this text (null: the stage compiles the text itself on first use).
  std::shared_ptr<const CompiledKernel> compiled;
  // The last edit that produced this text (editor programs), for the edit-to-frame latency.
  std::chrono::steady_clock::time_point editedAt{};
  // When the editor's compile of it began and returned, on the compile's thread.
  std::chrono::steady_clock::time_point compileStartedAt{}, compiledAt{};
  // The index of the first frame that ran this program (-1: none yet); set by the stage's launch.
  mutable std::atomic<std::int64_t> firstFrame{-1};

  // Records that frame `index` ran the program; only the first call counts.
  void markRan(std::int64_t index) const {
    std::int64_t none = -1;
    firstFrame.compare_exchange_strong(none, index);
  }
};

// Reads the annotations and the entry of `source` into a program with a fresh revision.
std::shared_ptr<KernelProgram> makeKernelProgram(KernelSource source);

// How two spellings of one file meet: the absolute, normalised path.
std::string kernelPathKey(const std::string& path);

// The editor's current good version of a file: kernel=PATH stages run it instead of the file.
void publishKernelProgram(std::shared_ptr<const KernelProgram> program);
// Back to the file (the editor closed it, or saved it: then both hold the same text).
void withdrawKernelProgram(const std::string& path);
std::shared_ptr<const KernelProgram> publishedKernelProgram(const std::string& path);

// What kernel=PATH runs now: the published program of the file, else the file's text (the same
// text as last time gives the same program). Throws kc::InvalidArgument with readKernelSource's
// one-line messages for a file the lab cannot use.
std::shared_ptr<const KernelProgram> kernelProgramFor(const std::string& path);

}  // namespace kc::lab
