//===-- NeuronISASyncPass.cpp - Inter-engine synchronization pass ---------===//
//
// The pass "neuronisa-sync" (addPreEmitPass: after register allocation and
// block placement), in the manner of SIInsertWaitcnts: one class that runs
// on a MachineFunction (NeuronISASync::run), and thin wrappers for both pass
// managers around it:
//   - NeuronISASyncLegacy, the legacy pass of the codegen pipeline and of
//     `llc -run-pass=neuronisa-sync`;
//   - NeuronISASyncPass (NeuronISASyncPass.h), the new pass manager's,
//     `llc -passes=neuronisa-sync` (NeuronISAPassRegistry.def).
// run() checks that a function compiled in precise or barrier mode carries
// no hand-written synchronization, computes the dependences
// (NeuronISADependenceAnalysis), emits the precise plan that
// NeuronISASyncPlanner chooses or runs NeuronISABarrierSync through one
// SyncGenerator, emits the remarks (NeuronISASyncRemarks), and
// writes the dump for the translation validator (-neuronisa-sync-dump, see
// NeuronISASyncDump.h) once the algorithm ran.
//
//===----------------------------------------------------------------------===//

#include "NeuronISASyncPass.h"
#include "NeuronISA.h"
#include "NeuronISABarrierSync.h"
#include "NeuronISADependenceAnalysis.h"
#include "NeuronISAInstrInfo.h"
#include "NeuronISASyncDump.h"
#include "NeuronISASyncGenerator.h"
#include "NeuronISASyncPlanner.h"
#include "NeuronISASyncRegisters.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScopedNoAliasAA.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>

using namespace llvm;
using namespace llvm::NeuronISA;

#define DEBUG_TYPE "neuronisa-sync"

namespace {
enum class SyncMode { Precise, Barrier, None };
} // namespace

static cl::opt<SyncMode> SyncModeOpt(
    "neuronisa-sync", cl::Hidden,
    cl::desc("NeuronISA inter-engine synchronization"),
    cl::init(SyncMode::Precise),
    cl::values(clEnumValN(SyncMode::Precise, "precise",
                          "barrier-free, exact dynamic thresholds (default)"),
               clEnumValN(SyncMode::Barrier, "barrier",
                          "baseline: a barrier at every loop iteration "
                          "boundary, constant thresholds between"),
               clEnumValN(SyncMode::None, "none",
                          "insert nothing; keep hand-written "
                          "synchronization")));

static cl::opt<bool> UseScopedNoAlias(
    "neuronisa-sync-scoped-noalias", cl::init(false),
    cl::desc("Take the IR's scoped-noalias metadata (!alias.scope, "
             "!noalias) as proof that two accesses do not conflict. The "
             "object does not record these promises, so the translation "
             "validator rejects code that relies on them (default: off; "
             "a missed remark says where they were left unused)"));

bool NeuronISA::isPreciseSyncRequested() {
  return SyncModeOpt == SyncMode::Precise;
}

namespace {

/// The pass itself, independent of the pass manager that runs it.
class NeuronISASync {
public:
  NeuronISASync(const MachineLoopInfo &MLI,
                MachineOptimizationRemarkEmitter &ORE, ScalarEvolution *SE,
                AAResults *AA)
      : MLI(MLI), ORE(ORE), SE(SE), AA(AA) {}

  /// Returns whether MF changed; sets CFGChanged when a block was added.
  bool run(MachineFunction &MF, bool &CFGChanged);

private:
  const MachineLoopInfo &MLI;
  MachineOptimizationRemarkEmitter &ORE;
  ScalarEvolution *SE;
  AAResults *AA;

