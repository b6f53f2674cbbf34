#!/usr/bin/env bash
# On the GPU machine (device tool `run`, carry [".carry"], the app packed by scripts/device/pack-app.sh
# with the lab's worker and compiler beside it): the course's figures for docs/PERFORMANCE.md and
# docs/GRADING.md.
#   1. `kernelcam exercise check` of each exercise's reference solution, wall time (a fresh process:
#      the CLI's cold check) and the level reached;
#   2. the grader's throughput: CLASS_SIZE copies of each exercise's reference solution (each with its
#      own comment, so no row comes from the cache), graded with --jobs $(nproc); the time per exercise
#      and what 500 students of every exercise would take.
# Writes $OUT/exercise-figures.log; prints the summary last.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/kc-ex-out}"
mkdir -p "$out"
log="$out/exercise-figures.log"
source .carry/device-env.sh >/dev/null 2>&1
export KC_LAB_WORKER="$PWD/.carry/bin/kernelcam-lab-worker" KC_LAB_COMPILER="$PWD/.carry/bin/kernelcam-lab-compiler"
export XDG_CACHE_HOME=/tmp/kc-ex-cache XDG_DATA_HOME=/tmp/kc-ex-data KC_SAMPLES_DIR="${KC_SAMPLES_DIR:-}"
kc=.carry/bin/kernelcam
size="${CLASS_SIZE:-64}"
exercises="${EXERCISES:-$($kc exercise list | awk '/^[a-z0-9]/ {print $1}')}"
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv,noheader | tee "$log"
summary=()
missing=()
total_s=0
for ex in $exercises; do
  solution="tests/fixtures/exercises/$ex/solution.cu"
  start=$(date +%s.%N)
  $kc exercise check "$solution" > "$out/check-$ex.txt" 2>&1
  rc=$?
  check_s=$(awk "BEGIN {printf \"%.2f\", $(date +%s.%N) - $start}")
  level=$(grep -o 'level [0-9] of [0-9] reached' "$out/check-$ex.txt")
  cat "$out/check-$ex.txt" >> "$log"
  class=/tmp/kc-class-$ex
  rm -rf "$class" && mkdir -p "$class"
  for i in $(seq 1 "$size"); do { echo "// student $i"; cat "$solution"; } > "$class/s$i.cu"; done
  start=$(date +%s.%N)
  $kc grade "$ex" "$class" --out "$out/grade-$ex.csv" --jobs "$(nproc)" --again --quiet > "$out/grade-$ex.txt" 2>&1
  grade_rc=$?
  grade_s=$(awk "BEGIN {printf \"%.2f\", $(date +%s.%N) - $start}")
  cat "$out/grade-$ex.txt" >> "$log"
  rate=$(awk "BEGIN {printf \"%.2f\", $size / $grade_s}")
  # A failed run's rate is not a rate: the estimate says it left that exercise out.
  if [ "$grade_rc" -eq 0 ]; then total_s=$(awk "BEGIN {printf \"%.1f\", $total_s + 500 / $rate}")
  else missing+=("$ex"); fi
  summary+=("$ex: check rc=$rc ${check_s}s ($level); grade $size in ${grade_s}s = $rate/s (rc=$grade_rc; $(grep -o 'all-goals [0-9]*' "$out/grade-$ex.txt"); $(grep 'the time' "$out/grade-$ex.txt"))")
done
# Where the grader's time goes: grayscale's class again with fewer and more lanes, and without counters.
if [ -n "${LANES_SWEEP:-}" ]; then
  for variant in $LANES_SWEEP; do
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    $kc grade grayscale /tmp/kc-class-grayscale --out "$out/sweep.csv" --jobs "$(nproc)" --again --quiet ${variant//_/ } > "$out/sweep.txt" 2>&1
    s=$(awk "BEGIN {printf \"%.2f\", $(date +%s.%N) - $start}")
    summary+=("grayscale sweep ${variant//_/ }: $size in ${s}s; $(grep 'the time' "$out/sweep.txt")")
  done
fi
printf '%s\n' "${summary[@]}" | tee -a "$log"
# Eight files at most come back from the device: the per-exercise ones travel as one archive.
tar -C "$out" -czf "$out/figures.tar.gz" $(cd "$out" && ls check-*.txt grade-*.csv grade-*.txt sweep.* 2>/dev/null) &&
  (cd "$out" && rm -f check-*.txt grade-*.csv grade-*.txt sweep.*)
echo "500 students x every exercise: about $(awk "BEGIN {printf \"%.1f\", $total_s / 60}") min${missing[*]:+ (without ${missing[*]}: its grade failed)}" | tee -a "$log"
