# Loop-heavy kernel for bench/sim-speed.sh: every iteration runs scalar
# bookkeeping on all five engines and a short precisely synchronized
# ACT -> DVE -> POOL chain on [4 x 8] tiles. r1 = iterations.
  .text
  .globl sim_speed
  .type sim_speed,@function
sim_speed:
  li r20, 0
  li r9, 0
  li r10, 0
  bge r20, r1, .Ldone
.Lbody:
  act.waitr s3, r20, 0         # pool has read the dve output of i-1 ...
  act.waitr s2, r20, 0         # ... and dve has read act's output of i-1
  act.exp [r0+0], [r0+512], 4, 8, 1.0, 0.0, s1
  dve.waitr s1, r20, 1
  dve.ts.mul [r0+128], [r0+0], 0.5, 4, 8, s2
  pool.waitr s2, r20, 1
  pool.tt.add [r0+256], [r0+128], [r0+256], 4, 8, s3
  addi r9, r9, 3
  xor r10, r10, r9
  andi r10, r10, 255
  shli r11, r10, 2
  add r12, r11, r9
  sltu r13, r12, r9
  sel r14, r13, r11, r12
  addi r20, r20, 1
  blt r20, r1, .Lbody
.Ldone:
  ret
