//===-- NeuronISASyncPass.cpp - Inter-engine synchronization pass ---------===//
//
// The pass "neuronisa-sync" (addPreEmitPass: after register allocation and
// block placement). A thin driver, in the manner of SIInsertWaitcnts:
//   - the option -neuronisa-sync=precise|barrier|none (default precise);
//   - the check that a function compiled in precise or barrier mode carries
//     no hand-written synchronization;
//   - NeuronISADependenceAnalysis (who waits for whom), then
//     NeuronISAPreciseSync or NeuronISABarrierSync (what to insert);
//   - the remarks (-pass-remarks*=neuronisa-sync);
//   - the dump for the translation validator (-neuronisa-sync-dump, see
//     NeuronISASyncDump.h), once the algorithm ran.
//
//===----------------------------------------------------------------------===//

#include "NeuronISA.h"
#include "NeuronISABarrierSync.h"
#include "NeuronISADependenceAnalysis.h"
#include "NeuronISAInstrInfo.h"
#include "NeuronISAPreciseSync.h"
#include "NeuronISASyncDump.h"
#include "NeuronISASyncCommon.h"
#include "NeuronISASyncRegisters.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;
using namespace llvm::NeuronISA;

#define DEBUG_TYPE "neuronisa-sync"

namespace {
enum class SyncMode { Precise, Barrier, None };
} // namespace

static cl::opt<SyncMode> SyncModeOpt(
    "neuronisa-sync", cl::desc("NeuronISA inter-engine synchronization"),
    cl::init(SyncMode::Precise),
    cl::values(clEnumValN(SyncMode::Precise, "precise",
                          "barrier-free, exact dynamic thresholds (default)"),
               clEnumValN(SyncMode::Barrier, "barrier",
                          "baseline: a barrier at every loop iteration "
                          "boundary, constant thresholds between"),
               clEnumValN(SyncMode::None, "none",
                          "insert nothing; keep hand-written "
                          "synchronization")));

