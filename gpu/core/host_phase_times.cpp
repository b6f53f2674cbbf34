#include "gpu/core/host_phase_times.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace kc {

namespace {

struct PhaseTotal {
  long long calls = 0;
  double totalMs = 0;
};

// Printed from its destructor at exit: sorted by total time, the costly phases first.
class PhaseTable {
 public:
  ~PhaseTable() {
    if (phases_.empty()) return;
    std::vector<std::pair<std::string, PhaseTotal>> rows(phases_.begin(), phases_.end());
    std::sort(rows.begin(), rows.end(),
              [](const auto& a, const auto& b) { return a.second.totalMs > b.second.totalMs; });
    std::fprintf(stderr, "host phase times (KC_PHASE_TIMES; inclusive)\n%-28s %10s %12s %12s\n", "phase", "calls",
                 "mean ms", "total ms");
    for (const auto& [name, total] : rows)
      std::fprintf(stderr, "%-28s %10lld %12.4f %12.1f\n", name.c_str(), total.calls,
                   total.totalMs / static_cast<double>(total.calls), total.totalMs);
  }
  void add(std::string_view name, double ms) {
    const std::lock_guard<std::mutex> lock(mutex_);
    PhaseTotal& total = phases_[std::string(name)];
    ++total.calls;
    total.totalMs += ms;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, PhaseTotal> phases_;
};

PhaseTable& table() {
  static PhaseTable instance;
  return instance;
}

}  // namespace

bool hostPhaseTimesEnabled() {
  static const bool enabled = [] {
    const char* value = std::getenv("KC_PHASE_TIMES");
    if (value && *value && std::strcmp(value, "0") != 0) {
      table();  // constructed now, so that it outlives (and prints after) what records into it
      return true;
    }
    return false;
  }();
  return enabled;
}

void addHostPhaseTime(std::string_view name, double ms) { table().add(name, ms); }

}  // namespace kc
