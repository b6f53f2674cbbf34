#!/usr/bin/env bash
# The kernelcam .deb on a clean Debian 12: debootstraps a minimal bookworm into a folder (root,
# network to deb.debian.org, ~5 minutes, ~1 GB), installs the package there with apt from Debian's
# archive alone, and runs kernelcam on the CPU: --version, devices (which must say the CUDA backend
# is not installed), and process on the sample image. Not part of CI (root, network); run it after
# `cd build && cpack -G DEB`. Usage: sudo scripts/check-deb-install.sh [build/kernelcam_*.deb] [ROOT]
set -euo pipefail
cd "$(dirname "$0")/.."
deb="${1:-$(ls build/kernelcam_*_amd64.deb | head -1)}"
root="${2:-/tmp/kernelcam-deb12}"
command -v debootstrap >/dev/null || apt-get install -y debootstrap
[ -x "$root/usr/bin/apt-get" ] || debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian
cp "$deb" "$root/tmp/kernelcam.deb"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mountpoint -q "$root/proc" || mount -t proc proc "$root/proc"
trap 'umount "$root/proc" 2>/dev/null || true' EXIT
chroot "$root" bash -c 'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q /tmp/kernelcam.deb' \
  | tail -2
chroot "$root" bash -ec '
  cd /tmp
  kernelcam --version
  kernelcam devices | grep -q "the CUDA backend is not installed"
  kernelcam process --source pattern --size 640x480 --frames 10 --filters gray,conv=gauss:5,hist=64 \
    --out /tmp/out.png --json - | grep -q "\"backend\": \"cpu\""
  test -s /tmp/out.png
  echo "kernelcam installed from Debian 12 alone and ran on the CPU"'
