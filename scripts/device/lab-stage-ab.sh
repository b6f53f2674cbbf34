#!/usr/bin/env bash
# On the GPU machine (the app carry, with the backend library, lab worker and compiler of the commit
# before a change in .carry/head/: packed into bin.tar.xz beside bin/ with `xz -9 -T1`, whose 64 MiB
# window stores the second library almost free, or in .carry/head.tar.xz): lab-stage-view.sh with this build's
# backend (label "new") and with the one before (label "head"), in one call on one GPU, so the A/B
# compares like with like. The same kernelcam runs both: the backend's ABI did not change.
set -uo pipefail
cd "$(dirname "$0")/../.."
source scripts/device/app-carry-env.sh /tmp/kc-lab-stage
frames="${1:-1500}"
bin=.carry/bin
rm -rf /tmp/kc-head && mkdir -p /tmp/kc-head
if [ -d .carry/head ]; then cp -r .carry/head /tmp/kc-head/; else tar -C /tmp/kc-head -xJf .carry/head.tar.xz; fi
cp "$bin/kernelcam" /tmp/kc-head/head/
for label in new head; do
  if [ "$label" = head ]; then export KC_BIN=/tmp/kc-head/head/kernelcam; else unset KC_BIN; fi
  KC_LABEL=$label scripts/device/lab-stage-view.sh "$frames" | sed "s/^/$label: /"
done
