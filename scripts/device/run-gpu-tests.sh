#!/usr/bin/env bash
# On the GPU machine (device tool `run`, repository root, carry [".carry"]): builds gpu_tests,
# plugin_tests and kc_bench there for sm_90 (16 cores; no Qt or OpenCV needed), with the GoogleTest and stb that
# scripts/device/pack-dev.sh put into .carry/dev, and runs the GPU tests on the repository's data/.
# Writes $OUT/gpu_tests.log and $OUT/gpu_tests.xml; prints the summary last. Extra arguments go to
# gpu_tests (e.g. --gtest_filter=Histogram*). The build stays in $KC_DEVICE_BUILD_DIR for later calls.
set -euo pipefail
cd "$(dirname "$0")/../.."
build_dir="${KC_DEVICE_BUILD_DIR:-/tmp/kcg}"
out_dir="${OUT:-/tmp/kcg-out}"
mkdir -p "$out_dir"

# GoogleTest (static, Debian's), stb_image and zlib where the CMake files look for them.
cp -r .carry/dev/include/. /usr/include/
cp -r .carry/dev/lib/. /usr/lib/x86_64-linux-gnu/

if [ ! -f "$build_dir/build.ninja" ]; then
  cmake -S . -B "$build_dir" -G Ninja -DKC_WITH_APP=OFF -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CUDA_ARCHITECTURES="${KC_CUDA_ARCH:-90}" -DCMAKE_CUDA_COMPILER=/usr/local/cuda/bin/nvcc \
    >"$out_dir/configure.log" 2>&1 || { tail -40 "$out_dir/configure.log"; exit 1; }
fi
ninja -C "$build_dir" gpu_tests kc_bench plugin_tests >"$out_dir/build.log" 2>&1 || { tail -60 "$out_dir/build.log"; exit 1; }
echo "built in $build_dir: $(grep -c 'Building' "$out_dir/build.log") objects"

set +e
"$build_dir/tests/gpu_tests" --gtest_output="xml:$out_dir/gpu_tests.xml" "$@" \
  >"$out_dir/gpu_tests.log" 2>&1
rc=$?
# The CUDA backend library loaded as kernelcam loads it (tests/gpu/plugin): its own process, after.
"$build_dir/tests/plugin_tests" >"$out_dir/plugin_tests.log" 2>&1 || rc=1
set -e
grep -E '^\[  (FAILED|SKIPPED) ' "$out_dir/gpu_tests.log" "$out_dir/plugin_tests.log" | head -40 || true
echo "plugin_tests: $(tail -3 "$out_dir/plugin_tests.log" | tr '\n' ' ')"
tail -4 "$out_dir/gpu_tests.log"
exit $rc
