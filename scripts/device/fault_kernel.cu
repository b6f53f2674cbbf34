// Issue 40 class 14: one kernel in a process of its own, plain (no argument) or writing through a
// null pointer (any argument), for scripts/device/gl-after-fault.sh.
#include <cstdio>
__global__ void writeNull(int* p) { p[threadIdx.x] = 1; }
__global__ void fine(int* p) { p[threadIdx.x] = 1; }
int main(int argc, char** argv) {
  int* d = nullptr;
  cudaMalloc(&d, 1024);
  if (argc > 1) writeNull<<<1, 32>>>(nullptr);
  else fine<<<1, 32>>>(d);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("%s: %s\n", argc > 1 ? "null write" : "plain kernel", cudaGetErrorString(e));
  return 0;
}
