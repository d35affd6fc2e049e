; What llc prints, neuronisa-asm parses and prints back unchanged.
; RUN: llc -mtriple=neuronisa -neuronisa-sync=none < %S/../../../examples/tiled_add.ll > %t.s
; RUN: neuronisa-asm %t.s -o %t.2.s
; RUN: grep -v '^\s*#' %t.s | sed -e 's/\s*#.*//' -e '/^\s*$/d' > %t.a
; RUN: grep -v '^\s*#' %t.2.s | sed -e 's/\s*#.*//' -e '/^\s*$/d' > %t.b
; RUN: diff %t.a %t.b
; RUN: FileCheck %s < %t.2.s
; RUN: llc -mtriple=neuronisa -neuronisa-sync=none < %S/../../CodeGen/NeuronISA/builtins.ll > %t.3.s
; RUN: neuronisa-asm %t.3.s -o %t.4.s
; RUN: grep -v '^\s*#' %t.3.s | sed -e 's/\s*#.*//' -e '/^\s*$/d' > %t.c
; RUN: grep -v '^\s*#' %t.4.s | sed -e 's/\s*#.*//' -e '/^\s*$/d' > %t.d
; RUN: diff %t.c %t.d

; CHECK: dma.load [r0+0x0], [r1+0x0], 128, 512, 2048, 0, snone
; CHECK: act.exp [r0+0x800], [r0+0x0], 128, 512, 1.0, 0.0, snone
