// kernelcam's naive grayscale: correct, but its threads walk down the columns. threadIdx.x picks
// the row, so the 32 threads of a warp read 32 pixels from 16 rows (the block is 16 wide): 16
// separate pieces of memory for 128 bytes, and the writes likewise.
//
// @exercise grayscale
// @output gray
// @block 16x16

__global__ void grayscaleNaive(KcInput in, KcOutput out, KcParams params) {
  const int x = blockIdx.x * blockDim.x + threadIdx.y;  // neighbouring threads: neighbouring rows
  const int y = blockIdx.y * blockDim.y + threadIdx.x;
  if (x >= out.width || y >= out.height) return;
  if (in.channels == 1) {
    out.setGray(x, y, in.row(y)[x]);
    return;
  }
  const uchar4 p = in.rgba(x, y);
  out.setGray(x, y, (unsigned char)((6881u * p.x + 23265u * p.y + 2294u * p.z + 16384u) >> 15));
}
