; attention: flash-attention forward, O = softmax(Q K^T) V, one 128-query
; block at a time, streaming 128-key blocks with an online softmax.
;
; HBM: qt = Q^T blocked, [nq][64 x 128] (head dim 64 on rows, 128 queries;
;           512-byte rows, 32 KiB per block);
;      kt = K^T blocked, [nkv][64 x 128] (same layout, 128 keys per block);
;      v  = V, [128*nkv x 64] row-major (256-byte rows);
;      o  = O, [128*nq x 64] row-major.
; Args: (qt, kt, v, o, nq, nkv), both runtime (>= 0). With nkv = 0 the
; output is 0 (the row sum l is clamped to >= 1e-30 before the division).
; Per key block: PE S = Q K^T (PSUM), DVE row max / new max / -max, ACT
; P = exp(S - max) and the rescale factor alpha = exp(m_old - m_new), DVE row
; sums and l = l * alpha + rowsum(P), PE transposes P, POOL copies P^T to
; SBUF, PE computes P V, POOL updates O = O * alpha + P V, ACT copies m = m_new.
target triple = "neuronisa"

@qs   = internal addrspace(2) global [64 x [128 x float]] zeroinitializer
@ks   = internal addrspace(2) global [64 x [128 x float]] zeroinitializer
@vs   = internal addrspace(2) global [128 x [64 x float]] zeroinitializer
@ps   = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@pts  = internal addrspace(2) global [128 x [128 x float]] zeroinitializer
@os   = internal addrspace(2) global [128 x [64 x float]] zeroinitializer
@ofs  = internal addrspace(2) global [128 x [64 x float]] zeroinitializer
@m    = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@mx   = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@mn   = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@nmn  = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@dm   = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@al   = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@rsum = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@l    = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@l2   = internal addrspace(2) global [128 x [1 x float]] zeroinitializer
@sp   = internal addrspace(3) global [128 x [128 x float]] zeroinitializer
@ptp  = internal addrspace(3) global [128 x [128 x float]] zeroinitializer
@pvp  = internal addrspace(3) global [128 x [64 x float]] zeroinitializer

