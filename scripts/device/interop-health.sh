#!/usr/bin/env bash
# Issue 40 class 14, the tests' side, on a FRESH machine (no X server: the headless view is EGL):
# app_tests' health check (tests/support/gpu_graphics_health.hpp) lets the headless view's GPU
# tests run on a fresh machine and, after a CUDA kernel's MMU fault in another process, fails them
# at once with the reason instead of ~80 s of stalls, while the command line's GPU tests (which draw
# nothing) still run. Before the fault, the grader's CLI tests three times (the compiler pool's SIGSEGV).
# Device: scripts/device/interop-health.sh   carry [".carry/bin.tar.xz", ".carry/libs.tar.xz", ".carry/libs.sum",
#                                                   ".carry/device-env.sh", ".carry/gl", ".carry/fault1"]
# (.carry/fault1/fault: nvcc -O2 -arch=sm_90 scripts/device/fault_kernel.cu -o .carry/fault1/fault)
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/kc-health-out}"
mkdir -p "$out" build/app
source .carry/device-env.sh > /dev/null 2>&1
tar -C .carry -mxJf .carry/bin.tar.xz && ln -sf "$PWD/.carry/bin/kernelcam" build/app/kernelcam
[ "$PWD" = /work/main ] || [ -d /work/main/tests ] || { mkdir -p /work && rm -rf /work/main && ln -s "$PWD" /work/main; }
export KC_TEST_DATA_DIR="$PWD/data" KC_TEST_FIXTURES_DIR="$PWD/tests/fixtures" KC_MATRIX_DIR="$PWD/data/matrices"
run() {
  local start=$(date +%s%N)
  timeout 240 .carry/bin/app_tests --gtest_filter="$1" > "$out/$2.log" 2>&1
  local rc=$?
  echo "$2: rc=$rc, $(( ($(date +%s%N) - start) / 1000000 )) ms; $(grep -E '^\[  (PASSED|FAILED|SKIPPED) ' "$out/$2.log" | sort -u | head -6 | tr '\n' ' ')"
}
nvidia-smi --query-gpu=name,driver_version,clocks.sm --format=csv,noheader
run 'HeadlessView*:GpuGraphicsHealth*' fresh
for i in ${GRADE_ROUNDS:-1 2 3}; do run 'CliGrade*' "grade-$i"; done
.carry/fault1/fault null
run 'HeadlessView*:GpuGraphicsHealth*:CliExercise*' after-fault
grep -hE 'Failure|MMU|restart' "$out/after-fault.log" | cut -c1-400 | head -4
run 'HeadlessView*' after-fault-cached
dmesg | grep -iE 'xid' | cut -c1-160 | tail -4
