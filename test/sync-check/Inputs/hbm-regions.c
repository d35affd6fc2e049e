/* Regions of one output buffer at run-time slots: slot (3i)&3 of the
   first 4 KiB, slot i&1 of the next 4 KiB (rows 128 bytes apart), and a
   constant region after them, written by three DMA queues with no wait
   between them (they never meet), around a switch with fall-through, a
   break, a continue and an early return (test/sync-check/hbm-regions.test). */
#include <neuronisa.h>
static __sbuf float a[16][16];
static __sbuf float b[16][16];
static __sbuf float c[16][16];

void kernel(const __hbm float *restrict in, __hbm float *restrict out,
            int n, int mode) {
  for (int i = 0; i < n; ++i) {
    neuronisa_dma_load(a, in + (i & 3) * 256, 16, 16, 64, 0);
    if (i == 5)
      break;
    switch (mode & 3) {
    case 0:
      neuronisa_dve_ts_max(&b[0][0], &a[0][0], 0.5f, 8, 16);
      neuronisa_dve_ts_max(&b[8][0], &a[8][0], 0.5f, 8, 16);
      break;
    case 1:
      neuronisa_act_relu(b, a, 16, 16, -1.0f, 0.0f);
      /* fall through */
    case 2:
      neuronisa_pool_ts_min(c, b, 0.25f, 16, 16);
      continue;
    default:
      if (mode > 7)
        return;
      neuronisa_dve_copy(b, a, 16, 16);
    }
    neuronisa_dma_store(out + ((i * 3) & 3) * 256, b, 16, 16, 64, 1);
    neuronisa_dma_store(out + 1024 + (i & 1) * 512, c, 8, 16, 128, 2);
  }
  neuronisa_dma_store(out + 2048, a, 16, 16, 64, 3);
}
