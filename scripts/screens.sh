#!/usr/bin/env bash
# The window's screenshots on the screens of issue 39, into docs/screens/: WxH.png (the demos panel
# with a CG run and the kernel lab open) and WxH-presentation.png (the same in presentation mode),
# for 1024x768, 1280x720, 1366x768 and 1920x1080, each in an Xvfb of its own. The test that takes
# them (tests/app/gui/window_on_screen_test.cpp) checks the same arrangements: a shot is written
# only after its checks ran. Needs a build with app_tests (ninja -C build app_tests).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${KC_BUILD_DIR:-build}"
out="$PWD/docs/screens"
mkdir -p "$out"
for screen in 1024x768 1280x720 1366x768 1920x1080; do
  KC_SCREENSHOT_DIR="$out" KC_EXPECT_SCREEN="$screen" \
    xvfb-run -a -s "-screen 0 ${screen}x24 -noreset" \
    "$build_dir/tests/app/app_tests" --gtest_filter='WindowOnScreen.EverythingFitsAndCanBeReachedInEveryArrangement'
done
ls -l "$out"
