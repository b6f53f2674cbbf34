#!/usr/bin/env bash
# Issue 40 class 14 without kernelcam, on a FRESH machine (no X server needed: EGL on the device):
# GL alone, CUDA alone and CUDA-GL interop timed in a new process (gl_interop_after_fault.cu), before
# and after a CUDA kernel in another process writes through a null pointer (fault_kernel.cu).
# Here:  nvcc -O2 -arch=sm_90 scripts/device/gl_interop_after_fault.cu -o .carry/repro/interop -lEGL -lOpenGL
#        nvcc -O2 -arch=sm_90 scripts/device/fault_kernel.cu -o .carry/repro/fault
# Device: scripts/device/interop-after-fault.sh     carry [".carry/repro", ".carry/gl", ".carry/device-env.sh"]
set -uo pipefail
cd "$(dirname "$0")/../.."
source .carry/device-env.sh > /dev/null 2>&1
unset QT_QPA_PLATFORM
run() { echo "== $1"; timeout 120 .carry/repro/interop; echo "(rc $?)"; }
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader
run "fresh machine"
run "fresh machine, again"
.carry/repro/fault
run "after a plain kernel in another process"
.carry/repro/fault null
run "after a null write in another process"
sleep 20
run "20 s later"
echo "== the driver's messages"
dmesg | grep -iE 'xid' | cut -c1-220 | tail -8
