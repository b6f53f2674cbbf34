#!/usr/bin/env bash
# On the GPU machine (device tool `run`, repository root, carry [".carry"]), after
#   ../shared/tools/pack-for-device.sh build/app/kernelcam build/tests/app_tests && scripts/device/pack-dev.sh
# here: proves the live app's GPU paths with the carried Qt build.
#   1. `kernelcam devices`
#   2. `process --backend cuda --view` on a 4K pattern: interop path, NVIDIA GL, two streams, fps
#   3. CUDA output == CPU output, pixel for pixel, on a real photo (grey and colour chains)
#   4. app_tests (CLI, sources, pipeline sizes through the CUDA backend) on the GPU
# Writes $OUT/view-4k.png, $OUT/process-4k.json, $OUT/app_tests.log; prints a summary last.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/kc-app-out}"
mkdir -p "$out"
source .carry/device-env.sh >/dev/null
kc=.carry/bin/kernelcam
data="$PWD/data"
photo="$data/samples/chelsea.png"
export KC_MATRIX_DIR="$data/matrices"  # the binary was built elsewhere: the matrices kernelcam finds by name
summary=()

$kc devices > "$out/devices.txt" 2>&1; summary+=("devices: rc=$? $(grep -m1 -i 'H100\|H200' "$out/devices.txt")")

$kc process --source pattern --size 3840x2160 --backend cuda --frames 300 \
  --filters "gray=bt709,conv=gauss:5:clamp,transpose,hist=256" \
  --json "$out/process-4k.json" --view "$out/view-4k.png" > "$out/process-4k.log" 2>&1
summary+=("4K view: rc=$? $(tr -d ' \n' < "$out/process-4k.json" | grep -o '"view":{[^}]*}')")
summary+=("4K json: $(tr -d ' \n' < "$out/process-4k.json" | grep -o '"fps":[0-9.e+]*' | head -1), streams $(grep -o '"streams": [0-9]*' "$out/process-4k.json")")

# Exact except where a separable convolution runs (rounded once after two passes: within 1 level).
compare=(
  "gray=bt709,conv=gauss:5:clamp,transpose,hist=256 pgm 1"
  "gray=lab,conv=sobelx:3:zero pgm 0"
  "conv=sharpen:3:reflect,hist=64 ppm 0"
  "conv=box:9,transpose ppm 1"
)
for entry in "${compare[@]}"; do
  read -r chain ext tolerance <<<"$entry"
  rm -f "/tmp/cuda.$ext" "/tmp/cpu.$ext"
  $kc process --source "image:$photo" --filters "$chain" --backend cuda --out "/tmp/cuda.$ext" 2>>"$out/equal.log"
  $kc process --source "image:$photo" --filters "$chain" --backend cpu --out "/tmp/cpu.$ext" 2>>"$out/equal.log"
  verdict="$(python3 scripts/device/compare_images.py "/tmp/cuda.$ext" "/tmp/cpu.$ext" "$tolerance")"
  summary+=("cuda vs cpu [$chain] (tolerance $tolerance): rc=$? $verdict")
done

# app_tests find the binary at its build path and the data through KC_TEST_DATA_DIR.
# FFmpeg is stubbed in the device carry (scripts/device/pack-app.sh): the video tests run in CI only.
for b in build build-device; do mkdir -p "/work/main/$b/app" && ln -sf "$PWD/$kc" "/work/main/$b/app/kernelcam"; done
KC_TEST_DATA_DIR="$data" .carry/bin/app_tests --gtest_filter='-*Video*' > "$out/app_tests.log" 2>&1
summary+=("app_tests: rc=$? $(grep -E '^\[  PASSED|^\[  FAILED|tests ran' "$out/app_tests.log" | tr '\n' ' ')")
# 5. Soak on the CUDA backend: sizes and chains keep changing; resident and device memory must stay flat.
timeout 150 $kc process --source pattern --size 1280x720 --frames 6000 --soak --backend cuda > "$out/soak.txt" 2>&1
summary+=("soak: rc=$? $(grep -iE 'verdict|growth' "$out/soak.txt" | tail -2 | tr '\n' ' ')")

# 6. The classroom demos on the GPU (tables in demos.txt).
{
  $kc demo reduce --backend cuda --op sum --type float --n 16777216
  $kc demo reduce --backend cuda --op mat3min --n 1048576
  $kc demo matmul --backend cuda --m 1024 --n 1024 --k 1024 --type float
  $kc demo matmul --backend cuda --m 17 --n 33 --k 65 --type int
  $kc demo cg --backend cuda --poisson 256 --precision double
} > "$out/demos.txt" 2>&1
summary+=("demos: rc=$? $(grep -ciE 'yes' "$out/demos.txt") rows marked correct")

grep -E '^\[  (FAILED|SKIPPED) ' "$out/app_tests.log" | head -20
printf '%s\n' "${summary[@]}"
