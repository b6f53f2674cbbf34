#!/usr/bin/env bash
# Sets up (packages, configure, build) and runs every test through CTest. GUI tests get a
# virtual X server; GPU tests skip with a visible reason where no CUDA device exists.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
build_dir="${KC_BUILD_DIR:-build}"
cd "$build_dir"
xvfb-run -a -s "-screen 0 1600x1000x24" ctest --output-on-failure -j2 "$@"
