#!/usr/bin/env bash
# The include-layer check (a ctest test, "layers"): every #include in gpu/, ui/ and app/ must point
# down the layer picture of docs/ARCHITECTURE.md, never up or sideways. Prints each offending
# include as FILE:LINE: what is wrong, and exits 1 if there is one.
#   scripts/check-layers.sh [REPO_ROOT]      (default: the folder above this script)
#
# A file's unit is its layer and first folder (gpu/stages, ui/window, app/cli; app/main.cpp is
# app/main). A unit may include itself and the units it lists below; across layers:
#   gpu  includes only gpu (and never Qt);
#   ui   includes ui and gpu, but no CUDA: no CUDA header, no .cuh, and no gpu header that pulls
#        one in (followed through every header it includes);
#   app  includes gpu; ui only from the units whose row lists "ui" (the window's side of app:
#        sources, io, diagnostics and backend stay below the window); app by the table.
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
cd "$root"

# Within a layer: unit -> the units it may include (besides itself). Keep in step with
# docs/ARCHITECTURE.md, "Layers".
rules='
gpu/core:
gpu/image: gpu/core
gpu/interop: gpu/core gpu/image
gpu/demos: gpu/core
gpu/pipeline: gpu/core gpu/image gpu/interop
gpu/lab: gpu/core gpu/pipeline
gpu/exercises: gpu/core gpu/image gpu/demos gpu/pipeline gpu/lab
gpu/stages: gpu/core gpu/image gpu/pipeline gpu/lab
gpu/bench: gpu/core gpu/image gpu/demos gpu/pipeline
gpu/plugin: gpu/core gpu/pipeline gpu/lab gpu/bench gpu/exercises
ui/files:
ui/render:
ui/window: ui/render ui/files
ui/demos: ui/render ui/window ui/files
ui/lab: ui/render ui/window ui/files
app/io:
app/diagnostics:
app/backend: app/diagnostics
app/sources: app/diagnostics
app/record: ui app/io app/diagnostics app/sources
app/demos: ui app/diagnostics app/backend
app/session: app/diagnostics app/backend app/sources
app/live: ui app/io app/diagnostics app/backend app/sources app/record app/session
app/exercises: app/io app/diagnostics app/backend app/sources app/session
app/lab: ui app/diagnostics app/backend app/live app/exercises app/session
app/options: ui app/sources
app/gui: ui app/io app/diagnostics app/backend app/sources app/record app/demos app/live app/lab app/options app/exercises app/session
app/cli: ui app/io app/diagnostics app/backend app/sources app/record app/demos app/live app/options app/exercises app/session
app/main: ui app/io app/diagnostics app/backend app/sources app/record app/demos app/live app/lab app/gui app/cli app/options app/exercises app/session
'

# Every include line, as FILE:LINE:TEXT (comments and strings that merely mention #include do not
# start a line with it).
grep -rnE --include='*.hpp' --include='*.cpp' --include='*.h' --include='*.cu' --include='*.cuh' \
  '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]' gpu ui app |
  awk -v rules="$rules" '
function unit(path,   n, p) {
  n = split(path, p, "/")
  if (n == 2) { sub(/\.[^.]*$/, "", p[2]); return p[1] "/" p[2] }  # app/main.cpp -> app/main
  return p[1] "/" p[2]
}
function layer(path) { return substr(path, 1, index(path, "/") - 1) }
# A CUDA header by its name: the runtime, driver and libraries, CUB/Thrust/libcu++, and any .cuh.
function cudaName(name, quoted) {
  if (quoted) return name ~ /\.cuh$/
  return name ~ /^(cuda[^\/]*\.h|cuda\/|cub\/|thrust\/|cublas|cusparse|cufft|curand|cusolver|npp|nvrtc|nvml|cudaTypedefs\.h)/
}
BEGIN {
  n = split(rules, lines, "\n")
  for (i = 1; i <= n; ++i) {
    if (lines[i] !~ /:/) continue
    split(lines[i], kv, ":")
    known[kv[1]] = 1
    m = split(kv[2], tos, " ")
    for (j = 1; j <= m; ++j) allowed[kv[1] SUBSEP tos[j]] = 1
  }
}
{
  file = $0; sub(/:.*/, "", file)
  rest = substr($0, length(file) + 2)
  line = rest; sub(/:.*/, "", line)
  text = substr(rest, length(line) + 2)
  quoted = text ~ /include[[:space:]]*"/
  name = text
  if (quoted) { sub(/^[^"]*"/, "", name); sub(/".*$/, "", name) } else { sub(/^[^<]*</, "", name); sub(/>.*$/, "", name) }
  ++count
  F[count] = file; L[count] = line; N[count] = name; Q[count] = quoted
  if (quoted) deps[file] = deps[file] " " name
  if (cudaName(name, quoted)) { pulls[file] = name; direct[file] = 1 }
}
END {
  # Which files pull CUDA in, through any chain of quoted includes: grow the set to a fixed point.
  do {
    grew = 0
    for (file in deps) {
      if (file in pulls) continue
      m = split(deps[file], ds, " ")
      for (j = 1; j <= m; ++j)
        if (ds[j] in pulls) { pulls[file] = ds[j]; grew = 1; break }
    }
  } while (grew)

  bad = 0
  for (i = 1; i <= count; ++i) {
    file = F[i]; name = N[i]; from = unit(file); fromLayer = layer(file)
    where = file ":" L[i] ": "
    if (!(from in known)) { print where from " is not in the layer table (scripts/check-layers.sh): add it"; ++bad; continue }
    if (!Q[i]) {
      if (fromLayer == "gpu" && name ~ /^(Q[A-Za-z]|qt|Qt)/) { print where "gpu/ has no Qt: <" name ">"; ++bad }
      if (fromLayer == "ui" && cudaName(name, 0)) { print where "ui/ includes no CUDA header: <" name ">"; ++bad }
      continue
    }
    to = unit(name); toLayer = layer(name)
    if (toLayer != "gpu" && toLayer != "ui" && toLayer != "app") continue
    if (fromLayer == "ui" && name in pulls) {
      chain = name
      for (h = name; !(h in direct) && (h in pulls); h = pulls[h]) chain = chain " -> " pulls[h]
      if (h in direct) chain = chain " -> " pulls[h]
      print where "ui/ includes no CUDA: \"" name "\" pulls it in (" chain ")"; ++bad
    }
    if (to == from) continue
    if (fromLayer == "gpu" && toLayer != "gpu") { print where "gpu/ must not include " toLayer "/: \"" name "\""; ++bad; continue }
    if (fromLayer == "ui" && toLayer == "app") { print where "ui/ must not include app/: \"" name "\""; ++bad; continue }
    if (fromLayer == "app" && toLayer == "ui" && !((from SUBSEP "ui") in allowed)) { print where from " must not include ui/ (it sits below the window): \"" name "\""; ++bad; continue }
    if (toLayer != fromLayer) continue  # down a layer: ui -> gpu, app -> ui or gpu
    if (!((from SUBSEP to) in allowed)) { print where from " must not include " to " (not below it): \"" name "\""; ++bad }
  }
  if (bad) { printf "check-layers: %d include(s) against the layers (docs/ARCHITECTURE.md, \"Layers\")\n", bad; exit 1 }
  printf "check-layers: %d includes in gpu/, ui/ and app/ follow the layers\n", count
}'
