#!/usr/bin/env bash
# On the GPU machine (device tool `run`, carry [".carry"]): the course's GPU checks in one call.
# Packed here by
#   KC_DEVICE_APP_BUILD=build scripts/device/pack-app.sh   (kernelcam, app_tests and their libraries)
#   then .carry/bin.tar.xz: kernelcam, app_tests, libkernelcam-cuda.so, the lab's worker and compiler,
#   lab_tests (stripped; xz -9: the carry stays under 64 MiB)
#   1. lab_tests' exercises: every reference solution meets every goal, every wrong kernel fails saying
#      what differs; an image exercise's check time with a warm worker;
#   2. scripts/device/exercise-figures.sh: `exercise check` per exercise and the grader's throughput;
#   3. app_tests' CLI tests of `exercise` and `grade` (the GPU half: faulting and hanging submissions);
#   4. what is left running afterwards (nothing may be).
# Writes logs under $OUT; prints one summary line per step last.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/kc-course-out}"
mkdir -p "$out"
[ -f .carry/bin.tar.xz ] && tar -C .carry -xJf .carry/bin.tar.xz
source .carry/device-env.sh >/dev/null 2>&1
export KC_LAB_WORKER="$PWD/.carry/bin/kernelcam-lab-worker" KC_LAB_COMPILER="$PWD/.carry/bin/kernelcam-lab-compiler"
export KC_TEST_FIXTURES_DIR="$PWD/tests/fixtures"
# The CLI tests run the kernelcam their build named.
for b in build build-device; do mkdir -p "/work/main/$b/app" && ln -sf "$PWD/.carry/bin/kernelcam" "/work/main/$b/app/kernelcam"; done
summary=()
step() { local name=$1; shift; local start=$(date +%s); "$@"; local rc=$?; summary+=("$name: rc=$rc ($(($(date +%s) - start)) s)"); }

step lab_tests timeout "${KC_LAB_SECONDS:-300}" .carry/bin/lab_tests --gtest_filter="${KC_LAB_FILTER:-*ExerciseSolutions*:ExerciseCheckTime*}" > "$out/exercises.log" 2>&1
summary+=("  $(grep -E '^\[  (PASSED|FAILED)' "$out/exercises.log" | tr '\n' ' ')")
step figures env CLASS_SIZE="${CLASS_SIZE:-48}" scripts/device/exercise-figures.sh > "$out/figures.log" 2>&1
summary+=("$(tail -n 14 "$out/figures.log" | sed 's/^/  /')")
step app_tests timeout 300 .carry/bin/app_tests --gtest_filter="${KC_APP_FILTER:-CliGrade*:CliExercise*}" > "$out/app.log" 2>&1
summary+=("  $(grep -E '^\[  (PASSED|FAILED)' "$out/app.log" | tr '\n' ' ')")
left="$(ps -eo pid,stat,args | grep -E 'kernelcam|lab_tests|app_tests' | grep -v grep)"
summary+=("left running: ${left:-nothing}")
printf '%s\n' "${summary[@]}"
