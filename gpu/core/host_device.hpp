#pragma once
// Lets small plain-C++ helpers be called from both host and device code.
#if defined(__CUDACC__)
#define KC_HD __host__ __device__ __forceinline__
#else
#define KC_HD inline
#endif
