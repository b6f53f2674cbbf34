#!/usr/bin/env bash
# Issue 40 class 14 without kernelcam: NVIDIA's GL frame rate (glxgears on the carried Xvfb) on a fresh
# machine, after a plain CUDA kernel in another process, and after a CUDA kernel that writes through a
# null pointer (the MMU fault after which the window's GL timed out, docs/HARDENING.md round 4, 14).
# Here:  nvcc -arch=sm_90 -O2 scripts/device/fault_kernel.cu -o .carry/repro/fault
# Device: after scripts/device/window-on-gpu.sh xvfb staged /tmp/xvfb-root on the same warm machine,
#         scripts/device/gl-after-fault.sh      carry [".carry/repro"]
set -uo pipefail
cd "$(dirname "$0")/../.."
xr=/tmp/xvfb-root
xl=$xr/usr/lib/x86_64-linux-gnu
[ -x $xr/usr/bin/Xvfb ] || { echo "no X server in $xr: run scripts/device/window-on-gpu.sh xvfb first"; exit 2; }
[ -e /usr/bin/xkbcomp ] || ln -sf $xr/usr/bin/xkbcomp /usr/bin/xkbcomp
LD_LIBRARY_PATH=$xl:$xr/hostlib LIBGL_DRIVERS_PATH=$xl/dri $xr/usr/bin/Xvfb :31 -screen 0 1280x720x24 -nolisten tcp \
  -xkbdir $xr/usr/share/X11/xkb > /tmp/xvfb31.log 2>&1 &
x_pid=$!
trap 'kill $x_pid 2>/dev/null' EXIT
sleep 1
export DISPLAY=:31 __GLX_VENDOR_LIBRARY_NAME=nvidia LD_LIBRARY_PATH=$xl:/usr/local/nvidia/lib64:$xr/hostlib
gears() { echo "glxgears $1: $(timeout 6 $xr/usr/bin/glxgears 2>&1 | grep -m1 frames)"; }
gears fresh
.carry/repro/fault && gears after-a-plain-kernel
.carry/repro/fault null && gears after-a-null-write
gears again
dmesg | grep -iE 'xid' | tail -6
