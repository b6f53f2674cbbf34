// Grayscale with strided reads: the same arithmetic as grey.cu, so the A/B view shows the two
// identical, bit for bit, and a different time. Only which thread takes which pixel changed.
//
// In grey.cu, threadIdx.x walks along a row: the 32 threads of a warp read 32 neighbouring pixels,
// 128 bytes in one piece (coalesced). Here threadIdx.x walks down a column: a warp's 32 reads land
// on 16 rows (the block is 16 wide), 16 pieces of memory for the same 128 bytes, and the writes
// likewise. Nothing else differs.
//
// Things to try: compare its time with grey.cu's in the A/B view (B: this kernel, A: gray=lab);
// swap the two index lines back and watch the time fall.
//
// @output gray
// @block 16x16

__global__ void greyStrided(KcInput in, KcOutput out, KcParams params) {
  const int x = blockIdx.x * blockDim.x + threadIdx.y;  // neighbouring threads: neighbouring rows
  const int y = blockIdx.y * blockDim.y + threadIdx.x;
  if (x >= out.width || y >= out.height) return;

  if (in.channels == 1) {
    out.setGray(x, y, in.row(y)[x]);
    return;
  }
  const uchar4 p = in.rgba(x, y);
  const unsigned wr = 6881u, wg = 23265u, wb = 2294u;  // 0.21, 0.71, 0.07 in Q15, as grey.cu
  out.setGray(x, y, (unsigned char)((wr * p.x + wg * p.y + wb * p.z + 16384u) >> 15));
}
