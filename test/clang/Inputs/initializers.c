// Tiles with initial contents, as C writes them: loaded into the tiles
// before the kernel starts (docs/KernelInterface.md). Each kernel stores
// its tiles to HBM so the simulator can compare them.
#include <neuronisa.h>

// Every element given.
static __sbuf float full[4][4] = {
    {1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}};
// Two rows of 128 given: clang makes the type a packed struct.
static __sbuf float partial[128][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
// In PSUM, one element.
static __psum float acc[128][4] = {{1}};
// const, a designated element at the end of a long row, a negative zero.
static const __sbuf float table[2][512] = {{[511] = 3.0f}, {-0.0f, 2.5f}};
// All zero.
static __sbuf float zero[128][4] = {0};
static __sbuf float staging[128][4];

void initial(__hbm float *restrict out_full, __hbm float *restrict out_partial,
             __hbm float *restrict out_acc, __hbm float *restrict out_table,
             __hbm float *restrict out_zero) {
  neuronisa_dma_store(out_full, full, 4, 4, 16, 0);
  neuronisa_dma_store(out_partial, partial, 128, 4, 16, 1);
  neuronisa_dve_copy(staging, acc, 128, 4);
  neuronisa_dma_store(out_acc, staging, 128, 4, 16, 2);
  neuronisa_dma_store(out_table, table, 2, 512, 2048, 3);
  neuronisa_dma_store(out_zero, zero, 128, 4, 16, 4);
}
