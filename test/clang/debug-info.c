// -g: DWARF line tables in the assembly (.file/.loc) and in the object,
// which the stock llvm-dwarfdump (no plugin: it does not know the machine)
// reads without relocations; only line tables, with one warning for -g;
// neuronisa-objdump -l and the simulator's messages name the C lines.
// Without -g the output has no debug information at all.
// REQUIRES: neuronisa-sim, neuronisa-objdump
// RUN: rm -rf %t && mkdir -p %t

// Assembly at -O0: a .loc before the code of each statement, nothing but
// line tables (no variables, types, location lists or CFI), one warning.
// RUN: neuronisa-clang -g -O0 -S %s -o %t/O0.s 2> %t/O0.err
// RUN: FileCheck --check-prefix=ASM %s < %t/O0.s
// RUN: not grep -E "DW_TAG_(variable|formal_parameter|base_type)|debug_loclists|\.cfi_" %t/O0.s
// RUN: FileCheck --check-prefix=WARN %s < %t/O0.err
// WARN: warning: -g: only line tables are emitted for NeuronISA; variable locations and types are not supported (-gline-tables-only asks for exactly what is emitted)
// WARN-NOT: warning:
// RUN: neuronisa-clang -gline-tables-only -S %s -o /dev/null 2>&1 | count 0
// ASM: .file 0 "{{.*}}" "{{.*}}debug-info.c" md5

// Objects at -O0 and -O2: the line table as the stock llvm-dwarfdump reads
// it (no relocation to resolve, no warning), the same bytes from llc's
// assembly through neuronisa-asm and from the disassembly (with its source
// line comments) through it.
// RUN: for O in 0 2; do \
// RUN:   neuronisa-clang -g -O$O -c %s -o %t/O$O.o 2>/dev/null || exit 1; \
// RUN:   neuronisa-clang -g -O$O -S %s -o %t/O$O.s 2>/dev/null || exit 1; \
// RUN:   neuronisa-asm -filetype=obj %t/O$O.s -o %t/O$O.s.o || exit 1; \
// RUN:   cmp %t/O$O.o %t/O$O.s.o || exit 1; \
// RUN:   neuronisa-objdump -d -l %t/O$O.o > %t/O$O.dis.s || exit 1; \
// RUN:   neuronisa-asm -filetype=obj %t/O$O.dis.s -o %t/O$O.dis.o || exit 1; \
// RUN:   cmp %t/O$O.o %t/O$O.dis.o || exit 1; \
// RUN: done
// RUN: llvm-readelf -r %t/O0.o %t/O2.o | FileCheck --check-prefix=NORELOC %s
// NORELOC-COUNT-2: There are no relocations in this file.
// RUN: llvm-dwarfdump --debug-line %t/O0.o 2> %t/O0.dd.err | FileCheck --check-prefix=DWARF %s
// RUN: llvm-dwarfdump --debug-line %t/O2.o 2> %t/O2.dd.err | FileCheck --check-prefix=DWARF %s
// RUN: not grep -iE "warning|relocation" %t/O0.dd.err %t/O2.dd.err
// RUN: llvm-dwarfdump --verify %t/O0.o %t/O2.o 2>/dev/null | FileCheck --check-prefix=VERIFY %s
// VERIFY-COUNT-2: No errors.
// DWARF: min_inst_length: 8
// DWARF: file_names[  0]:
// DWARF-NEXT: name: "{{.*}}debug-info.c"

// The disassembly names the source line of each group of instructions.
// RUN: neuronisa-objdump -d -l %t/O0.o | FileCheck --check-prefix=DIS %s
// RUN: neuronisa-objdump -d -l %t/O2.o | FileCheck --check-prefix=DIS %s
// RUN: neuronisa-objdump -d %t/O2.o | FileCheck --check-prefix=NOLINES %s
// NOLINES-NOT: debug-info.c:

#include <neuronisa.h>

static __sbuf float x[128][64], y[128][64];

// Scales n tiles of 128 x 64 floats by 2.
void scale(const __hbm float *restrict in, __hbm float *restrict out, int n) {
  for (int i = 0; i < n; ++i) {
    // ASM: .loc {{[0-9]+}} [[@LINE+5]] 5
    // DWARF-DAG: {{^0x[0-9a-f]+}} [[@LINE+4]] 5 {{[0-9]+}} 
    // DIS: # {{.*}}debug-info.c:[[@LINE+3]]{{$}}
    // DIS-NOT: {{^#}}
    // DIS: dma.load [r0+0x0]
    neuronisa_dma_load(x, in + i * 128 * 64, 128, 64, 4 * 64, 0);
    // ASM: .loc {{[0-9]+}} [[@LINE+5]] 5
    // DWARF-DAG: {{^0x[0-9a-f]+}} [[@LINE+4]] 5 {{[0-9]+}} 
    // DIS: # {{.*}}debug-info.c:[[@LINE+3]]{{$}}
    // DIS-NOT: {{^#}}
    // DIS: act.identity
    neuronisa_act_identity(y, x, 128, 64, 2.0f, 0.0f);
    // ASM: .loc {{[0-9]+}} [[@LINE+5]] 5
    // DWARF-DAG: {{^0x[0-9a-f]+}} [[@LINE+4]] 5 {{[0-9]+}} 
    // DIS: # {{.*}}debug-info.c:[[@LINE+3]]{{$}}
    // DIS-NOT: {{^#}}
    // DIS: dma.store [r{{[0-9]+}}+0x0], [r0+0x100], 128, 64, 256, 1
    neuronisa_dma_store(out + i * 128 * 64, y, 128, 64, 4 * 64, 1);
  }
}