declare void @neuronisa.dma.load(ptr addrspace(2), ptr addrspace(1), i32, i32, i32, i32)
declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pe.matmul(ptr addrspace(3), ptr addrspace(2), ptr addrspace(2), i32, i32, i32, i32)
declare void @neuronisa.pe.transpose(ptr addrspace(3), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.pool.memset(ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dve.reduce.max(ptr addrspace(2), ptr addrspace(3), i32, i32)
declare void @neuronisa.dve.reduce.add(ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.tt.max(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.tt.sub(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.tt.mul(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.dve.ts.mul(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dve.ts.max(ptr addrspace(2), ptr addrspace(2), float, i32, i32)
declare void @neuronisa.dve.tsp.div(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.act.exp.bias(ptr addrspace(2), ptr addrspace(3), ptr addrspace(2), i32, i32, float)
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.pool.copy(ptr addrspace(2), ptr addrspace(3), i32, i32)
declare void @neuronisa.act.identity(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.pool.tsp.mul(ptr addrspace(2), ptr addrspace(2), ptr addrspace(2), i32, i32)
declare void @neuronisa.pool.tt.add(ptr addrspace(2), ptr addrspace(2), ptr addrspace(3), i32, i32)

define void @attention(ptr addrspace(1) noalias %qt, ptr addrspace(1) noalias %kt,
                       ptr addrspace(1) noalias %v, ptr addrspace(1) noalias %o,
                       i32 %nq, i32 %nkv) {
entry:
  %hasq = icmp sgt i32 %nq, 0
  br i1 %hasq, label %qloop, label %exit

qloop:
  %qb = phi i32 [ 0, %entry ], [ %qb.next, %qlatch ]
  %qoff = mul i32 %qb, 32768
  %pq = getelementptr i8, ptr addrspace(1) %qt, i32 %qoff
  call void @neuronisa.dma.load(ptr addrspace(2) @qs, ptr addrspace(1) %pq, i32 64, i32 128, i32 512, i32 0)
  call void @neuronisa.dve.memset(ptr addrspace(2) @m, float 0xC6293E5940000000, i32 128, i32 1)
  call void @neuronisa.pool.memset(ptr addrspace(2) @l, float 0.0, i32 128, i32 1)
  call void @neuronisa.pool.memset(ptr addrspace(2) @os, float 0.0, i32 128, i32 64)
  %haskv = icmp sgt i32 %nkv, 0
  br i1 %haskv, label %kvloop, label %qlatch

kvloop:
  %j = phi i32 [ 0, %qloop ], [ %j.next, %kvloop ]
  %kvoff = mul i32 %j, 32768
  %pk = getelementptr i8, ptr addrspace(1) %kt, i32 %kvoff
  %pv = getelementptr i8, ptr addrspace(1) %v, i32 %kvoff
  call void @neuronisa.dma.load(ptr addrspace(2) @ks, ptr addrspace(1) %pk, i32 64, i32 128, i32 512, i32 1)
  call void @neuronisa.dma.load(ptr addrspace(2) @vs, ptr addrspace(1) %pv, i32 128, i32 64, i32 256, i32 2)
  ; S [queries x keys] = (Q^T)^T K^T
  call void @neuronisa.pe.matmul(ptr addrspace(3) @sp, ptr addrspace(2) @qs, ptr addrspace(2) @ks, i32 64, i32 128, i32 128, i32 0)
  call void @neuronisa.dve.reduce.max(ptr addrspace(2) @mx, ptr addrspace(3) @sp, i32 128, i32 128)
  call void @neuronisa.dve.tt.max(ptr addrspace(2) @mn, ptr addrspace(2) @m, ptr addrspace(2) @mx, i32 128, i32 1)
  call void @neuronisa.dve.ts.mul(ptr addrspace(2) @nmn, ptr addrspace(2) @mn, float -1.0, i32 128, i32 1)
  call void @neuronisa.act.exp.bias(ptr addrspace(2) @ps, ptr addrspace(3) @sp, ptr addrspace(2) @nmn, i32 128, i32 128, float 1.0)
  call void @neuronisa.dve.tt.sub(ptr addrspace(2) @dm, ptr addrspace(2) @m, ptr addrspace(2) @mn, i32 128, i32 1)
  call void @neuronisa.act.exp(ptr addrspace(2) @al, ptr addrspace(2) @dm, i32 128, i32 1, float 1.0, float 0.0)
  call void @neuronisa.dve.reduce.add(ptr addrspace(2) @rsum, ptr addrspace(2) @ps, i32 128, i32 128)
  call void @neuronisa.dve.tt.mul(ptr addrspace(2) @l, ptr addrspace(2) @l, ptr addrspace(2) @al, i32 128, i32 1)
  call void @neuronisa.dve.tt.add(ptr addrspace(2) @l, ptr addrspace(2) @l, ptr addrspace(2) @rsum, i32 128, i32 1)
  ; P^T [keys x queries], then O += P V
  call void @neuronisa.pe.transpose(ptr addrspace(3) @ptp, ptr addrspace(2) @ps, i32 128, i32 128)
  call void @neuronisa.pool.copy(ptr addrspace(2) @pts, ptr addrspace(3) @ptp, i32 128, i32 128)
  call void @neuronisa.pe.matmul(ptr addrspace(3) @pvp, ptr addrspace(2) @pts, ptr addrspace(2) @vs, i32 128, i32 128, i32 64, i32 0)
  call void @neuronisa.pool.tsp.mul(ptr addrspace(2) @os, ptr addrspace(2) @os, ptr addrspace(2) @al, i32 128, i32 64)
  call void @neuronisa.pool.tt.add(ptr addrspace(2) @os, ptr addrspace(2) @os, ptr addrspace(3) @pvp, i32 128, i32 64)
  call void @neuronisa.act.identity(ptr addrspace(2) @m, ptr addrspace(2) @mn, i32 128, i32 1, float 1.0, float 0.0)
  %j.next = add i32 %j, 1
  %kvdone = icmp eq i32 %j.next, %nkv
  br i1 %kvdone, label %qlatch, label %kvloop

qlatch:
  call void @neuronisa.dve.ts.max(ptr addrspace(2) @l2, ptr addrspace(2) @l, float 0x39B4484C00000000, i32 128, i32 1)
  call void @neuronisa.dve.tsp.div(ptr addrspace(2) @ofs, ptr addrspace(2) @os, ptr addrspace(2) @l2, i32 128, i32 64)
  %po = getelementptr i8, ptr addrspace(1) %o, i32 %qoff
  call void @neuronisa.dma.store(ptr addrspace(1) %po, ptr addrspace(2) @ofs, i32 128, i32 64, i32 256, i32 3)
  %qb.next = add i32 %qb, 1
  %qdone = icmp eq i32 %qb.next, %nq
  br i1 %qdone, label %exit, label %qloop

exit:
  ret void
}
