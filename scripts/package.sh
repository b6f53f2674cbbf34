#!/usr/bin/env bash
# Builds the two Debian packages as they are shipped, in build-package/ (not the developer's
# build/): the CUDA code for every GPU generation kernelcam supports (KC_CUDA_ALL_ARCHITECTURES:
# Turing to Hopper, a first build of an hour or more on 2 cores: README, "Build times"), and
# Debian's hardening flags from dpkg-buildflags (KC_HARDENING: fortify, stack protector, RELRO,
# BIND_NOW). Then checks that every packaged program and library is hardened
# (scripts/check-hardening.sh) and lists the packages.
#   KC_PACKAGE_BUILD_DIR  build directory (default: build-package)
#   KC_CMAKE_ARGS         extra CMake arguments (-DKC_WITH_CUDA=OFF: the kernelcam package alone)
set -euo pipefail
cd "$(dirname "$0")/.."
export KC_BUILD_DIR="${KC_PACKAGE_BUILD_DIR:-build-package}"
command -v dpkg-buildflags >/dev/null || { echo "package: dpkg-buildflags is missing (apt-get install dpkg-dev)"; exit 2; }
KC_CMAKE_ARGS="-DKC_HARDENING=ON -DKC_CUDA_ALL_ARCHITECTURES=ON -DCMAKE_BUILD_TYPE=Release ${KC_CMAKE_ARGS:-}" \
  ./scripts/setup.sh
cd "$KC_BUILD_DIR"
cpack -G DEB
binaries=(app/kernelcam)
for extra in gpu/kernelcam-lab-worker gpu/kernelcam-lab-compiler lib/kernelcam/libkernelcam-cuda.so; do
  [ -f "$extra" ] && binaries+=("$extra")
done
../scripts/check-hardening.sh "${binaries[@]}"
ls -1 "$PWD"/*.deb
