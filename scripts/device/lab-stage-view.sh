#!/usr/bin/env bash
# On the GPU machine (the app carry): a `kernel=` stage against the built-in stage of the same cost in
# the headless view (`process --view`, CUDA): issue 22's "user kernels at built-in speed". The lab's
# grey.cu computes what gray=lab does, bit for bit. Also times `kernel check` on the template.
#   scripts/device/lab-stage-view.sh [frames]     (KC_BIN: the kernelcam to run, default the carry's)
# Prints one line per run (frames per second of the view, the stage medians); $OUT/lab-stage-view.txt.
set -uo pipefail
cd "$(dirname "$0")/../.."
source scripts/device/app-carry-env.sh /tmp/kc-lab-stage
frames="${1:-2000}"
kc="${KC_BIN:-.carry/bin/kernelcam}"
report="$out/lab-stage-view${KC_LABEL:+-$KC_LABEL}.txt"
: > "$report"
summary() {
  python3 - "$1" <<'PY' 2>&1
import json, sys
d = json.load(open(sys.argv[1]))
v = d.get("view", {})
print("view fps", round(v.get("fps", 0), 1), "pipeline fps", round(d.get("fps", 0), 1),
      "cpu ms/frame", round(d.get("cpu_ms_per_frame", 0), 3), "display", v.get("display_path"),
      "stages", [(s["name"], round(s["ms_median"], 4)) for s in d.get("stages", [])])
PY
}
for size in 3840x2160 1920x1080; do
  for chain in gray=lab kernel=resources/lab/grey.cu; do
    for run in 1 2; do
      timeout 120 "$kc" process --source pattern --size "$size" --frames "$frames" --backend cuda \
        --filters "$chain" --view /tmp/kc-lab-view.png --json /tmp/kc-lab-view.json > /tmp/kc-lab-view.log 2>&1
      echo "$size $chain run $run: rc=$? $(summary /tmp/kc-lab-view.json)" | tee -a "$report"
    done
  done
done
"$kc" kernel new /tmp/kc-template.cu > /dev/null 2>&1
for run in 1 2 3 4 5; do
  start=$(date +%s%N)
  "$kc" kernel check /tmp/kc-template.cu --timings > /tmp/kc-check.log 2>&1
  rc=$?
  echo "kernel check run $run: rc=$rc wall $(( ($(date +%s%N) - start) / 1000000 )) ms; $(grep timings /tmp/kc-check.log)" | tee -a "$report"
done
start=$(date +%s%N); "$kc" --help > /dev/null 2>&1
echo "kernelcam --help: wall $(( ($(date +%s%N) - start) / 1000000 )) ms" | tee -a "$report"
