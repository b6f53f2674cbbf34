// A histogram in shared memory, the technique of kernelcam's built-in stage hist=256
// (gpu/image/histogram.cu), put to work: each 16x16 block equalises its own tile.
//
// The built-in counts the whole frame: each block counts its pixels into a private histogram in
// shared memory (fast atomics, no contention with other blocks), then adds it to the global one.
// A lab kernel has no buffer of its own to count into, so this one uses the block's histogram
// where it is: each block counts its tile's grey levels, turns the counts into a cumulative
// histogram with a parallel scan, and maps every pixel to its rank in the tile. Flat tiles get
// their contrast stretched; the tiles' edges show (that is what CLAHE's interpolation fixes).
//
// Things to try: a 32x32 block; `strength` at 0.5; count into 64 bins instead of 256.
//
// @output gray
// @block 16x16
// @param strength float 0..1 = 1     0 shows the grey input, 1 the equalised tile

#define BINS 256

unsigned char luma(uchar4 p) { return (unsigned char)((6881u * p.x + 23265u * p.y + 2294u * p.z + 16384u) >> 15); }

__global__ void tileEqualise(KcInput in, KcOutput out, KcParams params) {
  __shared__ unsigned counts[BINS];
  const int t = threadIdx.y * blockDim.x + threadIdx.x;  // 0..255: one bin per thread
  counts[t] = 0;
  __syncthreads();

  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  const bool inside = x < in.width && y < in.height;
  const unsigned char v = inside ? luma(in.rgba(x, y)) : 0;
  if (inside) atomicAdd(&counts[v], 1u);  // shared-memory atomics: cheap, and private to the block
  __syncthreads();

  // Inclusive scan (Hillis-Steele): after it, counts[k] = pixels of the tile at levels <= k.
  for (int offset = 1; offset < BINS; offset *= 2) {
    const unsigned add = t >= offset ? counts[t - offset] : 0;
    __syncthreads();
    counts[t] += add;
    __syncthreads();
  }
  if (!inside) return;
  const float rank = 255.0f * counts[v] / counts[BINS - 1];
  out.setGray(x, y, (unsigned char)rintf(v + params.strength * (rank - v)));
}
