#!/usr/bin/env bash
# On the GPU machine: the same bench rows for a baseline and for the working tree, in one run on
# one GPU, so that a change's gain is measured rather than compared across machines or days.
# Here, first:  scripts/device/ab-bench.sh --save-baseline REF FILE...   (git show REF:FILE into
#               .carry/baseline/FILE)
# There:        scripts/device/ab-bench.sh [kc_bench options]   e.g. --only hist,conv --reps 100
# Builds kc_bench (sm_90, NPP where present) twice: from a copy of the tree with the baseline files
# laid over it (A) and from the tree (B). Writes $OUT/bench-{A,B}.{md,json}; prints a side-by-side
# of the rows both have last, from the JSON (events and graph figures; an older A has no graph).
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
matrices="${KC_MATRICES:-$PWD/data/matrices}"
images="${KC_IMAGES:-$PWD/data/samples}"
[ -d .carry/dev/include/stb ] && [ ! -f /usr/include/stb/stb_image.h ] && cp -r .carry/dev/include/stb /usr/include/
# nlohmann-json (the bench's JSON), carried the same way: the build needs its header.
[ -d .carry/dev/include/nlohmann ] && [ ! -f /usr/include/nlohmann/json.hpp ] && cp -r .carry/dev/include/nlohmann /usr/include/

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
# KC_AB_B_BUILD: a build of the tree already made this call (run-gpu-tests.sh's): B reuses it.
b_build="${KC_AB_B_BUILD:-/tmp/kc-ab-B}"
build "$PWD" "$b_build" &
wait

bench_of() { if [ "$1" = A ]; then echo /tmp/kc-ab-A/gpu/kc_bench; else echo "$b_build/gpu/kc_bench"; fi; }

# KC_AB_SIZES="3840x2160 1920x1080": one run of each build per size (kc_bench takes one size a run),
# files bench-{A,B}-SIZE.*; otherwise one run with the arguments as given, files bench-{A,B}.*.
sizes=(${KC_AB_SIZES:-})
[ ${#sizes[@]} -gt 0 ] || sizes=("")
for size in "${sizes[@]}"; do
  tag="${size:+-$size}"
  for v in A B; do
    # A baseline older than --images refuses it: run it without.
    args=(--matrices "$matrices" --md "$out/bench-$v$tag.md" --json "$out/bench-$v$tag.json")
    [ -n "$size" ] && args+=(--size "$size")
    "$(bench_of $v)" --help | grep -q -- --images && args+=(--images "$images")
    "$(bench_of $v)" "${args[@]}" "$@" \
      >/dev/null 2>"$out/progress-$v$tag.log" || { tail -20 "$out/progress-$v$tag.log"; exit 1; }
  done
  # A row's figures in A and B, by name, from the JSON (ms: events; graph_ms: graph, absent before
  # kernelcam-bench/2). Times in microseconds. Rows only B has (a new variant) are listed after.
  python3 - "$out/bench-A$tag.json" "$out/bench-B$tag.json" <<'PY'
import json, sys
def rows(path):
    return {r["name"]: r for r in json.load(open(path))["rows"] if r.get("ms")}
def us(ms):
    return f"{1000 * ms:9.2f}" if ms else f"{'-':>9s}"
def ratio(a, b):
    return f"{a / b:6.2f}" if a and b else f"{'-':>6s}"
a, b = rows(sys.argv[1]), rows(sys.argv[2])
print(f"{'row':56s} {'A us':>9s} {'B us':>9s} {'A/B':>6s} {'A graph':>9s} {'B graph':>9s} {'A/B':>6s}  B % copy")
for name, rb in b.items():
    ra = a.get(name, {})
    pct = rb.get("percent_of_copy")
    print(f"{name[:56]:56s} {us(ra.get('ms'))} {us(rb['ms'])} {ratio(ra.get('ms'), rb['ms'])} "
          f"{us(ra.get('graph_ms'))} {us(rb.get('graph_ms'))} {ratio(ra.get('graph_ms'), rb.get('graph_ms'))}  "
          f"{f'{pct:.1f}%' if pct else ''}")
PY
done
