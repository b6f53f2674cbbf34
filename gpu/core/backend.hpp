#pragma once
// The one backend vocabulary: where frames and demos run. Every --backend option (window,
// process, demo, bench) parses through parseBackend and means the same thing; one function,
// the run session's (app/session/run_session.hpp), resolves Auto against the build and the machine, and whatever runs
// afterwards (a pipeline, a demo) holds Cuda or Cpu. toString is the one spelling of a backend in
// every JSON report and message: "cuda", "cpu".
#include <string_view>

namespace kc {

enum class Backend {
  Auto,  // CUDA where the build has it and a usable device is present, else the CPU
  Cuda,  // CUDA or nothing: asking for it without a usable device is an error (exit 3 in the CLI)
  Cpu,   // the CPU only, also on a machine with a GPU
};

// "auto" | "cuda" | "cpu"; anything else throws kc::InvalidArgument naming the option:
// "--backend 'gpu': expected auto, cuda or cpu".
Backend parseBackend(std::string_view text);
const char* toString(Backend backend) noexcept;  // "auto" | "cuda" | "cpu", as parseBackend reads them

// The option's help line, the same in every command.
inline constexpr const char* kBackendOptionHelp =
    "auto | cuda | cpu (default auto: CUDA where a usable device exists, else the CPU).";

}  // namespace kc
