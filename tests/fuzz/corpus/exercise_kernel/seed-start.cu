// @exercise reduce-sum
// @block 256
// @grid (n + 255) / 256
__global__ void k(const int* in, int n, int* sum) {}
