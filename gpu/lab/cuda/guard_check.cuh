#pragma once
// Checked mode's test on the GPU: how many guard bytes around a user kernel's output plane no
// longer hold kGuardByte (gpu/lab/guard_report.hpp). One 8-byte count comes back to the host
// instead of every guard byte (at 4K RGBA, 2160 rows of right-hand guards: a strided download that
// cost more than the kernel). Only a frame with a count above zero has its guards downloaded,
// for describeGuardWrites to say where the writes landed.
#include <cuda_runtime.h>

#include <cstddef>

namespace kc::lab {

// The plane starts at `base`: `guardRows` rows of `pitch` bytes above and below `height` rows whose
// first `rowBytes` bytes are the frame. Writes the number of changed guard bytes to `*count` (device
// memory), in stream order.
void countGuardWrites(const unsigned char* base, std::size_t pitch, std::size_t rowBytes, int height, int guardRows,
                      unsigned long long* count, cudaStream_t stream);

// Loads countGuardWrites's kernel into the current context now. Under CUDA's lazy loading (the
// default since 12.2) a kernel's first launch loads it, and loading waits for the context's work.
// LabRunner::submitDevice launches the count behind a stream wait that only the worker ends, before
// the worker has its request: a first launch there waited forever (found on the H200). Call it before
// any such wait is enqueued.
void loadGuardCheck();

}  // namespace kc::lab
