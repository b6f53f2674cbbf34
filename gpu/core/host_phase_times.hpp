#pragma once
// Host time per named phase of the live path, for the engineer asking "where do the milliseconds
// of a presented frame go?" without Nsight Systems (a laptop, a machine without nsys). Off unless
// the environment sets KC_PHASE_TIMES=1; then every NvtxRange also adds its wall time here and the
// table (calls, mean, total per name) goes to stderr when the process exits. Inclusive times:
// a range nested in another counts in both.
#include <string_view>

namespace kc {

bool hostPhaseTimesEnabled();
void addHostPhaseTime(std::string_view name, double ms);

}  // namespace kc
