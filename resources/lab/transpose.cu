// A transpose through a padded tile in shared memory, the technique of kernelcam's built-in
// stage transpose (gpu/image/transpose.cu).
//
// A lab kernel's output has the input's size, so this one transposes each 32x32 tile in place
// (the picture becomes a mosaic of mirrored tiles) rather than the whole frame. The technique is
// the built-in's: a warp reads a row of the tile (coalesced: 32 neighbouring pixels), the block
// waits, and the warp writes a row of the transposed tile (coalesced again) by reading a column
// of the shared tile. The tile is 33 wide, not 32: a column of a 32-wide tile of 4-byte pixels
// sits in one shared-memory bank, and 32 threads reading one bank wait for each other.
//
// Things to try: make the tile 32 wide and compare the time in the A/B view (the bank conflicts);
// write out(x, y) = in(y, x) without the tile (uncoalesced writes).
//
// @output same
// @block 32x32

#define TILE 32

__global__ void tileTranspose(KcInput in, KcOutput out, KcParams params) {
  __shared__ uchar4 tile[TILE][TILE + 1];
  const int x = blockIdx.x * TILE + threadIdx.x;
  const int y = blockIdx.y * TILE + threadIdx.y;
  if (x < in.width && y < in.height) tile[threadIdx.y][threadIdx.x] = in.rgba(x, y);
  __syncthreads();
  if (x >= out.width || y >= out.height) return;

  // Output (tx, ty) of the tile is input (ty, tx): a column of the shared tile.
  const int sx = blockIdx.x * TILE + threadIdx.y;
  const int sy = blockIdx.y * TILE + threadIdx.x;
  const bool mirrored = sx < in.width && sy < in.height;  // a partial tile at the edge keeps its pixels
  out.setRgba(x, y, mirrored ? tile[threadIdx.x][threadIdx.y] : tile[threadIdx.y][threadIdx.x]);
}
