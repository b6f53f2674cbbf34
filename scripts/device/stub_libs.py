#!/usr/bin/env python3
"""Stand-in shared libraries for the GPU machine's carry (device only, never shipped).

Debian's OpenCV links imgcodecs against GDAL/GDCM/OpenEXR and videoio against FFmpeg and
libgphoto2, with BIND_NOW: every symbol must resolve when kernelcam starts, although the device runs
only PNG files and the test pattern. Their closure is ~200 MB, over the device tool's 64 MiB carry.
For each library named here this writes a stub with the same SONAME and the same exported symbols
(functions that return, data of the same size, the same version nodes), so the loader is satisfied;
calling into one would do nothing, and the device never does.

usage: stub_libs.py OUT_DIR LIBRARY_PATH...
"""
import os
import re
import subprocess
import sys
import tempfile


def exported_symbols(path):
    """(name, version or None, kind 'func'|'object', size) of every defined dynamic symbol."""
    out = subprocess.run(["nm", "-D", "--defined-only", "-S", "--with-symbol-versions", path],
                         check=True, capture_output=True, text=True).stdout
    symbols = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4:
            _, size, kind, name = parts
        elif len(parts) == 3:
            _, kind, name = parts
            size = "0"
        else:
            continue
        version = None
        if "@@" in name:
            name, version = name.split("@@", 1)
        elif "@" in name:
            continue  # a non-default (old) version: nothing links against it today
        if kind in "A":
            continue  # the version nodes themselves
        if kind in "VvWwu":
            # Weak and unique symbols: template instances and inline functions (std::vector's, say),
            # which every user carries itself. A do-nothing copy exported here would be taken instead
            # of another library's own (it crashed the CUDA backend's pipeline on the device).
            continue
        is_object = kind in "BbDdGgRrSsVv"
        symbols.append((name, version, "object" if is_object else "func", max(int(size, 16), 8)))
    return symbols


def soname(path):
    out = subprocess.run(["readelf", "-d", path], check=True, capture_output=True, text=True).stdout
    match = re.search(r"\(SONAME\)\s+Library soname: \[(.+)\]", out)
    return match.group(1) if match else os.path.basename(path)


def write_stub(path, out_dir):
    symbols = exported_symbols(path)
    name = soname(path)
    with tempfile.TemporaryDirectory() as tmp:
        asm = os.path.join(tmp, "stub.s")
        with open(asm, "w") as f:
            for sym, _, kind, size in symbols:
                if kind == "func":
                    f.write(f'.text\n.globl "{sym}"\n.type "{sym}",@function\n"{sym}":\n  ret\n')
                else:
                    f.write(f'.data\n.balign 16\n.globl "{sym}"\n.type "{sym}",@object\n.size "{sym}",{size}\n"{sym}":\n  .zero {size}\n')
        script = os.path.join(tmp, "versions.map")
        nodes = {}
        for sym, version, _, _ in symbols:
            if version:
                nodes.setdefault(version, []).append(sym)
        with open(script, "w") as f:
            for version, names in nodes.items():
                f.write(version + " {\n  global:\n" + "".join(f'    "{n}";\n' for n in names) + "};\n")
        args = ["gcc", "-shared", "-nostdlib", "-o", os.path.join(out_dir, name), f"-Wl,-soname,{name}", asm]
        if nodes:
            args.append(f"-Wl,--version-script={script}")
        subprocess.run(args, check=True)
    return name, len(symbols)


def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    for path in sys.argv[2:]:
        name, count = write_stub(path, out_dir)
        print(f"stub {name}: {count} symbols")


if __name__ == "__main__":
    main()
