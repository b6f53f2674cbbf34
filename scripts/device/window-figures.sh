#!/usr/bin/env bash
# On the GPU machine (x-on-gpu.sh says what must be there): the window's own figures against the headless
# view (issue 20), then the window tour's screenshots.
#  - `kernelcam --measure 5` (the window under Xvfb with NVIDIA's GL, CUDA, default chain, the pattern's first
#    frames replayed unpaced): frames swapped onto the screen per second, CPU ms per frame, latency from the
#    source stamp to the swap; `process --view` (offscreen EGL, same renderer, same ring of frames) at the
#    same frame size; each size run three times, alternating, the median kept.
#  - the WindowTour test with KC_TOUR_OUT=$OUT: its five screenshots come back.
# Writes $OUT/window-figures.txt (the table and the raw JSON lines).
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/kc-figures-out}"
mkdir -p "$out"
source scripts/device/x-on-gpu.sh
kc=.carry/bin/kernelcam
report="$out/window-figures.txt"
: > "$report"
median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
field() { grep -oE "\"$1\":[^,}]*" | head -1 | cut -d: -f2 | tr -d '"'; }
# The median of one key over the window's JSON lines, or over the "view" objects of process's reports.
window_median() { local key=$1 f; shift; for f in "$@"; do field "$key" < "$f"; done | median; }
view_median() { local key=$1 f; shift; for f in "$@"; do tr -d ' \n' < "$f" | grep -oE '"view":\{[^}]*' | field "$key"; done | median; }
for size in 3840x2160 1920x1080; do
  for run in 1 2 3; do
    timeout 60 $kc --measure 5 --backend cuda --source pattern --size "$size" > "/tmp/window-$size-$run.json" 2> "/tmp/window-$size-$run.err"
    echo "window $size run $run: rc=$? $(cat "/tmp/window-$size-$run.json")" >> "$report"
    kill_app_children
    timeout 90 $kc process --source pattern --size "$size" --frames 3000 --backend cuda --view /tmp/view.png \
      --json "/tmp/view-$size-$run.json" > /dev/null 2>&1
    echo "headless $size run $run: rc=$? $(tr -d ' \n' < "/tmp/view-$size-$run.json" | grep -oE '"view":\{[^}]*')" >> "$report"
  done
  w_fps=$(window_median fps /tmp/window-$size-*.json)
  w_cpu=$(window_median cpu_ms_per_frame /tmp/window-$size-*.json)
  w_p50=$(window_median latency_ms_p50 /tmp/window-$size-*.json)
  w_p95=$(window_median latency_ms_p95 /tmp/window-$size-*.json)
  w_lf=$(window_median latency_frames_p50 /tmp/window-$size-*.json)
  w_path=$(cat /tmp/window-$size-1.json | field display_path)
  w_view="$(cat /tmp/window-$size-1.json | field view_width)x$(cat /tmp/window-$size-1.json | field view_height)"
  h_fps=$(view_median fps /tmp/view-$size-*.json)
  h_cpu=$(view_median cpu_ms_per_frame /tmp/view-$size-*.json)
  printf '%s: window %s fps (%s, view %s), CPU %s ms/frame, latency p50 %s ms (%s frames), p95 %s ms | headless view %s fps, CPU %s ms/frame | window/headless %s\n' \
    "$size" "$w_fps" "$w_path" "$w_view" "$w_cpu" "$w_p50" "$w_lf" "$w_p95" "$h_fps" "$h_cpu" \
    "$(awk -v a="$w_fps" -v b="$h_fps" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')" | tee -a "$report"
done
KC_TOUR_OUT="$out" timeout 240 "${app_tests[@]}" --gtest_filter='WindowTour.*' > /tmp/tour.log 2>&1
echo "tour: rc=$? $(grep -E '^\[ +(OK|FAILED|SKIPPED) ' /tmp/tour.log)" | tee -a "$report"
grep -E 'Failure|Expected|Which is|tour \]' /tmp/tour.log | head -10 | tee -a "$report"