namespace {

class NeuronISASync : public MachineFunctionPass {
public:
  static char ID;
  NeuronISASync() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override {
    return "NeuronISA inter-engine synchronization";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineLoopInfoWrapperPass>();
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    // The IR still exists: the addresses of HBM accesses at run-time offsets.
    AU.addRequired<ScalarEvolutionWrapperPass>();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  MachineFunctionProperties getRequiredProperties() const override {
    return MachineFunctionProperties().setNoVRegs();
  }
  bool runOnMachineFunction(MachineFunction &MF) override;

private:
  bool rejectHandWrittenSync(MachineFunction &MF, SyncMode Mode);
  void emitRemarks(MachineFunction &MF, const MachineLoopInfo &MLI,
                   const DependenceInfo &DI, const SyncReport &R,
                   bool Precise, MachineOptimizationRemarkEmitter &ORE);
};

} // namespace

char NeuronISASync::ID = 0;

INITIALIZE_PASS_BEGIN(NeuronISASync, DEBUG_TYPE,
                      "NeuronISA inter-engine synchronization", false, false)
INITIALIZE_PASS_DEPENDENCY(MachineLoopInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(MachineOptimizationRemarkEmitterPass)
INITIALIZE_PASS_DEPENDENCY(ScalarEvolutionWrapperPass)
INITIALIZE_PASS_END(NeuronISASync, DEBUG_TYPE,
                    "NeuronISA inter-engine synchronization", false, false)

FunctionPass *llvm::createNeuronISASyncPass() { return new NeuronISASync(); }

/// In precise and barrier modes the pass owns every semaphore: hand-written
/// synchronization would be clobbered or would clobber ours. (Also rejects
/// DMA queue numbers the agent numbering cannot represent.)
bool NeuronISASync::rejectHandWrittenSync(MachineFunction &MF, SyncMode Mode) {
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  for (MachineBasicBlock &MBB : MF)
    for (MachineInstr &MI : MBB) {
      const MCInstrDesc &D = MI.getDesc();
      const MachineOperand *Queue =
          NeuronISAInstrInfo::getNamedOperand(MI, OpName::queue);
      if (isDataPath(D) && isDMA(getTileFormat(D)) &&
          (!Queue->isImm() || uint64_t(Queue->getImm()) >= MaxDMAQueues)) {
        const Function &F = MF.getFunction();
        F.getContext().diagnose(DiagnosticInfoUnsupported(
            F,
            Twine("DMA queue ") +
                (Queue->isImm() ? Twine(Queue->getImm()) : Twine("operand")) +
                " out of range 0-" + Twine(MaxDMAQueues - 1),
            MI.getDebugLoc()));
        return true;
      }
      bool Hand = isSync(D);
      if (!Hand && isDataPath(D)) {
        const MachineOperand &Sem = MI.getOperand(DataOperands::semaphore(D));
        Hand = Sem.isReg() && Sem.getReg() != NeuronISA::SNONE;
      }
      if (!Hand)
        continue;
      const Function &F = MF.getFunction();
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
/// initialized there, once).
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

static unsigned countLoopBarriers(const MachineLoop &L) {
  SmallVector<MachineBasicBlock *, 4> Exits;
  L.getUniqueExitBlocks(Exits);
  unsigned N = 1 + Exits.size();
  for (const MachineLoop *Sub : L)
    N += countLoopBarriers(*Sub);
  return N;
}

void NeuronISASync::emitRemarks(MachineFunction &MF,
                                const MachineLoopInfo &MLI,
                                const DependenceInfo &DI,
                                const SyncReport &R, bool Precise,
                                MachineOptimizationRemarkEmitter &ORE) {
  const MachineBasicBlock *Entry = &MF.front();
  DiagnosticLocation Loc(MF.getFunction().getSubprogram());
  const SyncReport::Counts &T = R.Total;
  ORE.emit([&]() {
    MachineOptimizationRemark Rem(DEBUG_TYPE, "SyncInserted", Loc, Entry);
    Rem << (Precise ? "precise" : "barrier") << " synchronization: "
        << ore::NV("Waits", T.WaitsConst + T.WaitsDynamic) << " waits ("
        << ore::NV("DynamicWaits", T.WaitsDynamic) << " with a dynamic "
        << "threshold), " << ore::NV("ImpliedWaits", T.WaitsRedundant)
        << " implied waits dropped, " << ore::NV("IncSites", T.IncSites)
        << " increment sites, " << ore::NV("Bookkeeping", T.Bookkeeping)
        << " bookkeeping instructions, " << ore::NV("Barriers", T.Barriers)
        << " barriers, " << ore::NV("PadIncs", T.PadIncs)
        << " padding increments";
    if (Precise)
      Rem << "; barriers avoided: "
          << ore::NV("BarriersAvoided", R.BaselineBarriers);
    return Rem;
  });
  ORE.emit([&]() {
    return MachineOptimizationRemarkAnalysis(DEBUG_TYPE, "SyncResources", Loc,
                                             Entry)
           << ore::NV("Semaphores", R.Semaphores) << " semaphores, "
           << ore::NV("CounterRegs", R.CounterRegs) << " counter and "
           << ore::NV("SnapshotRegs", R.SnapshotRegs)
           << " snapshot registers of "
           << ore::NV("ReservedRegs", SyncRegs::Count) << " reserved, "
           << ore::NV("Sites", unsigned(DI.sites().size()))
           << " data-path instructions, "
           << ore::NV("Groups", unsigned(DI.groups().size()))
           << " dependence groups";
  });
  // Per loop, outermost first: what its own blocks (not its subloops) got.
  SmallVector<const MachineLoop *, 8> Work(MLI.begin(), MLI.end());
  while (!Work.empty()) {
    const MachineLoop *L = Work.pop_back_val();
    SyncReport::Counts C;
    auto It = R.PerLoop.find(L);
    if (It != R.PerLoop.end())
      C = It->second;
    const MachineBasicBlock *H = L->getHeader();
    ORE.emit([&]() {
      MachineOptimizationRemarkAnalysis Rem(DEBUG_TYPE, "LoopSync",
                                            L->getStartLoc(), H);
      Rem << "loop " << ore::NV("Header", H->getFullName()) << " (depth "
          << ore::NV("Depth", L->getLoopDepth()) << "): "
          << ore::NV("Waits", C.WaitsConst + C.WaitsDynamic) << " waits ("
          << ore::NV("DynamicWaits", C.WaitsDynamic) << " dynamic), "
          << ore::NV("IncSites", C.IncSites) << " increment sites, "
          << ore::NV("Bookkeeping", C.Bookkeeping)
          << " bookkeeping instructions, " << ore::NV("Barriers", C.Barriers)
          << " barriers";
      if (Precise) {
        SmallVector<MachineBasicBlock *, 4> Exits;
        L->getUniqueExitBlocks(Exits);
        Rem << "; barriers avoided: "
            << ore::NV("BarriersAvoided", unsigned(1 + Exits.size()));
      }
      return Rem;
    });
    for (auto SI = L->rbegin(); SI != L->rend(); ++SI)
      Work.push_back(*SI);
  }
  for (const SyncReport::Fallback &FB : R.Fallbacks)
    ORE.emit([&]() {
      return MachineOptimizationRemarkMissed(DEBUG_TYPE, "SyncFallback", Loc,
                                             FB.MBB ? FB.MBB : Entry)
             << ore::NV("Reason", FB.Why);
    });
  if (DI.NumOpaqueSites)
    ORE.emit([&]() {
      return MachineOptimizationRemarkMissed(DEBUG_TYPE, "OpaqueAccess", Loc,
                                             Entry)
             << ore::NV("Count", DI.NumOpaqueSites)
             << " data-path instructions have no memory operands and are "
                "treated as touching all memory";
    });
}

bool NeuronISASync::runOnMachineFunction(MachineFunction &MF) {
  SyncMode Mode = SyncModeOpt;
  if (Mode == SyncMode::None)
    return false;
  if (rejectHandWrittenSync(MF, Mode))
    return false;

  bool Changed = ensureEntryHasNoPredecessors(MF);
  const MachineLoopInfo &MLI =
      getAnalysis<MachineLoopInfoWrapperPass>().getLI();
  MachineOptimizationRemarkEmitter &ORE =
      getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE();

  DependenceInfo DI;
  DI.analyze(MF, &getAnalysis<ScalarEvolutionWrapperPass>().getSE());
  SyncReport Report;
  for (const MachineLoop *L : MLI)
    Report.BaselineBarriers += countLoopBarriers(*L);
  bool Precise = Mode == SyncMode::Precise;
  if (!DI.groups().empty()) {
    if (Precise && !PreciseSync(MF, DI, MLI, Report).run()) {
      Precise = false;
      BarrierSync(MF, DI, MLI, Report).run();
    } else if (!Precise) {
      BarrierSync(MF, DI, MLI, Report).run();
    }
    Changed = true;
  }
  emitRemarks(MF, MLI, DI, Report, Precise, ORE);
  if (isSyncDumpRequested()) {
    SmallVector<std::string, 2> Why;
    for (const SyncReport::Fallback &FB : Report.Fallbacks)
      Why.push_back(FB.Why);
    dumpSyncForValidation(MF, DI, Precise ? "precise" : "barrier", Why);
  }
  return Changed;
}
