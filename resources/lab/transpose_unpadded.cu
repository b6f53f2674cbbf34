// transpose.cu without its padding column: the tile is 32 wide, and the A/B view shows what that
// costs. The picture is the same (a mosaic of tiles, each transposed in place); only the time differs.
//
// A lab kernel's output has the input's size, so this one transposes each 32x32 tile in place
// (the picture becomes a mosaic of mirrored tiles) rather than the whole frame. The technique is
// the built-in's: a warp reads a row of the tile (coalesced: 32 neighbouring pixels), the block
// waits, and the warp writes a row of the transposed tile (coalesced again) by reading a column
// of the shared tile.
//
// Why it is slower: shared memory has 32 banks of 4-byte words, and word w sits in bank w % 32. A
// 32-wide tile of 4-byte pixels puts a whole column in one bank, so the 32 threads of a warp that
// read a column (the second half below) queue on that bank: a 32-way bank conflict, 32 accesses
// where one would do. The padded tile (TILE + 1 wide) shifts each row by one bank.
//
// Things to try: open transpose.cu beside it and compare the two kernels' times in the overlay
// (each row is the kernel's own time); then put the + 1 back here and watch the time fall.
//
// @output same
// @block 32x32

#define TILE 32

__global__ void tileTransposeUnpadded(KcInput in, KcOutput out, KcParams params) {
  __shared__ uchar4 tile[TILE][TILE];  // no padding column: a column is one bank
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
