#!/usr/bin/env bash
# On the GPU machine (x-on-gpu.sh says what must be there): the window's figures (`kernelcam --measure`)
# under several environments, one run each, against the headless view once per size: what bounds the
# window's rate and latency (issue 20). Each variant is "NAME=VALUE[,NAME=VALUE]" or "default":
#   scripts/device/window-variants.sh default __GL_MaxFramesAllowed=2 QT_QPA_UPDATE_IDLE_TIME=0
# Writes $OUT/window-variants.txt: one line per run (the window's JSON) and per headless view.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/kc-figures-out}"
mkdir -p "$out"
source scripts/device/x-on-gpu.sh
kc=.carry/bin/kernelcam
report="$out/window-variants.txt"
: > "$report"
sizes="${KC_VARIANT_SIZES:-3840x2160 1920x1080}"
for size in $sizes; do
  timeout 90 $kc process --source pattern --size "$size" --frames 3000 --backend cuda --view /tmp/view.png \
    --json "/tmp/view-$size.json" > /dev/null 2>&1
  echo "headless $size: rc=$? $(tr -d ' \n' < "/tmp/view-$size.json" | grep -oE '"view":\{[^}]*')" | tee -a "$report"
  for variant in "$@"; do
    settings=()
    [ "$variant" = default ] || IFS=, read -r -a settings <<< "$variant"
    env "${settings[@]}" timeout 60 $kc --measure 5 --backend cuda --source pattern --size "$size" \
      > /tmp/window.json 2> /tmp/window.err
    echo "window $size [$variant]: rc=$? $(cat /tmp/window.json)" | tee -a "$report"
    kill_app_children
  done
done
