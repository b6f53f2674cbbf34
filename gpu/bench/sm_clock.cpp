#include "gpu/bench/sm_clock.hpp"

#include <dlfcn.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string_view>
#include <vector>

#include "gpu/core/text.hpp"

namespace kc::bench {

namespace {

// NVML's C API, declared here so that no nvml.h is needed to build (the toolkit here has none).
// Types as nvml.h defines them: nvmlReturn_t is an enum (0 = NVML_SUCCESS), nvmlDevice_t an opaque
// pointer, nvmlClockType_t an enum in which NVML_CLOCK_SM is 1.
using NvmlReturn = int;
struct NvmlDeviceOpaque;
using NvmlDevice = NvmlDeviceOpaque*;
constexpr int kNvmlSuccess = 0;
constexpr int kNvmlClockSm = 1;

struct LibraryCloser {
  void operator()(void* handle) const { dlclose(handle); }
};

template <class Function>
Function symbol(void* library, const char* name) {
  return reinterpret_cast<Function>(dlsym(library, name));
}

SmClock readNvml(const std::string& pciBusId) {
  SmClock clock;
  const std::unique_ptr<void, LibraryCloser> library(dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL));
  if (!library) {
    clock.error = "no libnvidia-ml.so.1";
    return clock;
  }
  using Init = NvmlReturn (*)();
  using Shutdown = NvmlReturn (*)();
  using ByBusId = NvmlReturn (*)(const char*, NvmlDevice*);
  using ClockInfo = NvmlReturn (*)(NvmlDevice, int, unsigned*);
  const auto init = symbol<Init>(library.get(), "nvmlInit_v2");
  const auto shutdown = symbol<Shutdown>(library.get(), "nvmlShutdown");
  const auto byBusId = symbol<ByBusId>(library.get(), "nvmlDeviceGetHandleByPciBusId_v2");
  const auto current = symbol<ClockInfo>(library.get(), "nvmlDeviceGetClockInfo");
  const auto maximum = symbol<ClockInfo>(library.get(), "nvmlDeviceGetMaxClockInfo");
  if (!init || !shutdown || !byBusId || !current || !maximum) {
    clock.error = "libnvidia-ml.so.1 lacks a clock function";
    return clock;
  }
  if (init() != kNvmlSuccess) {
    clock.error = "nvmlInit failed";
    return clock;
  }
  NvmlDevice device = nullptr;
  unsigned mhz = 0, maxMhz = 0;
  if (byBusId(pciBusId.c_str(), &device) != kNvmlSuccess) {
    clock.error = "NVML does not know the device " + pciBusId;
  } else if (current(device, kNvmlClockSm, &mhz) != kNvmlSuccess || mhz == 0) {
    clock.error = "NVML gave no SM clock";
  } else {
    clock.mhz = static_cast<int>(mhz);
    if (maximum(device, kNvmlClockSm, &maxMhz) == kNvmlSuccess) clock.maxMhz = static_cast<int>(maxMhz);
    clock.source = "NVML";
  }
  (void)shutdown();
  return clock;
}

struct PipeCloser {
  void operator()(FILE* pipe) const { pclose(pipe); }
};

SmClock readNvidiaSmi(const std::string& pciBusId) {
  SmClock clock;
  std::unique_ptr<FILE, PipeCloser> pipe(popen(
      "nvidia-smi --query-gpu=pci.bus_id,clocks.sm,clocks.max.sm --format=csv,noheader,nounits 2>/dev/null", "r"));
  if (!pipe) {
    clock.error = "cannot start nvidia-smi";
    return clock;
  }
  std::string output;
  char buffer[512];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe.get())) > 0;) output.append(buffer, n);
  const int status = pclose(pipe.release());
  if (status != 0 && output.empty()) {
    clock.error = "nvidia-smi not found or failed";
    return clock;
  }
  return parseSmiClocks(output, pciBusId);
}

// "0000:18:00.0" and "00000000:18:00.0" -> "18:00.0" (bus:device.function, lower case).
std::string busWithoutDomain(std::string_view busId) {
  busId = trim(busId);
  const std::size_t first = busId.find(':');
  if (first != std::string_view::npos && busId.find(':', first + 1) != std::string_view::npos)
    busId.remove_prefix(first + 1);
  std::string out(busId);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The leading integer of " 1980 MHz"; 0 for "[N/A]" or nothing.
int leadingMhz(std::string_view field) {
  field = trim(field);
  int value = 0;
  std::size_t i = 0;
  for (; i < field.size() && std::isdigit(static_cast<unsigned char>(field[i])) && value < 1000000; ++i)
    value = value * 10 + (field[i] - '0');
  return i > 0 ? value : 0;
}

}  // namespace

SmClock parseSmiClocks(const std::string& output, const std::string& pciBusId) {
  SmClock clock;
  std::vector<std::vector<std::string_view>> lines;
  for (std::string_view line : split(output, '\n')) {
    if (!trim(line).empty()) lines.push_back(split(line, ','));
  }
  const std::string wanted = busWithoutDomain(pciBusId);
  for (const auto& fields : lines) {
    if (fields.size() < 3) continue;
    if (pciBusId.empty() ? lines.size() != 1 : busWithoutDomain(fields[0]) != wanted) continue;
    clock.mhz = leadingMhz(fields[1]);
    clock.maxMhz = leadingMhz(fields[2]);
    if (clock.mhz > 0) {
      clock.source = "nvidia-smi";
    } else {
      clock.error = "nvidia-smi gave no SM clock";
    }
    return clock;
  }
  clock.error = lines.empty()      ? "nvidia-smi printed nothing"
                : pciBusId.empty() ? "nvidia-smi lists several GPUs and the device's bus id is unknown"
                                   : "nvidia-smi does not list the device " + pciBusId;
  return clock;
}

SmClock readSmClock(const std::string& pciBusId) {
  SmClock clock = readNvml(pciBusId);
  if (clock.known()) return clock;
  SmClock smi = readNvidiaSmi(pciBusId);
  if (!smi.known()) smi.error = clock.error + "; " + smi.error;
  return smi;
}

std::string describeClock(const SmClock& clock) {
  if (!clock.known()) return "unknown (" + (clock.error.empty() ? std::string("not read") : clock.error) + ")";
  std::string text = std::to_string(clock.mhz) + " MHz (";
  if (clock.maxMhz > 0) text += "max " + std::to_string(clock.maxMhz) + " MHz, ";
  return text + clock.source + ")";
}

}  // namespace kc::bench
