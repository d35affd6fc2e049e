# A tile declaration the machine cannot hold is a load-time error at the
# directive (every one is reported).
# RUN: not neuronisa-sim %s 2>&1 | FileCheck %s --implicit-check-not=error:
# RUN: not neuronisa-sim %s --param NumPartitions=64 2>&1 | FileCheck %s --check-prefix=SMALL

# CHECK: bad-tile-decl.s:[[#@LINE+1]]:3: error: tile @big sbuf [0x2f000, 0x31000) x 128 partitions is not inside SBUF [0x0, 0x30000)
  .neuronisa_tile big, sbuf, 0x2f000, 0x2000, 128
# CHECK: bad-tile-decl.s:[[#@LINE+1]]:3: error: tile @wrong psum [0x0, 0x40) x 8 partitions is not inside PSUM [0x400000, 0x404000)
  .neuronisa_tile wrong, psum, 0x0, 0x40, 8
# SMALL: bad-tile-decl.s:[[#@LINE+1]]:3: error: tile @tall sbuf [0x0, 0x40) x 128 partitions has more partitions than the machine's 64
  .neuronisa_tile tall, sbuf, 0x0, 0x40, 128
# CHECK: error: invalid program

  .text
  .globl k
  .type k,@function
k:
  ret
