#!/usr/bin/env bash
# On the GPU machine, after ab-bench.sh or run-bench.sh built kc_bench: Nsight Compute on one launch
# of the kernels matching a name, inside the bench rows that --only selects. Clocks left as found
# (--clock-control none), with the warp-state section's stall reasons. Writes $OUT/ncu-<label>.txt
# and prints the lines that matter most.
#   scripts/device/profile-rows.sh LABEL KERNEL_REGEX KC_BENCH_ARGS...
# e.g. scripts/device/profile-rows.sh conv3 convolve2dKernel --only "conv 3x3 general" --size 3840x2160
set -euo pipefail
cd "$(dirname "$0")/../.."
label="$1"; regex="$2"; shift 2
bench="${KC_BENCH:-/tmp/kc-ab-B/gpu/kc_bench}"
out="${OUT:-/tmp/kc-prof-out}"
mkdir -p "$out"
ncu --clock-control none --kernel-name-base "${KC_NCU_NAME_BASE:-function}" --kernel-name "regex:$regex" --launch-skip 10 --launch-count 1 \
  --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
  --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis --section InstructionStats \
  --metrics "regex:smsp__average_warps_issue_stalled_.*_per_issue_active\.ratio" \
  "$bench" --reps 5 "$@" >"$out/ncu-$label.txt" 2>&1 || { tail -20 "$out/ncu-$label.txt"; exit 1; }
echo "== $label ($regex)"
grep -E '^  [A-Za-z]|Duration|Memory Throughput|DRAM Throughput|Compute \(SM\) Throughput|Achieved Occupancy|Theoretical Occupancy|Registers Per|Block Limit|Executed Ipc Active|Warp Cycles Per Issued|Stall|L1/TEX Hit|Mem Busy|Max Bandwidth|Issue Slots Busy|Waves Per SM' \
  "$out/ncu-$label.txt" | grep -v '^  *-' | grep -v issue_stalled | head -40
# Why the warps wait: the stall reasons, in warp cycles per issued instruction, largest first.
echo "stall reasons (warp cycles per issued instruction):"
grep -E 'smsp__average_warps_issue_stalled_[a-z_]+_per_issue_active\.ratio' "$out/ncu-$label.txt" |
  sed -E 's/.*issue_stalled_([a-z_]+)_per_issue_active\.ratio[^0-9]*([0-9.,]+).*/\2 \1/' | tr -d , | sort -rn | head -8 |
  awk '{printf "  %-22s %s\n", $2, $1}'
