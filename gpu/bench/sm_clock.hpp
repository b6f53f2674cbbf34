#pragma once
// The SM clock as the driver reports it: read, never set (the bench measures the card as it finds
// it; a clock below its maximum explains slow rows). NVML when libnvidia-ml.so.1 loads at run time
// (dlopen: nothing links NVML, so the bench builds and runs where it is missing), else nvidia-smi.
// Plain C++.
#include <string>

namespace kc::bench {

struct SmClock {
  int mhz = 0;         // the SM clock now; 0 when unknown
  int maxMhz = 0;      // its maximum; 0 when unknown
  std::string source;  // "NVML" or "nvidia-smi"; "" when neither answered
  std::string error;   // why neither answered (when source is "")
  bool known() const { return mhz > 0; }
};

// pciBusId: the device as cudaDeviceGetPCIBusId writes it ("0000:18:00.0"): the GPU to read.
SmClock readSmClock(const std::string& pciBusId);

// The output of
//   nvidia-smi --query-gpu=pci.bus_id,clocks.sm,clocks.max.sm --format=csv,noheader,nounits
// (one line per GPU, "00000000:18:00.0, 1980, 1980"; units after the numbers are accepted): the
// line whose bus id is pciBusId's (the domain's width differs between the two tools and is
// ignored), or the only line when pciBusId is "". error says why when no line fits.
SmClock parseSmiClocks(const std::string& output, const std::string& pciBusId);

// "1980 MHz (max 1980 MHz, NVML)", "unknown (no libnvidia-ml.so.1; nvidia-smi: not found)".
std::string describeClock(const SmClock& clock);

}  // namespace kc::bench
