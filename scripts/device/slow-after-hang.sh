#!/usr/bin/env bash
# Issue 40, class 14, step 2. slow-after-lab-bisect.sh found the state on 2026-11-29 (H200): the GUI
# probe took 8.9 s on the fresh machine, 8.7 s after LabRunnerWorker and over 200 s after the
# LabRunner suite (10 tests, 9 s; two of them kill a worker whose kernel spins forever, two let a
# kernel fault). This splits that suite: a fault, then a hang, each followed by a snapshot of what
# is left (threads in D or Z with their kernel stacks, the driver's view) and the GUI probe.
# Run by scripts/device/session-checks.sh hang on a machine with the X server staged; prints
# everything to stdout (one file back).
set -uo pipefail
cd "$(dirname "$0")/../.."
source scripts/device/x-on-gpu.sh
export KC_LAB_WORKER="$PWD/.carry/bin/kernelcam-lab-worker" KC_LAB_COMPILER="$PWD/.carry/bin/kernelcam-lab-compiler"

snapshot() {
  echo "== snapshot $1 (load: $(cut -d' ' -f1-3 /proc/loadavg))"
  ps -eLo pid,tid,ppid,stat,wchan:32,etime,comm | awk 'NR == 1 || $4 ~ /^[DZR]/' | grep -v ' ps$' | head -30
  for t in $(ps -eLo tid,stat | awk '$2 ~ /^D/ {print $1}'); do
    echo "-- kernel stack of $t ($(cat /proc/"$t"/comm 2>/dev/null))"
    head -25 "/proc/$t/stack" 2>&1
  done
  timeout 10 nvidia-smi --query-gpu=utilization.gpu,memory.used,pstate,clocks.sm --format=csv,noheader 2>&1
  timeout 10 nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv,noheader 2>&1
  dmesg 2>/dev/null | grep -iE 'xid|nvrm' | tail -5
  echo "open /dev/nvidia* descriptors: $(ls -l /proc/[0-9]*/fd 2>/dev/null | grep -c nvidia)"
}

# The GUI tests that slowed, in a process of their own; seconds on the "probe" line.
probe() {
  local s=$(date +%s.%N)
  timeout 60 "${app_tests[@]}" --gtest_filter='StillImage*' > "/tmp/probe-$1.log" 2>&1
  local rc=$?
  kill_app_children
  echo "probe $1: $(awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s, rc $rc," \
    "$(grep -cE '^\[       OK' "/tmp/probe-$1.log") passed"
}

lab() {
  local s=$(date +%s.%N)
  timeout 60 .carry/bin/lab_tests --gtest_filter="$1" > "/tmp/lab-$2.log" 2>&1
  echo "lab_tests $1: rc $?, $(awk -v a="$s" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s;" \
    "$(grep -E '^\[  (PASSED|FAILED) \]|measured' "/tmp/lab-$2.log" | tr '\n' ' ')"
}

snapshot fresh
probe fresh
lab 'LabRunner.FaultIsReportedAndALaterLaunchWorks:LabRunner.ThisProcessKeepsItsCudaContextAfterAUserFault' fault
snapshot after-fault
probe after-fault
lab 'LabRunner.HangIsStoppedAtTheTimeLimitAndALaterLaunchWorks' hang
snapshot after-hang-at-once
sleep 3
snapshot after-hang-3s
probe after-hang
sleep 20
snapshot after-hang-and-probe-20s
probe after-hang-20s
echo "== the slow probe's log, first slow test"
grep -E '^\[       OK|^\[  FAILED' /tmp/probe-after-hang.log | head -12
