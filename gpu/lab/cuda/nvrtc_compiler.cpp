#include "gpu/lab/cuda/nvrtc_compiler.hpp"

#include <cuda_runtime.h>
#include <nvrtc.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <cstdlib>
#include <optional>
#include <sstream>

#include "gpu/core/device_query.cuh"
#include "gpu/core/error.hpp"
#include "gpu/core/message_text.hpp"
#include "gpu/lab/compiler_log.hpp"
#include "gpu/lab/kernel_includes.hpp"
#include "gpu/lab/program_source.hpp"
#include "gpu/lab/worker/compile_cache.hpp"
#include "gpu/lab/worker/compiler_service.hpp"
#include "gpu/lab/worker/worker_location.hpp"

namespace kc::lab {
namespace {

// The compiler processes: one serves the window and the CLI (compiles come one at a time there);
// the grader compiles many at once (setCompileParallelism), each in a process of its own, started
// when a compile finds every other one busy. Never destroyed: a compile may still wait on another
// thread while kernelcam exits; the processes die with kernelcam.
class CompilerPool {
 public:
  CompilerService& first() { return first_; }

  // A service no other compile is using (a new one while fewer than the parallelism run), held
  // until the Lease ends. The Lease keeps the service's address, taken under the pool's lock:
  // services_ itself may grow (and move its storage) on another thread while the compile runs,
  // and reading services_[i] then was the grader's intermittent SIGSEGV (2026-11-29, H200).
  class Lease {
   public:
    Lease(CompilerPool& pool, std::size_t index, CompilerService& service)
        : pool_(pool), index_(index), service_(service) {}
    ~Lease() { pool_.release(index_); }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    CompilerService& service() { return service_; }

   private:
    CompilerPool& pool_;
    std::size_t index_;
    CompilerService& service_;
  };
  std::unique_ptr<Lease> acquire() {
    std::unique_lock lock(mutex_);
    for (;;) {
      for (std::size_t i = 0; i < busy_.size(); ++i)
        if (!busy_[i]) {
          busy_[i] = true;
          return std::make_unique<Lease>(*this, i, *services_[i]);
        }
      if (static_cast<int>(services_.size()) < parallelism_) {
        services_.push_back(std::make_unique<CompilerService>(executable_));
        busy_.push_back(true);
        return std::make_unique<Lease>(*this, services_.size() - 1, *services_.back());
      }
      released_.wait(lock);
    }
  }
  void setParallelism(int processes) {
    const std::lock_guard lock(mutex_);
    parallelism_ = std::max(1, processes);
  }
  void cancelAll() noexcept {
    std::vector<CompilerService*> all;
    {
      const std::lock_guard lock(mutex_);
      for (auto& s : services_) all.push_back(s.get());
    }
    for (CompilerService* s : all) s->cancel();
  }

  static CompilerPool& instance() {
    static CompilerPool* const pool = new CompilerPool;
    return *pool;
  }

 private:
  CompilerPool()
      : executable_(findLabExecutable(kLabCompilerName, kLabCompilerVariable, KC_LAB_COMPILER_BUILD_PATH)),
        first_(*services_.emplace_back(std::make_unique<CompilerService>(executable_))) {
    busy_.push_back(false);
  }
  void release(std::size_t index) {
    {
      const std::lock_guard lock(mutex_);
      busy_[index] = false;
    }
    released_.notify_one();
  }

