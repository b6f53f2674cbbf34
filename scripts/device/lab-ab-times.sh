#!/usr/bin/env bash
# On the GPU machine (the app carry): the lesson's kernels timed in a chain on CUDA, 4K pattern, 300
# frames: what the student's A/B shows (issue 22's lesson). Prints each kernel stage's median ms.
set -uo pipefail
cd "$(dirname "$0")/../.."
source scripts/device/app-carry-env.sh /tmp/kc-ab-times
for kernel in "$@"; do
  timeout 120 .carry/bin/kernelcam process --source pattern --size 3840x2160 --frames 300 --backend cuda \
    --filters "kernel=resources/lab/$kernel" --json "$out/ab-$kernel.json" > /dev/null 2> "$out/ab-$kernel.err"
  echo "$kernel: rc=$? $(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print([(s['name'], round(s['ms_median'],4)) for s in d['stages']])" "$out/ab-$kernel.json" 2>&1)"
done | tee "$out/lab-ab-times.txt"
