#!/usr/bin/env bash
# On the GPU machine (x-on-gpu.sh's app carry): `kernelcam kernel profile` on the lesson's kernels, the
# per-line figures a student gets (issue 22). Writes $OUT/profile-cli.txt and prints it.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/kc-profile-out}"
mkdir -p "$out"
[ -f .carry/bin.tar.xz ] && [ ! -x .carry/bin/kernelcam ] && tar -C .carry -xJf .carry/bin.tar.xz
source .carry/device-env.sh >/dev/null
export LD_LIBRARY_PATH="$DEV_ROOT/lib:/usr/local/nvidia/lib64:/usr/local/cuda/lib64"
for kernel in "$@"; do
  echo "== kernelcam kernel profile resources/lab/$kernel"
  timeout 60 .carry/bin/kernelcam kernel profile "resources/lab/$kernel" --size 1920x1080 2>&1
  echo "(exit $?)"
done > "$out/profile-cli.txt"
cat "$out/profile-cli.txt"
