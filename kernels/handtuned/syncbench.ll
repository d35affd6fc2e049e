; syncbench, synchronized by hand (build with -neuronisa-sync=none).
;
; Same layout, arguments and data-path instruction order as
; kernels/syncbench.ll. One completion semaphore per producing instruction.
; Inner-loop thresholds come from a running count g of inner iterations over
; the whole kernel (g = i * n2 + j, carried through both loops); outer-loop
; thresholds from i; the one-time wait for w is hoisted out of the loops.
;   s0 load ws (q2)   s1 load as (q0)  s2 dve.memset acc
;   s3 tanh u1  s4 tanh v1  s5 pool u2  s6 pool v2  s7 dve acc+=u2  s8 dve acc+=v2
;   s9 pe.matmul  s10 act.silu  s11 store (q1)
target triple = "neuronisa"

@ws  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@as  = internal addrspace(2) global [128 x [32 x float]] zeroinitializer
@u1  = internal addrspace(2) global [128 x [32 x float]] zeroinitializer
@u2  = internal addrspace(2) global [128 x [32 x float]] zeroinitializer
@v1  = internal addrspace(2) global [128 x [32 x float]] zeroinitializer
@v2  = internal addrspace(2) global [128 x [32 x float]] zeroinitializer
@acc = internal addrspace(2) global [128 x [32 x float]] zeroinitializer
@os  = internal addrspace(2) global [128 x [32 x float]] zeroinitializer
@p   = internal addrspace(3) global [128 x [32 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32, i32)
declare void @neuronisa.act.tanh(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float, i32)
declare void @neuronisa.act.silu(ptr addrspace(2), ptr addrspace(3), i32, i32, float, float, i32)
declare void @neuronisa.pool.ts.mul(ptr addrspace(2), ptr addrspace(2), float, i32, i32, i32)
declare void @neuronisa.dve.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32, i32)
declare void @neuronisa.pe.matmul(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32, i32)
declare void @neuronisa.sp.wait(i32, i32)
declare void @neuronisa.pool.wait(i32, i32)
declare void @neuronisa.dve.wait(i32, i32)
declare void @neuronisa.act.wait(i32, i32)
declare void @neuronisa.pe.wait(i32, i32)

define void @syncbench(ptr addrspace(1) noalias %a, ptr addrspace(1) noalias %w,
                       ptr addrspace(1) noalias %out, i32 %n1, i32 %n2) {
entry:
  call void @neuronisa.dma.load(ptr addrspace(2) @ws, ptr addrspace(1) %w, i32 128, i32 128, i32 512, i32 2, i32 0)
  %has1 = icmp sgt i32 %n1, 0
  br i1 %has1, label %pre, label %exit

pre:
  call void @neuronisa.pe.wait(i32 0, i32 1)
  %has2 = icmp sgt i32 %n2, 0
  br label %oloop

oloop:
  %i = phi i32 [ 0, %pre ], [ %i1, %olatch ]
  %g0 = phi i32 [ 0, %pre ], [ %gend, %olatch ]   ; inner iterations so far
  %i1 = add i32 %i, 1
  %off = mul i32 %i, 16384
  %pa = getelementptr i8, ptr addrspace(1) %a, i32 %off
  ; WAR as: its last readers are the tanh's of the previous outer iteration.
  call void @neuronisa.sp.wait(i32 4, i32 %g0)
  call void @neuronisa.dma.load(ptr addrspace(2) @as, ptr addrspace(1) %pa, i32 128, i32 32, i32 128, i32 0, i32 1)
  ; WAR acc: read by the matmul of i-1.
  call void @neuronisa.dve.wait(i32 9, i32 %i)
  call void @neuronisa.dve.memset(ptr addrspace(2) @acc, float 0.0, i32 128, i32 32, i32 2)
  br i1 %has2, label %ipre, label %olatch

ipre:
  ; RAW as, once per outer iteration.
  call void @neuronisa.act.wait(i32 1, i32 %i1)
  br label %iloop

iloop:
  %g = phi i32 [ %g0, %ipre ], [ %g1, %iloop ]
  %j = phi i32 [ 0, %ipre ], [ %j1, %iloop ]
  %g1 = add i32 %g, 1
  ; WAR u1, v1: read by POOL in the previous inner iteration.
  call void @neuronisa.act.wait(i32 5, i32 %g)
  call void @neuronisa.act.tanh(ptr addrspace(2) @u1, ptr addrspace(2) @as, i32 128, i32 32, float 1.0, float 0.0, i32 3)
  call void @neuronisa.act.wait(i32 6, i32 %g)
  call void @neuronisa.act.tanh(ptr addrspace(2) @v1, ptr addrspace(2) @as, i32 128, i32 32, float -1.0, float 0.0, i32 4)
  ; RAW u1 / v1; WAR u2 / v2 (read by DVE in the previous inner iteration).
  call void @neuronisa.pool.wait(i32 3, i32 %g1)
  call void @neuronisa.pool.wait(i32 7, i32 %g)
  call void @neuronisa.pool.ts.mul(ptr addrspace(2) @u2, ptr addrspace(2) @u1, float 0.5, i32 128, i32 32, i32 5)
  call void @neuronisa.pool.wait(i32 4, i32 %g1)
  call void @neuronisa.pool.wait(i32 8, i32 %g)
  call void @neuronisa.pool.ts.mul(ptr addrspace(2) @v2, ptr addrspace(2) @v1, float 0.25, i32 128, i32 32, i32 6)
  ; RAW u2 / v2.
  call void @neuronisa.dve.wait(i32 5, i32 %g1)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @acc, ptr addrspace(2) @acc, ptr addrspace(2) @u2, i32 128, i32 32, i32 7)
  call void @neuronisa.dve.wait(i32 6, i32 %g1)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @acc, ptr addrspace(2) @acc, ptr addrspace(2) @v2, i32 128, i32 32, i32 8)
  %j1 = add i32 %j, 1
  %idone = icmp eq i32 %j1, %n2
  br i1 %idone, label %olatch, label %iloop

olatch:
  %gend = phi i32 [ %g0, %oloop ], [ %g1, %iloop ]
  ; RAW acc: the memset and the last accumulation of this outer iteration;
  ; WAR p: read by silu of i-1.
  call void @neuronisa.pe.wait(i32 2, i32 %i1)
  call void @neuronisa.pe.wait(i32 8, i32 %gend)
  call void @neuronisa.pe.wait(i32 10, i32 %i)
  call void @neuronisa.pe.matmul(ptr addrspace(3) @p, ptr addrspace(2) @ws, ptr addrspace(2) @acc, i32 128, i32 128, i32 32, i32 0, i32 9)
  ; RAW p; WAR os (stored by i-1).
  call void @neuronisa.act.wait(i32 9, i32 %i1)
  call void @neuronisa.act.wait(i32 11, i32 %i)
  call void @neuronisa.act.silu(ptr addrspace(2) @os, ptr addrspace(3) @p, i32 128, i32 32, float 0.125, float 0.0, i32 10)
  %po = getelementptr i8, ptr addrspace(1) %out, i32 %off
  call void @neuronisa.sp.wait(i32 10, i32 %i1)
  call void @neuronisa.dma.store(ptr addrspace(1) %po, ptr addrspace(2) @os, i32 128, i32 32, i32 128, i32 1, i32 11)
  %odone = icmp eq i32 %i1, %n1
  br i1 %odone, label %exit, label %oloop

exit:
  ret void
}
