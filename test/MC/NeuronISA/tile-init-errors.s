# RUN: not neuronisa-asm %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
# Malformed initial contents of tiles: located errors, non-zero exit.

	.neuronisa_tile x, sbuf, 0, 16, 2
# CHECK: tile-init-errors.s:[[#@LINE+1]]:2: error: initial contents of tile 'x' at partition 2, past its 2 partitions
	.neuronisa_tile_init x, 2, 0, 0x3f800000
# CHECK: tile-init-errors.s:[[#@LINE+1]]:2: error: initial contents of tile 'x' at elements [3, 5) of a partition, past its 4 elements
	.neuronisa_tile_init x, 1, 3, 0x3f800000, 0x40000000
# CHECK: tile-init-errors.s:[[#@LINE+1]]:23: error: initial contents of tile 'y', which no earlier .neuronisa_tile declares
	.neuronisa_tile_init y, 0, 0, 0x3f800000
# CHECK: tile-init-errors.s:[[#@LINE+1]]:32: error: an fp32 word out of range 0-4294967295
	.neuronisa_tile_init x, 0, 0, -1
# CHECK: tile-init-errors.s:[[#@LINE+1]]:30: error: expected comma
	.neuronisa_tile_init x, 0, 0
# CHECK: tile-init-errors.s:[[#@LINE+1]]:26: error: partition out of range 0-4294967295
	.neuronisa_tile_init x, -1, 0, 0
	.neuronisa_tile y, sbuf, 64, 16, 2
	dve.memset [r0+0x0], 1.0, 2, 4, snone
	ret
