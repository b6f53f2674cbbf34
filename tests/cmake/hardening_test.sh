#!/usr/bin/env bash
# cmake/KernelcamHardening.cmake on a small program: with KC_HARDENING (the package build) it has
# what lintian looks for (scripts/check-hardening.sh: RELRO, BIND_NOW, __*_chk calls); without, the
# same program lacks them, so the check is seen to fail too.
# Usage: hardening_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.24)
project(probe CXX)
option(KC_HARDENING "" OFF)
include($source_dir/cmake/KernelcamHardening.cmake)
add_executable(probe probe.cpp)
CMAKE
# memcpy and snprintf into fixed buffers with sizes known only at run time: fortified calls.
cat > "$work/probe.cpp" <<'CPP'
#include <cstdio>
#include <cstring>
int main(int argc, char** argv) {
  char name[16];
  std::memcpy(name, argv[0], static_cast<std::size_t>(argc) % sizeof name);
  char line[32];
  std::snprintf(line, static_cast<std::size_t>(argc) + 8, "%d", argc);
  return name[0] + line[0] == 0;
}
CPP
for hardening in ON OFF; do
  cmake -S "$work" -B "$work/build-$hardening" -DCMAKE_BUILD_TYPE=Release -DKC_HARDENING=$hardening >/dev/null
  cmake --build "$work/build-$hardening" >/dev/null
done
"$source_dir/scripts/check-hardening.sh" "$work/build-ON/probe" || { echo "FAIL: KC_HARDENING=ON built an unhardened program"; exit 1; }
if "$source_dir/scripts/check-hardening.sh" "$work/build-OFF/probe"; then
  echo "FAIL: the check found hardening in a program built without it"
  exit 1
fi
echo "ok: hardened with KC_HARDENING=ON, and the check tells the difference"
