#!/usr/bin/env bash
# On the GPU machine (x-on-gpu.sh says what must be there): the window's GUI tests with the CUDA backend
# under Xvfb, NVIDIA's GLX for the clients. A GUI test that skips here is a failure of this run (the
# machine has a GPU and a window system).
#   scripts/device/gui-tests-on-gpu.sh [gtest filter]          every test in one process (default: every GUI suite)
#   KC_EACH_ALONE=1 scripts/device/gui-tests-on-gpu.sh [filter]  each test in its own process, one after another
# Writes $OUT/gui-tests.log (or gui-tests-alone.log); prints the failed and skipped tests and the summary last.
# RecordGui* records MP4s through FFmpeg: pack the app with KC_PACK_FFMPEG=1 scripts/device/pack-app.sh,
# else FFmpeg is a stub there, the recorder never gets a frame and the tests fail or crash (seen 2026-11-28).
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/kc-gui-out}"
mkdir -p "$out"
filter="${1:-GuiSmoke*:LiveResponsiveness*:LabWindow*:RecordGui*:StillImage*:PresentationGui*:DemoPanelGui*:WindowSession*:SourceMenu*:FilterDock*:WindowSettings*:KernelCompileWindow*:RecordingSurvivesAKill*:WindowOutputs*:WindowMeasure*:WindowTour*:HeadlessView*}"
source scripts/device/x-on-gpu.sh
# pack-app.sh's stubs are tiny libraries: say so before RecordGui* fails for want of FFmpeg.
avcodec="$(ls "$DEV_ROOT"/lib/libavcodec.so.* 2>/dev/null | head -1)"
if [ -n "$avcodec" ] && [ "$(stat -Lc %s "$avcodec")" -lt 1000000 ] && [[ "$filter" == *RecordGui* ]]; then
  echo "FFmpeg is stubbed in this carry: RecordGui* needs KC_PACK_FFMPEG=1 scripts/device/pack-app.sh"
fi
if [ "${KC_EACH_ALONE:-0}" = 1 ]; then
  log="$out/gui-tests-alone.log"
  : > "$log"
  passed=0 failed=0 skipped=0
  suite=""
  while IFS= read -r line; do
    case "$line" in
      [A-Za-z]*.) suite="${line%% *}" ;;
      "  "*) test="$suite${line#  }"; test="${test%%  #*}"
             timeout 120 "${app_tests[@]}" --gtest_filter="$test" > /tmp/kc-one.log 2>&1
             rc=$?
             kill_app_children
             if [ $rc -ne 0 ]; then failed=$((failed + 1)); echo "FAILED ($rc) $test" | tee -a "$log"; grep -E "Failure|Expected|Which is|kc_segv|\]|\+0x" /tmp/kc-one.log | tail -40 >> "$log"
             elif grep -q '^\[  SKIPPED \]' /tmp/kc-one.log; then skipped=$((skipped + 1)); echo "SKIPPED $test: $(grep -m1 -A1 'Skipped' /tmp/kc-one.log | tail -1)" | tee -a "$log"
             else passed=$((passed + 1)); echo "ok $test" >> "$log"; fi ;;
    esac
  done < <(.carry/bin/app_tests --gtest_list_tests --gtest_filter="$filter")
  echo "each alone: $passed passed, $failed failed, $skipped skipped" | tee -a "$log"
  exit $((failed + skipped > 0))
fi
# The headless view's tests draw with an EGL device context; after a GLX window in the same process
# the driver refused CUDA's GL interop with such a context on the H200 (the test skipped). A program
# never has both (the window, or `process --view`), so they run in a process of their own, first.
timeout 120 "${app_tests[@]}" --gtest_filter="HeadlessView*" > "$out/gui-tests-headless.log" 2>&1
rc_headless=$?
grep -E '^\[  (FAILED|SKIPPED) ' "$out/gui-tests-headless.log" | sort -u
tail -1 "$out/gui-tests-headless.log"
kill_app_children
# A filter with its own negative part gets the headless view added to it.
case "$filter" in *-*) rest="${filter}:HeadlessView*" ;; *) rest="${filter}-HeadlessView*" ;; esac
timeout 500 "${app_tests[@]}" --gtest_filter="$rest" > "$out/gui-tests.log" 2>&1
rc=$?
[ $rc_headless -ne 0 ] && rc=$rc_headless
grep -q '^\[  SKIPPED ' "$out/gui-tests-headless.log" && rc=1  # a skip on the GPU machine is a failure
grep -E '^\[  (FAILED|SKIPPED) ' "$out/gui-tests.log" | sort -u | head -40
tail -3 "$out/gui-tests.log"
exit $rc
