#!/usr/bin/env bash
# Here, before a device run of the Qt app: packs kernelcam and app_tests from an sm_90 build
# (KC_DEVICE_APP_BUILD, default build-device: the default five-architecture build is too big to
# carry) with ../shared/tools/pack-for-device.sh, then replaces the library chains the device never
# uses (OpenCV's GDAL/GDCM/OpenEXR codecs, FFmpeg, libgphoto2) by stubs
# (scripts/device/stub_libs.py) and drops what only they needed: the carry fits the 64 MiB limit.
#   cmake -S . -B build-device -G Ninja -DCMAKE_CUDA_ARCHITECTURES=90 && ninja -C build-device kernelcam app_tests
set -euo pipefail
cd "$(dirname "$0")/../.."
build="${KC_DEVICE_APP_BUILD:-build-device}"
# The full closure goes to .carry-full/ (git-ignored, never carried); pack-for-device.sh reuses its
# tarball while the library set is the same, and so does this script with the stubbed one.
../shared/tools/pack-for-device.sh --out .carry-full "$build/app/kernelcam" "$build/tests/app/app_tests" >/dev/null
mkdir -p .carry/bin .carry/gl
cp -f .carry-full/bin/* .carry/bin/
# The CUDA backend library and the lab's processes: kernelcam finds the library beside itself
# (gpu/plugin/cuda_backend_loader.hpp) and the processes beside itself (gpu/lab/worker/worker_location.hpp).
cp -f "$build/lib/kernelcam/libkernelcam-cuda.so" "$build/gpu/kernelcam-lab-worker" "$build/gpu/kernelcam-lab-compiler" .carry/bin/
strip --strip-unneeded .carry/bin/*  # symbols: half the size
cp -f .carry-full/gl/*.deb .carry/gl/
cp -f .carry-full/device-env.sh .carry/
# The stubbed tarball depends on the library set and on these two scripts.
cache_key="$( (cat .carry-full/libs.sum scripts/device/pack-app.sh scripts/device/stub_libs.py; echo "ffmpeg=${KC_PACK_FFMPEG:-0}") | sha256sum | cut -c1-16)"
if [ -f .carry/libs.tar.xz ] && [ "$cache_key" = "$(cat .carry/libs.key 2>/dev/null)" ]; then
  echo "stubbed libs.tar.xz is up to date; carry $(du -sh .carry | cut -f1)"
  exit 0
fi

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
xz -dc .carry-full/libs.tar.xz | tar -C "$stage" -xf -
# pack-for-device.sh decides "uses Qt" with `ldd BIN | grep -q` under pipefail: when grep quits first,
# ldd's SIGPIPE can fail the test and the Qt plugins are left out (seen 2026-11-26). Never carry that.
[ -f "$stage/plugins/platforms/libqxcb.so" ] || { echo "the full closure has no Qt platform plugins: run again" >&2; exit 1; }
# Never used on the device: OpenCV's GDAL/GDCM/OpenEXR codecs and camera libraries, and FFmpeg.
unused_always='gdal|gdcm[A-Za-z]*|OpenEXR[-_0-9A-Za-z.]*|gphoto2(_port)?|dc1394'
unused_ffmpeg='avcodec|avformat|avutil|swscale|swresample'
if [ "${KC_PACK_FFMPEG:-0}" = 1 ]; then
  # Recording on the device (`process --backend cuda --out x.mp4|x.avi`): FFmpeg itself stays real
  # with libx264 (H.264) and its built-in MJPEG encoder; the other codecs, hardware-acceleration and
  # network libraries it links are stubbed (kernelcam never asks for them). ~10 MB more carry.
  # libgme and libopenmpt stay real: avformat_open_input probes every demuxer, and theirs call into
  # them (gme_identify_header: a stub there segfaulted every video read on the device, 2026-11-26).
  unused_ffmpeg='vpx|dav1d|rsvg-2|zvbi|snappy|aom|codec2|gsm|jxl|jxl_threads|mp3lame|opus|rav1e|shine|speex|SvtAv1Enc|theoraenc|theoradec|twolame|vorbis|vorbisenc|x265|xvidcore|va|va-drm|va-x11|vdpau|mfx|OpenCL|chromaprint|bluray|rabbitmq|rist|srt-gnutls|ssh-gcrypt|zmq|soxr'
fi
unused="^lib(${unused_always}|${unused_ffmpeg})\\.so"
stubs=()
for f in "$stage"/lib/*; do
  name="$(basename "$f")"
  [[ "$name" =~ $unused ]] && stubs+=("/lib/x86_64-linux-gnu/$name")
done
python3 scripts/device/stub_libs.py "$stage/lib" "${stubs[@]}" | sed 's/^/  /' | head -3

# Keep only what the binaries, the Qt plugins and the kept libraries need, stubs included.
declare -A keep=()
queue=(.carry/bin/kernelcam .carry/bin/app_tests $(find "$stage/plugins" -name '*.so'))
while ((${#queue[@]})); do
  elf="${queue[0]}"; queue=("${queue[@]:1}")
  for needed in $(readelf -d "$elf" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    [ -e "$stage/lib/$needed" ] && [ -z "${keep[$needed]:-}" ] || continue
    keep[$needed]=1; queue+=("$stage/lib/$needed")
  done
done
for f in "$stage"/lib/*; do [ -n "${keep[$(basename "$f")]:-}" ] || rm -f "$f"; done
find "$stage" -type f -printf '%p %s\n' | sort | sha256sum | cut -c1-16 > .carry/libs.sum
tar -C "$stage" -cf - . | xz -T0 -6 > .carry/libs.tar.xz
echo "$cache_key" > .carry/libs.key
echo "stubbed ${#stubs[@]} libraries; kept ${#keep[@]}; libs.tar.xz $(du -sh .carry/libs.tar.xz | cut -f1); carry $(du -sh .carry | cut -f1)"

# Check here that the stubs satisfy the loader (BIND_NOW): the app must start on the packed libraries.
mkdir -p "$stage/check" && xz -dc .carry/libs.tar.xz | tar -C "$stage/check" -xf -
LD_LIBRARY_PATH="$stage/check/lib" QT_PLUGIN_PATH="$stage/check/plugins" .carry/bin/kernelcam --help >/dev/null \
  && echo "packed kernelcam starts on the packed libraries"
