#!/usr/bin/env bash
# Issue 40, class 14: which lab_tests suite leaves the GPU machine's GL path 20-60x slower, and what
# that state is. ../shared/DEVICE.md narrowed it to lab_tests (after it, a 16-test GUI subset went from
# 18 s to its 170 s limit, the headless view failed 2 of 4; GPU idle, no process in nvidia-smi, load ~1,
# 10 <defunct> processes). A load of 1 with an idle GPU and no runnable process points at a thread in
# uninterruptible sleep (D): a killed worker's teardown stuck in the driver, holding what GL needs.
#
# On a FRESH machine, after scripts/device/window-on-gpu.sh xvfb staged the X server (call 1), with the
# app carry (pack-app.sh; .carry/bin with app_tests, lab_tests, the lab worker and compiler):
#   device call 2: scripts/device/slow-after-lab-bisect.sh      carry [".carry"]
# Steps: a GUI probe (StillImage* in one process, HeadlessView* in another: the paths that slowed) timed
# on the fresh machine; then each lab_tests suite in turn, most suspected first (the state is cumulative),
# each followed by a snapshot and the probe, until a probe takes over 3x the first; then what undoes it:
# time, killing what is left, the driver's caches. Writes $OUT/bisect.log and one snapshot per step.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/kc-bisect-out}"
mkdir -p "$out"
log="$out/bisect.log"
source scripts/device/x-on-gpu.sh
export KC_LAB_WORKER="$PWD/.carry/bin/kernelcam-lab-worker" KC_LAB_COMPILER="$PWD/.carry/bin/kernelcam-lab-compiler"
export KC_TEST_FIXTURES_DIR="$PWD/tests/fixtures"
say() { echo "$*" | tee -a "$log"; }

# What a later process could inherit from an earlier one, at this moment.
snapshot() {
  local f="$out/snapshot-$1.txt"
  {
    echo "== uptime"; uptime
    echo "== threads not sleeping normally (R, D, Z), with their kernel wait channel"
    ps -eLo pid,tid,ppid,stat,wchan:40,etime,pcpu,comm | awk 'NR == 1 || $4 ~ /^[RDZ]/'
    for t in $(ps -eLo tid,stat | awk '$2 ~ /^D/ {print $1}'); do echo "-- stack of $t"; cat "/proc/$t/stack" 2>&1 | head -20; done
    echo "== kernelcam and test processes"; ps -eo pid,ppid,stat,etime,args | grep -E 'kernelcam|_tests|Xvfb' | grep -v grep
    echo "== nvidia-smi"; nvidia-smi --query-gpu=utilization.gpu,memory.used,clocks.sm,clocks.mem,clocks_throttle_reasons.active,pstate --format=csv
    nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv
    echo "== driver messages"; dmesg 2>&1 | grep -iE 'xid|nvrm' | tail -10
    echo "== /tmp, /dev/shm, caches"; ls -la /dev/shm | tail -5; find /tmp -maxdepth 1 -newer "$out/start-marker" | head -40
    du -sh ~/.nv ~/.cache "${XDG_CACHE_HOME:-/nonexistent}" 2>/dev/null
    echo "== open GPU device files"; ls -l /proc/[0-9]*/fd 2>/dev/null | grep -c nvidia
  } > "$f" 2>&1
}

# Seconds the GUI probe takes, on stdout; its failures go to the log and stderr.
probe() {
  local s e
  s=$(date +%s.%N)
  timeout 120 "${app_tests[@]}" --gtest_filter='StillImage*' > "$out/probe-$1-gui.log" 2>&1 || say "  probe $1: the GUI part failed (rc $?)" >&2
  kill_app_children
  timeout 120 "${app_tests[@]}" --gtest_filter='HeadlessView*' > "$out/probe-$1-headless.log" 2>&1 || say "  probe $1: the headless view failed (rc $?)" >&2
  kill_app_children
  e=$(date +%s.%N)
  grep -hE '^\[  (FAILED|SKIPPED) ' "$out/probe-$1-gui.log" "$out/probe-$1-headless.log" | sort -u | head -5 | tee -a "$log" >&2
  awk -v a="$s" -v b="$e" 'BEGIN { printf "%.1f\n", b - a }'
}

touch "$out/start-marker"
snapshot fresh
base=$(probe fresh)
say "fresh machine: probe ${base} s"
slow=""
suites="LabRunnerWorker LabRunner LabCompilerService LabCompile LabRunnerOrdered KernelStageGpu ExerciseKernels ExerciseCheckTime AllExercises LabProfileGpu LabKernels LabOccupancyCalculator"
for suite in $suites; do
  s=$(date +%s)
  timeout 150 .carry/bin/lab_tests --gtest_filter="${suite}.*:${suite}/*" > "$out/lab-$suite.log" 2>&1
  say "lab_tests $suite: rc=$? $(grep -hE '^\[  (PASSED|FAILED) \]' "$out/lab-$suite.log" | tr '\n' ' ')($(($(date +%s) - s)) s)"
  snapshot "after-$suite"
  t=$(probe "after-$suite")
  say "  probe after $suite: ${t} s"
  if awk -v t="$t" -v b="$base" 'BEGIN { exit !(t > 3 * b) }'; then slow=$suite; break; fi
  [ $(($(date +%s) - $(stat -c %Y "$out/start-marker"))) -gt "${KC_BISECT_SECONDS:-420}" ] && { say "out of time before a slow probe"; break; }
done
if [ -n "$slow" ]; then
  say "SLOW after $slow: what undoes it"
  sleep 30; t=$(probe wait30); say "  after 30 s more: ${t} s"
  pkill -9 -f 'kernelcam-lab-(worker|compiler)|_tests' 2>/dev/null; sleep 2; snapshot killed
  t=$(probe killed); say "  after killing what was left: ${t} s"
  rm -rf ~/.nv "${XDG_CACHE_HOME:-/nonexistent}/kernelcam" ~/.cache/kernelcam
  t=$(probe caches); say "  after removing the driver's and kernelcam's caches: ${t} s"
fi
say "snapshots: $out/snapshot-*.txt (compare fresh with after-$slow)"
