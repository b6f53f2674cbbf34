#!/usr/bin/env bash
# On the GPU machine, after scripts/device/run-gpu-tests.sh built gpu_tests: compute-sanitizer's
# tools over the GPU tests. KC_TEST_SMALL=1 trims the CPU-reference sweeps; the CG convergence
# studies (hundreds of thousands of iterations on the seven matrices) are left out: under a
# sanitizer each launch costs milliseconds. CG's kernels still run in the Poisson, early-iterate and
# not-SPD tests. CUDA API errors are not counted (--report-api-errors no): the error-path tests
# (absurd allocation, bad device ordinal, bad launch) cause them on purpose and assert the exception;
# the tools still report every bad access, race, barrier misuse and leak. Writes $OUT/sanitizer-<tool>.log; prints each tool's error summary and test count.
#   scripts/device/run-sanitizers.sh [TOOL...]   (default: memcheck racecheck synccheck)
set -uo pipefail
cd "$(dirname "$0")/../.."
tests="${KC_DEVICE_BUILD_DIR:-/tmp/kcg}/tests/gpu_tests"
out="${OUT:-/tmp/kc-san-out}"
mkdir -p "$out"
filter="${KC_SANITIZE_FILTER:--CgGpuStudy.*:CgSpmv.StudyMatrices*:CgDemo.*}"
limit="${KC_SANITIZE_SECONDS:-240}"
sanitizer="$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)"
tools=("$@")
((${#tools[@]})) || tools=(memcheck racecheck synccheck)
for tool in "${tools[@]}"; do
  extra=()
  [ "$tool" = memcheck ] && extra=(--leak-check full)
  start=$(date +%s)
  KC_TEST_SMALL=1 KC_TEST_DATA_DIR="$PWD/data" timeout "$limit" "$sanitizer" --tool "$tool" --report-api-errors no "${extra[@]}" \
    --error-exitcode 99 "$tests" --gtest_filter="$filter" >"$out/sanitizer-$tool.log" 2>&1
  rc=$?
  echo "$tool: rc=$rc in $(($(date +%s) - start)) s; $(grep -m1 -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/sanitizer-$tool.log");" \
       "$(grep -E '^\[  PASSED|^\[  FAILED|tests from .* ran' "$out/sanitizer-$tool.log" | tr '\n' ' ')"
done
