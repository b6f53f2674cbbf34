#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz, clang, ASan+UBSan) in build-fuzz and runs each for
# KC_FUZZ_SECONDS (default 180). The seeds in tests/fuzz/corpus/<target> are copied to a working
# corpus (build-fuzz/corpus/<target>, which grows); crashes land in build-fuzz/crashes/<target>/.
# A crash to keep: fix the bug, then copy the crash file into tests/fuzz/corpus/<target>/ so the
# CTest replay (fuzz_replay.<target>) guards it. Usage: scripts/fuzz.sh [target ...]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v clang++ >/dev/null || { echo "fuzz.sh: needs clang (sudo apt-get install -y clang)"; exit 1; }
seconds="${KC_FUZZ_SECONDS:-180}"
build=build-fuzz
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(matrix_market filter_chain image_decode exercise_kernel)

CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKC_FUZZ=ON \
  -DKC_WITH_CUDA=OFF -DKC_WITH_APP=OFF >/dev/null
ninja -C "$build" "${targets[@]/#/fuzz_}"

status=0
for target in "${targets[@]}"; do
  corpus="$build/corpus/$target" crashes="$build/crashes/$target"
  mkdir -p "$corpus" "$crashes"
  cp -n tests/fuzz/corpus/"$target"/* "$corpus"/ 2>/dev/null || true
  log="$build/fuzz_$target.log"
  echo "== fuzz_$target for ${seconds}s (log $log)"
  # -rss_limit_mb: a decoder asking for gigabytes on a tiny input is a finding, not a pass.
  if ! "$build/tests/fuzz/fuzz_$target" "$corpus" -max_total_time="$seconds" -rss_limit_mb=2560 -timeout=10 \
       -artifact_prefix="$crashes/" -print_final_stats=1 >"$log" 2>&1; then
    status=1
    echo "   FOUND a problem: $(grep -m1 -E 'ERROR|==[0-9]+==|deadly' "$log" || tail -1 "$log")"
  fi
  grep -E '^stat::number_of_executed_units|^Done [0-9]+ runs' "$log" | tr '\n' ' '; echo
  echo "   corpus: $(ls "$corpus" | wc -l) inputs; crashes: $(ls "$crashes" | wc -l)"
done
exit $status
