# RUN: not neuronisa-asm %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
# Malformed tile use directives: located errors, non-zero exit.

	.neuronisa_tile x, sbuf, 0, 2048, 128
# CHECK: tile-use-errors.s:[[#@LINE+1]]:22: error: tile operand out of range 0-2
	.neuronisa_tile_use 3, x
# CHECK: tile-use-errors.s:[[#@LINE+1]]:22: error: tile operand out of range 0-2
	.neuronisa_tile_use -1, x
# CHECK: tile-use-errors.s:[[#@LINE+1]]:25: error: expected a tile name
	.neuronisa_tile_use 0, 5
# CHECK: tile-use-errors.s:[[#@LINE+1]]:24: error: expected comma
	.neuronisa_tile_use 0 x
# The tile is checked at the end of the file: it may be declared later.
	.neuronisa_tile_use 0, y
# CHECK: tile-use-errors.s:[[#@LINE+1]]:2: error: tile use names tile 'nope', which no .neuronisa_tile declares
	.neuronisa_tile_use 0, nope
	dve.memset [r1+0x0], 1.0, 8, 4, snone
	.neuronisa_tile y, sbuf, 2048, 64, 128
