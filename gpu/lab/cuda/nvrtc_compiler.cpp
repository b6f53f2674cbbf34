#include "gpu/lab/cuda/nvrtc_compiler.hpp"

#include <cuda_runtime.h>
#include <nvrtc.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>

#include "gpu/core/device_query.cuh"
#include "gpu/core/error.hpp"
#include "gpu/lab/compiler_log.hpp"
#include "gpu/lab/program_source.hpp"

namespace kc::lab {
namespace {

void checkNvrtc(nvrtcResult result, const char* call) {
  if (result != NVRTC_SUCCESS) throwError(__FILE__, __LINE__, call, nvrtcGetErrorString(result), result);
}

struct ProgramDeleter {
  void operator()(_nvrtcProgram* program) const { (void)nvrtcDestroyProgram(&program); }
};
using Program = std::unique_ptr<_nvrtcProgram, ProgramDeleter>;

// One of the program's outputs (log, cubin, PTX) through its size/get pair; a C string's NUL dropped.
std::string programOutput(nvrtcProgram program, nvrtcResult (*size)(nvrtcProgram, std::size_t*),
                          nvrtcResult (*get)(nvrtcProgram, char*), const char* what) {
  std::size_t bytes = 0;
  checkNvrtc(size(program, &bytes), what);
  std::string output(bytes, '\0');
  checkNvrtc(get(program, output.data()), what);
  return output;
}

std::string programLog(nvrtcProgram program) {
  std::string log = programOutput(program, nvrtcGetProgramLogSize, nvrtcGetProgramLog, "nvrtcGetProgramLog");
  while (!log.empty() && log.back() == '\0') log.pop_back();
  // The front end's and ptxas's logs come joined by a NUL.
  std::replace(log.begin(), log.end(), '\0', '\n');
  return log;
}

std::string folderOf(const std::string& path) {
  const std::string folder = std::filesystem::path(path).parent_path().string();
  return folder.empty() ? "." : folder;
}

// The compiler's words -> the lab's: the signature check's static_assert becomes the contract,
// and messages without a place (ptxas) are put at the entry, the function they are about.
void placeDiagnostics(std::vector<Diagnostic>& diagnostics, const std::string& path, const EntryCandidate& entry) {
  for (Diagnostic& d : diagnostics) {
    if (d.message.find(kSignatureCheckTag) != std::string::npos) {
      d.message = "kernel '" + entry.name + "' does not have the lab's signature: expected " + kEntrySignature;
      d.column = entry.column;
    }
    if (d.path.empty()) {
      d.path = path;
      d.line = entry.line;
      d.column = entry.column;
    }
  }
}

}  // namespace

CompiledKernel compileKernel(const KernelSource& source, const CompileOptions& options) {
  CompiledKernel result;
  result.path = source.path;
  result.arch = options.arch ? options.arch : defaultArch();
  if (std::find(nvrtcSupportedArchs().begin(), nvrtcSupportedArchs().end(), result.arch) == nvrtcSupportedArchs().end())
    (void)parseArch("sm_" + std::to_string(result.arch));  // throws, naming the supported ones
  result.analysis = analyzeKernel(source);
  result.diagnostics = result.analysis.diagnostics;
  if (!result.analysis.ok()) return result;  // KcParams or the entry check would only add noise
  const EntryCandidate& entry = *result.analysis.entry;

  const std::string text = programSource(source.path, source.text, result.analysis.annotations, entry);
  const auto start = std::chrono::steady_clock::now();
  nvrtcProgram raw = nullptr;
  checkNvrtc(nvrtcCreateProgram(&raw, text.c_str(), source.path.c_str(), 0, nullptr, nullptr), "nvrtcCreateProgram");
  const Program program(raw);
  checkNvrtc(nvrtcAddNameExpression(raw, entry.name.c_str()), "nvrtcAddNameExpression");

  // -minimal leaves out texture/surface types and device-side runtime calls the contract does not
  // use, and halves the front end's time on a small kernel. -default-device makes unannotated
  // helpers and globals device code, as a kernel file has no host side.
  std::vector<std::string> flags{"-arch=sm_" + std::to_string(result.arch),
                                 "-minimal",
                                 "-default-device",
                                 "-std=c++17",
                                 "-Xptxas",
                                 "-v",
                                 "-I" + folderOf(source.path)};
  for (const std::string& dir : options.includeDirs) flags.push_back("-I" + dir);
  std::vector<const char*> flagPointers;
  for (const std::string& flag : flags) flagPointers.push_back(flag.c_str());
  const nvrtcResult compiled = nvrtcCompileProgram(raw, static_cast<int>(flagPointers.size()), flagPointers.data());
  result.compileMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

  const std::string log = programLog(raw);
  std::vector<Diagnostic> compilerDiagnostics = parseCompilerLog(log);
  placeDiagnostics(compilerDiagnostics, source.path, entry);
  result.diagnostics.insert(result.diagnostics.end(), compilerDiagnostics.begin(), compilerDiagnostics.end());
  if (compiled == NVRTC_ERROR_COMPILATION) {
    if (!hasErrors(result.diagnostics))  // never report failure without saying why
      result.diagnostics.push_back({source.path, 0, 0, Severity::Error, "NVRTC failed without a message: " + log});
    return result;
  }
  checkNvrtc(compiled, "nvrtcCompileProgram");

  const char* lowered = nullptr;
  checkNvrtc(nvrtcGetLoweredName(raw, entry.name.c_str(), &lowered), "nvrtcGetLoweredName");
  result.loweredName = lowered;
  result.cubin = programOutput(raw, nvrtcGetCUBINSize, nvrtcGetCUBIN, "nvrtcGetCUBIN");
  if (options.keepPtx) {
    result.ptx = programOutput(raw, nvrtcGetPTXSize, nvrtcGetPTX, "nvrtcGetPTX");
    while (!result.ptx.empty() && result.ptx.back() == '\0') result.ptx.pop_back();
  }
  result.resources = parsePtxasReport(log, result.loweredName);
  return result;
}

std::string nvrtcVersion() {
  int major = 0, minor = 0;
  checkNvrtc(::nvrtcVersion(&major, &minor), "nvrtcVersion");
  return std::to_string(major) + "." + std::to_string(minor);
}

const std::vector<int>& nvrtcSupportedArchs() {
  static const std::vector<int> archs = [] {
    int count = 0;
    checkNvrtc(nvrtcGetNumSupportedArchs(&count), "nvrtcGetNumSupportedArchs");
    std::vector<int> list(static_cast<std::size_t>(count));
    checkNvrtc(nvrtcGetSupportedArchs(list.data()), "nvrtcGetSupportedArchs");
    return list;
  }();
  return archs;
}

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
