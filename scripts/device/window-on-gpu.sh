#!/usr/bin/env bash
# The Qt window on the GPU machine, under a carried Xvfb, with NVIDIA's GL if it can be had (issue 20).
#
# Why this script exists. The GPU machine has NVIDIA's GL libraries but no X server and no /dev/dri.
# Debian's Xvfb (../shared/tools/pack-xvfb.sh) gives an X server whose server-side GLX is Mesa's; with
# __GLX_VENDOR_LIBRARY_NAME=nvidia glvnd hands the clients NVIDIA's libGLX_nvidia, and glxinfo then reports
# "NVIDIA H200". Qt 6.4's window still aborted there: its xcb GLX integration chooses a config only through
# glXChooseFBConfig (qglx_findConfig, src/gui/opengl/platform/unix/qglxconvenience.cpp), which returned
# nothing for any list down to the smallest it tries ("redBufferSize 1 ... SingleBuffer" in the warning is
# the format after qglx_reduceFormat ran out), and its glXChooseVisual fallback passes the same
# FBConfig-style list, so QGLXContext hit qFatal("Could not initialize GLX"). No QSurfaceFormat can help:
# the smallest list (GLX_LEVEL 0, GLX_RENDER_TYPE GLX_RGBA_BIT, 1/1/1 bits, GLX_DRAWABLE_TYPE
# GLX_WINDOW_BIT) was already refused. Qt's EGL integration (xcb_egl) needs NVIDIA's EGL X11 platform,
# which needs DRI3/GBM from the X server and a DRM device: neither exists there.
# So this script (1) measures what NVIDIA's GLX offers on that X server (glx_probe: which attribute empties
# glXChooseFBConfig, whether a window context works and whether its pixels reach the X server), then
# (2) tries the window under candidate set-ups, best first, each for a few seconds with Qt's GL logging on,
# and for the first that works prints the GL the window got and saves a screenshot of the X screen.
#
# Modes:
#   here:          scripts/device/window-on-gpu.sh pack
#                    builds .carry/glx/ (glx_probe, kc_glx_shim.so, qt_gl_window; ~0.1 MB) and prints the device
#                    calls with their carries. Needs .carry/xvfb from ../shared/tools/pack-xvfb.sh and the app
#                    carry from scripts/device/pack-app.sh.
#   device call 1: scripts/device/window-on-gpu.sh xvfb      carry [".carry/xvfb", ".carry/glx"] (~63 MB)
#                    unpacks the X server into /tmp/xvfb-root (kept while the machine stays warm), starts it,
#                    runs glxinfo and glx_probe with NVIDIA's GLX (plain and PRIME render offload) and Mesa's:
#                    the whole GLX diagnosis, before the app is carried.
#   device call 2: scripts/device/window-on-gpu.sh [window]  carry the app (pack-app.sh) and .carry/glx:
#                    [".carry/bin", ".carry/gl", ".carry/libs.tar.xz", ".carry/libs.sum", ".carry/device-env.sh",
#                     ".carry/glx"]   (same warm machine: /tmp/xvfb-root from call 1 is reused)
#                    starts the X server, tries the candidates, prints a summary last. On a fresh machine
#                    (the warm one went back) call 1 must come again first: the script says so.
# Writes into /tmp/kc-window-out: glx-probe-*.txt, glxinfo-*.txt, CANDIDATE-qt.log, CANDIDATE-kernelcam.log,
#   CANDIDATE-screen.png (the X screen: what reached the X server), CANDIDATE-qt-fb.png (what GL drew);
#   then into $OUT (which returns at most 8 files): window-logs.tgz of all of them, summary.txt, and the
#   first working set-up's two PNGs.
# Variables: KC_WINDOW_SECONDS (8) how long each kernelcam run lasts; KC_TRY_ALL=1 tries every candidate
#   (default: stop at the first whose window works); KC_WINDOW_ARGS (--backend cuda --source pattern
#   --size 1920x1080) the window's options; KC_XVFB_DIR (.carry/xvfb).
set -uo pipefail
cd "$(dirname "$0")/../.."
mode="${1:-window}"
glx=.carry/glx
xvfb_dir="${KC_XVFB_DIR:-.carry/xvfb}"
xvroot=/tmp/xvfb-root
xvlib="$xvroot/usr/lib/x86_64-linux-gnu"
nvlib=/usr/local/nvidia/lib64

