//===-- NeuronISATargetMachine.cpp - NeuronISA target machine -------------===//

#include "NeuronISATargetMachine.h"
#include "NeuronISA.h"
#include "NeuronISASyncPass.h"
#include "TargetInfo/NeuronISATargetInfo.h"
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/TargetLoweringObjectFileImpl.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar.h"

using namespace llvm;

// 32-bit pointers in every address space (HBM = 1, SBUF = 2, PSUM = 3);
// Triple::computeDataLayout knows nothing of this target.
static const char *const NeuronISADataLayout =
    "e-m:e-p:32:32-p1:32:32-p2:32:32-p3:32:32-i64:64-n32-S32";

NeuronISATargetMachine::NeuronISATargetMachine(
    const Target &T, const Triple &TT, StringRef CPU, StringRef FS,
    const TargetOptions &Options, std::optional<Reloc::Model> RM,
    std::optional<CodeModel::Model> CM, CodeGenOptLevel OL, bool JIT)
    : CodeGenTargetMachineImpl(T, NeuronISADataLayout, TT, CPU, FS, Options,
                               RM.value_or(Reloc::Static),
                               getEffectiveCodeModel(CM, CodeModel::Small), OL),
      TLOF(std::make_unique<TargetLoweringObjectFileELF>()),
      Subtarget(TT, CPU, FS, *this) {
  // An engine has nothing after a function for `unreachable` to fall into:
  // it becomes ISD::TRAP, which ends the kernel like `ret`
  // (NeuronISATargetLowering), so no block is left without a terminator.
  this->Options.TrapUnreachable = true;
  this->Options.NoTrapAfterNoreturn = false;
  initAsmInfo();
}

NeuronISATargetMachine::~NeuronISATargetMachine() = default;

namespace {
class NeuronISAPassConfig : public TargetPassConfig {
public:
  NeuronISAPassConfig(NeuronISATargetMachine &TM, PassManagerBase &PM)
      : TargetPassConfig(TM, PM) {}

  NeuronISATargetMachine &getNeuronISATargetMachine() const {
    return getTM<NeuronISATargetMachine>();
  }

  void addIRPasses() override {
    // Before any machine code exists: variables never become DBG_VALUEs.
    addPass(createNeuronISALineTablesOnlyPass());
    TargetPassConfig::addIRPasses();
  }
  void addCodeGenPrepare() override {
    TargetPassConfig::addCodeGenPrepare();
    // Double-buffered loops unrolled by their swap period, so that the
    // select split and the synchronization pass see one tile per access.
    addPass(createNeuronISATilePingPongUnrollPass());
    // After every pass that could fold the branches it makes back into
    // selects, and before the verifier: a select between tile places at
    // different partitions is only compilable once split, and the verifier
    // then checks exactly what instruction selection will see.
    addPass(createNeuronISATileSelectSplitPass());
    // Last IR pass before selection: reject what cannot be compiled, with a
    // diagnostic, instead of failing somewhere inside instruction selection.
    addPass(createNeuronISAKernelVerifierPass());
  }
  bool addInstSelector() override {
    addPass(createNeuronISAISelDag(getNeuronISATargetMachine()));
    return false;
  }
  // There is no stack to spill to: even at -O0, allocate registers with the
  // optimizing allocator, which does not spill values live across blocks.
  void addFastRegAlloc() override { addOptimizedRegAlloc(); }
  void addPreEmitPass() override { addPass(createNeuronISASyncPass()); }
};
} // namespace

TargetPassConfig *
NeuronISATargetMachine::createPassConfig(PassManagerBase &PM) {
  return new NeuronISAPassConfig(*this, PM);
}

void NeuronISATargetMachine::registerPassBuilderCallbacks(PassBuilder &PB) {
#define GET_PASS_REGISTRY "NeuronISAPassRegistry.def"
#include "llvm/Passes/TargetPassRegistry.inc"
}

extern "C" LLVM_ABI LLVM_EXTERNAL_VISIBILITY void LLVMInitializeNeuronISATarget() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
  RegisterTargetMachine<NeuronISATargetMachine> X(getTheNeuronISATarget());
  PassRegistry &PR = *PassRegistry::getPassRegistry();
  initializeNeuronISADAGToDAGISelLegacyPass(PR);
  initializeNeuronISAKernelVerifierPass(PR);
  initializeNeuronISALineTablesOnlyPass(PR);
  initializeNeuronISATilePingPongUnrollPass(PR);
  initializeNeuronISATileSelectSplitPass(PR);
  initializeNeuronISASyncLegacyPass(PR);
}

void llvm::registerNeuronISATarget() {
  LLVMInitializeNeuronISATargetInfo();
  LLVMInitializeNeuronISATargetMC();
  LLVMInitializeNeuronISAAsmParser();
  LLVMInitializeNeuronISADisassembler();
  LLVMInitializeNeuronISATarget();
  LLVMInitializeNeuronISAAsmPrinter();
}
