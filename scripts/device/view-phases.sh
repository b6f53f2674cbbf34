#!/usr/bin/env bash
# On the GPU machine (device tool `run`, carry [".carry"], packed as run-round-checks.sh says):
# where the presented frame's milliseconds go. Runs `process --view` on the pattern with
# KC_PHASE_TIMES=1 (host time per NVTX range, printed at exit) for each case below, and prints
# the view's fps and the phase table of each. Usage: view-phases.sh [CASE...], a case being
# NAME|ENV|ARGS (ENV: VAR=VALUE pairs separated by commas, or "-").
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/kc-phases-out}"
mkdir -p "$out"
[ -f .carry/bin.tar.xz ] && [ ! -x .carry/bin/kernelcam ] && tar -C .carry -xJf .carry/bin.tar.xz
source .carry/device-env.sh >/dev/null
kc=.carry/bin/kernelcam
frames="${KC_PHASE_FRAMES:-3000}"
cases=("$@")
if ((${#cases[@]} == 0)); then
  cases=("4k-rgba|-|--size 3840x2160"
         "4k-nv12-grey|-|--size 3840x2160 --pattern-format nv12 --filters gray=bt709,hist=256"
         "1080p-rgba|-|--size 1920x1080")
fi
for c in "${cases[@]}"; do
  IFS='|' read -r name envs args <<<"$c"
  env_args=()
  [ "$envs" != "-" ] && IFS=',' read -r -a env_args <<<"$envs"
  # shellcheck disable=SC2086
  env KC_PHASE_TIMES=1 "${env_args[@]}" timeout 90 $kc process --source pattern --frames "$frames" --backend cuda $args \
    --view "$out/view-$name.png" --json "$out/process-$name.json" > "$out/phases-$name.log" 2>&1
  echo "== $name ($envs): rc=$? $(tr -d ' \n' < "$out/process-$name.json" 2>/dev/null | grep -oE '"view":\{[^}]*' | grep -oE '"(fps|cpu_ms_per_frame|display_path)":[^,}]*' | tr '\n' ' ')"
  sed -n '/host phase times/,$p' "$out/phases-$name.log" | head -16
done
