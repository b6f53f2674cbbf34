#!/usr/bin/env python3
"""Which threads use the CPU, over an interval, from /proc (top does not run on the GPU machine's gVisor).

  scripts/device/thread-cpu.py [SECONDS [MIN_PERCENT]]    prints pid/tid, % of one CPU, process and thread
                                                          name, the CPU it last ran on; busiest first
"""
import os
import sys
import time

HZ = os.sysconf("SC_CLK_TCK")


def snapshot():
    threads = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            process = open("/proc/%s/comm" % pid).read().strip()
            for tid in os.listdir("/proc/%s/task" % pid):
                stat = open("/proc/%s/task/%s/stat" % (pid, tid)).read()
                name = stat[stat.index("(") + 1:stat.rindex(")")]
                fields = stat[stat.rindex(")") + 2:].split()
                # fields[11], [12]: utime, stime; fields[36]: the CPU it last ran on
                threads[(pid, tid)] = (int(fields[11]) + int(fields[12]), process, name,
                                       fields[36] if len(fields) > 36 else "?")
        except (OSError, ValueError, IndexError):
            continue
    return threads


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5
    floor = float(sys.argv[2]) if len(sys.argv) > 2 else 3
    before = snapshot()
    start = time.monotonic()
    time.sleep(seconds)
    after = snapshot()
    elapsed = time.monotonic() - start
    rows = []
    for key, (ticks, process, name, cpu) in after.items():
        used = ticks - before.get(key, (0,))[0]
        percent = 100.0 * used / HZ / elapsed
        if percent >= floor:
            rows.append((percent, key, process, name, cpu))
    total = sum(r[0] for r in rows)
    print("over %.1f s: threads at >= %.0f%% of a CPU (together %.0f%%)" % (elapsed, floor, total))
    for percent, (pid, tid), process, name, cpu in sorted(rows, reverse=True):
        print("  %6.1f%%  %6s/%-6s cpu %-3s %-28s %s" % (percent, pid, tid, cpu, process, name))


if __name__ == "__main__":
    main()
