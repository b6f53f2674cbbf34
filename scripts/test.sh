#!/usr/bin/env bash
# Sets up (packages, configure, build) and runs every test through CTest. GUI tests get a
# virtual X server; only tests that need a GPU or a camera skip where there is none, and after
# CTest's summary comes each skip's reason (scripts/skipped-tests.sh: CTest itself shows only
# "(Skipped)").
# Before that, the CPU references, parsers and fuzz corpora run once more under ASan+UBSan
# (no Qt, no CUDA; a few minutes; KC_SANITIZE_TESTS=0 skips it): a finding stops the script.
# The CUDA code builds for this machine's GPU, or sm_90 alone without one (CI: one nvcc pass per
# .cu file instead of five; cmake/KernelcamCudaArchitectures.cmake), which keeps a first run on a
# 2-core machine well inside CI's 90 minutes (README, "Build times").
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
./scripts/setup.sh
build_dir="${KC_BUILD_DIR:-build}"
if [ "${KC_SANITIZE_TESTS:-1}" != 0 ]; then
  asan_dir="${KC_ASAN_BUILD_DIR:-build-asan}"
  cmake -S . -B "$asan_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKC_WITH_CUDA=OFF -DKC_WITH_APP=OFF \
    -DKC_SANITIZE=ON >/dev/null
  cmake --build "$asan_dir" --target cpu_tests fuzz_replays
  if ! (cd "$asan_dir" && ctest --output-on-failure -j2 >ctest.log 2>&1); then
    cat "$asan_dir/ctest.log"  # ends with CTest's summary and the failed tests
    exit 1
  fi
  echo "ASan+UBSan: $(grep -m1 'tests passed' "$asan_dir/ctest.log")"
fi
cd "$build_dir"
# -noreset: by default Xvfb resets itself whenever its last client leaves, and a GUI test that
# connects during that reset (another test just ended; ctest runs two at once) fails with
# "could not connect to display" (seen once in CI on RecordGui).
status=0
xvfb-run -a -s "-screen 0 1600x1000x24 -noreset" ctest --output-on-failure -j2 "$@" || status=$?
"$root/scripts/skipped-tests.sh" .
exit "$status"
