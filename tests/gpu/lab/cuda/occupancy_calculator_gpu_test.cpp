// The lab's occupancy calculated from ptxas's report and the device's limits (gpu/lab/cuda/
// occupancy_calculator.hpp) equals what the driver says with the kernel loaded
// (cuOccupancyMaxActiveBlocksPerMultiprocessor in a lab worker), for kernels limited by each
// resource in turn: warps, registers, shared memory, blocks per SM. Skips without a device.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gpu/lab/cuda/occupancy_calculator.hpp"
#include "tests/gpu/lab/cuda/kernel_stage_runs.hpp"
#include "tests/gpu/lab/cuda/lab_runs.hpp"

namespace {

using namespace kc::test;

// Many values live at once: a register count well above the template's.
std::string registerHeavyBody() {
  return "  float acc[40];\n"
         "#pragma unroll\n"
         "  for (int i = 0; i < 40; ++i) acc[i] = in.rgba(min(x + i, in.width - 1), y).x * (i + 1.5f);\n"
         "  float sum = 0;\n"
         "#pragma unroll\n"
         "  for (int i = 0; i < 40; ++i) sum += acc[i] * acc[39 - i] + acc[(i * 7) % 40];\n"
         "  out.setGray(x, y, (unsigned char)sum);";
}

TEST(LabOccupancyCalculator, EqualsTheDriversFigureWhateverLimitsIt) {
  KC_REQUIRE_CUDA_DEVICE();
  struct Case {
    std::string name, text;
  };
  const std::vector<Case> cases{
      {"template.cu", kc::lab::kernelTemplate()},
      {"small_blocks.cu", labKernel("// @output gray\n// @block 8x4\n", "  out.setGray(x, y, in.rgba(x, y).y);")},
      {"big_blocks.cu", labKernel("// @output gray\n// @block 32x32\n", "  out.setGray(x, y, in.rgba(x, y).y);")},
      {"registers_256.cu", labKernel("// @output gray\n// @block 16x16\n", registerHeavyBody())},
      {"registers_1024.cu", labKernel("// @output gray\n// @block 32x32\n", registerHeavyBody())},
      {"transpose.cu", kc::lab::readKernelSource(labResource("transpose.cu")).text},
      {"shared_40k.cu", labKernel("// @output gray\n// @block 16x16\n",
                                  "  __shared__ unsigned char tile[40 * 1024];\n"
                                  "  tile[threadIdx.y * 16 + threadIdx.x] = in.rgba(x, y).x;\n  __syncthreads();\n"
                                  "  out.setGray(x, y, tile[(threadIdx.y * 16 + threadIdx.x + 1) % 256]);")},
  };
  kc::lab::LabRunner runner;
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const kc::lab::CompiledKernel kernel = compileText(c.name, c.text);
    ASSERT_TRUE(kernel.resources.known);
    const std::optional<kc::lab::Occupancy> calculated = kc::lab::calculateOccupancy(kernel, 0);
    ASSERT_TRUE(calculated.has_value());
    runner.load(kernel);
    const kc::lab::Occupancy driver = runner.occupancy();
    std::printf("[ measured ] %s: %d registers, %d bytes shared: calculated %s; driver %s\n", c.name.c_str(),
                kernel.resources.registers, kernel.resources.sharedBytes,
                kc::lab::describeOccupancy(*calculated).c_str(), kc::lab::describeOccupancy(driver).c_str());
    EXPECT_EQ(calculated->blockThreads, driver.blockThreads);
    EXPECT_EQ(calculated->activeBlocksPerSm, driver.activeBlocksPerSm);
    EXPECT_EQ(calculated->activeWarpsPerSm, driver.activeWarpsPerSm);
    EXPECT_EQ(calculated->maxWarpsPerSm, driver.maxWarpsPerSm);
  }
}

}  // namespace
