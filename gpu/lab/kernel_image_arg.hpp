#pragma once
// The host's picture of KcInput / KcOutput, the two frame arguments of every user kernel. The
// prelude (program_source.cpp) declares the same fields and static_asserts this layout, so the
// bytes cuLaunchKernel copies are the struct the kernel reads.
#include <cstddef>
#include <cstdint>

namespace kc::lab {

struct KernelImageArg {
  std::uint64_t data = 0;   // device address of pixel (0, 0)
  std::uint64_t pitch = 0;  // bytes from one row to the next
  std::int32_t width = 0;
  std::int32_t height = 0;
  std::int32_t channels = 4;  // 4: RGBA8, 1: gray8
  std::int32_t reserved = 0;
};
static_assert(sizeof(KernelImageArg) == 32);
static_assert(offsetof(KernelImageArg, width) == 16 && offsetof(KernelImageArg, channels) == 24);

}  // namespace kc::lab
