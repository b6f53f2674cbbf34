#pragma once
// Issue 40, class 14: on the lent H200 (NVIDIA 580.159.04, no display) a CUDA kernel's MMU fault in
// ANY process (Xid 31) leaves CUDA-GL interop stalling ~15 s per call in every process started
// after it, until the machine restarts; GL alone and CUDA alone keep their speed
// (scripts/device/interop-after-fault.sh shows it without kernelcam; docs/HARDENING.md, round 4, 14).
// The window's GPU tests then fail after minutes of timeouts. This check says so at once instead:
// windowSystemHasGl() (tests/support/qt_test_app.hpp) and the headless view's tests ask it before
// they draw, and fail with its line; tests without GL (the command line's, the lab's) run as usual.
#include <string>
#include <vector>

namespace kc::test {

// The records of `kernelLog` (one per line, as /dev/kmsg or dmesg gives them) that report an MMU
// fault of an NVIDIA GPU: "NVRM: Xid (PCI:...): 31, ...".
std::vector<std::string> mmuFaultRecords(const std::string& kernelLog);

// The kernel log as far as this process may read it (/dev/kmsg needs root or
// kernel.dmesg_restrict=0); "" when it may not.
std::string readKernelLog();

// "" when the kernel log shows no MMU fault (the usual case: no probe runs), or when
// `kernelcam process --backend cuda --view` (the window's renderer with interop, in a process of its
// own) renders within `limitSeconds`. Else one line: the fault record, the probe's time, what to do.
// The verdict is kept per boot and number of faults (/tmp), so a CTest run probes once.
std::string stalledInteropReason(double limitSeconds = 8.0);

}  // namespace kc::test
