#!/usr/bin/env bash
# The C++ and CUDA sources follow .clang-format (ctest: format). Applied to the whole tree once; from
# then on a change that is not formatted fails here, naming the file and the first lines it would change.
#   scripts/check-format.sh [ROOT]          check (exit 1 on any unformatted file)
#   scripts/check-format.sh --fix [ROOT]    format them in place
#   KC_FORMAT_FILES="a.cpp b.hpp" scripts/check-format.sh [ROOT]   those files only (the check's own test)
# Left out, as text whose lines are named elsewhere: the exercises' kernels (statements and hints
# point at their lines), the lab's built-in kernels in resources/, the fixtures and the fuzz corpora.
set -euo pipefail
fix=0
[ "${1:-}" = --fix ] && { fix=1; shift; }
root="${1:-$(dirname "$0")/..}"
cd "$root"
command -v clang-format > /dev/null || { echo "check-format: clang-format is not installed (scripts/setup.sh installs it)"; exit 1; }
if [ -n "${KC_FORMAT_FILES:-}" ]; then
  read -r -a files <<< "$KC_FORMAT_FILES"
else
  mapfile -t files < <(git ls-files 'app/*.cpp' 'app/*.hpp' 'ui/*.cpp' 'ui/*.hpp' 'gpu/*.cpp' 'gpu/*.hpp' 'gpu/*.cu' \
  'gpu/*.cuh' 'tests/*.cpp' 'tests/*.hpp' 'tests/*.cu' 'tests/*.cuh' |
  grep -v -E '^tests/fixtures/|^tests/fuzz/corpus/|^gpu/exercises/[^/]+/[^/]+\.cu$')
fi
if [ "$fix" = 1 ]; then
  printf '%s\0' "${files[@]}" | xargs -0 -n 50 clang-format -i
  exit 0
fi
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
printf '%s\0' "${files[@]}" | xargs -0 -n 100 clang-format --dry-run --Werror 2> "$log" || true
bad="$(grep -oE '^[^:]+:[0-9]+:[0-9]+: error: code should be clang-formatted' "$log" | cut -d: -f1 | sort -u || true)"
if [ -n "$bad" ]; then
  grep -m 10 -E 'error: code should be clang-formatted' "$log"
  echo "check-format: $(wc -l <<< "$bad") of ${#files[@]} files are not formatted (scripts/check-format.sh --fix formats them)"
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
