// The IR clang produces for every builtin of neuronisa.h: the builtin's
// name, i32 and float (not double) constants, and the address space of each
// tile pointer. The last RUN line fails if a builtin has no CHECK here.
// The argument lists most builtins share (the same C arguments give the same
// IR) are FileCheck variables, matched literally.
// RUN: neuronisa-clang -S -emit-llvm %s -o - | FileCheck %s \
// RUN:   '-DACT_ARGS=ptr addrspace(2) noundef @sb0, ptr addrspace(2) noundef @sb1, i32 noundef 3, i32 noundef 4, float noundef 5.000000e-01, float noundef 2.500000e-01' \
// RUN:   '-DBIAS_ARGS=ptr addrspace(2) noundef @sb0, ptr addrspace(2) noundef @sb1, ptr addrspace(2) noundef @sb2, i32 noundef 4, i32 noundef 5, float noundef 5.000000e-01' \
// RUN:   '-DTT_ARGS=ptr addrspace(2) noundef @sb0, ptr addrspace(2) noundef @sb1, ptr addrspace(2) noundef @sb2, i32 noundef 4, i32 noundef 5' \
// RUN:   '-DTS_ARGS=ptr addrspace(2) noundef @sb0, ptr addrspace(2) noundef @sb1, float noundef 5.000000e-01, i32 noundef 4, i32 noundef 5' \
// RUN:   '-DCOPY_ARGS=ptr addrspace(2) noundef @sb0, ptr addrspace(2) noundef @sb1, i32 noundef 3, i32 noundef 4'
// RUN: %python %src_root/utils/builtin-calls.py %neuronisa_builtins_json --covered %s | FileCheck %s --check-prefix=COVERED
// COVERED: ok: {{[0-9]+}} builtins checked
#include <neuronisa.h>

static __sbuf float sb0[128][512], sb1[128][512], sb2[128][512];
static __psum float ps0[128][512], ps1[128][512], ps2[128][512];

