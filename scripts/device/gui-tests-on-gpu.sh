#!/usr/bin/env bash
# On the GPU machine, after scripts/device/window-on-gpu.sh staged the X server in /tmp/xvfb-root (same
# warm machine), with the app carry of scripts/device/pack-app.sh: the window's GUI tests with the CUDA
# backend under that X server, NVIDIA's GLX for the clients (KC_GUI_GL=mesa: Mesa's llvmpipe instead).
# A GUI test that skips here is a failure of this run (the machine has a GPU and a window system).
#   scripts/device/gui-tests-on-gpu.sh [gtest filter]      (default: every GUI suite)
# Writes $OUT/gui-tests.log; prints the failed and skipped tests and the summary last.
set -uo pipefail
cd "$(dirname "$0")/../.."
xr=/tmp/xvfb-root
xl="$xr/usr/lib/x86_64-linux-gnu"
out="${OUT:-/tmp/kc-gui-out}"
mkdir -p "$out"
[ -x "$xr/usr/bin/Xvfb" ] || { echo "no X server in $xr: run scripts/device/window-on-gpu.sh xvfb first (same machine)"; exit 2; }
filter="${1:-GuiSmoke*:LiveResponsiveness*:LabWindow*:RecordGui*:StillImage*:PresentationGui*:DemoPanelGui*:WindowSession*:SourceMenu*:FilterDock*:WindowSettings*:KernelCompileWindow*:RecordingSurvivesAKill*}"
n=20
env LD_LIBRARY_PATH="$xl:$xr/hostlib" LIBGL_DRIVERS_PATH="$xl/dri" "$xr/usr/bin/Xvfb" ":$n" -screen 0 1600x1000x24 \
  -nolisten tcp -noreset -xkbdir "$xr/usr/share/X11/xkb" > "$out/xvfb.log" 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
source .carry/device-env.sh >/dev/null
# That machine has no fonts: Qt's widgets would draw boxes. The repository's DejaVu Sans Mono serves.
mkdir -p /tmp/kc-fonts && printf '<?xml version="1.0"?><fontconfig><dir>%s</dir><cachedir>/tmp/kc-fonts/cache</cachedir></fontconfig>\n' \
  "$PWD/resources/fonts" > /tmp/kc-fonts/fonts.conf
export FONTCONFIG_FILE=/tmp/kc-fonts/fonts.conf
export LD_LIBRARY_PATH="$DEV_ROOT/lib:$xl:/usr/local/nvidia/lib64:/usr/local/cuda/lib64:$xr/hostlib"
export DISPLAY=":$n" QT_QPA_PLATFORM=xcb LIBGL_DRIVERS_PATH="$xl/dri" __GLX_VENDOR_LIBRARY_NAME="${KC_GUI_GL:-nvidia}"
# The tests start the kernelcam binary at the path it was built at here.
built="$(strings .carry/bin/app_tests | grep -m1 '/app/kernelcam$')"
[ -n "$built" ] && mkdir -p "$(dirname "$built")" && ln -sf "$PWD/.carry/bin/kernelcam" "$built"
export KC_TEST_DATA_DIR="$PWD/.carry/data"
timeout 420 .carry/bin/app_tests --gtest_filter="$filter" > "$out/gui-tests.log" 2>&1
rc=$?
# A crashed test must leave no lab worker or window behind for the next run on this machine.
pkill -f 'kernelcam-lab-(worker|compiler)|\.carry/bin/kernelcam' 2>/dev/null
grep -E '^\[  (FAILED|SKIPPED) ' "$out/gui-tests.log" | sort -u | head -40
tail -3 "$out/gui-tests.log"
exit $rc
