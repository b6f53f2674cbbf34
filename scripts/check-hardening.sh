#!/usr/bin/env bash
# Checks that each ELF binary given was built with the package build's hardening flags
# (cmake/KernelcamHardening.cmake, what lintian's hardening tags look for): RELRO, immediate binding
# (BIND_NOW) and fortified libc calls (__*_chk). One line per binary; exit 1 when one lacks any.
# Usage: scripts/check-hardening.sh BINARY...   (scripts/package.sh runs it on what it packages)
set -euo pipefail
status=0
for binary in "$@"; do
  missing=()
  readelf -lW "$binary" | grep -q 'GNU_RELRO' || missing+=("RELRO (-z relro)")
  readelf -dW "$binary" | grep -Eq '\(BIND_NOW\)|\(FLAGS(_1)?\).*\bNOW\b' || missing+=("immediate binding (-z now)")
  readelf --dyn-syms -W "$binary" | grep -Eq '__[a-z0-9_]+_chk(@|$)' || missing+=("fortified calls (-D_FORTIFY_SOURCE)")
  if ((${#missing[@]})); then
    echo "$binary: not hardened: no $(IFS=,; echo "${missing[*]}" | sed 's/,/, no /g')"
    status=1
  else
    echo "$binary: hardened (RELRO, BIND_NOW, fortified calls)"
  fi
done
exit $status
