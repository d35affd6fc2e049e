; RUN: llc -mtriple=neuronisa -neuronisa-sync=none -verify-machineinstrs < %s | FileCheck %s --check-prefix=NONE
; RUN: not llc -mtriple=neuronisa -neuronisa-sync=precise < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR-PRECISE
; RUN: not llc -mtriple=neuronisa -neuronisa-sync=barrier < %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR-BARRIER
; Hand-written synchronization (sync builtins, or a completion semaphore on
; a data-path builtin) is kept as written with -neuronisa-sync=none and is
; an error in the modes where the pass owns the semaphores.

@a = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
@b = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
declare void @neuronisa.dve.memset(ptr addrspace(2), float, i32, i32, ...)
declare void @neuronisa.act.exp(ptr addrspace(2), ptr addrspace(2), i32, i32, float, float)
declare void @neuronisa.act.wait(i32, i32)

; NONE-LABEL: manual:
; NONE:       dve.memset [r0+0x0], 1.0, 128, 512, s7
; NONE-NEXT:  act.wait s7, 1
; NONE-NEXT:  act.exp [r0+0x800], [r0+0x0], 128, 512, 1.0, 0.0, snone
; NONE-NEXT:  ret
; ERR-PRECISE: error: {{.*}}in function manual{{.*}}hand-written synchronization (DVE_MEMSET with a completion semaphore) in a function compiled with -neuronisa-sync=precise; compile with -neuronisa-sync=none to keep it as written
; ERR-BARRIER: error: {{.*}}in function manual{{.*}}-neuronisa-sync=barrier; compile with -neuronisa-sync=none
define void @manual() {
  call void (ptr addrspace(2), float, i32, i32, ...) @neuronisa.dve.memset(ptr addrspace(2) @a, float 1.0, i32 128, i32 512, i32 7)
  call void @neuronisa.act.wait(i32 7, i32 1)
  call void @neuronisa.act.exp(ptr addrspace(2) @b, ptr addrspace(2) @a, i32 128, i32 512, float 1.0, float 0.0)
  ret void
}
