// The check before app_tests (tests/support/gpu_graphics_health.hpp): which kernel log records
// mean an MMU fault, on the H200's own lines (2026-11-29) and lines that look close.
#include "tests/support/gpu_graphics_health.hpp"

#include <gtest/gtest.h>

namespace {

TEST(GpuGraphicsHealth, AnMmuFaultInTheKernelLogIsFoundAndOtherXidsAreNot) {
  const std::string log =
      "6,1234,27706616,-;NVRM: Xid (PCI:0000:00:06): 31, pid=523, name=fault, channel 0x0000000a, intr 00000000. "
      "MMU Fault: ENGINE GRAPHICS GPC1 GPCCLIENT_T1_8 faulted @ 0x0_00000000. Fault is of type FAULT_PDE "
      "ACCESS_TYPE_VIRT_WRITE\n"
      "[  633.383241] NVRM: Xid (PCI:0000:00:06): 109, pid=1968, name=app_tests, channel 0x00000004, errorString "
      "CTX SWITCH TIMEOUT, Info 0x8c004\n"
      "[  640.000000] NVRM: Xid (PCI:0000:00:06): 13, pid=1, Graphics Exception 31,\n"
      "[  641.000000] usb 1-1: new device 31, not a GPU\n"
      "[  642.000000] NVRM: Xid (PCI:0000:41:00): 31, pid=77, name=kernelcam-lab-w, MMU Fault\n";
  const std::vector<std::string> faults = kc::test::mmuFaultRecords(log);
  ASSERT_EQ(faults.size(), 2u);
  EXPECT_EQ(faults[0].rfind("NVRM: Xid (PCI:0000:00:06): 31, pid=523", 0), 0u) << faults[0];
  EXPECT_EQ(faults[1].rfind("NVRM: Xid (PCI:0000:41:00): 31, pid=77", 0), 0u) << faults[1];
  EXPECT_TRUE(kc::test::mmuFaultRecords("").empty());
  EXPECT_TRUE(kc::test::mmuFaultRecords("NVRM: Xid (PCI:0000:00:06): 310, pid=1\n").empty());
}

// Without an MMU fault in the log (or without the right to read it) nothing is probed: the check
// costs a read of the kernel log, not a kernelcam run per test process.
TEST(GpuGraphicsHealth, WithoutAFaultNoProbeRuns) {
  if (!kc::test::mmuFaultRecords(kc::test::readKernelLog()).empty())
    GTEST_SKIP() << "this machine's kernel log has an MMU fault: the probe would run";
  EXPECT_EQ(kc::test::stalledInteropReason(0.001), "");
}

}  // namespace
