//===-- NeuronISALineTablesOnly.cpp - Debug information kernels keep ------===//
//
// NeuronISA objects carry DWARF line tables (docs/ObjectFormat.md) and no
// other debug information. What more a full -g describes does not fit a
// kernel:
// - its tiles are globals the backend places in SBUF/PSUM, not data of the
//   object and without symbols, so a tile variable's DW_OP_addr would have
//   nothing to point at;
// - its scalars live in r1-r31 only, but no debugger reads a NeuronISA
//   engine's registers, and the synchronization pass, which runs after
//   register allocation, would have to keep every DBG_VALUE right;
// - there is no stack, no call and no unwinding, so no call frame
//   information either.
// So a module whose compile units ask for more than line tables is reduced
// to line tables (llvm::stripNonLineTableDebugInfo, what
// -strip-nonline-table-debuginfo does) before instruction selection, with
// one warning per module. Line tables alone change nothing in the code:
// no DBG_VALUE ever reaches the machine passes, so -g and no -g compile to
// the same instructions.
//
//===----------------------------------------------------------------------===//

#include "NeuronISA.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/InitializePasses.h"
#include "llvm/Pass.h"

using namespace llvm;

#define DEBUG_TYPE "neuronisa-line-tables-only"

namespace {
class NeuronISALineTablesOnly : public ModulePass {
public:
  static char ID;
  NeuronISALineTablesOnly() : ModulePass(ID) {}
  StringRef getPassName() const override {
    return "NeuronISA line tables only";
  }
  // The work is done before any pass runs: the AsmPrinter's own
  // doInitialization (later in the same pass manager) collects the
  // variables of the compile units for DwarfDebug.
  bool doInitialization(Module &M) override;
  bool runOnModule(Module &M) override { return false; }
};
} // namespace

/// Does a compile unit ask for variables and types (-g), not only lines
/// (-gline-tables-only, -gline-directives-only)?
static bool wantsMoreThanLines(const DICompileUnit *CU) {
  return CU->getEmissionKind() == DICompileUnit::FullDebug;
}

bool NeuronISALineTablesOnly::doInitialization(Module &M) {
  if (none_of(M.debug_compile_units(), wantsMoreThanLines))
    return false;
  M.getContext().diagnose(DiagnosticInfoGeneric(
      "-g: only line tables are emitted for NeuronISA; variable locations "
      "and types are not supported (-gline-tables-only asks for exactly "
      "what is emitted)",
      DS_Warning));
  return stripNonLineTableDebugInfo(M);
}

char NeuronISALineTablesOnly::ID = 0;
INITIALIZE_PASS(NeuronISALineTablesOnly, DEBUG_TYPE,
                "NeuronISA line tables only", false, false)

ModulePass *llvm::createNeuronISALineTablesOnlyPass() {
  return new NeuronISALineTablesOnly();
}
