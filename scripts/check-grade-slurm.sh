#!/usr/bin/env bash
# The grading job array of docs/GRADING.md run once on a one-node Slurm from Debian's packages
# (slurmd, slurmctld, slurm-client, munge), like scripts/check-deb-install.sh: root and the
# package archive needed, not CI. Grades a synthetic class of reduce-sum submissions in three
# array tasks, merges the parts, and compares them with one unsharded run (times aside).
#   sudo scripts/check-grade-slurm.sh [BUILD_DIR]        (default build)
set -euo pipefail
cd "$(dirname "$0")/.."
build="$(cd "${1:-build}" && pwd)"
kernelcam="$build/app/kernelcam"
[ -x "$kernelcam" ] || { echo "no $kernelcam: build first (scripts/setup.sh)" >&2; exit 2; }
work="$(mktemp -d /tmp/kc-slurm-XXXXXX)"
trap 'for f in /tmp/slurm/slurmd.pid /tmp/slurm/slurmctld.pid; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null || true; done' EXIT

# A one-node Slurm (state and logs under /tmp/slurm).
if ! command -v slurmd >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurmd slurmctld slurm-client munge >/dev/null
fi
mkdir -p /tmp/slurm/state /tmp/slurm/spool /tmp/slurm/log /etc/slurm
host=$(hostname -s)
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=local
SlurmctldHost=$host
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=/tmp/slurm/state
SlurmdSpoolDir=/tmp/slurm/spool
SlurmctldLogFile=/tmp/slurm/log/slurmctld.log
SlurmdLogFile=/tmp/slurm/log/slurmd.log
SlurmctldPidFile=/tmp/slurm/slurmctld.pid
SlurmdPidFile=/tmp/slurm/slurmd.pid
SlurmUser=root
ReturnToService=2
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=main Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
[ -f /etc/munge/munge.key ] || mungekey --create
chown munge:munge /etc/munge/munge.key && chmod 400 /etc/munge/munge.key
mkdir -p /run/munge && chown munge:munge /run/munge
pgrep -x munged >/dev/null || su -s /bin/sh munge -c /usr/sbin/munged
pgrep -x slurmctld >/dev/null || { /usr/sbin/slurmctld -c && sleep 2; }
pgrep -x slurmd >/dev/null || { /usr/sbin/slurmd && sleep 3; }
sinfo

# A class: the reference solution and the wrong ones of reduce-sum, each under a few names.
mkdir -p "$work/class" "$work/out"
i=0
for f in tests/fixtures/exercises/reduce-sum/*.cu; do
  for name in a b c d; do i=$((i + 1)); cp "$f" "$work/class/student$i-$name.cu"; done
done
echo "class: $(ls "$work/class" | wc -l) submissions"

# The array, without GPUs here (--gres left out: this node has none); then the merge.
sed '/^#SBATCH --gres/d; /^#SBATCH --cpus-per-task/d' scripts/grading/grade-array.sbatch > "$work/grade-array.sbatch"
job=$(EXERCISE=reduce-sum CLASS="$work/class" OUT="$work/out" KERNELCAM="$kernelcam" SEED=7 \
      XDG_CACHE_HOME="$work/cache" sbatch --parsable --array=1-3 --chdir="$work" "$work/grade-array.sbatch")
echo "submitted job array $job"
for _ in $(seq 1 600); do
  [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
  sleep 1
done
sacct -j "$job" --format=JobID,State,ExitCode,Elapsed 2>/dev/null || true
ls -l "$work/out"
"$kernelcam" grade merge "$work"/out/part-*.csv --out "$work/merged.csv"
XDG_CACHE_HOME="$work/cache-whole" "$kernelcam" grade reduce-sum "$work/class" --out "$work/whole.csv" --seed 7 --quiet
# The same rows, the times each took aside (grade_ms differs from run to run).
strip() { python3 -c 'import csv,sys; r=list(csv.reader(open(sys.argv[1]))); c=r[0].index("grade_ms"); [row.__setitem__(c,"") for row in r]; csv.writer(sys.stdout).writerows(r)' "$1"; }
if diff <(strip "$work/merged.csv") <(strip "$work/whole.csv") >/dev/null; then
  echo "ok: the 3 parts merged equal the unsharded run ($(($(wc -l < "$work/whole.csv") - 1)) rows)"
else
  echo "FAILED: the merged parts differ from the unsharded run" >&2
  diff <(strip "$work/merged.csv") <(strip "$work/whole.csv") | head -20 >&2
  exit 1
fi
