#!/usr/bin/env python3
"""Where the lab's compile time goes, on the machine it runs on (issue 22).

Compiles the lab's template, as kernelcam-lab-compiler sends it to NVRTC (the prelude, the user's
text, the entry check; the options of gpu/lab/cuda/nvrtc_compiler.cpp), N times in one process with
glibc keeping freed memory (as the compiler process does), each time with another default in its
@param line, and prints per variant the median wall time: NVRTC to PTX only, NVRTC to a cubin (what
the lab does), and PTX loaded by the driver's JIT (cuModuleLoadDataEx, JIT cache off). Then one
compile's phases from NVRTC's own time trace (--fdevice-time-trace).

  scripts/device/lab-compile-phases.py [N]      (NVRTC=path/libnvrtc.so, LIBCUDA=libcuda.so.1, KEEP=0,
                                                 NO_CACHE=1: NVRTC's cache off, EDIT=code: each compile
                                                 changes a constant in the code, not the @param comment,
                                                 so no cache, NVRTC's or the driver's, can answer it)
The compiler process's own limits and seccomp filter are not copied here: its compiles, sandboxed, are
timed by the lab itself (`kernel check --timings`, the edit-to-frame log line's CPU and wall ms).
"""
import ctypes
import ctypes.util
import json
import os
import re
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def template_program():
    source = open(os.path.join(ROOT, "gpu/lab/program_source.cpp")).read()
    types = re.search(r'kFrameTypes = R"\((.*?)\)";', source, re.S).group(1)
    check = re.search(r'kEntryTypeCheck = R"\((.*?)\)";', source, re.S).group(1)
    template = open(os.path.join(ROOT, "gpu/lab/kernel_template.cpp")).read()
    user = re.search(r'text = R"\((.*?)\)";', template, re.S).group(1)
    entry_line = user[: user.index("__global__ void posterize")].count("\n") + 1
    return ('#line 1 "kernelcam-lab-prelude.cuh"\n' + types + "struct KcParams { int levels; float mix; };\n" + check +
            '#line 1 "edit.cu"\n' + user + '\n#line %d "edit.cu"\n' % entry_line +
            'static_assert(KcIsEntry_<decltype(&posterize)>::value, "signature");\n')


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    if os.environ.get("KEEP", "1") == "1":  # as kernelcam-lab-compiler's keepFreedMemory()
        libc = ctypes.CDLL(ctypes.util.find_library("c"))
        libc.mallopt(-4, 0)            # M_MMAP_MAX
        libc.mallopt(-1, 2**31 - 1)    # M_TRIM_THRESHOLD
        libc.mallopt(-2, 64 << 20)     # M_TOP_PAD
    nvrtc = ctypes.CDLL(os.environ.get("NVRTC", "libnvrtc.so"))
    version = (ctypes.c_int(), ctypes.c_int())
    nvrtc.nvrtcVersion(ctypes.byref(version[0]), ctypes.byref(version[1]))
    program = template_program()
    print("NVRTC %d.%d, %d compiles per variant, glibc keeps memory: %s" %
          (version[0].value, version[1].value, n, os.environ.get("KEEP", "1") == "1"))

    def compile_once(options, text, want_ptx=False):
        prog = ctypes.c_void_p()
        assert nvrtc.nvrtcCreateProgram(ctypes.byref(prog), text.encode(), b"edit.cu", 0, None, None) == 0
        names = (ctypes.c_char_p * len(options))(*[o.encode() for o in options])
        start = time.perf_counter()
        result = nvrtc.nvrtcCompileProgram(prog, len(options), names)
        ms = (time.perf_counter() - start) * 1e3
        if result != 0:
            size = ctypes.c_size_t()
            nvrtc.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
            log = ctypes.create_string_buffer(size.value)
            nvrtc.nvrtcGetProgramLog(prog, log)
            sys.exit("NVRTC failed (%d): %s" % (result, log.value.decode()))
        ptx = None
        if want_ptx:
            size = ctypes.c_size_t()
            nvrtc.nvrtcGetPTXSize(prog, ctypes.byref(size))
            ptx = ctypes.create_string_buffer(size.value)
            nvrtc.nvrtcGetPTX(prog, ptx)
        nvrtc.nvrtcDestroyProgram(ctypes.byref(prog))
        return ms, ptx

    base = ["-minimal", "-default-device", "-std=c++17"]
    if os.environ.get("NO_CACHE") == "1":  # NVRTC's own cache off: every compile does the work
        base.append("--no-cache")
    variants = [("NVRTC to PTX (compute_90)", ["-arch=compute_90"] + base),
                ("NVRTC to cubin (sm_90, the lab's)", ["-arch=sm_90"] + base + ["-Xptxas", "-v"])]
    if os.environ.get("EDIT") == "code":  # the rounding constant: another PTX every time
        assert "+ 0.5f" in program
        texts = [program.replace("+ 0.5f", "+ 0.%03df" % (100 + i)) for i in range(n)]
    else:  # the test's edits: the @param default, a comment to NVRTC
        texts = [program.replace("= 6 ", "= %d " % (3 + i % 20)) for i in range(n)]
    ptxs = []
    for name, options in variants:
        times = []
        for text in texts:
            ms, ptx = compile_once(options, text, want_ptx=name.startswith("NVRTC to PTX"))
            times.append(ms)
            if ptx is not None:
                ptxs.append(ptx)
        print("%-40s median %6.1f ms  (first %.1f, min %.1f, max %.1f)" %
              (name, statistics.median(times[1:]), times[0], min(times), max(times)))

    try:
        os.environ["CUDA_CACHE_DISABLE"] = "1"
        cuda = ctypes.CDLL(os.environ.get("LIBCUDA", "libcuda.so.1"))
        assert cuda.cuInit(0) == 0
        device, context = ctypes.c_int(), ctypes.c_void_p()
        assert cuda.cuDeviceGet(ctypes.byref(device), 0) == 0
        assert cuda.cuDevicePrimaryCtxRetain(ctypes.byref(context), device) == 0
        assert cuda.cuCtxSetCurrent(context) == 0
        times = []
        for ptx in ptxs:
            module = ctypes.c_void_p()
            start = time.perf_counter()
            result = cuda.cuModuleLoadDataEx(ctypes.byref(module), ptx, 0, None, None)
            times.append((time.perf_counter() - start) * 1e3)
            assert result == 0, result
            cuda.cuModuleUnload(module)
        print("%-40s median %6.1f ms  (first %.1f, min %.1f, max %.1f)" %
              ("driver JIT of that PTX (cache off)", statistics.median(times[1:]), times[0], min(times), max(times)))
    except (OSError, AssertionError) as error:
        print("driver JIT: not measured (%s)" % (error or "no CUDA device"))

    trace = os.path.join(tempfile.mkdtemp(), "trace")
    compile_once(variants[1][1] + ["--fdevice-time-trace=" + trace], texts[0])
    path = trace if os.path.exists(trace) else trace + ".json"
    data = json.load(open(path))
    events = data["traceEvents"] if isinstance(data, dict) else data
    phases = {}
    for event in events:
        if event.get("ph") == "X":
            phases[event["name"]] = phases.get(event["name"], 0) + event["dur"] / 1e3
    print("one cubin compile's phases (NVRTC's time trace, nested phases overlap):")
    for name, ms in sorted(phases.items(), key=lambda item: -item[1])[:14]:
        print("  %-44s %6.1f ms" % (name, ms))


if __name__ == "__main__":
    main()
