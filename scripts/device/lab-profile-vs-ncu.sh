#!/usr/bin/env bash
# On the GPU machine (the app carry of scripts/device/pack-app.sh): issue 22's check of the lab's
# per-line figures against Nsight Compute. For each lesson kernel, `kernelcam kernel profile` counts one
# launch with CUPTI's SASS metrics in the lab's worker and prints the whole launch's counts last; then
# `ncu` counts the same kernel, on the same frame (the 1920x1080 pattern's first), run by `process`
# in a worker of its own: the SASS metrics the source view is built from (.sum over the kernel) and
# the hardware counters beside them. Prints a table: ours, ncu, difference.
#   scripts/device/lab-profile-vs-ncu.sh [kernel.cu ...]   (default: the lesson's four)
set -uo pipefail
cd "$(dirname "$0")/../.."
source scripts/device/app-carry-env.sh /tmp/kc-profile-ncu
final="$out"; out=/tmp/kc-profile-ncu-work; mkdir -p "$out"  # the raw logs here; two files to $OUT
export PATH="/usr/local/cuda/bin:$PATH"
kc=.carry/bin/kernelcam
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(transpose.cu transpose_unpadded.cu convolution.cu grey_strided.cu)
metrics=smsp__sass_inst_executed.sum,smsp__sass_inst_executed_op_global.sum,smsp__sass_sectors_mem_global.sum,\
smsp__sass_inst_executed_op_shared.sum,smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum
for k in "${kernels[@]}"; do
  path="resources/lab/$k"
  entry="$(sed -n 's/^__global__ void \([A-Za-z0-9_]*\)(.*/\1/p' "$path" | head -1)"
  timeout 90 "$kc" kernel profile "$path" --size 1920x1080 > "$out/profile-$k.txt" 2>&1
  echo "profile rc=$?" >> "$out/profile-$k.txt"
  # Only the lab worker is profiled: injected into the compiler process, ncu's library breaks its
  # sandbox (no file access, limited address space) and the compile fails.
  timeout 240 ncu --target-processes all --target-processes-filter kernelcam-lab-worker --kernel-name "$entry" --launch-count 1 --metrics "$metrics" --csv \
    "$kc" process --source pattern --size 1920x1080 --frames 1 --backend cuda --filters "kernel=$path" \
    --out /tmp/kc-ncu-frame.png > "$out/ncu-$k.csv" 2> "$out/ncu-$k.err"
  echo "ncu rc=$?" >> "$out/ncu-$k.err"
  python3 - "$k" "$out/profile-$k.txt" "$out/ncu-$k.csv" <<'PY' | tee -a "$out/profile-vs-ncu.txt"
import csv, re, sys
name, prof, ncu = sys.argv[1:]
text = open(prof).read()
m = re.search(r"whole kernel: (\d+) instructions; global (\d+) requests, (\d+) sectors \(ideal (\d+)\); shared (\d+) "
              r"requests, (\d+) wavefronts \(ideal (\d+)\)", text)
if not m:
    print(f"{name}: no whole-kernel line from kernel profile:", text.strip().splitlines()[-3:]); sys.exit()
ours = dict(zip(["inst", "greq", "gsec", "gsec_ideal", "sreq", "swave", "swave_ideal"], map(int, m.groups())))
rows = [r for r in csv.reader(l for l in open(ncu) if l.startswith('"'))]
if len(rows) < 2:
    print(f"{name}: no ncu rows"); sys.exit()
head = rows[0]; ix = {h: i for i, h in enumerate(head)}
val = {}
for r in rows[1:]:
    v = r[ix["Metric Value"]].replace(",", "")
    try: val[r[ix["Metric Name"]]] = float(v)
    except ValueError: pass
def n(metric): return val.get(metric, float("nan"))
# The "ideal" SASS counters came back empty from ncu on the H200: only the measured ones are compared.
theirs = {"inst": n("smsp__sass_inst_executed.sum"), "greq": n("smsp__sass_inst_executed_op_global.sum"),
          "gsec": n("smsp__sass_sectors_mem_global.sum"), "sreq": n("smsp__sass_inst_executed_op_shared.sum"),
          "swave": n("smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared.sum")}
def per(a, b): return a / b if b else 0.0
def diff(a, b): return f"{100 * (a - b) / b:+.1f}%" if b else ("0" if a == 0 else "n/a")
print(f"== {name}")
for label, a, b in [("instructions", ours["inst"], theirs["inst"]),
                    ("global sectors/request", per(ours["gsec"], ours["greq"]), per(theirs["gsec"], theirs["greq"])),
                    ("shared wavefronts/request", per(ours["swave"], ours["sreq"]), per(theirs["swave"], theirs["sreq"]))]:
    print(f"  {label:34s} ours {a:14.4f}  ncu {b:14.4f}  {diff(a, b)}")
hw_sec = n("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") + n("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum")
print(f"  hardware counters: global sectors {hw_sec:.0f} (ours {ours['gsec']}), shared wavefronts "
      f"{n('l1tex__data_pipe_lsu_wavefronts_mem_shared.sum'):.0f} (ours {ours['swave']}), bank conflicts "
      f"{n('l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum'):.0f} (ours {ours['swave'] - ours['swave_ideal']})")
PY
done
