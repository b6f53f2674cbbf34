#!/usr/bin/env bash
# Which tests the last CTest run skipped, and why: GoogleTest prints each GTEST_SKIP's reason, CTest
# keeps it in its log (Testing/Temporary/LastTest.log) but shows only "(Skipped)". Prints one line
# per reason with its count and the tests it skipped, most frequent first. scripts/test.sh runs it
# after CTest; after a plain `ctest` run it by hand.
# Usage: scripts/skipped-tests.sh [BUILD_DIR]   (default: build, or $KC_BUILD_DIR)
set -euo pipefail
build_dir="${1:-${KC_BUILD_DIR:-build}}"
log="$build_dir/Testing/Temporary/LastTest.log"
[ -f "$log" ] || { echo "skipped-tests: no $log (run ctest in $build_dir first)" >&2; exit 2; }
# A test's block: "N/M Testing: NAME", its output between "Output:" and "<end of output>", and, for a
# skip, "Skip regular expression found in output". The reason is what follows GoogleTest's
# "FILE:LINE: Skipped" line, up to the blank line before "[  SKIPPED ]".
awk '
  /^[0-9]+\/[0-9]+ Testing: / { name = $0; sub(/^[0-9]+\/[0-9]+ Testing: /, "", name); reason = ""; inOutput = 0; inReason = 0; next }
  /^Output:$/ { inOutput = 1; next }
  /^<end of output>$/ { inOutput = 0; inReason = 0; next }
  inOutput && /: Skipped$/ { inReason = 1; next }
  inOutput && inReason {
    if ($0 == "" || $0 ~ /^\[  SKIPPED \]/) { inReason = 0; next }
    reason = reason == "" ? $0 : reason " " $0
    next
  }
  /^Skip regular expression found in output/ {
    if (reason == "") reason = "(no reason given)"
    count[reason]++
    names[reason] = names[reason] (count[reason] <= 3 ? (count[reason] > 1 ? ", " : "") name : "")
    total++
  }
  END {
    if (total == 0) { print "No test was skipped."; exit }
    printf "%d tests skipped; why, and which (CTest shows only \"(Skipped)\"):\n", total
    for (r in count) {
      more = count[r] > 3 ? sprintf(" and %d more", count[r] - 3) : ""
      printf "%6d  %s\n        %s%s\n", count[r], r, names[r], more
    }
  }' "$log" | { read -r header; echo "$header"; paste - - | sort -t$'\t' -k1,1nr | tr '\t' '\n'; }
