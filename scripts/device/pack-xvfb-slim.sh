#!/usr/bin/env bash
# Here: the X server of ../shared/tools/pack-xvfb.sh (Debian's Xvfb, Mesa for the server's GLX, glxinfo)
# made small enough to travel beside the repository in one device call: the .debs unpacked, everything
# the server and glxinfo never load dropped (docs, the hardware DRI drivers: only swrast/kms_swrast stay,
# demo programs' data, ICU's test libraries), packed as one xz archive. 65.6 MB of .debs + the tree's 4.3 MB
# were over the 64 MiB a call carries; this is ~30 MB. scripts/device/window-on-gpu.sh unpacks it.
#   scripts/device/pack-xvfb-slim.sh            -> .carry/xvfb-slim/xvfb-root.tar.xz
set -euo pipefail
cd "$(dirname "$0")/../.."
full=.carry/xvfb
[ -d "$full/debs" ] || ../shared/tools/pack-xvfb.sh "$full" >/dev/null
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/root"
for f in "$full"/debs/*.deb; do dpkg -x "$f" "$stage/root"; done
cp -a "$full/lib" "$stage/hostlib"
lib="$stage/root/usr/lib/x86_64-linux-gnu"
rm -rf "$stage"/root/usr/share/{doc,man,locale,lintian,bug,bash-completion,mesa-demos} \
       "$lib"/libicutest* "$lib"/libicutu* "$lib"/libicuio*
find "$lib/dri" -type f ! -name swrast_dri.so ! -name kms_swrast_dri.so -delete
mkdir -p .carry/xvfb-slim
tar -C "$stage" -cf - root hostlib | xz -6 -T2 > .carry/xvfb-slim/xvfb-root.tar.xz
du -sh .carry/xvfb-slim
