#pragma once
// Values for a kernel's @param list: the defaults, `name=value` assignments from the command line
// (kernel=PATH:radius=5:strength=0.5) or a slider, and the bytes of KcParams the launch passes.
#include <cstdint>
#include <string>
#include <vector>

#include "gpu/lab/kernel_annotations.hpp"

namespace kc::lab {

// One value per parameter, in declaration order (integers are whole numbers).
using ParamValues = std::vector<double>;

ParamValues defaultValues(const std::vector<KernelParam>& params);

// Applies "name=value" assignments over the defaults. Throws kc::InvalidArgument naming the
// assignment: unknown name (with the known ones), not a number, outside MIN..MAX, given twice.
ParamValues applyAssignments(const std::vector<KernelParam>& params, const std::vector<std::string>& assignments);

// The value as the CLI spells it: "3", "0.25".
std::string formatValue(const KernelParam& param, double value);

// KcParams as the kernel sees it: one 32-bit word per parameter in declaration order (int32 or
// float). At least one word, so an empty KcParams still has an address to pass.
std::vector<std::uint32_t> packParams(const std::vector<KernelParam>& params, const ParamValues& values);

}  // namespace kc::lab
