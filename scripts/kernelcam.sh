#!/usr/bin/env bash
# Sets up (packages, configure, build) and starts kernelcam; arguments go to the app,
# e.g. scripts/kernelcam.sh --source camera   or   scripts/kernelcam.sh process --help
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh >&2
exec "${KC_BUILD_DIR:-build}/app/kernelcam" "$@"