if [ "$mode" = pack ]; then
  set -e
  mkdir -p "$glx"
  src=scripts/device
  # Linked against libGL.so.1 (glvnd, in the Xvfb carry) rather than libOpenGL: call 1 has no app carry.
  gcc -O2 -Wall -o "$glx/glx_probe" "$src/glx_probe.c" -lGL -lX11 -lz
  gcc -O2 -Wall -shared -fPIC -o "$glx/kc_glx_shim.so" "$src/glx_choose_shim.c" -ldl
  # shellcheck disable=SC2046
  g++ -O2 -fPIC -std=c++17 "$src/qt_gl_window.cpp" $(pkg-config --cflags --libs Qt6Widgets Qt6OpenGLWidgets) \
    -o "$glx/qt_gl_window"
  gcc -O1 -g -Wall -shared -fPIC -o "$glx/kc_segv.so" "$src/segv_backtrace.c"
  strip "$glx/glx_probe" "$glx/kc_glx_shim.so" "$glx/qt_gl_window"
  size() { if [ -e "$1" ]; then du -sh "$1" | cut -f1; else echo "missing"; fi; }
  echo "carry sizes: .carry/glx $(size "$glx"), $xvfb_dir $(size "$xvfb_dir") (../shared/tools/pack-xvfb.sh)," \
       "app: .carry/bin $(size .carry/bin), .carry/libs.tar.xz $(size .carry/libs.tar.xz), .carry/gl $(size .carry/gl)" \
       "(scripts/device/pack-app.sh)"
  echo "device call 1: command 'scripts/device/window-on-gpu.sh xvfb', carry [\"$xvfb_dir\", \".carry/glx\"]"
  echo "device call 2 (warm machine): command 'scripts/device/window-on-gpu.sh', carry [\".carry/bin\", \".carry/gl\"," \
       "\".carry/libs.tar.xz\", \".carry/libs.sum\", \".carry/device-env.sh\", \".carry/glx\"]"
  exit 0
fi

out=/tmp/kc-window-out
rm -rf "$out" && mkdir -p "$out"
summary=()
pids=()
winner=""
# The device returns at most 8 files from $OUT: every log in one archive, the summary, the winner's PNGs.
collect() {
  [ -n "${OUT:-}" ] || return 0
  printf '%s\n' "${summary[@]}" > "$OUT/summary.txt"
  tar -C "$out" -czf "$OUT/window-logs.tgz" . 2>/dev/null
  [ -n "$winner" ] && cp "$out/$winner-screen.png" "$out/$winner-qt-fb.png" "$OUT/" 2>/dev/null
  return 0
}
cleanup() { local p; for p in "${pids[@]}"; do kill -- -"$p" 2>/dev/null || kill "$p" 2>/dev/null; done; collect; }
trap cleanup EXIT

