#!/usr/bin/env bash
# cmake/KernelcamCudaArchitectures.cmake's choice (a first build compiles the CUDA code for these
# GPUs only): this machine's GPUs from nvidia-smi, sm_90 without a GPU or when nvidia-smi fails
# (no driver), every generation for packages. A stand-in nvidia-smi plays each machine.
# Usage: cuda_architectures_test.sh SOURCE_DIR
set -euo pipefail
module="$1/cmake/KernelcamCudaArchitectures.cmake"
cmake=$(command -v cmake)
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
failures=0
expect() {  # expect WHAT EXPECTED [cmake -D...]
  local what=$1 expected=$2
  shift 2
  local got
  # The stand-in by its path (a GPU machine's own nvidia-smi must not answer for it).
  got=$("$cmake" -DKC_NVIDIA_SMI="$fake/bin/nvidia-smi" "$@" -P "$module" 2>&1)
  if [ "${got%%|*}" != "$expected" ]; then
    echo "FAIL: $what: expected '$expected', got '$got'"
    failures=$((failures + 1))
  else
    echo "ok: $what: ${got}"
  fi
}
mkdir -p "$fake/bin"
smi() { printf '#!/bin/sh\n%s\n' "$1" > "$fake/bin/nvidia-smi"; chmod +x "$fake/bin/nvidia-smi"; }

smi 'printf "9.0\n"'
expect "one H100" "90"
smi 'printf "8.6\n8.6\n8.9\n"'
expect "two RTX 3090 and an RTX 4090" "86;89"
smi 'echo "NVIDIA-SMI has failed because it could not communicate with the NVIDIA driver" >&2; exit 9'
expect "nvidia-smi without a driver" "90"
rm -f "$fake/bin/nvidia-smi"
expect "no nvidia-smi at all" "90"
smi 'printf "7.5\n"'
expect "a package, whatever the machine" "75-real;80-real;86-real;89-real;90" -DKC_CUDA_ALL_ARCHITECTURES=ON
exit $((failures > 0))
