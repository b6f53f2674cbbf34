#pragma once
// The rows the bench writes itself for a record: a stage (by its id) or a demo's bench group, e.g.
// gray_rows.cu's RGBA->grey rows beside NPP's. Each file gpu/bench/NAME_rows.cu registers its rows
// with KC_REGISTER_BENCH_ROWS(NAME, rows), NAME being the stage's id or the demo's benchGroup;
// gpu/CMakeLists.txt keeps each of those files linked (-u kc_bench_rows_anchor_NAME), so giving a
// record rows of its own edits no list. The bench knows the records; a record names no bench.
// Plain C++ (the rows themselves are CUDA): the registry sits with the stage and demo registries in
// the program, and the plan below is tested without a GPU.
#include <string>
#include <string_view>
#include <vector>

namespace kc::bench {

class BenchContext;
using BenchRows = void (*)(BenchContext&);

// A group's rows; a second registration for the same group replaces the first. remove: tests.
void addBenchRows(std::string_view group, BenchRows rows);
void removeBenchRows(std::string_view group);
BenchRows benchRowsFor(std::string_view group);  // null: none registered

// A record's group in the report's order, with what the bench runs for it.
struct RecordRows {
  std::string group;
  BenchRows rows = nullptr;
};
// Every registered stage, in the registry's order: its own rows, or null where it has none (the
// bench then times its benchCases: runGenericStageRows).
std::vector<RecordRows> stageRows();
// Every registered demo with a bench group and rows registered for that group, in the registry's
// order (a group without rows has nothing to run).
std::vector<RecordRows> demoRows();

// Registration at static-initialisation time, from gpu/bench/NAME_rows.cu; the anchor symbol is
// what the linker is told to keep.
#define KC_REGISTER_BENCH_ROWS(NAME, ROWS) \
  extern "C" const int kc_bench_rows_anchor_##NAME = (::kc::bench::addBenchRows(#NAME, ROWS), 1)

}  // namespace kc::bench
