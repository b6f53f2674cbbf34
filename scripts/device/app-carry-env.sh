# Sourced by the device scripts that run the packed kernelcam without a window (lab-profile-cli.sh,
# lab-ab-times.sh), from the repository root: unpacks the app carry of scripts/device/pack-app.sh
# where needed and puts its libraries and the machine's CUDA first on the loader's path. Sets
# `out` ($OUT, else the given default) and creates it.
out="${OUT:-$1}"
mkdir -p "$out"
[ -f .carry/bin.tar.xz ] && { [ ! -x .carry/bin/kernelcam ] || [ .carry/bin.tar.xz -nt .carry/bin/kernelcam ]; } && tar -C .carry -mxJf .carry/bin.tar.xz  # -m: unpacked now, so a newer pack is seen
source .carry/device-env.sh >/dev/null
export LD_LIBRARY_PATH="$DEV_ROOT/lib:/usr/local/nvidia/lib64:/usr/local/cuda/lib64"
