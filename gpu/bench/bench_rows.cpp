#include "gpu/bench/bench_rows.hpp"

#include <algorithm>

#include "gpu/demos/demo_registry.hpp"
#include "gpu/pipeline/stage_registry.hpp"

namespace kc::bench {

namespace {

struct Registered {
  std::string group;
  BenchRows rows;
};

// A function-local static: the .cu files register at static initialisation, in any order.
std::vector<Registered>& registered() {
  static std::vector<Registered> rows;
  return rows;
}

}  // namespace

void addBenchRows(std::string_view group, BenchRows rows) {
  removeBenchRows(group);
  registered().push_back({std::string(group), rows});
}

void removeBenchRows(std::string_view group) {
  std::erase_if(registered(), [&](const Registered& entry) { return entry.group == group; });
}

BenchRows benchRowsFor(std::string_view group) {
  for (const Registered& entry : registered())
    if (entry.group == group) return entry.rows;
  return nullptr;
}

std::vector<RecordRows> stageRows() {
  std::vector<RecordRows> rows;
  for (const StageDefinition* stage : stageRegistry().all()) rows.push_back({stage->id, benchRowsFor(stage->id)});
  return rows;
}

std::vector<RecordRows> demoRows() {
  std::vector<RecordRows> rows;
  for (const demos::DemoDefinition* demo : demos::demoRegistry().all())
    if (!demo->benchGroup.empty())
      if (BenchRows own = benchRowsFor(demo->benchGroup)) rows.push_back({demo->benchGroup, own});
  return rows;
}

}  // namespace kc::bench