  bool rejectHandWrittenSync(MachineFunction &MF, SyncMode Mode);
};

class NeuronISASyncLegacy : public MachineFunctionPass {
public:
  static char ID;
  NeuronISASyncLegacy() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override {
    return "NeuronISA inter-engine synchronization";
  }
  // Not setPreservesCFG: a function whose entry block has predecessors
  // (hand-written MIR) gets a new entry block.
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineLoopInfoWrapperPass>();
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    // The IR still exists: the addresses of HBM accesses at run-time offsets.
    AU.addRequired<ScalarEvolutionWrapperPass>();
    // Scoped-noalias tags of memory operands, at every optimization level
    // (llc's -O0 pipeline has no ScopedNoAliasAA of its own).
    AU.addRequired<ScopedNoAliasAAWrapperPass>();
    AU.addRequired<AAResultsWrapperPass>();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  MachineFunctionProperties getRequiredProperties() const override {
    return MachineFunctionProperties().setNoVRegs();
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    bool CFGChanged;
    return NeuronISASync(
               getAnalysis<MachineLoopInfoWrapperPass>().getLI(),
               getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE(),
               &getAnalysis<ScalarEvolutionWrapperPass>().getSE(),
               &getAnalysis<AAResultsWrapperPass>().getAAResults())
        .run(MF, CFGChanged);
  }
};

} // namespace

char NeuronISASyncLegacy::ID = 0;

INITIALIZE_PASS_BEGIN(NeuronISASyncLegacy, DEBUG_TYPE,
                      "NeuronISA inter-engine synchronization", false, false)
