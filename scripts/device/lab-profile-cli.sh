#!/usr/bin/env bash
# On the GPU machine (x-on-gpu.sh's app carry): `kernelcam kernel profile` on the lesson's kernels, the
# per-line figures a student gets (issue 22). Writes $OUT/profile-cli.txt and prints it.
set -uo pipefail
cd "$(dirname "$0")/../.."
source scripts/device/app-carry-env.sh /tmp/kc-profile-out
for kernel in "$@"; do
  echo "== kernelcam kernel profile resources/lab/$kernel"
  timeout 60 .carry/bin/kernelcam kernel profile "resources/lab/$kernel" --size 1920x1080 2>&1
  echo "(exit $?)"
done > "$out/profile-cli.txt"
cat "$out/profile-cli.txt"
