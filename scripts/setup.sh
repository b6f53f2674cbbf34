#!/usr/bin/env bash
# Idempotent set-up on Debian 12: installs the packages kernelcam needs (only those missing),
# then configures and builds into build/, saying first what it builds and roughly how long.
# CUDA is taken from /usr/local/cuda (or $CUDAToolkit_ROOT) when present, and builds for this
# machine's GPU (sm_90 alone without one: cmake/KernelcamCudaArchitectures.cmake); without nvcc the
# CPU backend alone is built.
#   KC_BUILD_DIR      build directory (default: build)
#   KC_BUILD_TARGETS  what to build (default: everything, the tests included; scripts/kernelcam.sh
#                     builds the app alone)
#   KC_CMAKE_ARGS     extra CMake arguments, e.g. "-DCMAKE_CUDA_ARCHITECTURES=86"
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  cmake ninja-build g++ pkg-config
  libgtest-dev libstb-dev nlohmann-json3-dev zlib1g-dev
  qt6-base-dev qt6-multimedia-dev qt6-charts-dev libqt6opengl6-dev
  libglew-dev libegl-dev libgl-dev
  libopencv-core-dev libopencv-imgproc-dev libopencv-imgcodecs-dev libopencv-videoio-dev
  libjpeg-dev libpng-dev libavformat-dev libavcodec-dev libavutil-dev libswscale-dev
  xvfb xauth fonts-dejavu-core help2man clang-format
  # What the packaging tests check the completions, desktop entry and metainfo with: without
  # them those tests would skip (only a GPU or a camera may make a test skip).
  zsh desktop-file-utils appstream
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "kernelcam setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

build_dir="${KC_BUILD_DIR:-build}"
cuda_root="${CUDAToolkit_ROOT:-/usr/local/cuda}"
args=(-G Ninja -DCMAKE_BUILD_TYPE="${KC_BUILD_TYPE:-Release}")
[ -x "$cuda_root/bin/nvcc" ] && args+=(-DCUDAToolkit_ROOT="$cuda_root" -DCMAKE_CUDA_COMPILER="$cuda_root/bin/nvcc")
# shellcheck disable=SC2206
extra=(${KC_CMAKE_ARGS:-})
# CMake's own lines go to build/configure.log (all of them on a failure); its kernelcam lines here.
mkdir -p "$build_dir"
cmake -S . -B "$build_dir" "${args[@]}" "${extra[@]}" >"$build_dir/configure.log" 2>&1 ||
  { cat "$build_dir/configure.log"; exit 1; }
grep -E '^-- kernelcam: ' "$build_dir/configure.log" || true
# shellcheck disable=SC2206
targets=(${KC_BUILD_TARGETS:-})
./scripts/build-plan.sh "$build_dir" "${targets[@]}"
cmake --build "$build_dir" ${targets[@]:+--target "${targets[@]}"}
