#!/usr/bin/env bash
# Says what a build is about to do before it starts: what it builds, for which GPUs and why, how
# many steps are left and roughly how long they take on this machine's cores. scripts/setup.sh
# (and so scripts/kernelcam.sh and scripts/test.sh) prints it before building.
# Usage: scripts/build-plan.sh BUILD_DIR [TARGET...]   (no target: everything)
#
# The estimate: each step's CPU time as measured on a cold build of this tree (no ccache, a 2-core
# machine; README, "Build times"), summed over the steps ninja has left, over the cores. ccache
# hits (a rebuild of files built before) make it shorter.
set -euo pipefail
build_dir=$1
shift
cache="$build_dir/CMakeCache.txt"
[ -f "$cache" ] || { echo "build-plan: $build_dir is not configured" >&2; exit 2; }
cached() { sed -n "s/^$1:[A-Z]*=//p" "$cache" | head -1; }

# CPU-seconds per step, measured (README, "Build times"): a C++ object, a CUDA object's host part
# and its device code per architecture, and everything else (links, moc, rcc, man page).
cxx_cpu_s=${KC_PLAN_CXX_S:-20}
cuda_host_cpu_s=${KC_PLAN_CUDA_HOST_S:-25}
cuda_arch_cpu_s=${KC_PLAN_CUDA_ARCH_S:-35}
other_cpu_s=${KC_PLAN_OTHER_S:-4}

# `ninja -n` stops at CMake's regeneration step (the CONFIGURE_DEPENDS globs make it always due), so
# the dry run reads the manifest without it: setup.sh has just configured, the manifest is current.
awk '/^build (build\.ninja|[^:]*cmake\.verify_globs)[ :]/ { skip = 1; next } skip && /^  / { next } { skip = 0; print }' \
  "$build_dir/build.ninja" > "$build_dir/CMakeFiles/kc-plan.ninja"
plan=$(ninja -C "$build_dir" -f CMakeFiles/kc-plan.ninja -n "$@" 2>/dev/null | grep '^\[' || true)
rm -f "$build_dir/CMakeFiles/kc-plan.ninja"
steps=$(grep -c . <<<"$plan" || true)
cuda_steps=$(grep -c 'Building CUDA object' <<<"$plan" || true)
cxx_steps=$(grep -c 'Building CXX object' <<<"$plan" || true)
other_steps=$((steps - cuda_steps - cxx_steps))
what=${*:-everything: the app, its CUDA backend where nvcc is, the tests}
[ "$*" = kernelcam ] && what="the app (and its CUDA backend where nvcc is)"
if ((steps == 0)); then
  echo "kernelcam: $build_dir/ is up to date: $what"
  exit 0
fi

archs=$(cached CMAKE_CUDA_ARCHITECTURES)
why=$(cached KC_CUDA_ARCHITECTURES_WHY)
gpu="no CUDA code (no nvcc: the CPU backend only)"
arch_count=0
if grep -q 'libkernelcam_cuda\.a' "$build_dir/build.ninja" 2>/dev/null; then  # a build with the CUDA backend
  arch_count=$(tr ';' '\n' <<<"$archs" | grep -c .)
  shown=$(tr ';' '\n' <<<"$archs" | sed -e 's/-real$//' -e 's/-virtual$//' -e 's/^/sm_/' | paste -sd, | sed 's/,/, /g')
  gpu="CUDA for $shown${why:+ ($why)}"
fi
cores=$(nproc)
cpu_s=$((cxx_steps * cxx_cpu_s + cuda_steps * (cuda_host_cpu_s + arch_count * cuda_arch_cpu_s) + other_steps * other_cpu_s))
minutes=$(((cpu_s / cores + 59) / 60))
echo "kernelcam: building $what in $build_dir/; $gpu"
echo "kernelcam: $steps steps ($cxx_steps C++, $cuda_steps CUDA files x $arch_count architectures): about $minutes min" \
     "on $cores cores from scratch (less where ccache has them; README, \"Build times\")"
