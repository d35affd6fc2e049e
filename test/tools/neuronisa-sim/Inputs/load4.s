# Loads 4 fp32 from its input (npy-header.test, machine-params.test).
  .globl k
k:
  dma.load [r0+0], [r1+0], 1, 4, 16, 0, snone
  ret
