#!/usr/bin/env bash
# On the GPU machine: the same bench rows for a baseline and for the working tree, in one run on
# one GPU, so that a change's gain is measured rather than compared across machines or days.
# Here, first:  scripts/device/ab-bench.sh --save-baseline REF FILE...   (git show REF:FILE into
#               .carry/baseline/FILE)
# There:        scripts/device/ab-bench.sh [kc_bench options]   e.g. --only hist,conv --reps 100
# Builds kc_bench (sm_90, NPP where present) twice: from a copy of the tree with the baseline files
# laid over it (A) and from the tree (B). Writes $OUT/bench-A.md and $OUT/bench-B.md; prints a
# side-by-side of the rows both have last.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ "${1:-}" = --save-baseline ]; then
  ref="$2"; shift 2
  rm -rf .carry/baseline
  for f in "$@"; do mkdir -p ".carry/baseline/$(dirname "$f")"; git show "$ref:$f" >".carry/baseline/$f"; done
  echo "baseline $ref: $*"
  exit 0
fi

out="${OUT:-/tmp/kc-ab-out}"
mkdir -p "$out"
[ -d .carry/baseline ] || { echo "ab-bench: no .carry/baseline (run --save-baseline here first)"; exit 2; }
matrices="${KC_MATRICES:-$PWD/.carry/data/matrices}"

build() {  # $1 source tree, $2 build dir
  cmake -S "$1" -B "$2" -G Ninja -DKC_WITH_APP=OFF -DKC_WITH_TESTS=OFF -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CUDA_ARCHITECTURES="${KC_CUDA_ARCH:-90}" -DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc \
    >"$out/configure-$(basename "$2").log" 2>&1 || { tail -30 "$out/configure-$(basename "$2").log"; exit 1; }
  ninja -C "$2" kc_bench >"$out/build-$(basename "$2").log" 2>&1 || { tail -40 "$out/build-$(basename "$2").log"; exit 1; }
}

rm -rf /tmp/kc-a-src && mkdir -p /tmp/kc-a-src
tar --exclude=./.carry --exclude='./build*' -cf - . | tar -C /tmp/kc-a-src -xf -
cp -r .carry/baseline/. /tmp/kc-a-src/
build /tmp/kc-a-src /tmp/kc-ab-A &
build "$PWD" /tmp/kc-ab-B &
wait

for v in A B; do
  /tmp/kc-ab-$v/gpu/kc_bench --matrices "$matrices" --md "$out/bench-$v.md" --json "$out/bench-$v.json" "$@" \
    >/dev/null 2>"$out/progress-$v.log" || { tail -20 "$out/progress-$v.log"; exit 1; }
done
# A row's ms in A and B (rows are the table's lines; the first two columns are name and ms).
python3 - "$out/bench-A.md" "$out/bench-B.md" <<'EOF'
import sys
def rows(path):
    r = {}
    for line in open(path):
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if len(cells) > 3 and cells[1].replace('.', '', 1).isdigit():
            r[cells[0]] = (float(cells[1]), cells[3])
    return r
a, b = rows(sys.argv[1]), rows(sys.argv[2])
print(f"{'row':60s} {'A ms':>9s} {'B ms':>9s} {'A/B':>6s}  B % roofline")
for name, (ms_b, pct) in b.items():
    if name in a:
        print(f"{name[:60]:60s} {a[name][0]:9.4f} {ms_b:9.4f} {a[name][0] / ms_b:6.2f}  {pct}")
EOF
