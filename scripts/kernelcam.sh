#!/usr/bin/env bash
# Sets up (packages, configure, build) and starts kernelcam; arguments go to the app,
# e.g. scripts/kernelcam.sh --source camera   or   scripts/kernelcam.sh process --help
# It builds the app alone (with its CUDA backend where nvcc is, for this machine's GPU), not the
# tests, and says what it builds and about how long before it starts (scripts/build-plan.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
KC_BUILD_TARGETS="${KC_BUILD_TARGETS:-kernelcam}" ./scripts/setup.sh >&2
exec "${KC_BUILD_DIR:-build}/app/kernelcam" "$@"
