#!/usr/bin/env bash
# On the GPU machine (device tool `run`, carry [".carry"]), in one call that fits the 10-minute limit:
# every GPU check the live-path and kernel-lab issues still owe. Packed here by
#   scripts/device/pack-dev.sh && KC_DEVICE_APP_BUILD=build scripts/device/pack-app.sh
#   cp build/gpu/kernelcam-lab-worker build/gpu/kernelcam-lab-compiler .carry/bin/ && tar -C .carry -cJf .carry/bin.tar.xz bin && rm -r .carry/bin
# (the binaries travel compressed: uncompressed they push the carry past 64 MiB).
#   1. gpu_tests, all of them (scripts/device/run-gpu-tests.sh builds them here)
#   2. lab_tests with the worker (fault and hang recovery, kernel= stage, edit-to-frame time)
#   3. compute-sanitizer memcheck over the frame-format conversion and flip kernels
#   4. the app: `process --view` at 4K from RGBA and from NV12 (fps, host ms per frame), and the
#      app_tests that need a device (frame copies, camera frames, the live worker, the lab window)
# Writes logs under $OUT; prints one summary line per check last.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/kc-round-out}"
mkdir -p "$out"
summary=()
[ -f .carry/bin.tar.xz ] && tar -C .carry -xJf .carry/bin.tar.xz

start=$(date +%s)
scripts/device/run-gpu-tests.sh > "$out/gpu_tests.txt" 2>&1
summary+=("gpu_tests: rc=$? $(grep -E '^\[  PASSED|^\[  FAILED|tests ran|SKIPPED \]' "$out/gpu_tests.txt" | tr '\n' ' ') ($(($(date +%s) - start)) s)")

start=$(date +%s)
ninja -C /tmp/kcg lab_tests kernelcam-lab-worker kernelcam-lab-compiler > "$out/lab_build.log" 2>&1 || tail -30 "$out/lab_build.log"
KC_TEST_DATA_DIR="$PWD/data" timeout 150 /tmp/kcg/tests/lab_tests > "$out/lab_tests.log" 2>&1
summary+=("lab_tests: rc=$? $(grep -E '^\[  PASSED|^\[  FAILED|tests ran' "$out/lab_tests.log" | tr '\n' ' ') ($(($(date +%s) - start)) s)")

KC_SANITIZE_FILTER='YuvConvert*:ChannelConvert*:Flip*:CudaPipeline*' KC_SANITIZE_SECONDS=90 \
  scripts/device/run-sanitizers.sh memcheck > "$out/sanitizer.txt" 2>&1
summary+=("sanitizer: $(tr '\n' ' ' < "$out/sanitizer.txt")")

source .carry/device-env.sh >/dev/null
kc=.carry/bin/kernelcam
export KC_LAB_WORKER="$PWD/.carry/bin/kernelcam-lab-worker" KC_LAB_COMPILER="$PWD/.carry/bin/kernelcam-lab-compiler"
for run in "rgba|--filters gray=lab,conv=gauss:5:clamp,hist=256" "nv12grey|--pattern-format nv12 --filters gray=lab,hist=256"; do
  name="${run%%|*}"; args="${run#*|}"
  # shellcheck disable=SC2086
  timeout 60 $kc process --source pattern --size 3840x2160 --frames 3000 --backend cuda $args \
    --view "$out/view-$name.png" --json "$out/process-$name.json" > "$out/process-$name.log" 2>&1
  summary+=("process 4K $name: rc=$? $(tr -d ' \n' < "$out/process-$name.json" | grep -oE '"(fps|cpu_ms_per_frame|source_cpu_ms_per_frame|display_path|streams)":[^,}]*' | tr '\n' ' ')")
done

for b in build build-device; do mkdir -p "/work/main/$b/app" "/work/main/$b/gpu" && ln -sf "$PWD/$kc" "/work/main/$b/app/kernelcam" && ln -sf "$KC_LAB_WORKER" "/work/main/$b/gpu/kernelcam-lab-worker"; done
KC_TEST_DATA_DIR="$PWD/data" timeout 200 .carry/bin/app_tests \
  --gtest_filter='FrameCopies*:CameraFrames*:LiveResponsiveness*:LabWindow*:CliKernelStage*:AppDemoRunners*:CliBackend*:LabPanelNvrtc*:CliProcess*:CliKernel*' \
  > "$out/app_tests.log" 2>&1
summary+=("app_tests (device halves): rc=$? $(grep -E '^\[  PASSED|^\[  FAILED|tests ran' "$out/app_tests.log" | tr '\n' ' ')")

grep -hE '^\[  (FAILED|SKIPPED) ' "$out"/gpu_tests.txt "$out"/lab_tests.log "$out"/app_tests.log | head -30
grep -hE 'edit-to-frame|first frame|ms to' "$out"/lab_tests.log | head -5
printf '%s\n' "${summary[@]}"
