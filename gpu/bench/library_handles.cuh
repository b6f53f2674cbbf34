#pragma once
// The bench's cuBLAS / cuSPARSE checks and handles are the core's: include
// gpu/core/library_handles.cuh directly (this header stays for the rows that still name it).
#include "gpu/core/library_handles.cuh"