# --- the X server -------------------------------------------------------------------------------
# Unpacked once per warm machine into /tmp/xvfb-root; the host libraries pack-xvfb.sh copied next to the
# debs go there too, so a later call needs nothing from the Xvfb carry.
stage_xvfb() {
  if [ ! -x "$xvroot/usr/bin/Xvfb" ] && [ -f .carry/xvfb-slim/xvfb-root.tar.xz ]; then
    # scripts/device/pack-xvfb-slim.sh: root/ is the unpacked X server, hostlib/ the host libraries.
    local tmp=/tmp/xvfb-unpack
    rm -rf "$tmp" && mkdir -p "$tmp" && xz -dc .carry/xvfb-slim/xvfb-root.tar.xz | tar -C "$tmp" -xf -
    rm -rf "$xvroot" && mv "$tmp/root" "$xvroot" && mv "$tmp/hostlib" "$xvroot/hostlib"
  fi
  if [ ! -x "$xvroot/usr/bin/Xvfb" ]; then
    [ -d "$xvfb_dir/debs" ] || { echo "no X server: carry .carry/xvfb-slim (scripts/device/pack-xvfb-slim.sh) or $xvfb_dir (../shared/tools/pack-xvfb.sh)"; exit 1; }
    mkdir -p "$xvroot" && for f in "$xvfb_dir"/debs/*.deb; do dpkg -x "$f" "$xvroot"; done
    mkdir -p "$xvroot/hostlib" && cp -a "$xvfb_dir"/lib/. "$xvroot/hostlib/"
  fi
  [ -e /usr/bin/xkbcomp ] || ln -sf "$xvroot/usr/bin/xkbcomp" /usr/bin/xkbcomp  # Xvfb runs it from /usr/bin
}

start_xvfb() {
  local n=7
  while [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
  # The server's own GLX is Mesa's (swrast_dri.so): only its libraries on the server's path.
  env LD_LIBRARY_PATH="$xvlib:$xvroot/hostlib" LIBGL_DRIVERS_PATH="$xvlib/dri" \
    "$xvroot/usr/bin/Xvfb" ":$n" -screen 0 1920x1080x24 -nolisten tcp -noreset -xkbdir "$xvroot/usr/share/X11/xkb" \
    > "$out/xvfb.log" 2>&1 &
  pids+=($!)
  export DISPLAY=":$n"
  for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$n" ] && break; sleep 0.1; done
  sleep 0.5
  kill -0 "${pids[-1]}" 2>/dev/null || { echo "Xvfb did not start:"; tail -5 "$out/xvfb.log"; exit 1; }
  summary+=("Xvfb on $DISPLAY (1920x1080x24)")
}

# NVIDIA's EGL vendor file, where glvnd would not look for it (as device-env.sh does).
nv_egl_json=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
egl_vendor=()
[ -f "$nv_egl_json" ] && ! ls /usr/share/glvnd/egl_vendor.d/*nvidia* >/dev/null 2>&1 && \
  egl_vendor=(__EGL_VENDOR_LIBRARY_FILENAMES="$nv_egl_json")

# --- GLX as the clients see it: NVIDIA's (glvnd vendor 'nvidia') and Mesa's -----------------------
probe_glx() {
  local env_base=(LD_LIBRARY_PATH="${APP_LIBS:+$APP_LIBS:}$xvlib:$nvlib:$xvroot/hostlib" LIBGL_DRIVERS_PATH="$xvlib/dri")
  local vendor rc f
  # nvidia-prime: NVIDIA's PRIME render offload switch as well (its README asks for both variables when
  # NVIDIA renders for an X screen it does not drive; the one public account of NVIDIA's GL under Xvfb
  # with driver 580 used both).
  for vendor in nvidia nvidia-prime mesa; do
    local venv=(__GLX_VENDOR_LIBRARY_NAME="${vendor%-prime}")
    [ "$vendor" = nvidia-prime ] && venv+=(__NV_PRIME_RENDER_OFFLOAD=1)
    f="$out/glxinfo-$vendor.txt"
    env "${env_base[@]}" "${venv[@]}" "$xvroot/usr/bin/glxinfo" -B > "$f" 2>&1
    # glxinfo tries glXChooseFBConfig first and falls back to glXChooseVisual; the core-profile lines come
    # only from the FBConfig path, so their absence means glXChooseFBConfig found nothing for glxinfo too.
    summary+=("glxinfo ($vendor): $(grep -m1 'renderer string' "$f" | sed 's/.*: //'); $(grep -m1 'OpenGL core profile version' "$f" || echo 'no core-profile lines: glXChooseFBConfig found nothing')")
    f="$out/glx-probe-$vendor.txt"
    env "${env_base[@]}" "${venv[@]}" timeout 30 "$glx/glx_probe" > "$f" 2>&1
    rc=$?
    summary+=("glx_probe ($vendor): rc=$rc | $(grep -E '^glXGetFBConfigs' "$f") | Qt's lists: $(grep -E '^  r[18] g' "$f" | sed 's/ configs//' | tr -s ' \n' ' ') | $(grep -E 'smallest list without|GLX_DONT_CARE' "$f" | tr -s ' \n' ' ') | $(grep -E '^glXChooseVisual' "$f" | tr '\n' ' ') | $(grep -E '^window context|^glXCreateContextAttribsARB|^no ' "$f" | tr '\n' ' ') | $(grep -E 'glXSwapBuffers|^X errors' "$f" | tr '\n' ' ')")
  done
  # glxinfo through the shim: does a context made from a hand-picked FBConfig work on NVIDIA? The shim
  # logs each context's GL; the first is glxinfo's core-profile one (FBConfig path).
  f="$out/glxinfo-nvidia-shim.txt"
  env "${env_base[@]}" __GLX_VENDOR_LIBRARY_NAME=nvidia LD_PRELOAD="$PWD/$glx/kc_glx_shim.so" \
    "$xvroot/usr/bin/glxinfo" -B > "$f" 2>&1
  summary+=("glxinfo (nvidia, through kc_glx_shim.so): $(grep -E -m2 'kc-glx-shim: (glXChoose|context)' "$f" | tr '\n' ' ' | cut -c1-400)")
}

# --- the window under candidate set-ups ---------------------------------------------------------
# Each: NAME | why | environment (space-separated VAR=value). Best first.
candidates=(
  "nvidia-glx|NVIDIA's GLX as Qt asks for it (the failure of 2026-11-26, for the record)|__GLX_VENDOR_LIBRARY_NAME=nvidia QT_XCB_GL_INTEGRATION=xcb_glx KC_GLX_SHIM=off"
  "nvidia-prime|NVIDIA's GLX in PRIME render-offload mode (__NV_PRIME_RENDER_OFFLOAD=1), Qt unchanged|__GLX_VENDOR_LIBRARY_NAME=nvidia __NV_PRIME_RENDER_OFFLOAD=1 QT_XCB_GL_INTEGRATION=xcb_glx KC_GLX_SHIM=off"
  "nvidia-prime-shim|PRIME render offload, configs chosen by kc_glx_shim.so when glXChooseFBConfig finds none|__GLX_VENDOR_LIBRARY_NAME=nvidia __NV_PRIME_RENDER_OFFLOAD=1 QT_XCB_GL_INTEGRATION=xcb_glx KC_GLX_SHIM=fallback"
  "nvidia-glx-shim|NVIDIA's GLX, configs chosen by kc_glx_shim.so when glXChooseFBConfig finds none|__GLX_VENDOR_LIBRARY_NAME=nvidia QT_XCB_GL_INTEGRATION=xcb_glx KC_GLX_SHIM=fallback"
  "nvidia-glx-shim-relaxed|as above, also accepting configs without GLX_WINDOW_BIT if they have an X visual|__GLX_VENDOR_LIBRARY_NAME=nvidia QT_XCB_GL_INTEGRATION=xcb_glx KC_GLX_SHIM=fallback KC_GLX_SHIM_RELAX=1"
  "nvidia-egl|Qt's xcb EGL integration on NVIDIA's EGL (needs NVIDIA's X11 EGL platform: DRI3 + GBM, expected to fail)|QT_XCB_GL_INTEGRATION=xcb_egl"
  "nvidia-egl-device|xcb_egl with DISPLAY unset (-display instead): Qt's EGL_DEFAULT_DISPLAY retry then gets NVIDIA's device platform, which has no window surfaces (expected to fail)|QT_XCB_GL_INTEGRATION=xcb_egl KC_NO_DISPLAY_ENV=1"
  "mesa-glx|Mesa's GLX (llvmpipe): the window runs, CUDA computes, the copy path displays|__GLX_VENDOR_LIBRARY_NAME=mesa QT_XCB_GL_INTEGRATION=xcb_glx KC_GLX_SHIM=off"
)

run_candidate() {
  local name="$1" why="$2" vars="$3" secs="${KC_WINDOW_SECONDS:-8}"
  local -a env_c
  read -r -a env_c <<< "$vars"
  env_c+=(QT_QPA_PLATFORM=xcb "QT_LOGGING_RULES=qt.glx*=true;qt.qpa.gl=true" KC_PRINT_GL=1
          LIBGL_DRIVERS_PATH="$xvlib/dri" XDG_CONFIG_HOME="/tmp/kc-window-config-$name")
  [[ "$vars" == *KC_GLX_SHIM* ]] && env_c+=(LD_PRELOAD="$PWD/$glx/kc_glx_shim.so")
  # KC_NO_DISPLAY_ENV: the X display goes on the command line (-display, which Qt's xcb takes) and DISPLAY
  # is unset, so that EGL's default display is not an X11 one.
  local -a unset_c=() qt_args=()
  [[ "$vars" == *KC_NO_DISPLAY_ENV* ]] && unset_c=(-u DISPLAY) && qt_args=(-display "$DISPLAY")
  rm -rf "/tmp/kc-window-config-$name"
  echo "== $name: $why"
  # 1. The smallest Qt GL window (kernelcam's format): does Qt get a context here at all, and which GL?
  env "${unset_c[@]}" "${env_c[@]}" timeout 30 "$glx/qt_gl_window" 3000 "$out/$name-qt-fb.png" "${qt_args[@]}" \
    > "$out/$name-qt.log" 2>&1
  local qt_rc=$?
  local qt_gl
  qt_gl="$(grep -m1 '^qt_gl_window: GL_VENDOR' "$out/$name-qt.log" | sed 's/^qt_gl_window: //')"
  local line="$name: qt_gl_window rc=$qt_rc ${qt_gl:-no GL} $(grep -m1 'frames painted' "$out/$name-qt.log" | sed 's/^qt_gl_window: //')"
  if [ "$qt_rc" != 0 ]; then
    line+=" | why: $(grep -m2 -E 'qFatal|Could not|Failed|failed' "$out/$name-qt.log" | tr '\n' ' ' | cut -c1-300)"
    summary+=("$line")
    return 1
  fi
  # glvnd falls back to the server's vendor (Mesa) when NVIDIA's library cannot serve: that is no success.
  if [[ "$name" == nvidia* && "$qt_gl" != *NVIDIA* && "${KC_TRY_ALL:-0}" != 1 ]]; then
    summary+=("$line | not NVIDIA's GL: kernelcam not tried")
    return 1
  fi
  # 2. kernelcam's window with the CUDA backend for a few seconds; the screen is grabbed while it runs.
  # Its own session (setsid): stopping it stops whatever it started (lab workers) with it.
  # shellcheck disable=SC2086
  setsid env "${unset_c[@]}" "${env_c[@]}" .carry/bin/kernelcam ${KC_WINDOW_ARGS:---backend cuda --source pattern --size 1920x1080} \
    --verbose "${qt_args[@]}" \
    > "$out/$name-kernelcam.log" 2>&1 &
  local pid=$!
  pids+=("$pid")
  sleep "$secs"
  local alive=no
  if kill -0 "$pid" 2>/dev/null; then
    alive=yes
    env LD_LIBRARY_PATH="${APP_LIBS:+$APP_LIBS:}$xvlib:$xvroot/hostlib" "$glx/glx_probe" --grab "$out/$name-screen.png" >/dev/null 2>&1
  fi
  kill -- -"$pid" 2>/dev/null
  for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -9 -- -"$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  local window_gl status
  window_gl="$(grep -m1 -E '^kernelcam: window GL:' "$out/$name-kernelcam.log" | sed 's/^kernelcam: window GL: //')"
  # An app built before KC_PRINT_GL existed: the shim logs every GLX context's GL instead.
  [ -n "$window_gl" ] || window_gl="$(grep -m1 'kc-glx-shim: context' "$out/$name-kernelcam.log" | sed 's/.*: GL_VENDOR/GL_VENDOR/')"
  # Neither: the same environment gave qt_gl_window this GL.
  [ -n "$window_gl" ] || window_gl="(kernelcam without KC_PRINT_GL; qt_gl_window in this set-up got) $qt_gl"
  status="$(grep -E '^kernelcam: status:' "$out/$name-kernelcam.log" | tail -1 | sed 's/^kernelcam: status: //')"
  line+=" | kernelcam ran ${secs}s: $alive; window GL: ${window_gl:-unknown}; status bar: ${status:-unknown}"
  [ "$alive" = yes ] || line+=" | why: $(grep -m3 -E 'Could not|Failed|failed|needs OpenGL|Abort|error' "$out/$name-kernelcam.log" | tr '\n' ' ' | cut -c1-300)"
  [[ "$name" == nvidia* && "$window_gl" != *NVIDIA* ]] && line+=" | not NVIDIA's GL" && alive=no
  summary+=("$line")
  [ "$alive" = yes ] && [ -n "$window_gl" ]
}

stage_xvfb
start_xvfb
if [ "$mode" = xvfb ]; then
  probe_glx
  printf '%s\n' "${summary[@]}"
  exit 0
fi

[ -f .carry/device-env.sh ] || { echo "no app carry: scripts/device/pack-app.sh here, then carry it (see the header)"; exit 1; }
source .carry/device-env.sh >/dev/null || exit 1
# That machine has no fonts: Qt's widgets would draw boxes. The repository's DejaVu Sans Mono serves.
mkdir -p /tmp/kc-fonts && printf '<?xml version="1.0"?><fontconfig><dir>%s</dir><cachedir>/tmp/kc-fonts/cache</cachedir></fontconfig>\n' \
  "$PWD/resources/fonts" > /tmp/kc-fonts/fonts.conf
export FONTCONFIG_FILE=/tmp/kc-fonts/fonts.conf
APP_LIBS="$DEV_ROOT/lib"
# The app's libraries first, then the X server's (Mesa's GLX vendor library and its dependencies, for the
# Mesa candidate), then NVIDIA's and CUDA's: the order of the run that passed 22 GUI tests on Mesa.
export LD_LIBRARY_PATH="$APP_LIBS:$xvlib:$nvlib:/usr/local/cuda/lib64:$xvroot/hostlib"
probe_glx
for entry in "${candidates[@]}"; do
  IFS='|' read -r name why vars <<< "$entry"
  if run_candidate "$name" "$why" "$vars" && [ -z "$winner" ]; then
    winner="$name"
    [ "${KC_TRY_ALL:-0}" = 1 ] || break
  fi
done
printf '%s\n' "${summary[@]}"
if [ -n "$winner" ]; then
  echo "first working set-up: $winner (screenshot $out/$winner-screen.png; GL drawn $out/$winner-qt-fb.png)"
else
  echo "no set-up gave the window GL: see $out/*-qt.log and $out/glx-probe-*.txt"
  exit 1
fi
