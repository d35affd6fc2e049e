# The tables generated from NeuronISA.td, for both builds of the target:
# standalone (CMakeLists.txt here) and in tree (llvm-project-overlay).
set(LLVM_TARGET_DEFINITIONS NeuronISA.td)

tablegen(LLVM NeuronISAGenAsmMatcher.inc -gen-asm-matcher)
tablegen(LLVM NeuronISAGenAsmWriter.inc -gen-asm-writer)
tablegen(LLVM NeuronISAGenCallingConv.inc -gen-callingconv)
tablegen(LLVM NeuronISAGenDAGISel.inc -gen-dag-isel)
tablegen(LLVM NeuronISAGenDisassemblerTables.inc -gen-disassembler
  --specialize-decoders-per-bitwidth)
tablegen(LLVM NeuronISAGenInstrInfo.inc -gen-instr-info)
tablegen(LLVM NeuronISAGenMCCodeEmitter.inc -gen-emitter)
tablegen(LLVM NeuronISAGenRegisterInfo.inc -gen-register-info)
tablegen(LLVM NeuronISAGenSDNodeInfo.inc -gen-sd-node-info)
tablegen(LLVM NeuronISAGenSearchableTables.inc -gen-searchable-tables)
tablegen(LLVM NeuronISAGenSubtargetInfo.inc -gen-subtarget)

add_public_tablegen_target(NeuronISACommonTableGen)
