#!/usr/bin/env bash
# Here, before a device run: puts into .carry/ what scripts/device/run-gpu-tests.sh needs that the
# GPU machine lacks: Debian's GoogleTest (headers, static libraries, CMake config), stb_image,
# nlohmann-json (kc_bench's JSON) and zlib (headers and the static library: the matrices in data/
# are .mtx.gz). The data itself is part of the repository (data/), which the device gets anyway.
set -euo pipefail
cd "$(dirname "$0")/../.."
dev=.carry/dev
rm -rf "$dev" && mkdir -p "$dev/include" "$dev/lib"
cp -r /usr/include/gtest /usr/include/stb /usr/include/nlohmann /usr/include/zlib.h /usr/include/zconf.h "$dev/include/"
cp -r /usr/lib/x86_64-linux-gnu/libgtest.a /usr/lib/x86_64-linux-gnu/libgtest_main.a /usr/lib/x86_64-linux-gnu/libz.a \
      /usr/lib/x86_64-linux-gnu/cmake "$dev/lib/"
find "$dev/lib/cmake" -mindepth 1 -maxdepth 1 ! -name GTest -exec rm -rf {} +
du -sh .carry/dev
