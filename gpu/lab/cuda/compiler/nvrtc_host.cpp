#include "gpu/lab/cuda/compiler/nvrtc_host.hpp"

#include <dlfcn.h>
#include <nvrtc.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <memory>
#include <new>
#include <vector>

#include "gpu/core/elapsed.hpp"

namespace kc::lab {
namespace {

// A call that failed: the reply says which, with NVRTC's words.
struct NvrtcFailure {
  nvrtcResult result;
  const char* call;
};

void check(nvrtcResult result, const char* call) {
  if (result != NVRTC_SUCCESS) throw NvrtcFailure{result, call};
}

struct ProgramDeleter {
  void operator()(_nvrtcProgram* program) const { (void)nvrtcDestroyProgram(&program); }
};
using Program = std::unique_ptr<_nvrtcProgram, ProgramDeleter>;

// One of the program's outputs (log, cubin, PTX) through its size/get pair; a C string's NULs dropped.
std::string programOutput(nvrtcProgram program, nvrtcResult (*size)(nvrtcProgram, std::size_t*),
                          nvrtcResult (*get)(nvrtcProgram, char*), const char* what) {
  std::size_t bytes = 0;
  check(size(program, &bytes), what);
  std::string output(bytes, '\0');
  check(get(program, output.data()), what);
  return output;
}

// The log can be long (hundreds of errors); kernelcam shows the first ones.
constexpr std::size_t kMaxLogBytes = std::size_t{1} << 20;
// What fits a reply with room to spare (message_channel.hpp's limit is 64 MiB).
constexpr std::size_t kMaxReplyBytes = std::size_t{48} << 20;

double processCpuMs() {
  timespec t{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

std::string programLog(nvrtcProgram program) {
  std::string log = programOutput(program, nvrtcGetProgramLogSize, nvrtcGetProgramLog, "nvrtcGetProgramLog");
  while (!log.empty() && log.back() == '\0') log.pop_back();
  std::replace(log.begin(), log.end(), '\0', '\n');  // the front end's and ptxas's logs come joined by a NUL
  if (log.size() > kMaxLogBytes) log.resize(kMaxLogBytes);
  return log;
}

}  // namespace

std::string NvrtcHost::prepare() {
  int major = 0, minor = 0;
  if (nvrtcVersion(&major, &minor) != NVRTC_SUCCESS) return "nvrtcVersion failed";
  // NVRTC dlopens its built-in headers by this name on the first compile; loaded now, that
  // dlopen finds it loaded and opens nothing.
  const std::string builtins = "libnvrtc-builtins.so." + std::to_string(major) + "." + std::to_string(minor);
  if (!::dlopen(builtins.c_str(), RTLD_NOW | RTLD_GLOBAL)) {
    const char* why = ::dlerror();
    return "cannot load " + builtins + (why ? std::string(" (") + why + ")" : std::string());
  }
  ::tzset();  // __DATE__ and __TIME__ read the time zone once
  return {};
}

WorkerHello NvrtcHost::hello() {
  WorkerHello hello;
  hello.ready = notReady_.empty();
  if (!hello.ready) {
    hello.message = notReady_;
    return hello;
  }
  // "NVRTC 13.0 for sm_75 sm_80 ...": kernelcam learns both from here (it does not link NVRTC).
  int major = 0, minor = 0, count = 0;
  (void)nvrtcVersion(&major, &minor);
  hello.message = "NVRTC " + std::to_string(major) + "." + std::to_string(minor) + " for";
  if (nvrtcGetNumSupportedArchs(&count) == NVRTC_SUCCESS && count > 0) {
    std::vector<int> archs(static_cast<std::size_t>(count));
    if (nvrtcGetSupportedArchs(archs.data()) == NVRTC_SUCCESS)
      for (int arch : archs) hello.message += " sm_" + std::to_string(arch);
  }
  return hello;
}

LoadReply NvrtcHost::load(const LoadRequest&) {
  return {{-1, "the compiler process runs no kernels (a kernelcam bug)"}, 0, 0};
}
MapReply NvrtcHost::map(const MapRequest&) { return {{-1, "the compiler process maps no frames (a kernelcam bug)"}}; }
RunReply NvrtcHost::run(const RunRequest&) {
  return {RunOutcome::Refused, {-1, "the compiler process runs no kernels (a kernelcam bug)"}, 0};
}

NvrtcReply NvrtcHost::nvrtc(const NvrtcRequest& request) {
  NvrtcReply reply;
  try {
    if (request.headerNames.size() != request.headerTexts.size()) {
      reply.result = -1;
      reply.resultText = "headers without names (a kernelcam bug)";
      return reply;
    }
    std::vector<const char*> names, texts, options;
    for (const std::string& name : request.headerNames) names.push_back(name.c_str());
    for (const std::string& text : request.headerTexts) texts.push_back(text.c_str());
    for (const std::string& option : request.options) options.push_back(option.c_str());

    nvrtcProgram raw = nullptr;
    check(nvrtcCreateProgram(&raw, request.text.c_str(), request.programName.c_str(), static_cast<int>(names.size()),
                             texts.data(), names.data()),
          "nvrtcCreateProgram");
    const Program program(raw);
    if (!request.nameExpression.empty())
      check(nvrtcAddNameExpression(raw, request.nameExpression.c_str()), "nvrtcAddNameExpression");

    const auto start = std::chrono::steady_clock::now();
    const double cpuAtStart = processCpuMs();
    const nvrtcResult compiled = nvrtcCompileProgram(raw, static_cast<int>(options.size()), options.data());
    reply.compileMs = msSince(start);
    reply.compileCpuMs = processCpuMs() - cpuAtStart;
    reply.result = compiled;
    reply.resultText = nvrtcGetErrorString(compiled);
    reply.log = programLog(raw);
    if (compiled != NVRTC_SUCCESS) return reply;

    if (!request.nameExpression.empty()) {
      const char* lowered = nullptr;
      check(nvrtcGetLoweredName(raw, request.nameExpression.c_str(), &lowered), "nvrtcGetLoweredName");
      reply.loweredName = lowered;
    }
    reply.cubin = programOutput(raw, nvrtcGetCUBINSize, nvrtcGetCUBIN, "nvrtcGetCUBIN");
    if (request.keepPtx) {
      reply.ptx = programOutput(raw, nvrtcGetPTXSize, nvrtcGetPTX, "nvrtcGetPTX");
      while (!reply.ptx.empty() && reply.ptx.back() == '\0') reply.ptx.pop_back();
    }
    if (reply.cubin.size() + reply.ptx.size() > kMaxReplyBytes) {
      const std::size_t mib = (reply.cubin.size() + reply.ptx.size()) >> 20;
      reply = {};
      reply.result = -1;
      reply.resultText = "the compiled kernel is too large to use (" + std::to_string(mib) + " MiB of machine code)";
    }
  } catch (const NvrtcFailure& failure) {
    reply.result = failure.result;
    reply.resultText = std::string(failure.call) + ": " + nvrtcGetErrorString(failure.result);
    reply.cubin.clear();
    reply.ptx.clear();
  } catch (const std::bad_alloc&) {
    reply = {};
    reply.result = NVRTC_ERROR_OUT_OF_MEMORY;
    reply.resultText = "out of memory";
  }
  return reply;
}

}  // namespace kc::lab