INITIALIZE_PASS_DEPENDENCY(MachineLoopInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(MachineOptimizationRemarkEmitterPass)
INITIALIZE_PASS_DEPENDENCY(ScalarEvolutionWrapperPass)
INITIALIZE_PASS_DEPENDENCY(ScopedNoAliasAAWrapperPass)
INITIALIZE_PASS_DEPENDENCY(AAResultsWrapperPass)
INITIALIZE_PASS_END(NeuronISASyncLegacy, DEBUG_TYPE,
                    "NeuronISA inter-engine synchronization", false, false)

FunctionPass *llvm::createNeuronISASyncPass() {
  return new NeuronISASyncLegacy();
}

PreservedAnalyses NeuronISASyncPass::run(MachineFunction &MF,
                                         MachineFunctionAnalysisManager &MFAM) {
  FunctionAnalysisManager &FAM =
      MFAM.getResult<FunctionAnalysisManagerMachineFunctionProxy>(MF)
          .getManager();
  Function &F = MF.getFunction();
  bool CFGChanged;
  if (!NeuronISASync(MFAM.getResult<MachineLoopAnalysis>(MF),
                     MFAM.getResult<MachineOptimizationRemarkEmitterAnalysis>(MF),
                     &FAM.getResult<ScalarEvolutionAnalysis>(F),
                     &FAM.getResult<AAManager>(F))
           .run(MF, CFGChanged))
    return PreservedAnalyses::all();
  PreservedAnalyses PA = getMachineFunctionPassPreservedAnalyses();
  if (!CFGChanged)
    PA.preserveSet<CFGAnalyses>();
  return PA;
}

/// In precise and barrier modes the pass owns every semaphore: hand-written
/// synchronization would be clobbered or would clobber ours. (Operand
/// ranges, such as a DMA queue's, are NeuronISAInstrInfo::verifyInstruction's
/// job: no instruction that fails it reaches this pass.)
bool NeuronISASync::rejectHandWrittenSync(MachineFunction &MF,
                                          SyncMode Mode) {
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  const Function &F = MF.getFunction();
  for (MachineBasicBlock &MBB : MF)
    for (MachineInstr &MI : MBB) {
      const MCInstrDesc &D = MI.getDesc();
      bool HandWritten = isSync(D);
      if (!HandWritten && isDataPath(D)) {
        const MachineOperand *Sem =
            NeuronISAInstrInfo::getNamedOperand(MI, OpName::sem);
        HandWritten = Sem && Sem->isReg() && Sem->getReg() != NeuronISA::SNONE;
      }
      if (!HandWritten)
        continue;
      F.getContext().diagnose(DiagnosticInfoUnsupported(
          F,
          Twine("hand-written synchronization (") + TII.getName(MI.getOpcode()) +
              (isSync(D) ? "" : " with a completion semaphore") +
              ") in a function compiled with -neuronisa-sync=" +
              (Mode == SyncMode::Precise ? "precise" : "barrier") +
              "; compile with -neuronisa-sync=none to keep it as written",
          MI.getDebugLoc()));
      return true;
    }
  return false;
}

/// The analyses need an entry block without predecessors (the counters are
/// initialized there, once). Returns whether it added one.
static bool ensureEntryHasNoPredecessors(MachineFunction &MF) {
  MachineBasicBlock &Old = MF.front();
  if (Old.pred_empty())
    return false;
  MachineBasicBlock *New = MF.CreateMachineBasicBlock();
  MF.insert(MF.begin(), New);
  New->addSuccessor(&Old);
  for (const auto &LI : Old.liveins())
    New->addLiveIn(LI);
  return true;
}

/// Does a memory operand of MF carry scoped-noalias metadata?
static bool hasAliasScopes(const MachineFunction &MF) {
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      for (const MachineMemOperand *MMO : MI.memoperands())
        if (MMO->getAAInfo().Scope || MMO->getAAInfo().NoAlias)
          return true;
  return false;
}

bool NeuronISASync::run(MachineFunction &MF, bool &CFGChanged) {
  CFGChanged = false;
  SyncMode Mode = SyncModeOpt;
  if (Mode == SyncMode::None || rejectHandWrittenSync(MF, Mode))
    return false;

  // The IR's alias analysis is asked only about scoped-noalias tags
  // (TileRef::mayOverlap): without -neuronisa-sync-scoped-noalias, the
  // dependences are the ones the validator derives from the object.
  AAResults *ScopeAA = UseScopedNoAlias ? AA : nullptr;
  if (!UseScopedNoAlias && hasAliasScopes(MF))
    ORE.emit([&]() {
      return MachineOptimizationRemarkMissed(
                 DEBUG_TYPE, "AliasScopesUnused",
                 DiagnosticLocation(MF.getFunction().getSubprogram()),
                 &MF.front())
             << "the IR's alias scopes (!alias.scope, !noalias) are not used "
                "to rule out dependences: the object does not record them, "
                "so the validator could not check such code "
                "(-neuronisa-sync-scoped-noalias uses them)";
    });
  EngineDependences Deps;
  {
    SyncPhaseTimer T("dependences", "Dependence analysis");
    Deps.analyze(MF, SE, ScopeAA);
  }
  LLVM_DEBUG(dbgs() << "neuronisa-sync: " << MF.getName() << ": "
                    << Deps.sites().size() << " sites, "
                    << Deps.groups().size() << " dependence groups\n");
  SyncReport Report;
  Report.FreeRegs = SyncRegisterPool(MF).numFree();
  bool Precise = Mode == SyncMode::Precise;
  bool Changed = false;
  std::unique_ptr<PrecisePlan> Plan;
  if (!Deps.groups().empty()) {
    if (ensureEntryHasNoPredecessors(MF)) {
      // Block numbers and sites are unchanged; the new block has none.
      CFGChanged = true;
      Deps.analyze(MF, SE, ScopeAA);
    }
    if (Precise) {
      Plan = planPrecise(MF, Deps, MLI, Report);
      if (Plan) {
        Plan->Sync->emitPlan();
        Report = Plan->Report;
        llvm::append_range(Report.Explained, Plan->Sync->getExplanation());
      } else {
        Precise = false;
      }
    }
    if (!Precise) {
      SyncGenerator Gen(MF, Deps, MLI, Report);
      BarrierSync(Gen).run();
    }
    Changed = true;
  }
  // The agents of the synchronization emitted (sub-agents if split).
  const EngineDependences &Emitted = Plan ? *Plan->Deps : Deps;
  emitSyncRemarks(MF, MLI, Emitted, Report, Precise, ORE);
  if (isSyncDumpRequested()) {
    SmallVector<std::string, 2> Why;
    for (const SyncReport::Fallback &FB : Report.Fallbacks)
      Why.push_back(FB.Why);
    dumpSyncForValidation(MF, Emitted, Precise ? "precise" : "barrier", Why);
  }
  return Changed;
}
