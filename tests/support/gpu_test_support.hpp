#pragma once
// Every GPU test starts with KC_REQUIRE_CUDA_DEVICE(): without a device it skips with the
// reason printed, so a machine without a GPU can never report a silent pass.
#include <gtest/gtest.h>

#include "gpu/core/device_query.cuh"

#define KC_REQUIRE_CUDA_DEVICE()                                                              \
  do {                                                                                        \
    if (::kc::cudaDeviceCountOrZero() == 0) GTEST_SKIP() << "no CUDA device on this machine"; \
  } while (0)