void builtins(__hbm float *hbm, int n) {
  // CHECK-LABEL: define {{.*}}void @builtins(
  neuronisa_act_exp(sb0, sb1, 3, 4, 0.5f, 0.25f);
  // CHECK: call void @neuronisa.act.exp([[ACT_ARGS]])
  neuronisa_act_exp_bias(sb0, sb1, sb2, 4, 5, 0.5f);
  // CHECK: call void @neuronisa.act.exp.bias([[BIAS_ARGS]])
  neuronisa_act_gelu(sb0, sb1, 3, 4, 0.5f, 0.25f);
  // CHECK: call void @neuronisa.act.gelu([[ACT_ARGS]])
  neuronisa_act_gelu_bias(sb0, sb1, sb2, 4, 5, 0.5f);
  // CHECK: call void @neuronisa.act.gelu.bias([[BIAS_ARGS]])
  neuronisa_act_identity(sb0, sb1, 3, 4, 0.5f, 0.25f);
  // CHECK: call void @neuronisa.act.identity([[ACT_ARGS]])
  neuronisa_act_identity_bias(sb0, sb1, sb2, 4, 5, 0.5f);
  // CHECK: call void @neuronisa.act.identity.bias([[BIAS_ARGS]])
  neuronisa_act_inc(1);
  // CHECK: call void @neuronisa.act.inc(i32 noundef 1)
  neuronisa_act_relu(sb0, sb1, 3, 4, 0.5f, 0.25f);
  // CHECK: call void @neuronisa.act.relu([[ACT_ARGS]])
  neuronisa_act_relu_bias(sb0, sb1, sb2, 4, 5, 0.5f);
  // CHECK: call void @neuronisa.act.relu.bias([[BIAS_ARGS]])
  neuronisa_act_rsqrt(sb0, sb1, 3, 4, 0.5f, 0.25f);
  // CHECK: call void @neuronisa.act.rsqrt([[ACT_ARGS]])
  neuronisa_act_rsqrt_bias(sb0, sb1, sb2, 4, 5, 0.5f);
  // CHECK: call void @neuronisa.act.rsqrt.bias([[BIAS_ARGS]])
  neuronisa_act_semset(1, 2);
  // CHECK: call void @neuronisa.act.semset(i32 noundef 1, i32 noundef 2)
  neuronisa_act_sigmoid(sb0, sb1, 3, 4, 0.5f, 0.25f);
  // CHECK: call void @neuronisa.act.sigmoid([[ACT_ARGS]])
  neuronisa_act_sigmoid_bias(sb0, sb1, sb2, 4, 5, 0.5f);
  // CHECK: call void @neuronisa.act.sigmoid.bias([[BIAS_ARGS]])
  neuronisa_act_silu(sb0, sb1, 3, 4, 0.5f, 0.25f);
  // CHECK: call void @neuronisa.act.silu([[ACT_ARGS]])
  neuronisa_act_silu_bias(sb0, sb1, sb2, 4, 5, 0.5f);
  // CHECK: call void @neuronisa.act.silu.bias([[BIAS_ARGS]])
  neuronisa_act_square(sb0, sb1, 3, 4, 0.5f, 0.25f);
  // CHECK: call void @neuronisa.act.square([[ACT_ARGS]])
  neuronisa_act_square_bias(sb0, sb1, sb2, 4, 5, 0.5f);
  // CHECK: call void @neuronisa.act.square.bias([[BIAS_ARGS]])
  neuronisa_act_tanh(sb0, sb1, 3, 4, 0.5f, 0.25f);
  // CHECK: call void @neuronisa.act.tanh([[ACT_ARGS]])
  neuronisa_act_tanh_bias(sb0, sb1, sb2, 4, 5, 0.5f);
  // CHECK: call void @neuronisa.act.tanh.bias([[BIAS_ARGS]])
  neuronisa_act_wait(1, n);
  // CHECK: call void @neuronisa.act.wait(i32 noundef 1, i32 noundef %{{[0-9]+}})
  neuronisa_act_waitr(1, n, 3);
  // CHECK: call void @neuronisa.act.waitr(i32 noundef 1, i32 noundef %{{[0-9]+}}, i32 noundef 3)
  neuronisa_barrier();
  // CHECK: call void @neuronisa.barrier()
  neuronisa_dma_load(sb0, hbm, 3, 4, 4096, 6);
  // CHECK: call void @neuronisa.dma.load(ptr addrspace(2) noundef @sb0, ptr addrspace(1) noundef %{{[0-9]+}}, i32 noundef 3, i32 noundef 4, i32 noundef 4096, i32 noundef 6)
  neuronisa_dma_store(hbm, sb1, 3, 4, 4096, 6);
  // CHECK: call void @neuronisa.dma.store(ptr addrspace(1) noundef %{{[0-9]+}}, ptr addrspace(2) noundef @sb1, i32 noundef 3, i32 noundef 4, i32 noundef 4096, i32 noundef 6)
  neuronisa_dve_copy(sb0, sb1, 3, 4);
  // CHECK: call void @neuronisa.dve.copy([[COPY_ARGS]])
  neuronisa_dve_inc(1);
  // CHECK: call void @neuronisa.dve.inc(i32 noundef 1)
  neuronisa_dve_memset(sb0, 0.5f, 3, 4);
  // CHECK: call void @neuronisa.dve.memset(ptr addrspace(2) noundef @sb0, float noundef 5.000000e-01, i32 noundef 3, i32 noundef 4)
  neuronisa_dve_reduce_add(sb0, sb1, 3, 4);
  // CHECK: call void @neuronisa.dve.reduce.add([[COPY_ARGS]])
  neuronisa_dve_reduce_max(sb0, sb1, 3, 4);
  // CHECK: call void @neuronisa.dve.reduce.max([[COPY_ARGS]])
  neuronisa_dve_reduce_min(sb0, sb1, 3, 4);
  // CHECK: call void @neuronisa.dve.reduce.min([[COPY_ARGS]])
  neuronisa_dve_scan_add(sb0, sb1, 3, 4);
  // CHECK: call void @neuronisa.dve.scan.add([[COPY_ARGS]])
  neuronisa_dve_semset(1, 2);
  // CHECK: call void @neuronisa.dve.semset(i32 noundef 1, i32 noundef 2)
  neuronisa_dve_ts_add(sb0, sb1, 0.5f, 4, 5);
  // CHECK: call void @neuronisa.dve.ts.add([[TS_ARGS]])
  neuronisa_dve_ts_div(sb0, sb1, 0.5f, 4, 5);
  // CHECK: call void @neuronisa.dve.ts.div([[TS_ARGS]])
  neuronisa_dve_ts_max(sb0, sb1, 0.5f, 4, 5);
  // CHECK: call void @neuronisa.dve.ts.max([[TS_ARGS]])
  neuronisa_dve_ts_min(sb0, sb1, 0.5f, 4, 5);
  // CHECK: call void @neuronisa.dve.ts.min([[TS_ARGS]])
  neuronisa_dve_ts_mul(sb0, sb1, 0.5f, 4, 5);
  // CHECK: call void @neuronisa.dve.ts.mul([[TS_ARGS]])
  neuronisa_dve_ts_sub(sb0, sb1, 0.5f, 4, 5);
  // CHECK: call void @neuronisa.dve.ts.sub([[TS_ARGS]])
  neuronisa_dve_tsp_add(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.dve.tsp.add([[TT_ARGS]])
  neuronisa_dve_tsp_div(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.dve.tsp.div([[TT_ARGS]])
  neuronisa_dve_tsp_max(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.dve.tsp.max([[TT_ARGS]])
  neuronisa_dve_tsp_min(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.dve.tsp.min([[TT_ARGS]])
  neuronisa_dve_tsp_mul(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.dve.tsp.mul([[TT_ARGS]])
  neuronisa_dve_tsp_sub(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.dve.tsp.sub([[TT_ARGS]])
  neuronisa_dve_tt_add(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.dve.tt.add([[TT_ARGS]])
  neuronisa_dve_tt_div(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.dve.tt.div([[TT_ARGS]])
  neuronisa_dve_tt_max(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.dve.tt.max([[TT_ARGS]])
  neuronisa_dve_tt_min(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.dve.tt.min([[TT_ARGS]])
  neuronisa_dve_tt_mul(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.dve.tt.mul([[TT_ARGS]])
  neuronisa_dve_tt_sub(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.dve.tt.sub([[TT_ARGS]])
  neuronisa_dve_wait(1, n);
  // CHECK: call void @neuronisa.dve.wait(i32 noundef 1, i32 noundef %{{[0-9]+}})
  neuronisa_dve_waitr(1, n, 3);
  // CHECK: call void @neuronisa.dve.waitr(i32 noundef 1, i32 noundef %{{[0-9]+}}, i32 noundef 3)
  neuronisa_pe_inc(1);
  // CHECK: call void @neuronisa.pe.inc(i32 noundef 1)
  neuronisa_pe_matmul(ps0, sb1, sb2, 4, 5, 6, 1);
  // CHECK: call void @neuronisa.pe.matmul(ptr addrspace(3) noundef @ps0, ptr addrspace(2) noundef @sb1, ptr addrspace(2) noundef @sb2, i32 noundef 4, i32 noundef 5, i32 noundef 6, i32 noundef 1)
  neuronisa_pe_semset(1, 2);
  // CHECK: call void @neuronisa.pe.semset(i32 noundef 1, i32 noundef 2)
  neuronisa_pe_transpose(ps0, sb1, 3, 4);
  // CHECK: call void @neuronisa.pe.transpose(ptr addrspace(3) noundef @ps0, ptr addrspace(2) noundef @sb1, i32 noundef 3, i32 noundef 4)
  neuronisa_pe_wait(1, n);
  // CHECK: call void @neuronisa.pe.wait(i32 noundef 1, i32 noundef %{{[0-9]+}})
  neuronisa_pe_waitr(1, n, 3);
  // CHECK: call void @neuronisa.pe.waitr(i32 noundef 1, i32 noundef %{{[0-9]+}}, i32 noundef 3)
  neuronisa_pool_copy(sb0, sb1, 3, 4);
  // CHECK: call void @neuronisa.pool.copy([[COPY_ARGS]])
  neuronisa_pool_inc(1);
  // CHECK: call void @neuronisa.pool.inc(i32 noundef 1)
  neuronisa_pool_iota(sb0, 2, 3, 4, 5, 6);
  // CHECK: call void @neuronisa.pool.iota(ptr addrspace(2) noundef @sb0, i32 noundef 2, i32 noundef 3, i32 noundef 4, i32 noundef 5, i32 noundef 6)
  neuronisa_pool_memset(sb0, 0.5f, 3, 4);
  // CHECK: call void @neuronisa.pool.memset(ptr addrspace(2) noundef @sb0, float noundef 5.000000e-01, i32 noundef 3, i32 noundef 4)
  neuronisa_pool_reduce_add(sb0, sb1, 3, 4);
  // CHECK: call void @neuronisa.pool.reduce.add([[COPY_ARGS]])
  neuronisa_pool_reduce_max(sb0, sb1, 3, 4);
  // CHECK: call void @neuronisa.pool.reduce.max([[COPY_ARGS]])
  neuronisa_pool_reduce_min(sb0, sb1, 3, 4);
  // CHECK: call void @neuronisa.pool.reduce.min([[COPY_ARGS]])
  neuronisa_pool_scan_add(sb0, sb1, 3, 4);
  // CHECK: call void @neuronisa.pool.scan.add([[COPY_ARGS]])
  neuronisa_pool_semset(1, 2);
  // CHECK: call void @neuronisa.pool.semset(i32 noundef 1, i32 noundef 2)
  neuronisa_pool_ts_add(sb0, sb1, 0.5f, 4, 5);
  // CHECK: call void @neuronisa.pool.ts.add([[TS_ARGS]])
  neuronisa_pool_ts_div(sb0, sb1, 0.5f, 4, 5);
  // CHECK: call void @neuronisa.pool.ts.div([[TS_ARGS]])
  neuronisa_pool_ts_max(sb0, sb1, 0.5f, 4, 5);
  // CHECK: call void @neuronisa.pool.ts.max([[TS_ARGS]])
  neuronisa_pool_ts_min(sb0, sb1, 0.5f, 4, 5);
  // CHECK: call void @neuronisa.pool.ts.min([[TS_ARGS]])
  neuronisa_pool_ts_mul(sb0, sb1, 0.5f, 4, 5);
  // CHECK: call void @neuronisa.pool.ts.mul([[TS_ARGS]])
  neuronisa_pool_ts_sub(sb0, sb1, 0.5f, 4, 5);
  // CHECK: call void @neuronisa.pool.ts.sub([[TS_ARGS]])
  neuronisa_pool_tsp_add(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.pool.tsp.add([[TT_ARGS]])
  neuronisa_pool_tsp_div(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.pool.tsp.div([[TT_ARGS]])
  neuronisa_pool_tsp_max(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.pool.tsp.max([[TT_ARGS]])
  neuronisa_pool_tsp_min(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.pool.tsp.min([[TT_ARGS]])
  neuronisa_pool_tsp_mul(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.pool.tsp.mul([[TT_ARGS]])
  neuronisa_pool_tsp_sub(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.pool.tsp.sub([[TT_ARGS]])
  neuronisa_pool_tt_add(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.pool.tt.add([[TT_ARGS]])
  neuronisa_pool_tt_div(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.pool.tt.div([[TT_ARGS]])
  neuronisa_pool_tt_max(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.pool.tt.max([[TT_ARGS]])
  neuronisa_pool_tt_min(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.pool.tt.min([[TT_ARGS]])
  neuronisa_pool_tt_mul(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.pool.tt.mul([[TT_ARGS]])
  neuronisa_pool_tt_sub(sb0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.pool.tt.sub([[TT_ARGS]])
  neuronisa_pool_wait(1, n);
  // CHECK: call void @neuronisa.pool.wait(i32 noundef 1, i32 noundef %{{[0-9]+}})
  neuronisa_pool_waitr(1, n, 3);
  // CHECK: call void @neuronisa.pool.waitr(i32 noundef 1, i32 noundef %{{[0-9]+}}, i32 noundef 3)
  neuronisa_sp_inc(1);
  // CHECK: call void @neuronisa.sp.inc(i32 noundef 1)
  neuronisa_sp_semset(1, 2);
  // CHECK: call void @neuronisa.sp.semset(i32 noundef 1, i32 noundef 2)
  neuronisa_sp_wait(1, n);
  // CHECK: call void @neuronisa.sp.wait(i32 noundef 1, i32 noundef %{{[0-9]+}})
  neuronisa_sp_waitr(1, n, 3);
  // CHECK: call void @neuronisa.sp.waitr(i32 noundef 1, i32 noundef %{{[0-9]+}}, i32 noundef 3)
  // Other memories, and the completion semaphore.
  neuronisa_dve_tt_add(ps0, sb1, sb2, 4, 5);
  // CHECK: call void @neuronisa.dve.tt.add(ptr addrspace(3) noundef @ps0, ptr addrspace(2) noundef @sb1, ptr addrspace(2) noundef @sb2, i32 noundef 4, i32 noundef 5)
  neuronisa_dve_tt_add(sb0, ps1, sb2, 4, 5);
  // CHECK: call void @neuronisa.dve.tt.add(ptr addrspace(2) noundef @sb0, ptr addrspace(3) noundef @ps1, ptr addrspace(2) noundef @sb2, i32 noundef 4, i32 noundef 5)
  neuronisa_dve_tt_add(sb0, sb1, ps2, 4, 5);
  // CHECK: call void @neuronisa.dve.tt.add(ptr addrspace(2) noundef @sb0, ptr addrspace(2) noundef @sb1, ptr addrspace(3) noundef @ps2, i32 noundef 4, i32 noundef 5)
  neuronisa_dve_tt_add(ps0, ps1, ps2, 4, 5);
  // CHECK: call void @neuronisa.dve.tt.add(ptr addrspace(3) noundef @ps0, ptr addrspace(3) noundef @ps1, ptr addrspace(3) noundef @ps2, i32 noundef 4, i32 noundef 5)
  neuronisa_act_exp(sb0, ps1, 3, 4, 0.5f, 0.25f);
  // CHECK: call void @neuronisa.act.exp(ptr addrspace(2) noundef @sb0, ptr addrspace(3) noundef @ps1, i32 noundef 3, i32 noundef 4, float noundef 5.000000e-01, float noundef 2.500000e-01)
  neuronisa_pool_memset(ps0, 0.5f, 3, 4);
  // CHECK: call void @neuronisa.pool.memset(ptr addrspace(3) noundef @ps0, float noundef 5.000000e-01, i32 noundef 3, i32 noundef 4)
  neuronisa_pe_matmul(ps0, sb1, sb2, 4, 5, 6, 1, 7);
  // CHECK: call void @neuronisa.pe.matmul(ptr addrspace(3) noundef @ps0, ptr addrspace(2) noundef @sb1, ptr addrspace(2) noundef @sb2, i32 noundef 4, i32 noundef 5, i32 noundef 6, i32 noundef 1, i32 noundef 7)
  neuronisa_dma_load(sb0, hbm, 3, 4, 4096, 6, 7);
  // CHECK: call void @neuronisa.dma.load(ptr addrspace(2) noundef @sb0, ptr addrspace(1) noundef %{{[0-9]+}}, i32 noundef 3, i32 noundef 4, i32 noundef 4096, i32 noundef 6, i32 noundef 7)
  // One call per builtin call, nothing else.
  // CHECK-NOT: call
  // CHECK: ret void
}