  std::string executable_;
  std::mutex mutex_;
  std::condition_variable released_;
  std::vector<std::unique_ptr<CompilerService>> services_;  // never shrinks: the services' addresses stay valid
  CompilerService& first_;                                  // services_[0], read without the lock
  std::vector<bool> busy_;
  int parallelism_ = 1;
};

CompilerService& compilerService() { return CompilerPool::instance().first(); }

// `cannot open source file "NAME": Permission denied` (the compiler process opens no file) or
// `could not open source file "NAME" (no directories in search list)` -> the lab's words.
std::optional<std::string> unopenedHeader(const std::string& message) {
  for (const char* start : {"cannot open source file \"", "could not open source file \""}) {
    if (message.rfind(start, 0) != 0) continue;
    const std::size_t from = std::string(start).size();
    const std::size_t quote = message.find('"', from);
    if (quote == std::string::npos) continue;
    return "cannot open source file \"" + message.substr(from, quote - from) +
           "\": not a file in the kernel's folder (the lab has no standard headers, and includes files from that "
           "folder only)";
  }
  return std::nullopt;
}

// The compiler's words -> the lab's: the signature check's static_assert becomes the contract;
// messages without a place (ptxas) are put at the entry, the function they are about; a header
// is named by its path, not by its #include's spelling. An entry the compiler never sees (inside
// `#if 0`) fails the signature check and NVRTC's own __nv_name_map (the entry's name expression):
// both become one message at the entry, and NVRTC's internal name is never a place.
void placeDiagnostics(std::vector<Diagnostic>& diagnostics, const std::string& path, const std::string& compilerName,
                      const EntryCandidate& entry, const std::vector<IncludedHeader>& headers,
                      const EntryContract& contract) {
  const std::string notSeen = "the compiler does not see the kernel '" + entry.name +
                              "' declared here: is it inside #if, or renamed by a macro?";
  const std::string undefinedEntry = "identifier \"" + entry.name + "\" is undefined";
  for (Diagnostic& d : diagnostics) {
    if (d.path == compilerName) d.path = path;
    if (d.message.find(kSignatureCheckTag) != std::string::npos) {
      d.message = "kernel '" + entry.name + "' does not have the lab's signature: expected " + contract.signature;
      d.column = entry.column;
    }
    const bool atEntry = d.path == path && d.line == entry.line;
    if (d.path.rfind("__nv_name_map", 0) == 0 || (atEntry && d.message == undefinedEntry)) {
      d.message = notSeen;
      d.path.clear();
    }
    if (const std::optional<std::string> header = unopenedHeader(d.message)) d.message = *header;
    for (const IncludedHeader& h : headers)
      if (d.path == h.name) d.path = h.path;
    if (d.path.empty()) {
      d.path = path;
      d.line = entry.line;
      d.column = entry.column;
    }
  }
  // Once each (the entry's message comes up to three times).
  std::vector<Diagnostic> unique;
  for (Diagnostic& d : diagnostics) {
    const bool seen = std::any_of(unique.begin(), unique.end(), [&](const Diagnostic& u) {
      return u.path == d.path && u.line == d.line && u.column == d.column && u.message == d.message;
    });
    if (!seen) unique.push_back(std::move(d));
  }
  diagnostics = std::move(unique);
}

}  // namespace

CompiledKernel compileKernel(const KernelSource& given, const CompileOptions& options) {
  const KernelSource source{given.path, normalizeKernelText(given.text)};
  CompiledKernel result;
  result.path = source.path;
  result.arch = options.arch ? options.arch : defaultArch();
  if (std::find(nvrtcSupportedArchs().begin(), nvrtcSupportedArchs().end(), result.arch) == nvrtcSupportedArchs().end())
    (void)parseArch("sm_" + std::to_string(result.arch));  // throws, naming the supported ones
  const CompileLimits limits = options.limits ? *options.limits : compileLimitsFromEnvironment();
  const EntryContract& contract = options.contract ? *options.contract : imageContract();
  result.analysis = analyzeKernel(source, contract);
  result.diagnostics = result.analysis.diagnostics;
  if (!result.analysis.ok()) return result;  // KcParams or the entry check would only add noise
  const EntryCandidate& entry = *result.analysis.entry;
  KernelIncludes includes = resolveIncludes(source);
  if (!includes.diagnostics.empty()) {
    result.diagnostics.insert(result.diagnostics.end(), includes.diagnostics.begin(), includes.diagnostics.end());
    return result;  // NVRTC would only say again that it cannot open them
  }

  // The name the compiler knows the file by (#line, the program's name): its path with control
  // characters escaped, so that a file name holding a newline cannot split a line of the
  // compiler's log; its diagnostics are put back on the path (placeDiagnostics).
  const std::string compilerName = printableText(source.path, source.path.size());
  NvrtcRequest request;
  request.programName = compilerName;
  request.text = programSource(compilerName, source.text, result.analysis.annotations, entry, contract);
  for (const IncludedHeader& header : includes.headers) {
    request.headerNames.push_back(header.name);
    request.headerTexts.push_back(header.text);
  }
  // -minimal leaves out texture/surface types and device-side runtime calls the contract does not
  // use, and halves the front end's time on a small kernel. -default-device makes unannotated
  // helpers and globals device code, as a kernel file has no host side. No -I: the headers come
  // with the request, and the compiler process can open no file.
  request.options = {
      "-arch=sm_" + std::to_string(result.arch), "-minimal", "-default-device", "-std=c++17", "-Xptxas", "-v"};
  if (options.lineInfo) request.options.push_back("-lineinfo");
  request.nameExpression = entry.name;
  request.keepPtx = options.keepPtx;

  std::optional<NvrtcReply> cached = options.useCache ? CompileCache::shared().find(request) : std::nullopt;
  result.cached = cached.has_value();
  CompileRun run;
  if (cached) {
    run.outcome = CompileRun::Outcome::Replied;
    run.reply = std::move(*cached);
  } else {
    run = [&] {
      const auto lease = CompilerPool::instance().acquire();
      return lease->service().compile(request, limits);
    }();
    if (run.outcome == CompileRun::Outcome::Replied) CompileCache::shared().store(request, run.reply);
  }
  if (run.outcome != CompileRun::Outcome::Replied) {
    result.diagnostics.push_back({source.path, 0, 0, Severity::Error, run.message});
    return result;
  }
  const NvrtcReply& reply = run.reply;
  result.compileMs = reply.compileMs;
  result.compileCpuMs = reply.compileCpuMs;
  std::vector<Diagnostic> compilerDiagnostics = parseCompilerLog(reply.log);
  placeDiagnostics(compilerDiagnostics, source.path, compilerName, entry, includes.headers, contract);
  result.diagnostics.insert(result.diagnostics.end(), compilerDiagnostics.begin(), compilerDiagnostics.end());
  if (reply.result == NVRTC_ERROR_COMPILATION) {
    if (!hasErrors(result.diagnostics))  // never report failure without saying why
      result.diagnostics.push_back({source.path, 0, 0, Severity::Error, "NVRTC failed without a message"});
    return result;
  }
  if (reply.result != NVRTC_SUCCESS)
    throwError(__FILE__, __LINE__, "nvrtcCompileProgram", reply.resultText, reply.result);

  result.loweredName = reply.loweredName;
  result.cubin = reply.cubin;
  result.ptx = reply.ptx;
  result.resources = parsePtxasReport(reply.log, result.loweredName);
  return result;
}

void startCompilerProcess() { compilerService().start(compileLimitsFromEnvironment()); }

void cancelCompiles() noexcept {
  try {
    CompilerPool::instance().cancelAll();
  } catch (...) {  // no compiler to be found: nothing runs
  }
}

void setCompileParallelism(int processes) { CompilerPool::instance().setParallelism(processes); }

int compilerProcessId() { return compilerService().pid(); }

namespace {

// What the compiler process's greeting says of its NVRTC: "NVRTC 13.0 for sm_75 sm_80 ...".
// kernelcam itself does not link NVRTC: its start-up would run LLVM's initialisers for nothing.
struct NvrtcDescription {
  std::string version;
  std::vector<int> archs;
};

const NvrtcDescription& nvrtcDescription() {
  static const NvrtcDescription description = [] {
    const std::string greeting = compilerService().greeting(compileLimitsFromEnvironment());
    NvrtcDescription d;
    std::istringstream words(greeting);
    std::string word;
    while (words >> word) {
      if (word == "NVRTC" && (words >> word)) d.version = word;
      else if (word.rfind("sm_", 0) == 0 && word.size() > 3) d.archs.push_back(std::atoi(word.c_str() + 3));
    }
    if (d.version.empty() || d.archs.empty())
      KC_FAIL("kernelcam-lab-compiler", "its greeting does not name NVRTC and its architectures: '" + greeting + "'");
    return d;
  }();
  return description;
}

}  // namespace

std::string nvrtcVersion() { return nvrtcDescription().version; }

const std::vector<int>& nvrtcSupportedArchs() { return nvrtcDescription().archs; }

int parseArch(const std::string& text) {
  const std::vector<int>& supported = nvrtcSupportedArchs();
  int arch = 0;
  const bool wellFormed = text.size() > 3 && text.rfind("sm_", 0) == 0 &&
                          std::all_of(text.begin() + 3, text.end(), [](char c) { return c >= '0' && c <= '9'; }) &&
                          text.size() < 8;
  if (wellFormed) arch = std::stoi(text.substr(3));
  if (!wellFormed || std::find(supported.begin(), supported.end(), arch) == supported.end()) {
    std::string list;
    for (int a : supported) list += (list.empty() ? "sm_" : ", sm_") + std::to_string(a);
    throw InvalidArgument("--arch '" + text + "': NVRTC " + nvrtcVersion() + " compiles for " + list);
  }
  return arch;
}

int defaultArch() {
  constexpr int kFallback = 90;
  if (cudaDeviceCountOrZero() == 0) return kFallback;
  int major = 0, minor = 0;
  if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0) != cudaSuccess ||
      cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, 0) != cudaSuccess) {
    (void)cudaGetLastError();
    return kFallback;
  }
  const int arch = major * 10 + minor;
  const std::vector<int>& supported = nvrtcSupportedArchs();
  return std::find(supported.begin(), supported.end(), arch) != supported.end() ? arch : kFallback;
}

}  // namespace kc::lab
