# Sourced by the scripts that run the window on the GPU machine (gui-tests-on-gpu.sh,
# window-figures.sh), after scripts/device/window-on-gpu.sh xvfb staged the X server in /tmp/xvfb-root
# on the same warm machine, with the app carry of scripts/device/pack-app.sh: starts Xvfb (1600x1000x24)
# and exports what the window needs there: NVIDIA's GLX for the clients (KC_GUI_GL=mesa: Mesa's llvmpipe),
# the app's carried libraries first, fonts, KC_TEST_DATA_DIR; a `kernelcam` link where app_tests looks.
# Defines `x_stop` (also run at exit), `kill_app_children` (no lab worker or window left behind) and
# "${app_tests[@]}" (app_tests, with the crash backtrace preloaded when .carry/glx/kc_segv.so is there).
xr=/tmp/xvfb-root
xl="$xr/usr/lib/x86_64-linux-gnu"
[ -x "$xr/usr/bin/Xvfb" ] || { echo "no X server in $xr: run scripts/device/window-on-gpu.sh xvfb first (same machine)"; exit 2; }
[ -f .carry/bin.tar.xz ] && { [ ! -x .carry/bin/kernelcam ] || [ .carry/bin.tar.xz -nt .carry/bin/kernelcam ]; } && tar -C .carry -mxJf .carry/bin.tar.xz  # -m: unpacked now, so a newer pack is seen
x_display=20
while [ -e "/tmp/.X11-unix/X$x_display" ]; do x_display=$((x_display + 1)); done
env LD_LIBRARY_PATH="$xl:$xr/hostlib" LIBGL_DRIVERS_PATH="$xl/dri" "$xr/usr/bin/Xvfb" ":$x_display" -screen 0 1600x1000x24 \
  -nolisten tcp -noreset -xkbdir "$xr/usr/share/X11/xkb" > "/tmp/xvfb-$x_display.log" 2>&1 &
x_pid=$!
kill_app_children() { pkill -f 'kernelcam-lab-(worker|compiler)|\.carry/bin/kernelcam' 2>/dev/null; }
x_stop() { kill_app_children; kill "$x_pid" 2>/dev/null; }
trap x_stop EXIT
for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$x_display" ] && break; sleep 0.1; done
source .carry/device-env.sh >/dev/null
# That machine has no fonts: Qt's widgets would draw boxes. The repository's DejaVu Sans Mono serves.
mkdir -p /tmp/kc-fonts && printf '<?xml version="1.0"?><fontconfig><dir>%s</dir><cachedir>/tmp/kc-fonts/cache</cachedir></fontconfig>\n' \
  "$PWD/resources/fonts" > /tmp/kc-fonts/fonts.conf
export FONTCONFIG_FILE=/tmp/kc-fonts/fonts.conf
export LD_LIBRARY_PATH="$DEV_ROOT/lib:$xl:/usr/local/nvidia/lib64:/usr/local/cuda/lib64:$xr/hostlib"
export DISPLAY=":$x_display" QT_QPA_PLATFORM=xcb LIBGL_DRIVERS_PATH="$xl/dri" __GLX_VENDOR_LIBRARY_NAME="${KC_GUI_GL:-nvidia}"
export XDG_CONFIG_HOME=/tmp/kc-config-$x_display && rm -rf "$XDG_CONFIG_HOME" && mkdir -p "$XDG_CONFIG_HOME"
# The tests start the kernelcam binary at the path it was built at here.
built="$(strings .carry/bin/app_tests | grep -m1 '/app/kernelcam$')"
[ -n "$built" ] && mkdir -p "$(dirname "$built")" && ln -sf "$PWD/.carry/bin/kernelcam" "$built"
# The repository's data/ (the binaries were built elsewhere), and the matrices kernelcam finds by name.
export KC_TEST_DATA_DIR="$PWD/data" KC_MATRIX_DIR="$PWD/data/matrices"
# A test process that crashes prints its backtrace (no gdb there): scripts/device/segv_backtrace.c.
app_tests=(.carry/bin/app_tests)
[ -f .carry/glx/kc_segv.so ] && app_tests=(env LD_PRELOAD="$PWD/.carry/glx/kc_segv.so" .carry/bin/app_tests)
