; A memset that runs past its tile into the neighbouring one must never race
; with the instruction that reads the neighbour, in any synchronization mode:
; it is rejected when the compiler can see it, stopped by the simulator when
; it leaves the tile it names at run time, and an access at a run-time
; offset is synchronized with every access to its memory (no race, barrier
; and precise alike).
; REQUIRES: neuronisa-sim
; RUN: rm -rf %t && split-file %s %t
;
; Constant shape F = 32 on a tile of 16: an error, whatever the mode.
; RUN: not llc -mtriple=neuronisa %t/constant.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONST
; RUN: not llc -mtriple=neuronisa -neuronisa-sync=precise %t/constant.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONST
; RUN: not llc -mtriple=neuronisa -neuronisa-sync=barrier %t/constant.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONST
; RUN: not llc -mtriple=neuronisa -neuronisa-sync=none %t/constant.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONST
; RUN: not llc -mtriple=neuronisa -O0 %t/constant.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=CONST
; CONST: error: {{.*}}in function k{{.*}}: 'neuronisa.dve.memset' dst: 8 partitions x 32 elements at partition 0, element 0 of tile @a [8 x [16 x float]] run 16 elements past the end of its partitions
;
; A run-time column j of @a may touch any tile of SBUF: the memset waits for
; the load of @b, the exp that reads @b waits for the load and the memset
; (in the order of their expected release).
; RUN: llc -mtriple=neuronisa -neuronisa-sync=precise %t/dynamic.ll -o %t/precise.s
; RUN: llc -mtriple=neuronisa -neuronisa-sync=barrier %t/dynamic.ll -o %t/barrier.s
; RUN: FileCheck %s --check-prefix=PRECISE < %t/precise.s
; PRECISE: dve.wait [[DMA:s[0-9]+]], 1
; PRECISE-NEXT: .neuronisa_tile_use 0, a
; PRECISE-NEXT: dve.memset {{\[}}r{{[0-9]+}}+0x0], 1.0, 8, 16, [[DVE:s[0-9]+]]
; PRECISE-NEXT: act.wait [[DMA]], 1
; PRECISE-NEXT: act.wait [[DVE]], 1
; PRECISE-NEXT: act.exp [r0+0x80], [r0+0x40], 8, 16, 1.0, 0.0,
;
; j = 0 stays inside @a: no race under any latency draw, in either mode.
; RUN: %python %S/Inputs/gen.py npy %t/x.npy 8x16 "i"
; RUN: neuronisa-sim %t/precise.s 0 in:%t/x.npy out:8x16 --check=races --report=none
; RUN: neuronisa-sim %t/precise.s 0 in:%t/x.npy out:8x16 --check=races --report=none --jitter=1
; RUN: neuronisa-sim %t/barrier.s 0 in:%t/x.npy out:8x16 --check=races --report=none
; RUN: neuronisa-sim %t/barrier.s 0 in:%t/x.npy out:8x16 --check=races --report=none --jitter=1
;
; j = 8 runs from @a into @b: the simulator stops the memset, never a
; silent write or a race.
; RUN: not neuronisa-sim %t/precise.s 8 in:%t/x.npy out:8x16 2>&1 | FileCheck %s --check-prefix=RUNTIME --implicit-check-not='error: race'
; RUN: not neuronisa-sim %t/barrier.s 8 in:%t/x.npy out:8x16 2>&1 | FileCheck %s --check-prefix=RUNTIME --implicit-check-not='error: race'
; RUNTIME: error: dst tile: SBUF bytes [0x20, 0x60) of partitions [0, 8) leave @a sbuf [0x0, 0x40) x 8 partitions, the tile the instruction names (they run into @b sbuf [0x40, 0x80) x 8 partitions)
; RUNTIME: status: runtime-error
;
; j = 16 lands exactly on @b (undefined in the IR: @a's pointer leaves @a).
; The memset names @a (.neuronisa_tile_use), so the simulator stops it too.
; RUN: not neuronisa-sim %t/precise.s 16 in:%t/x.npy out:8x16 2>&1 | FileCheck %s --check-prefix=NEIGHBOUR --implicit-check-not='error: race'
; RUN: not neuronisa-sim %t/barrier.s 16 in:%t/x.npy out:8x16 2>&1 | FileCheck %s --check-prefix=NEIGHBOUR --implicit-check-not='error: race'
; NEIGHBOUR: error: dst tile: SBUF bytes [0x40, 0x80) of partitions [0, 8) leave @a sbuf [0x0, 0x40) x 8 partitions, the tile the instruction names (they lie in @b sbuf [0x40, 0x80) x 8 partitions)
; NEIGHBOUR: status: runtime-error
; Without the tile use, the simulator could not tell it from an access to
; @b; it is still synchronized as touching any tile: no race, in either
; mode.
; RUN: sed '/neuronisa_tile_use/d' %t/precise.s > %t/precise-untagged.s
; RUN: sed '/neuronisa_tile_use/d' %t/barrier.s > %t/barrier-untagged.s
; RUN: neuronisa-sim %t/precise-untagged.s 16 in:%t/x.npy out:8x16 --check=races --report=none
; RUN: neuronisa-sim %t/precise-untagged.s 16 in:%t/x.npy out:8x16 --check=races --report=none --jitter=2
; RUN: neuronisa-sim %t/barrier-untagged.s 16 in:%t/x.npy out:8x16 --check=races --report=none
; RUN: neuronisa-sim %t/barrier-untagged.s 16 in:%t/x.npy out:8x16 --check=races --report=none --jitter=2

;--- constant.ll
@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@c = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)

define void @k(ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out) {
  call void @neuronisa.dma.load(ptr addrspace(2) @b, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  call void @neuronisa.dve.memset(ptr addrspace(2) @a, float 1.0, i32 8, i32 32)
  call void @neuronisa.act.exp(ptr addrspace(2) @c, ptr addrspace(2) @b, i32 8, i32 16, float 1.0, float 0.0)
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @c, i32 8, i32 16, i32 64, i32 1)
  ret void
}

;--- dynamic.ll
@a = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@b = internal addrspace(2) global [8 x [16 x float]] zeroinitializer
@c = internal addrspace(2) global [8 x [16 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)

define void @k(i32 %j, ptr addrspace(1) noalias %in, ptr addrspace(1) noalias %out) {
  call void @neuronisa.dma.load(ptr addrspace(2) @b, ptr addrspace(1) %in, i32 8, i32 16, i32 64, i32 0)
  %p = getelementptr [8 x [16 x float]], ptr addrspace(2) @a, i32 0, i32 0, i32 %j
  call void @neuronisa.dve.memset(ptr addrspace(2) %p, float 1.0, i32 8, i32 16)
  call void @neuronisa.act.exp(ptr addrspace(2) @c, ptr addrspace(2) @b, i32 8, i32 16, float 1.0, float 0.0)
  call void @neuronisa.dma.store(ptr addrspace(1) %out, ptr addrspace(2) @c, i32 8, i32 16, i32 64, i32 1)
  ret void
}
