#!/usr/bin/env python3
"""Compares two binary PGM/PPM images (kernelcam process --out x.pgm|x.ppm) pixel by pixel.
usage: compare_images.py A B [TOLERANCE]; prints the largest difference and how many samples
differ; exit 0 when the sizes match and every sample is within TOLERANCE (default 0)."""
import sys


def read_pnm(path):
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:  # magic, width, height, maxval; '#' comments between them
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    return fields[0], int(fields[1]), int(fields[2]), data[pos + 1:]


a, b = read_pnm(sys.argv[1]), read_pnm(sys.argv[2])
tolerance = int(sys.argv[3]) if len(sys.argv) > 3 else 0
if a[:3] != b[:3] or len(a[3]) != len(b[3]):
    print(f"size or format differs: {a[:3]} vs {b[:3]}")
    sys.exit(1)
diffs = [abs(x - y) for x, y in zip(a[3], b[3]) if x != y]
print(f"{a[1]}x{a[2]} {a[0].decode()}: max difference {max(diffs, default=0)}, {len(diffs)} of {len(a[3])} samples differ")
sys.exit(0 if max(diffs, default=0) <= tolerance else 1)
