# RUN: not neuronisa-asm %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
# RUN: not neuronisa-asm -filetype=obj %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
# A .neuronisa_kernel directive names its kernel's entry symbol: one the file
# never defines is an error at the directive (a loader could not start it).
# The definition may come before or after the directive; a symbol that is
# only referenced, or only declared global, is not defined.

# CHECK: kernel-directive-undefined.s:[[#@LINE+1]]:2: error: kernel 'missing' names symbol 'missing', which is never defined
	.neuronisa_kernel missing, hbm, scalar
	.neuronisa_kernel defined_later, scalar
	.neuronisa_kernel defined_before
# CHECK: kernel-directive-undefined.s:[[#@LINE+1]]:2: error: kernel 'only_global' names symbol 'only_global', which is never defined
	.neuronisa_kernel only_global
# CHECK: kernel-directive-undefined.s:[[#@LINE+1]]:2: error: kernel 'only_referenced' names symbol 'only_referenced', which is never defined
	.neuronisa_kernel only_referenced

	.text
	.globl only_global
defined_before:
	ret
defined_later:
	li r2, only_referenced
	ret
