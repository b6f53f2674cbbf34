#!/usr/bin/env bash
# On the GPU machine (device tool `run`, from the repository root of the carried tree): configure
# and build kc_bench with NPP (no Qt, no OpenCV), run it, write $OUT/bench.md and $OUT/bench.json
# and print the table last (the run's reply holds only the tail). Extra arguments go to kc_bench,
# e.g. scripts/device/run-bench.sh --only gray,hist --reps 100
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir="${KC_BENCH_BUILD_DIR:-/tmp/kcb}"
out_dir="${OUT:-/tmp/kcb-out}"
mkdir -p "$out_dir"

# stb_image for the histogram's photo rows, where scripts/device/pack-dev.sh carried it (without
# it those rows say "skipped: built without stb_image").
[ -d .carry/dev/include/stb ] && [ ! -f /usr/include/stb/stb_image.h ] && cp -r .carry/dev/include/stb /usr/include/
# nlohmann-json (the bench's JSON), carried the same way: the build needs its header.
[ -d .carry/dev/include/nlohmann ] && [ ! -f /usr/include/nlohmann/json.hpp ] && cp -r .carry/dev/include/nlohmann /usr/include/
cmake -S . -B "$build_dir" -G Ninja -DKC_WITH_APP=OFF -DKC_WITH_TESTS=OFF \
  -DCMAKE_CUDA_ARCHITECTURES="${KC_CUDA_ARCH:-90}" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc >"$out_dir/configure.log" 2>&1 || {
  tail -40 "$out_dir/configure.log"; exit 1; }
grep -q "KC_HAVE_NPP:.*ON\|KC_NPP_CORE:FILEPATH=/" "$build_dir/CMakeCache.txt" \
  && echo "run-bench: NPP found" || echo "run-bench: NPP NOT found: the NPP baseline rows are left out"
ninja -C "$build_dir" kc_bench >"$out_dir/build.log" 2>&1 || { tail -60 "$out_dir/build.log"; exit 1; }

matrices="${KC_MATRICES:-data/matrices}"
images="${KC_IMAGES:-data/samples}"
"$build_dir/gpu/kc_bench" --matrices "$matrices" --images "$images" --md "$out_dir/bench.md" --json "$out_dir/bench.json" "$@" \
  >/dev/null 2>"$out_dir/progress.log" || { tail -40 "$out_dir/progress.log"; exit 1; }
cat "$out_dir/bench.md"
