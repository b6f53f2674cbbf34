#!/usr/bin/env bash
# A fresh clone has nothing beside it: no file of the product, its build or its tests may name the
# folder the data used to live in beside the checkout (../shared). The device scripts are the one
# exception (scripts/device: they carry tools from there to the GPU machine, not data).
# Usage: self_contained_test.sh SOURCE_DIR
set -euo pipefail
cd "$1"
found=$(grep -rnI --exclude-dir=device --exclude=self_contained_test.sh -e '\.\./shared' \
          app gpu ui cmake tests scripts packaging resources CMakeLists.txt || true)
if [ -n "$found" ]; then
  echo "these lines reach beside the checkout (the data is in data/):"
  echo "$found"
  exit 1
fi
echo "ok: nothing outside the checkout is named"