// Sets 4 x 4 elements of y from column j (run time): j <= 60 stays in y.
void window(int j, __hbm float *out) {
  // ASM: .loc {{[0-9]+}} [[@LINE+5]] 3
  // DWARF-DAG: {{^0x[0-9a-f]+}} [[@LINE+4]] 3 {{[0-9]+}} 
  // DIS: # {{.*}}debug-info.c:[[@LINE+3]]{{$}}
  // DIS-NOT: {{^#}}
  // DIS: dve.memset [r0+0x100], 0.0, 128, 64
  neuronisa_dve_memset(y, 0.0f, 128, 64);
  // ASM: .loc {{[0-9]+}} [[@LINE+6]] 3
  // DWARF-DAG: {{^0x[0-9a-f]+}} [[@LINE+5]] 3 {{[0-9]+}} 
  // DIS: # {{.*}}debug-info.c:[[@LINE+4]]{{$}}
  // DIS-NOT: {{^#}}
  // DIS: dve.memset [r{{[0-9]+}}+0x0, p2], 1.0, 4, 4
  // SIM: {{^.*}}debug-info.c:[[#MEMSET:@LINE+1]]:3: error: dst tile: SBUF bytes {{.*}} leave @y {{.*}}, the tile the instruction names ({{.*}}O2.o:.text+0x{{[0-9a-f]+}})
  neuronisa_dve_memset(&y[2][j], 1.0f, 4, 4);
  // ASM: .loc {{[0-9]+}} [[@LINE+5]] 3
  // DWARF-DAG: {{^0x[0-9a-f]+}} [[@LINE+4]] 3 {{[0-9]+}} 
  // DIS: # {{.*}}debug-info.c:[[@LINE+3]]{{$}}
  // DIS-NOT: {{^#}}
  // DIS: dma.store [r{{[0-9]+}}+0x0], [r0+0x100], 128, 64, 256, 0
  neuronisa_dma_store(out, y, 128, 64, 4 * 64, 0);
}

// The simulator names the C line of a run-time error; the stock
// llvm-dwarfdump maps the address it gives to the same line.
// RUN: neuronisa-sim %t/O2.o --kernel=window 60 out:128x64 --report=none
// RUN: not neuronisa-sim %t/O2.o --kernel=window 61 out:128x64 2> %t/sim.err > /dev/null
// RUN: addr=$(sed -n 's/.*\.text+\(0x[0-9a-f]*\)).*/\1/p' %t/sim.err) && \
// RUN:   llvm-dwarfdump --lookup=$addr %t/O2.o 2>/dev/null | cat %t/sim.err - | \
// RUN:   FileCheck --check-prefix=SIM %s
// SIM: Line info: file '{{.*}}debug-info.c', line [[#MEMSET]], column 3

// Without -g: no debug section, no line directive, the same code and
// metadata as with -g, and messages that give the object offset.
// RUN: neuronisa-clang -O2 -c %s -o %t/nog.o
// RUN: neuronisa-clang -O2 -S %s -o %t/nog.s
// RUN: llvm-readelf -S %t/nog.o | FileCheck --check-prefix=NODEBUG --implicit-check-not=.debug %s
// NODEBUG: .text
// NODEBUG: .neuronisa.meta
// RUN: not grep -E "^\s*\.(loc|file\s+[0-9])" %t/nog.s
// RUN: llvm-readelf -x .text -x .neuronisa.meta -x .neuronisa.tileuse %t/nog.o > %t/nog.hex
// RUN: llvm-readelf -x .text -x .neuronisa.meta -x .neuronisa.tileuse %t/O2.o > %t/O2.hex
// RUN: cmp %t/nog.hex %t/O2.hex
// RUN: not neuronisa-sim %t/nog.o --kernel=window 61 out:128x64 2>&1 | FileCheck --check-prefix=NOG-SIM %s
// NOG-SIM: {{.*}}nog.o:.text+0x{{[0-9a-f]+}}: error: dst tile: SBUF bytes
