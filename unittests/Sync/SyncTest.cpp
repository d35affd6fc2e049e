//===-- SyncTest.cpp - Unit tests of the synchronization data model -------===//
//
// MachineFunctions parsed from MIR (post-RA, as `llc -stop-before=
// neuronisa-sync` prints them) are fed to the public interfaces of the
// synchronization passes: NeuronISADependenceAnalysis (sites, agents,
// conflicts, groups, reachability), TileRef::mayOverlap (incl. the HBM
// affine residue rule), and PreciseSync / BarrierSync (their SyncReport and
// the instructions they insert, register exhaustion and fallbacks).
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/NeuronISABaseInfo.h"
#include "MCTargetDesc/NeuronISAMCTargetDesc.h"
#include "NeuronISA.h"
#include "NeuronISABarrierSync.h"
#include "NeuronISADependenceAnalysis.h"
#include "NeuronISAPreciseSync.h"
#include "NeuronISASyncGenerator.h"
#include "NeuronISASyncRegisters.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScopedNoAliasAA.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/CodeGen/MIRParser/MIRParser.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "gtest/gtest.h"
#include <set>
#include <string>
#include <tuple>

using namespace llvm;
using namespace llvm::NeuronISA;

namespace {

// The pass takes the registers a function leaves free, r20..r31 first:
// counters from r20 up, snapshots from r31 down (NeuronISASyncRegisters.h).
constexpr unsigned NumPreferred = SyncRegs::NumPreferred;
unsigned syncReg(unsigned I) {
  return getGPR(SyncRegs::FirstPreferredIndex + I);
}
unsigned counterReg(unsigned I) { return syncReg(I); }
unsigned snapshotReg(unsigned I) { return syncReg(NumPreferred - 1 - I); }

bool runPrecise(MachineFunction &MF, const EngineDependences &Deps,
                const MachineLoopInfo &MLI, SyncReport &Report) {
  SyncGenerator Gen(MF, Deps, MLI, Report);
  return PreciseSync(Gen).run();
}

void runBarrier(MachineFunction &MF, const EngineDependences &Deps,
                const MachineLoopInfo &MLI, SyncReport &Report) {
  SyncGenerator Gen(MF, Deps, MLI, Report);
  BarrierSync(Gen).run();
}

class SyncTest : public testing::Test {
protected:
  static void SetUpTestSuite() { registerNeuronISATarget(); }

  void SetUp() override {
    std::string Err;
    Triple TT("neuronisa");
    const Target *T = TargetRegistry::lookupTarget(TT, Err);
    ASSERT_NE(T, nullptr) << Err;
    TM.reset(T->createTargetMachine(TT, "", "", TargetOptions(),
                                    std::nullopt));
    ASSERT_NE(TM, nullptr);
  }

  /// Parses MIR (an IR section and machine functions); returns function Fn.
  MachineFunction *parse(StringRef MIR, StringRef Fn) {
    SMDiagnostic Diag;
    std::unique_ptr<MIRParser> P =
        createMIRParser(MemoryBuffer::getMemBufferCopy(MIR), Ctx);
    if (!P) {
      ADD_FAILURE() << "cannot create the MIR parser";
      return nullptr;
    }
    std::string DL = TM->createDataLayout().getStringRepresentation();
    M = P->parseIRModule([&](StringRef, StringRef) { return DL; });
    if (!M) {
      ADD_FAILURE() << "cannot parse the IR section";
      return nullptr;
    }
    M->setTargetTriple(TM->getTargetTriple());
    MMI = std::make_unique<MachineModuleInfo>(TM.get());
    if (P->parseMachineFunctions(*M, *MMI)) {
      ADD_FAILURE() << "cannot parse the machine functions";
      return nullptr;
    }
    Function *F = M->getFunction(Fn);
    if (!F) {
      ADD_FAILURE() << "no function " << Fn.str();
      return nullptr;
    }
    MachineFunction *MF = MMI->getMachineFunction(*F);
    EXPECT_NE(MF, nullptr);
    return MF;
  }

  /// The IR function's ScalarEvolution (kept alive by the fixture).
  ScalarEvolution &scev(MachineFunction &MF) {
    Function &F = MF.getFunction();
    TLII = std::make_unique<TargetLibraryInfoImpl>(TM->getTargetTriple());
    TLI = std::make_unique<TargetLibraryInfo>(*TLII, &F);
    AC = std::make_unique<AssumptionCache>(F);
    DT = std::make_unique<DominatorTree>(F);
    LI = std::make_unique<LoopInfo>(*DT);
    SE = std::make_unique<ScalarEvolution>(F, *TLI, *AC, *DT, *LI);
    return *SE;
  }

  MachineLoopInfo &loops(MachineFunction &MF) {
    MDT = std::make_unique<MachineDominatorTree>(MF);
    MLI = std::make_unique<MachineLoopInfo>(*MDT);
    return *MLI;
  }

  static unsigned countOpcode(const MachineFunction &MF, unsigned Opc) {
    unsigned N = 0;
    for (const MachineBasicBlock &MBB : MF)
      for (const MachineInstr &MI : MBB)
        N += MI.getOpcode() == Opc;
    return N;
  }
  static unsigned countInstrs(const MachineFunction &MF) {
    unsigned N = 0;
    for (const MachineBasicBlock &MBB : MF)
      N += MBB.size();
    return N;
  }
  /// Does some instruction define (write) register Reg?
  static bool defines(const MachineFunction &MF, unsigned Reg) {
    for (const MachineBasicBlock &MBB : MF)
      for (const MachineInstr &MI : MBB)
        for (const MachineOperand &MO : MI.operands())
          if (MO.isReg() && MO.isDef() && MO.getReg() == Reg)
            return true;
    return false;
  }
  /// Does some instruction read register Reg?
  static bool reads(const MachineFunction &MF, unsigned Reg) {
    for (const MachineBasicBlock &MBB : MF)
      for (const MachineInstr &MI : MBB)
        for (const MachineOperand &MO : MI.operands())
          if (MO.isReg() && MO.isUse() && MO.getReg() == Reg)
            return true;
    return false;
  }
  static bool usesAnySyncReg(const MachineFunction &MF) {
    for (unsigned I = 0; I < NumPreferred; ++I)
      if (defines(MF, syncReg(I)) || reads(MF, syncReg(I)))
        return true;
    return false;
  }
  /// The producing agents of the groups in which S is a consumer.
  static std::set<AgentId> waitedAgents(const EngineDependences &DI,
                                        unsigned S) {
    std::set<AgentId> R;
    for (unsigned G : DI.consumerGroups(S))
      R.insert(DI.groups()[G].Producer);
    return R;
  }
  /// The producer sites of S's consumer groups that precede S in layout
  /// order (for single-block functions: the ones that can run before S).
  static std::set<unsigned> earlierWaitedSites(const EngineDependences &DI,
                                               unsigned S) {
    std::set<unsigned> R;
    for (unsigned G : DI.consumerGroups(S))
      for (unsigned P : DI.groups()[G].Producers)
        if (P < S)
          R.insert(P);
    return R;
  }
  /// The producer sites of S's consumer groups.
  static std::set<unsigned> waitedSites(const EngineDependences &DI,
                                        unsigned S) {
    std::set<unsigned> R;
    for (unsigned G : DI.consumerGroups(S))
      R.insert(DI.groups()[G].Producers.begin(),
               DI.groups()[G].Producers.end());
    return R;
  }

  LLVMContext Ctx;
  std::unique_ptr<TargetMachine> TM;
  std::unique_ptr<Module> M;
  std::unique_ptr<MachineModuleInfo> MMI;
  std::unique_ptr<MachineDominatorTree> MDT;
  std::unique_ptr<MachineLoopInfo> MLI;
  std::unique_ptr<TargetLibraryInfoImpl> TLII;
  std::unique_ptr<TargetLibraryInfo> TLI;
  std::unique_ptr<AssumptionCache> AC;
  std::unique_ptr<DominatorTree> DT;
  std::unique_ptr<LoopInfo> LI;
  std::unique_ptr<ScalarEvolution> SE;
};

//===----------------------------------------------------------------------===//
// MIR inputs
//===----------------------------------------------------------------------===//

// From test/CodeGen/NeuronISA/sync/dma-queues.mir: four DMA queues and DVE.
const char *DMAQueuesMIR = R"MIR(
--- |
  @a = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
  @b = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
  @c = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
  define void @queues(ptr addrspace(1) noalias %x, ptr addrspace(1) noalias %y, ptr addrspace(1) noalias %out) { ret void }
  define void @opaque() { ret void }
...
---
name:            queues
tracksRegLiveness: true
liveins:
  - { reg: '$r1' }
  - { reg: '$r2' }
  - { reg: '$r3' }
body:             |
  bb.0:
    liveins: $r1, $r2, $r3
    DMA_LOAD $r0, @a, 0, $r1, 0, 128, 512, 2048, 0, $snone :: (store (s16384) into @a, addrspace 2), (load (s16384) from %ir.x, addrspace 1)
    DMA_LOAD $r0, @b, 0, $r2, 0, 128, 512, 2048, 1, $snone :: (store (s16384) into @b, addrspace 2), (load (s16384) from %ir.y, addrspace 1)
    DMA_STORE $r3, 0, $r0, @a, 0, 128, 512, 2048, 2, $snone :: (store (s16384) into %ir.out, addrspace 1), (load (s16384) from @a, addrspace 2)
    DMA_LOAD $r0, @a, 0, $r2, 0, 128, 512, 2048, 3, $snone :: (store (s16384) into @a, addrspace 2), (load (s16384) from %ir.y, addrspace 1)
    DMA_LOAD $r0, @c, 0, $r1, 0, 128, 512, 2048, 0, $snone :: (store (s16384) into @c, addrspace 2), (load (s16384) from %ir.x, addrspace 1)
    DVE_TT_ADD $r0, @b, 0, $r0, @a, 0, $r0, @c, 0, 128, 512, $snone :: (store (s16384) into @b, addrspace 2), (load (s16384) from @a, addrspace 2), (load (s16384) from @c, addrspace 2)
    RET
...
---
name:            opaque
tracksRegLiveness: true
body:             |
  bb.0:
    DVE_MEMSET $r0, @a, 0, 0, 128, 512, $snone :: (store (s16384) into @a, addrspace 2)
    POOL_MEMSET $r0, @b, 0, 0, 128, 512, $snone
    ACT_EXP $r0, @c, 0, $r0, @b, 0, 128, 512, 1065353216, 0, $snone :: (store (s16384) into @c, addrspace 2), (load (s16384) from @b, addrspace 2)
    RET
...
)MIR";

// Constant sub-tile ranges, HBM arguments with and without noalias,
// address spaces, and an unreachable block.
const char *RangesMIR = R"MIR(
--- |
  @a = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
  @b = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
  @p = internal addrspace(3) global [128 x [512 x float]] zeroinitializer
  define void @ranges() { ret void }
  define void @hbm(ptr addrspace(1) noalias %x, ptr addrspace(1) noalias %out, ptr addrspace(1) %p, ptr addrspace(1) %q) { ret void }
  define void @unreachable() { ret void }
...
---
name:            ranges
tracksRegLiveness: true
body:             |
  bb.0:
    DVE_MEMSET $r0, @a + 1024, 0, 0, 128, 256, $snone :: (store (s8192) into @a + 1024, addrspace 2)
    ACT_EXP $r0, @b, 0, $r0, @a, 0, 128, 256, 1065353216, 0, $snone :: (store (s8192) into @b, addrspace 2), (load (s8192) from @a, addrspace 2)
    ACT_EXP $r0, @b, 0, $r0, @a + 512, 0, 128, 256, 1065353216, 0, $snone :: (store (s8192) into @b, addrspace 2), (load (s8192) from @a + 512, addrspace 2)
    POOL_COPY $r0, @p, 0, $r0, @a + 1024, 0, 128, 256, $snone :: (store (s8192) into @p, addrspace 3), (load (s8192) from @a + 1024, addrspace 2)
    POOL_COPY $r0, @p + 1024, 0, $r0, @a, 0, 128, 256, $snone :: (store (s8192) into @p + 1024, addrspace 3), (load (s8192) from @a, addrspace 2)
    RET
...
---
name:            hbm
tracksRegLiveness: true
liveins:
  - { reg: '$r1' }
  - { reg: '$r2' }
  - { reg: '$r3' }
  - { reg: '$r4' }
body:             |
  bb.0:
    liveins: $r1, $r2, $r3, $r4
    DMA_STORE $r2, 0, $r0, @a, 0, 128, 512, 2048, 0, $snone :: (store (s16384) into %ir.out, addrspace 1), (load (s16384) from @a, addrspace 2)
    DMA_LOAD $r0, @b, 0, $r1, 0, 128, 512, 2048, 1, $snone :: (store (s16384) into @b, addrspace 2), (load (s16384) from %ir.x, addrspace 1)
    DMA_LOAD $r0, @p, 0, $r2, 0, 128, 512, 2048, 2, $snone :: (store (s16384) into @p, addrspace 3), (load (s16384) from %ir.out, addrspace 1)
    DMA_STORE $r3, 0, $r0, @a, 0, 128, 512, 2048, 3, $snone :: (store (s16384) into %ir.p, addrspace 1), (load (s16384) from @a, addrspace 2)
    DMA_LOAD $r0, @b, 0, $r4, 0, 128, 512, 2048, 4, $snone :: (store (s16384) into @b, addrspace 2), (load (s16384) from %ir.q, addrspace 1)
    RET
...
---
name:            unreachable
tracksRegLiveness: true
body:             |
  bb.0:
    successors: %bb.2
    DVE_MEMSET $r0, @a, 0, 0, 128, 512, $snone :: (store (s16384) into @a, addrspace 2)
    B %bb.2

  bb.1:
    successors: %bb.2
    ACT_EXP $r0, @b, 0, $r0, @a, 0, 128, 512, 1065353216, 0, $snone :: (store (s16384) into @b, addrspace 2), (load (s16384) from @a, addrspace 2)

  bb.2:
    ACT_EXP $r0, @b, 0, $r0, @a, 0, 128, 512, 1065353216, 0, $snone :: (store (s16384) into @b, addrspace 2), (load (s16384) from @a, addrspace 2)
    RET
...
)MIR";

// A consumer before its producer: dependent only when a loop carries it.
const char *CarriedMIR = R"MIR(
--- |
  @t = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
  @u = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
  define void @straight() { ret void }
  define void @loop(i32 %n) { ret void }
...
---
name:            straight
tracksRegLiveness: true
body:             |
  bb.0:
    ACT_EXP $r0, @u, 0, $r0, @t, 0, 128, 512, 1065353216, 0, $snone :: (store (s16384) into @u, addrspace 2), (load (s16384) from @t, addrspace 2)
    DVE_TS_ADD $r0, @t, 0, $r0, @t, 0, 1065353216, 128, 512, $snone :: (store (s16384) into @t, addrspace 2), (load (s16384) from @t, addrspace 2)
    RET
...
---
name:            loop
tracksRegLiveness: true
liveins:
  - { reg: '$r1' }
body:             |
  bb.0:
    successors: %bb.1
    liveins: $r1
    $r3 = LI 0

  bb.1:
    successors: %bb.1, %bb.2
    liveins: $r1, $r3
    ACT_EXP $r0, @u, 0, $r0, @t, 0, 128, 512, 1065353216, 0, $snone :: (store (s16384) into @u, addrspace 2), (load (s16384) from @t, addrspace 2)
    DVE_TS_ADD $r0, @t, 0, $r0, @t, 0, 1065353216, 128, 512, $snone :: (store (s16384) into @t, addrspace 2), (load (s16384) from @t, addrspace 2)
    $r3 = ADDI killed $r3, 1
    BLTU $r3, $r1, %bb.1

  bb.2:
    RET
...
)MIR";

// From test/CodeGen/NeuronISA/sync/snapshot.mir.
const char *SnapshotMIR = R"MIR(
--- |
  @t = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
  @u = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
  @x = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
  @y = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
  define void @snap(i32 %n) { ret void }
...
---
name:            snap
tracksRegLiveness: true
liveins:
  - { reg: '$r1' }
body:             |
  bb.0:
    successors: %bb.3, %bb.1
    liveins: $r1
    DVE_MEMSET $r0, @x, 0, 0, 128, 512, $snone :: (store (s16384) into @x, addrspace 2)
    BEQ $r1, $r0, %bb.3

  bb.1:
    successors: %bb.2
    liveins: $r1
    $r3 = LI 0

  bb.2:
    successors: %bb.2, %bb.3
    liveins: $r1, $r3
    ACT_EXP $r0, @u, 0, $r0, @t, 0, 128, 512, 1065353216, 0, $snone :: (store (s16384) into @u, addrspace 2), (load (s16384) from @t, addrspace 2)
    DVE_MEMSET $r0, @x, 0, 0, 128, 512, $snone :: (store (s16384) into @x, addrspace 2)
    DVE_TS_ADD $r0, @t, 0, $r0, @t, 0, 1065353216, 128, 512, $snone :: (store (s16384) into @t, addrspace 2), (load (s16384) from @t, addrspace 2)
    $r3 = ADDI killed $r3, 1
    BLTU $r3, $r1, %bb.2

  bb.3:
    POOL_COPY $r0, @y, 0, $r0, @x, 0, 128, 512, $snone :: (store (s16384) into @y, addrspace 2), (load (s16384) from @x, addrspace 2)
    RET
...
)MIR";

// `llc -stop-before=neuronisa-sync` of three functions of
// test/CodeGen/NeuronISA/sync/hbm-run-time-offsets.ll (after LSR): two DMA
// stores per iteration into one noalias buffer at run-time offsets, the loop
// stepping by Step; the second store starts Delta bytes after the first.
// Each store covers 128 rows of 1 KiB (extent 131072).
std::string hbmLoopMIR(unsigned Delta, unsigned Step) {
  std::string D = std::to_string(Delta), S = std::to_string(Step);
  return R"MIR(
--- |
  @s0 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
  @s1 = internal addrspace(2) global [128 x [256 x float]] zeroinitializer
  declare void @neuronisa.dma.store(ptr addrspace(1), ptr addrspace(2), i32, i32, i32, i32)
  define void @f(ptr addrspace(1) noalias %c, i32 %n) {
  entry:
    %has = icmp sgt i32 %n, 0
    br i1 %has, label %loop.preheader, label %exit
  loop.preheader:
    br label %loop
  loop:
    %lsr.iv1 = phi ptr addrspace(1) [ %c, %loop.preheader ], [ %scevgep, %loop ]
    %lsr.iv = phi i32 [ %n, %loop.preheader ], [ %lsr.iv.next, %loop ]
    %scevgep2 = getelementptr i8, ptr addrspace(1) %lsr.iv1, i32 )MIR" +
         D + R"MIR(
    call void @neuronisa.dma.store(ptr addrspace(1) %lsr.iv1, ptr addrspace(2) @s0, i32 128, i32 256, i32 1024, i32 4)
    call void @neuronisa.dma.store(ptr addrspace(1) %scevgep2, ptr addrspace(2) @s1, i32 128, i32 256, i32 1024, i32 5)
    %lsr.iv.next = add i32 %lsr.iv, -1
    %scevgep = getelementptr i8, ptr addrspace(1) %lsr.iv1, i32 )MIR" +
         S + R"MIR(
    %done = icmp eq i32 %lsr.iv.next, 0
    br i1 %done, label %exit, label %loop
  exit:
    ret void
  }
...
---
name:            f
tracksRegLiveness: true
liveins:
  - { reg: '$r1' }
  - { reg: '$r2' }
body:             |
  bb.0.entry:
    successors: %bb.1, %bb.2
    liveins: $r1, $r2
    BGE $r0, $r2, %bb.2

  bb.1.loop:
    successors: %bb.2, %bb.1
    liveins: $r1, $r2
    $r3 = ADDI $r1, )MIR" +
         D + R"MIR(
    DMA_STORE $r1, 0, $r0, @s0, 0, 128, 256, 1024, 4, $snone :: (store unknown-size into %ir.lsr.iv1, align 4, addrspace 1), (load (s8192) from @s0, align 4, addrspace 2)
    DMA_STORE killed $r3, 0, $r0, @s1, 0, 128, 256, 1024, 5, $snone :: (store unknown-size into %ir.scevgep2, align 4, addrspace 1), (load (s8192) from @s1, align 4, addrspace 2)
    $r2 = ADDI killed $r2, -1
    $r1 = ADDI killed $r1, )MIR" +
         S + R"MIR(
    BNE $r2, $r0, %bb.1

  bb.2.exit:
    RET
...
)MIR";
}

/// Writes of r<First>..r19 in the entry block: the function takes them, and
/// leaves exactly r20..r31 to the synchronization pass.
std::string takeRegistersBelowR20(unsigned First) {
  std::string S;
  for (unsigned I = First; I < 20; ++I)
    S += "    $r" + std::to_string(I) + " = LI 0\n";
  return S;
}

// ", $rFirst, ..., $r19": the registers takeRegistersBelowR20(First) wrote,
// for live-in lists.
std::string liveRegistersBelowR20(unsigned First) {
  std::string S;
  for (unsigned I = First; I < 20; ++I)
    S += ", $r" + std::to_string(I);
  return S;
}

// The return reading the registers takeRegistersBelowR20(First) wrote: their
// values are live across the whole function, so the pass cannot share them.
std::string returnReadingRegistersBelowR20(unsigned First) {
  std::string S = "    RET";
  for (unsigned I = First; I < 20; ++I)
    S += std::string(I == First ? " " : ", ") + "implicit $r" +
         std::to_string(I);
  return S + "\n";
}

// From test/CodeGen/NeuronISA/sync/register-exhaustion.ll (stop-before
// output), with N tiles: DVE initializes @tN..@t1 before the loop (the
// opposite order to the loop's), the loop's ACT reads @ti then DVE rewrites
// each @ti. Each of the N dependences DVE -> ACT needs a snapshot register;
// ACT and DVE change alike: one counter. The function holds values in
// r3..r19 to its end (HeldToEnd: the pass has r20..r31), or writes them in
// the entry and never reads them.
std::string exhaustionMIR(unsigned N, bool HeldToEnd = true) {
  std::string IR, Pre, Act, Dve;
  for (unsigned I = 1; I <= N; ++I) {
    std::string T = "@t" + std::to_string(I), U = "@u" + std::to_string(I);
    IR += "  " + T +
          " = internal addrspace(2) global [128 x [16 x float]] "
          "zeroinitializer\n  " +
          U + " = internal addrspace(2) global [128 x [16 x float]] "
              "zeroinitializer\n";
    Act += "    ACT_EXP $r0, " + U + ", 0, $r0, " + T +
           ", 0, 128, 16, 1065353216, 0, $snone :: (store (s512) into " + U +
           ", addrspace 2), (load (s512) from " + T + ", addrspace 2)\n";
    Dve += "    DVE_TS_ADD $r0, " + T + ", 0, $r0, " + T +
           ", 0, 1065353216, 128, 16, $snone :: (store (s512) into " + T +
           ", addrspace 2), (load (s512) from " + T + ", addrspace 2)\n";
  }
  for (unsigned I = N; I >= 1; --I) {
    std::string T = "@t" + std::to_string(I);
    Pre += "    DVE_MEMSET $r0, " + T + ", 0, 0, 128, 16, $snone :: (store "
           "(s512) into " + T + ", addrspace 2)\n";
  }
  return "--- |\n" + IR + "  define void @exhaust(i32 %n) { ret void }\n" +
         R"MIR(...
---
name:            exhaust
tracksRegLiveness: true
liveins:
  - { reg: '$r1' }
body:             |
  bb.0:
    successors: %bb.3, %bb.1
    liveins: $r1
)MIR" + takeRegistersBelowR20(3) + Pre +
         R"MIR(    BEQ $r1, $r0, %bb.3

  bb.1:
    successors: %bb.2
    liveins: $r1)MIR" + (HeldToEnd ? liveRegistersBelowR20(3) : "") + R"MIR(
    $r2 = LI 0

  bb.2:
    successors: %bb.2, %bb.3
    liveins: $r1, $r2)MIR" + (HeldToEnd ? liveRegistersBelowR20(3) : "") +
         "\n" + Act +
         Dve + R"MIR(    $r2 = ADDI killed $r2, 1
    BLTU $r2, $r1, %bb.2

  bb.3:
  )MIR" + (HeldToEnd ? "  liveins: $r3" + liveRegistersBelowR20(4) + "\n" +
                               returnReadingRegistersBelowR20(3)
                         : std::string("    RET\n")) +
         "...\n";
}

// A loop in which DMA queue q (0 <= q < NumQueues) issues q + 1 loads into
// the same tile @g per iteration: every queue's count changes differently,
// so each needs a counter register of its own. The function holds values in
// r4..r19 to its end: the pass has r20..r31.
std::string queueCountersMIR(unsigned NumQueues) {
  std::string Body;
  for (unsigned Q = 0; Q < NumQueues; ++Q)
    for (unsigned K = 0; K <= Q; ++K)
      Body += "    DMA_LOAD $r0, @g, 0, $r2, 0, 128, 512, 2048, " +
              std::to_string(Q) +
              ", $snone :: (store (s16384) into @g, addrspace 2), (load "
              "(s16384) from %ir.x, addrspace 1)\n";
  return R"MIR(
--- |
  @g = internal addrspace(2) global [128 x [512 x float]] zeroinitializer
  define void @queues(i32 %n, ptr addrspace(1) noalias %x) { ret void }
...
---
name:            queues
tracksRegLiveness: true
liveins:
  - { reg: '$r1' }
  - { reg: '$r2' }
body:             |
  bb.0:
    successors: %bb.1
    liveins: $r1, $r2
    $r3 = LI 0
)MIR" + takeRegistersBelowR20(4) + R"MIR(
  bb.1:
    successors: %bb.1, %bb.2
    liveins: $r1, $r2, $r3)MIR" + liveRegistersBelowR20(4) + "\n" + Body +
         R"MIR(    $r3 = ADDI killed $r3, 1
    BLTU $r3, $r1, %bb.1

  bb.2:
    liveins: $r4)MIR" + liveRegistersBelowR20(5) + "\n" +
         returnReadingRegistersBelowR20(4) +
         "...\n";
}

//===----------------------------------------------------------------------===//
// TileRef::mayOverlap
//===----------------------------------------------------------------------===//

TileRef affineRef(unsigned Base, unsigned TZ, uint64_t C, uint64_t Extent) {
  TileRef R;
  R.AddrSpace = 1;
  R.Writes = true;
  R.AffBase = Base;
  R.AffBits = 32;
  R.AffTZ = TZ;
  R.AffC = C;
  R.AffExtent = Extent;
  return R;
}

TEST(TileRefTest, ConstantRangesAndAddressSpaces) {
  LLVMContext Ctx;
  Module Mod("m", Ctx);
  auto *Ty = ArrayType::get(Type::getInt8Ty(Ctx), 4096);
  auto *GA = new GlobalVariable(Mod, Ty, false, GlobalValue::InternalLinkage,
                                Constant::getNullValue(Ty), "a", nullptr,
                                GlobalValue::NotThreadLocal, 2);
  auto *GB = new GlobalVariable(Mod, Ty, false, GlobalValue::InternalLinkage,
                                Constant::getNullValue(Ty), "b", nullptr,
                                GlobalValue::NotThreadLocal, 2);
  auto Ref = [](const Value *Obj, unsigned AS, int64_t Off, uint64_t Size) {
    TileRef R;
    R.Obj = Obj;
    R.AddrSpace = AS;
    R.Offset = Off;
    R.Size = Size;
    R.RangeKnown = true;
    return R;
  };
  // Same object: half-open intervals.
  EXPECT_FALSE(TileRef::mayOverlap(Ref(GA, 2, 0, 100), Ref(GA, 2, 100, 100)));
  EXPECT_FALSE(TileRef::mayOverlap(Ref(GA, 2, 100, 100), Ref(GA, 2, 0, 100)));
  EXPECT_TRUE(TileRef::mayOverlap(Ref(GA, 2, 0, 101), Ref(GA, 2, 100, 100)));
  EXPECT_TRUE(TileRef::mayOverlap(Ref(GA, 2, 50, 10), Ref(GA, 2, 0, 100)));
  // Distinct globals never overlap; different address spaces never do.
  EXPECT_FALSE(TileRef::mayOverlap(Ref(GA, 2, 0, 100), Ref(GB, 2, 0, 100)));
  EXPECT_FALSE(TileRef::mayOverlap(Ref(GA, 2, 0, 100), Ref(GA, 3, 0, 100)));
  // Unknown range of the same object, or unknown object: may overlap.
  TileRef Unknown = Ref(GA, 2, 0, 0);
  Unknown.RangeKnown = false;
  EXPECT_TRUE(TileRef::mayOverlap(Unknown, Ref(GA, 2, 3000, 10)));
  EXPECT_FALSE(TileRef::mayOverlap(Unknown, Ref(GB, 2, 3000, 10)));
  EXPECT_TRUE(TileRef::mayOverlap(TileRef::everything(), Ref(GB, 2, 0, 1)));
  EXPECT_TRUE(TileRef::everything().Reads);
  EXPECT_TRUE(TileRef::everything().Writes);
  EXPECT_EQ(TileRef::everything().Obj, nullptr);
}

// Two HBM arguments that may alias (neither is noalias) do not overlap when
// the accesses' scoped-noalias tags say so and AA is given.
TEST(TileRefTest, ScopedNoAliasThroughAA) {
  LLVMContext Ctx;
  Module Mod("m", Ctx);
  auto *PtrTy = PointerType::get(Ctx, 1);
  Function *F = Function::Create(
      FunctionType::get(Type::getVoidTy(Ctx), {PtrTy, PtrTy}, false),
      GlobalValue::ExternalLinkage, "k", Mod);
  MDBuilder MDB(Ctx);
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain("d");
  MDNode *ScopeA = MDB.createAnonymousAliasScope(Domain, "a");
  MDNode *ListA = MDNode::get(Ctx, {ScopeA});
  TileRef A, B;
  A.Obj = F->getArg(0);
  B.Obj = F->getArg(1);
  A.AddrSpace = B.AddrSpace = 1;
  A.Writes = B.Reads = true;
  A.Scope = ListA;   // A is in scope a ...
  B.NoAlias = ListA; // ... and B does not alias anything in scope a.

  Triple TT("x86_64-unknown-linux-gnu");
  TargetLibraryInfoImpl TLII(TT);
  TargetLibraryInfo TLI(TLII);
  AAResults AA(TLI);
  ScopedNoAliasAAResult Scoped;
  AA.addAAResult(Scoped);
  EXPECT_TRUE(TileRef::mayOverlap(A, B));
  EXPECT_FALSE(TileRef::mayOverlap(A, B, &AA));
  // Without the tags AA cannot tell: they may overlap.
  A.Scope = B.NoAlias = nullptr;
  EXPECT_TRUE(TileRef::mayOverlap(A, B, &AA));
}

TEST(TileRefTest, AffineResidueRule) {
  // Starts congruent mod 2^18 to B and B + R; both cover 131072 bytes.
  // Independent iff 131072 <= R <= 2^18 - 131072 (i.e. R == 131072).
  const uint64_t Ex = 131072;
  EXPECT_FALSE(TileRef::mayOverlap(affineRef(0, 18, 0, Ex),
                                   affineRef(0, 18, 131072, Ex)));
  EXPECT_FALSE(TileRef::mayOverlap(affineRef(0, 18, 131072, Ex),
                                   affineRef(0, 18, 0, Ex)));
  EXPECT_TRUE(TileRef::mayOverlap(affineRef(0, 18, 0, Ex),
                                  affineRef(0, 18, 131071, Ex)));
  EXPECT_TRUE(TileRef::mayOverlap(affineRef(0, 18, 0, Ex),
                                  affineRef(0, 18, 131073, Ex)));
  // The residue is taken modulo the smaller power of two: 327680 mod 2^18
  // = 65536 < extent (the loop-carried case).
  EXPECT_TRUE(TileRef::mayOverlap(affineRef(0, 18, 0, Ex),
                                  affineRef(0, 18, 327680, Ex)));
  // With a coarser common stride 2^16, even R == 131072 collides.
  EXPECT_TRUE(TileRef::mayOverlap(affineRef(0, 16, 0, Ex),
                                  affineRef(0, 18, 131072, Ex)));
  // Small extents: 2^12 stride, 1 KiB tiles at residues 0 and 2048.
  EXPECT_FALSE(TileRef::mayOverlap(affineRef(0, 12, 0, 1024),
                                   affineRef(0, 12, 2048, 1024)));
  EXPECT_TRUE(TileRef::mayOverlap(affineRef(0, 12, 0, 1024),
                                  affineRef(0, 12, 3584, 1024)));
  // Different bases: the rule does not apply (no object: may overlap).
  EXPECT_TRUE(TileRef::mayOverlap(affineRef(0, 18, 0, Ex),
                                  affineRef(1, 18, 131072, Ex)));
}

TileRef rangedRef(uint64_t C, unsigned TZ, int64_t Lo, int64_t Hi,
                  uint64_t Extent) {
  TileRef R = affineRef(0, TZ, C, Extent);
  R.AffRangeKnown = true;
  R.AffLo = Lo;
  R.AffHi = Hi;
  return R;
}

TEST(TileRefTest, AffineRangeRule) {
  // Slot i (512 bytes) and slot i + 8 for i in [0, 7]: the residues meet,
  // the ranges do not ([0, 4096) and [4096, 8192)).
  EXPECT_FALSE(TileRef::mayOverlap(rangedRef(0, 9, 0, 3584, 512),
                                   rangedRef(4096, 9, 0, 3584, 512)));
  EXPECT_FALSE(TileRef::mayOverlap(rangedRef(4096, 9, 0, 3584, 512),
                                   rangedRef(0, 9, 0, 3584, 512)));
  // One iteration more: i = 8 meets slot 8.
  EXPECT_TRUE(TileRef::mayOverlap(rangedRef(0, 9, 0, 4096, 512),
                                  rangedRef(4096, 9, 0, 4096, 512)));
  // A range on one side only: the residues decide.
  TileRef NoRange = affineRef(0, 9, 4096, 512);
  EXPECT_TRUE(
      TileRef::mayOverlap(rangedRef(0, 9, 0, 3584, 512), NoRange));
  // Byte granularity: [0, 100) against starts in [100, 200] do not meet,
  // against starts in [99, 200] they do; negative starts below -100 do
  // not either.
  EXPECT_FALSE(TileRef::mayOverlap(rangedRef(0, 0, 0, 0, 100),
                                   rangedRef(100, 0, 0, 100, 100)));
  EXPECT_TRUE(TileRef::mayOverlap(rangedRef(0, 0, 0, 0, 100),
                                  rangedRef(99, 0, 0, 101, 100)));
  EXPECT_FALSE(TileRef::mayOverlap(rangedRef(0, 0, 0, 0, 100),
                                   rangedRef(0, 0, -300, -100, 100)));
  EXPECT_TRUE(TileRef::mayOverlap(rangedRef(0, 0, 0, 0, 100),
                                  rangedRef(0, 0, -300, -99, 100)));
  // Wrapping: starts 2^26 * [1, 64] reach 2^32 = 0 modulo the address
  // width; 2^26 * [1, 63] do not.
  const int64_t S = int64_t(1) << 26;
  EXPECT_TRUE(TileRef::mayOverlap(rangedRef(0, 32, 0, 0, 512),
                                  rangedRef(S, 26, 0, 63 * S, 512)));
  EXPECT_FALSE(TileRef::mayOverlap(rangedRef(0, 32, 0, 0, 512),
                                   rangedRef(S, 26, 0, 62 * S, 512)));
  // A start just below 2^32 covers the first bytes of the next turn.
  EXPECT_TRUE(TileRef::mayOverlap(rangedRef(0, 32, 0, 0, 512),
                                  rangedRef(0xFFFFFF00u, 0, 0, 0, 512)));
  EXPECT_FALSE(TileRef::mayOverlap(rangedRef(512, 32, 0, 0, 512),
                                   rangedRef(0xFFFFFE00u, 0, 0, 0, 512)));
  // Differences over many turns of the address space: may meet.
  EXPECT_TRUE(TileRef::mayOverlap(rangedRef(0, 9, 0, 0, 512),
                                  rangedRef(4096, 9, 0, int64_t(1) << 40,
                                            512)));
  // The residue still applies inside a range: starts 1024 * [0, 4] + 512
  // never meet [0, 512) nor [1024, 1536).
  EXPECT_FALSE(TileRef::mayOverlap(rangedRef(0, 10, 0, 4096, 512),
                                   rangedRef(512, 10, 0, 4096, 512)));
}

//===----------------------------------------------------------------------===//
// Dependence analysis
//===----------------------------------------------------------------------===//

TEST_F(SyncTest, SitesAndAgentsWithDMAQueues) {
  MachineFunction *MF = parse(DMAQueuesMIR, "queues");
  ASSERT_TRUE(MF);
  EngineDependences DI;
  DI.analyze(*MF);
  ArrayRef<SyncSite> S = DI.sites();
  ASSERT_EQ(S.size(), 6u); // RET is no site
  const AgentId Expected[] = {agentOfDMAQueue(0), agentOfDMAQueue(1),
                              agentOfDMAQueue(2), agentOfDMAQueue(3),
                              agentOfDMAQueue(0), agentOfEngine(Engine::DVE)};
  for (unsigned I = 0; I < 6; ++I) {
    EXPECT_EQ(S[I].Agent, Expected[I]) << "site " << I;
    EXPECT_EQ(S[I].WaitEngine, I < 5 ? Engine::SP : Engine::DVE)
        << "site " << I;
    EXPECT_EQ(S[I].MBB, &MF->front());
  }
  EXPECT_TRUE(isDMAQueueAgent(S[3].Agent));
  EXPECT_FALSE(isDMAQueueAgent(S[5].Agent));
  EXPECT_EQ(agentName(S[3].Agent), "dma.q3");
  EXPECT_EQ(DI.NumOpaqueSites, 0u);

  // One TileRef per memory operand: DMA_LOAD writes SBUF @a, reads HBM %x.
  ASSERT_EQ(S[0].Refs.size(), 2u);
  const TileRef &W = S[0].Refs[0], &R = S[0].Refs[1];
  EXPECT_EQ(W.AddrSpace, 2u);
  EXPECT_TRUE(W.Writes);
  EXPECT_FALSE(W.Reads);
  EXPECT_TRUE(W.RangeKnown);
  EXPECT_EQ(W.Offset, 0);
  EXPECT_EQ(W.Size, 2048u);
  EXPECT_EQ(W.Obj, M->getNamedGlobal("a"));
  EXPECT_EQ(R.AddrSpace, 1u);
  EXPECT_TRUE(R.Reads);
  EXPECT_FALSE(R.Writes);
  EXPECT_EQ(R.Obj, MF->getFunction().getArg(0));
  ASSERT_EQ(S[5].Refs.size(), 3u);

  // RAW (q2 reads @a written by q0), WAR (q3 rewrites @a read by q2), WAW.
  EXPECT_TRUE(DI.conflict(0, 2));
  EXPECT_TRUE(DI.conflict(2, 3));
  EXPECT_TRUE(DI.conflict(0, 3));
  EXPECT_TRUE(DI.conflict(3, 5));
  // Distinct tiles, and only reads of HBM in common: independent.
  EXPECT_FALSE(DI.conflict(0, 1));
  EXPECT_FALSE(DI.conflict(1, 4));
  EXPECT_FALSE(DI.conflict(1, 3)); // both read %y, write @b / @a
  EXPECT_FALSE(DI.conflict(2, 5)); // both read @a
  // conflict() is symmetric.
  for (unsigned A = 0; A < 6; ++A)
    for (unsigned B = 0; B < 6; ++B)
      EXPECT_EQ(DI.conflict(A, B), DI.conflict(B, A)) << A << "," << B;

  // Groups: what each consumer waits for, per producing agent. A group's
  // consumer list is shared: a consumer may belong to a group whose kept
  // producers all come after it (its threshold is then 0). In this single
  // block, the producers that matter for c are those before c.
  EXPECT_TRUE(earlierWaitedSites(DI, 0).empty());
  EXPECT_TRUE(earlierWaitedSites(DI, 1).empty());
  EXPECT_EQ(earlierWaitedSites(DI, 2), std::set<unsigned>{0});
  // q3 rewrites @a: q0 wrote it, q2 read it.
  EXPECT_EQ(earlierWaitedSites(DI, 3), (std::set<unsigned>{0, 2}));
  EXPECT_EQ(waitedAgents(DI, 3),
            (std::set<AgentId>{agentOfDMAQueue(0), agentOfDMAQueue(2)}));
  // Same queue (q0 after q0) and disjoint tiles: nothing.
  EXPECT_TRUE(DI.consumerGroups(4).empty());
  // DVE: @b from q1, @a from q0 and q3, @c from q0.
  EXPECT_EQ(waitedAgents(DI, 5),
            (std::set<AgentId>{agentOfDMAQueue(0), agentOfDMAQueue(1),
                               agentOfDMAQueue(3)}));
  EXPECT_EQ(waitedSites(DI, 5), (std::set<unsigned>{0, 1, 3, 4}));
  // Every (earlier producer, later consumer) conflict on different agents
  // is covered by a group, and no group pairs a producer with a consumer it
  // does not conflict with.
  for (unsigned C = 0; C < 6; ++C) {
    for (unsigned P = 0; P < C; ++P) {
      if (S[P].Agent != S[C].Agent && DI.conflict(P, C)) {
        EXPECT_TRUE(waitedSites(DI, C).count(P)) << P << "->" << C;
      }
    }
  }
  for (unsigned G = 0; G < DI.groups().size(); ++G) {
    const DependenceGroup &DG = DI.groups()[G];
    EXPECT_FALSE(DG.Producers.empty());
    EXPECT_FALSE(DG.Consumers.empty());
    for (unsigned P : DG.Producers) {
      EXPECT_EQ(S[P].Agent, DG.Producer);
      for (unsigned C : DG.Consumers) {
        EXPECT_NE(S[C].Agent, DG.Producer);
        EXPECT_TRUE(DI.conflict(P, C)) << P << "->" << C;
      }
    }
  }
  EXPECT_TRUE(DI.isProducer(0));
  EXPECT_TRUE(DI.isProducer(1));
  EXPECT_TRUE(DI.isProducer(2));
  EXPECT_TRUE(DI.isProducer(3));
  EXPECT_TRUE(DI.isProducer(4));
  EXPECT_FALSE(DI.isProducer(5)); // last, nothing after it
  EXPECT_EQ(DI.groups().size(), 5u);
}

TEST_F(SyncTest, OpaqueSiteTouchesEverything) {
  MachineFunction *MF = parse(DMAQueuesMIR, "opaque");
  ASSERT_TRUE(MF);
  EngineDependences DI;
  DI.analyze(*MF);
  ASSERT_EQ(DI.sites().size(), 3u);
  EXPECT_EQ(DI.NumOpaqueSites, 1u);
  ASSERT_EQ(DI.sites()[1].Refs.size(), 1u);
  EXPECT_EQ(DI.sites()[1].Refs[0].Obj, nullptr);
  // POOL_MEMSET of @b without memory operands conflicts with DVE's @a.
  EXPECT_TRUE(DI.conflict(0, 1));
  EXPECT_TRUE(DI.conflict(1, 2));
  EXPECT_FALSE(DI.conflict(0, 2)); // @a vs @c/@b: with operands, disjoint
  EXPECT_EQ(waitedAgents(DI, 1),
            std::set<AgentId>{agentOfEngine(Engine::DVE)});
  EXPECT_EQ(waitedAgents(DI, 2),
            std::set<AgentId>{agentOfEngine(Engine::POOL)});
}

TEST_F(SyncTest, ConstantSubTileRanges) {
  MachineFunction *MF = parse(RangesMIR, "ranges");
  ASSERT_TRUE(MF);
  EngineDependences DI;
  DI.analyze(*MF);
  ASSERT_EQ(DI.sites().size(), 5u);
  const TileRef &W = DI.sites()[0].Refs[0];
  EXPECT_TRUE(W.RangeKnown);
  EXPECT_EQ(W.Offset, 1024);
  EXPECT_EQ(W.Size, 1024u);
  // DVE writes @a[1024, 2048): ACT reading @a[0, 1024) is independent,
  // ACT reading @a[512, 1536) is not.
  EXPECT_FALSE(DI.conflict(0, 1));
  EXPECT_TRUE(DI.conflict(0, 2));
  EXPECT_TRUE(DI.conflict(0, 3));  // POOL reads @a[1024, 2048)
  EXPECT_FALSE(DI.conflict(0, 4)); // POOL reads @a[0, 1024)
  // PSUM @p[0, 1024) and @p[1024, 2048) are written by the same agent; a
  // PSUM write never meets an SBUF access.
  EXPECT_FALSE(DI.conflict(3, 4));
  EXPECT_TRUE(DI.consumerGroups(1).empty());
  EXPECT_EQ(waitedSites(DI, 2), std::set<unsigned>{0});
  EXPECT_EQ(waitedSites(DI, 3), std::set<unsigned>{0});
  // Sites 1 and 2 both write @b (same agent ACT): nothing between them.
  EXPECT_TRUE(DI.conflict(1, 2));
  EXPECT_TRUE(DI.consumerGroups(4).empty());
}

TEST_F(SyncTest, HBMArgumentsNoAlias) {
  MachineFunction *MF = parse(RangesMIR, "hbm");
  ASSERT_TRUE(MF);
  EngineDependences DI;
  DI.analyze(*MF);
  ASSERT_EQ(DI.sites().size(), 5u);
  // q0 stores to %out; q1 loads %x (noalias, distinct): independent.
  EXPECT_FALSE(DI.conflict(0, 1));
  // q2 loads %out after q0 stored it: RAW through HBM.
  EXPECT_TRUE(DI.conflict(0, 2));
  EXPECT_EQ(waitedAgents(DI, 2), std::set<AgentId>{agentOfDMAQueue(0)});
  // q3 stores to %p, q4 loads %q: plain arguments may alias.
  EXPECT_TRUE(DI.conflict(3, 4));
  // q3's store to %p vs q2's load from the noalias %out: independent.
  EXPECT_FALSE(DI.conflict(2, 3));
  // q4 writes @b, as q1 did: WAW; and reads %q, which may be %p.
  EXPECT_EQ(waitedAgents(DI, 4),
            (std::set<AgentId>{agentOfDMAQueue(1), agentOfDMAQueue(3)}));
}

TEST_F(SyncTest, UnreachableBlocksHaveNoSites) {
  MachineFunction *MF = parse(RangesMIR, "unreachable");
  ASSERT_TRUE(MF);
  EngineDependences DI;
  DI.analyze(*MF);
  MachineBasicBlock &B0 = *MF->getBlockNumbered(0);
  MachineBasicBlock &B1 = *MF->getBlockNumbered(1);
  MachineBasicBlock &B2 = *MF->getBlockNumbered(2);
  EXPECT_TRUE(DI.isReachable(B0));
  EXPECT_FALSE(DI.isReachable(B1));
  EXPECT_TRUE(DI.isReachable(B2));
  ASSERT_EQ(DI.sites().size(), 2u);
  EXPECT_EQ(DI.blockSites(B1).size(), 0u);
  EXPECT_EQ(DI.sites()[1].MBB, &B2);
  EXPECT_EQ(*DI.blockSites(B2).begin(), 1u);
  EXPECT_EQ(waitedSites(DI, 1), std::set<unsigned>{0});
}

TEST_F(SyncTest, ReachabilityDecidesLoopCarriedGroups) {
  // Straight line: ACT reads @t before DVE rewrites it. DVE waits for ACT
  // (WAR); ACT waits for nothing (DVE's write never precedes it).
  {
    MachineFunction *MF = parse(CarriedMIR, "straight");
    ASSERT_TRUE(MF);
    EngineDependences DI;
    DI.analyze(*MF);
    ASSERT_EQ(DI.sites().size(), 2u);
    EXPECT_TRUE(DI.conflict(0, 1));
    EXPECT_TRUE(DI.consumerGroups(0).empty());
    EXPECT_EQ(waitedSites(DI, 1), std::set<unsigned>{0});
    EXPECT_TRUE(DI.isProducer(0));
    EXPECT_FALSE(DI.isProducer(1));
  }
  // In a loop, iteration i + 1's read follows iteration i's write.
  {
    MachineFunction *MF = parse(CarriedMIR, "loop");
    ASSERT_TRUE(MF);
    EngineDependences DI;
    DI.analyze(*MF);
    ASSERT_EQ(DI.sites().size(), 2u);
    EXPECT_EQ(DI.blockSites(*MF->getBlockNumbered(0)).size(), 0u);
    EXPECT_EQ(DI.blockSites(*MF->getBlockNumbered(1)).size(), 2u);
    EXPECT_EQ(waitedSites(DI, 0), std::set<unsigned>{1});
    EXPECT_EQ(waitedAgents(DI, 0),
              std::set<AgentId>{agentOfEngine(Engine::DVE)});
    EXPECT_EQ(waitedSites(DI, 1), std::set<unsigned>{0});
    EXPECT_TRUE(DI.isProducer(0));
    EXPECT_TRUE(DI.isProducer(1));
  }
}

TEST_F(SyncTest, SnapshotFunctionGroups) {
  MachineFunction *MF = parse(SnapshotMIR, "snap");
  ASSERT_TRUE(MF);
  EngineDependences DI;
  DI.analyze(*MF);
  ASSERT_EQ(DI.sites().size(), 5u);
  auto B2 = DI.blockSites(*MF->getBlockNumbered(2));
  EXPECT_EQ(*B2.begin(), 1u);
  EXPECT_EQ(B2.size(), 3u);
  // ACT's read of @t: the loop-carried DVE_TS_ADD only.
  EXPECT_EQ(waitedSites(DI, 1), std::set<unsigned>{3});
  // POOL reads @x: the DVE_MEMSET before the loop or the one in it.
  EXPECT_EQ(waitedSites(DI, 4), (std::set<unsigned>{0, 2}));
  EXPECT_EQ(waitedAgents(DI, 4),
            std::set<AgentId>{agentOfEngine(Engine::DVE)});
  // DVE_TS_ADD rewrites @t after ACT read it.
  EXPECT_EQ(waitedSites(DI, 3), std::set<unsigned>{1});
  EXPECT_FALSE(DI.isProducer(4));
  EXPECT_EQ(DI.groups().size(), 3u);

  BitVector LB = BarrierSync::loopBarrierBlocks(*MF, loops(*MF));
  EXPECT_FALSE(LB.test(0));
  EXPECT_FALSE(LB.test(1));
  EXPECT_TRUE(LB.test(2)); // header
  EXPECT_TRUE(LB.test(3)); // exit
}

// Splitting an agent regroups its groups into parts, one per sub-agent;
// the groups of the other agents stay as they were (regroup takes them
// over without a look-up: no part of a split group can take their key).
TEST_F(SyncTest, SplitLeavesTheOtherAgentsGroups) {
  MachineFunction *MF = parse(SnapshotMIR, "snap");
  ASSERT_TRUE(MF);
  EngineDependences DI;
  DI.analyze(*MF);
  using Lists = std::pair<std::vector<unsigned>, std::vector<unsigned>>;
  auto GroupsOf = [](const EngineDependences &D, AgentId Hardware) {
    std::vector<Lists> R;
    for (const DependenceGroup &G : D.groups())
      if (D.hardwareAgent(G.Producer) == Hardware)
        R.push_back({{G.Producers.begin(), G.Producers.end()},
                     {G.Consumers.begin(), G.Consumers.end()}});
    return R;
  };
  const AgentId DVE = agentOfEngine(Engine::DVE),
                ACT = agentOfEngine(Engine::ACT);
  std::vector<Lists> ActGroups = GroupsOf(DI, ACT);
  ASSERT_EQ(ActGroups, (std::vector<Lists>{{{1}, {3}}}));

  EngineDependences Split(DI);
  // DVE's sites in bb.2 (2 and 3) become a sub-agent; bb.0's keep DVE.
  EXPECT_EQ(Split.splitAgents(1u << DVE, nullptr), 1u);
  AgentId Sub = Split.sites()[2].Agent;
  EXPECT_NE(Sub, DVE);
  EXPECT_EQ(Split.sites()[3].Agent, Sub);
  EXPECT_EQ(Split.sites()[0].Agent, DVE);
  EXPECT_EQ(GroupsOf(Split, ACT), ActGroups);
  // DVE's group of @x is in two parts, each read by POOL_COPY; its group
  // of @t is its sub-agent's now.
  ASSERT_EQ(Split.groups().size(), 4u);
  std::set<std::tuple<AgentId, std::vector<unsigned>, std::vector<unsigned>>>
      Parts;
  for (const DependenceGroup &G : Split.groups())
    if (G.Producer != ACT)
      Parts.insert({G.Producer,
                    {G.Producers.begin(), G.Producers.end()},
                    {G.Consumers.begin(), G.Consumers.end()}});
  EXPECT_EQ(Parts, (decltype(Parts){
                       {DVE, {0}, {4}}, {Sub, {2}, {4}}, {Sub, {3}, {1}}}));
}

struct HBMCase {
  unsigned Delta, Step;
  bool Conflict;
};

TEST_F(SyncTest, HBMRunTimeOffsetsAffineRule) {
  const HBMCase Cases[] = {
      {131072, 262144, false}, // halves: residue 131072 in [ex, S - ex]
      {65536, 262144, true},   // same iteration: delta < extent
      {327680, 262144, true},  // carried: 327680 mod 2^18 = 65536
      {131072, 65536, true},   // step smaller than the extent
  };
  for (const HBMCase &C : Cases) {
    SCOPED_TRACE("delta " + std::to_string(C.Delta) + " step " +
                 std::to_string(C.Step));
    MachineFunction *MF = parse(hbmLoopMIR(C.Delta, C.Step), "f");
    ASSERT_TRUE(MF);
    // Without ScalarEvolution: two accesses to %c at unknown offsets.
    {
      EngineDependences DI;
      DI.analyze(*MF);
      ASSERT_EQ(DI.sites().size(), 2u);
      EXPECT_FALSE(DI.sites()[0].Refs[0].hasAffine());
      EXPECT_FALSE(DI.sites()[0].Refs[0].RangeKnown);
      EXPECT_EQ(DI.sites()[0].Refs[0].Obj, MF->getFunction().getArg(0));
      EXPECT_TRUE(DI.conflict(0, 1));
    }
    EngineDependences DI;
    DI.analyze(*MF, &scev(*MF));
    ASSERT_EQ(DI.sites().size(), 2u);
    const TileRef &A = DI.sites()[0].Refs[0], &B = DI.sites()[1].Refs[0];
    ASSERT_TRUE(A.hasAffine());
    ASSERT_TRUE(B.hasAffine());
    EXPECT_EQ(A.AffBase, B.AffBase);
    EXPECT_EQ(A.AffBits, 32u);
    EXPECT_EQ(A.AffExtent, 131072u);
    EXPECT_EQ(B.AffExtent, 131072u);
    // The step is the largest power of two dividing every offset.
    EXPECT_EQ(uint64_t(1) << A.AffTZ, uint64_t(C.Step));
    EXPECT_EQ((B.AffC - A.AffC) % C.Step, C.Delta % C.Step);
    // SBUF reads are untouched by the affine description.
    EXPECT_FALSE(DI.sites()[0].Refs[1].hasAffine());
    EXPECT_EQ(DI.conflict(0, 1), C.Conflict);
    EXPECT_EQ(DI.groups().empty(), !C.Conflict);
  }
}

//===----------------------------------------------------------------------===//
// Precise and barrier algorithms
//===----------------------------------------------------------------------===//

TEST_F(SyncTest, PreciseStraightLineDMAQueues) {
  MachineFunction *MF = parse(DMAQueuesMIR, "queues");
  ASSERT_TRUE(MF);
  EngineDependences DI;
  DI.analyze(*MF);
  SyncReport R;
  ASSERT_TRUE(runPrecise(*MF, DI, loops(*MF), R));
  // Straight-line code: constant waits only, no registers.
  EXPECT_EQ(R.Total.WaitsConst, 5u);
  EXPECT_EQ(R.Total.WaitsDynamic, 0u);
  EXPECT_EQ(R.Total.WaitsRedundant, 1u);
  EXPECT_EQ(R.Total.IncSites, 5u);
  EXPECT_EQ(R.Total.Bookkeeping, 0u);
  EXPECT_EQ(R.Total.Barriers, 0u);
  EXPECT_EQ(R.Semaphores, 4u); // queues 0..3 produce
  EXPECT_EQ(R.CounterRegs, 0u);
  EXPECT_EQ(R.SnapshotRegs, 0u);
  EXPECT_TRUE(R.Fallbacks.empty());
  // The report matches the code: two waits on SP (before DMA triggers),
  // three on DVE; no barrier, no register.
  EXPECT_EQ(countOpcode(*MF, NeuronISA::SP_WAIT), 2u);
  EXPECT_EQ(countOpcode(*MF, NeuronISA::DVE_WAIT), 3u);
  EXPECT_EQ(countOpcode(*MF, NeuronISA::DVE_WAITR) +
                countOpcode(*MF, NeuronISA::SP_WAITR),
            0u);
  EXPECT_EQ(countOpcode(*MF, NeuronISA::BARRIER), 0u);
  EXPECT_FALSE(usesAnySyncReg(*MF));
  // Producers got a semaphore (queue 0's two sites the same one); the DVE
  // consumer none.
  auto Sem = [&](unsigned S) {
    const MachineInstr &MI = *DI.sites()[S].MI;
    return MI.getOperand(DataOperands::semaphore(MI.getDesc())).getReg();
  };
  for (unsigned S = 0; S < 5; ++S)
    EXPECT_NE(Sem(S), NeuronISA::SNONE) << "site " << S;
  EXPECT_EQ(Sem(0), Sem(4));
  EXPECT_NE(Sem(0), Sem(1));
  EXPECT_EQ(Sem(5), NeuronISA::SNONE);
}

TEST_F(SyncTest, BarrierStraightLineNeedsNoBarrier) {
  MachineFunction *MF = parse(DMAQueuesMIR, "queues");
  ASSERT_TRUE(MF);
  EngineDependences DI;
  DI.analyze(*MF);
  SyncReport R;
  runBarrier(*MF, DI, loops(*MF), R);
  EXPECT_EQ(R.Total.WaitsConst, 5u);
  EXPECT_EQ(R.Total.WaitsDynamic, 0u);
  EXPECT_EQ(R.Total.Barriers, 0u);
  EXPECT_EQ(R.Total.IncSites, 5u);
  EXPECT_EQ(R.Semaphores, 4u);
  EXPECT_EQ(countOpcode(*MF, NeuronISA::SP_WAIT), 2u);
  EXPECT_EQ(countOpcode(*MF, NeuronISA::DVE_WAIT), 3u);
  EXPECT_FALSE(usesAnySyncReg(*MF));
}

TEST_F(SyncTest, PreciseLoopUsesCountersAndSnapshots) {
  MachineFunction *MF = parse(SnapshotMIR, "snap");
  ASSERT_TRUE(MF);
  EngineDependences DI;
  DI.analyze(*MF);
  MachineLoopInfo &L = loops(*MF);
  SyncReport R;
  ASSERT_TRUE(runPrecise(*MF, DI, L, R));
  EXPECT_EQ(R.Total.Barriers, 0u);
  EXPECT_EQ(R.Total.WaitsDynamic, 3u);
  EXPECT_EQ(R.Total.WaitsConst, 0u);
  EXPECT_EQ(R.Total.IncSites, 4u);
  EXPECT_EQ(R.Semaphores, 2u);  // ACT and DVE
  EXPECT_EQ(R.CounterRegs, 2u); // ACT +1, DVE +2 per iteration
  EXPECT_EQ(R.SnapshotRegs, 2u);
  EXPECT_TRUE(R.Fallbacks.empty());
  // Counters r20, r21 (lowest), snapshots r31, r30 (highest); nothing in
  // between.
  EXPECT_TRUE(defines(*MF, counterReg(0)));
  EXPECT_TRUE(defines(*MF, counterReg(1)));
  EXPECT_TRUE(defines(*MF, snapshotReg(0)));
  EXPECT_TRUE(defines(*MF, snapshotReg(1)));
  for (unsigned I = 2; I < NumPreferred - 2; ++I)
    EXPECT_FALSE(defines(*MF, syncReg(I))) << "r" << 20 + I;
  EXPECT_EQ(countOpcode(*MF, NeuronISA::ACT_WAITR) +
                countOpcode(*MF, NeuronISA::DVE_WAITR) +
                countOpcode(*MF, NeuronISA::POOL_WAITR),
            R.Total.WaitsDynamic);
  EXPECT_EQ(countOpcode(*MF, NeuronISA::BARRIER), 0u);
  // The loop's own blocks: two of the three waits.
  ASSERT_EQ(L.getLoopsInPreorder().size(), 1u);
  const MachineLoop *Loop = L.getLoopsInPreorder()[0];
  ASSERT_TRUE(R.PerLoop.count(Loop));
  EXPECT_EQ(R.PerLoop.lookup(Loop).WaitsDynamic, 2u);
  EXPECT_EQ(R.PerLoop.lookup(Loop).IncSites, 3u);
}

TEST_F(SyncTest, BarrierLoopUsesBarriersAndNoRegisters) {
  MachineFunction *MF = parse(SnapshotMIR, "snap");
  ASSERT_TRUE(MF);
  EngineDependences DI;
  DI.analyze(*MF);
  MachineLoopInfo &L = loops(*MF);
  SyncReport R;
  runBarrier(*MF, DI, L, R);
  // A barrier at the loop header and at the exit; the only wait left is
  // DVE's WAR on ACT inside an iteration.
  EXPECT_EQ(R.Total.Barriers, 2u);
  EXPECT_EQ(countOpcode(*MF, NeuronISA::BARRIER), 2u);
  EXPECT_EQ(R.Total.WaitsConst, 1u);
  EXPECT_EQ(R.Total.WaitsDynamic, 0u);
  EXPECT_EQ(countOpcode(*MF, NeuronISA::DVE_WAIT), 1u);
  EXPECT_EQ(R.CounterRegs, 0u);
  EXPECT_EQ(R.SnapshotRegs, 0u);
  EXPECT_FALSE(usesAnySyncReg(*MF));
  const MachineLoop *Loop = L.getLoopsInPreorder()[0];
  EXPECT_EQ(R.PerLoop.lookup(Loop).Barriers, 1u);
  // The header starts with its barrier.
  EXPECT_EQ(MF->getBlockNumbered(2)->front().getOpcode(), NeuronISA::BARRIER);
}

TEST_F(SyncTest, SnapshotRegistersRunOut) {
  // 10 dependences: 1 counter (r20) and 10 snapshots (r31 down to r22),
  // no fallback, every wait dynamic and exact.
  {
    MachineFunction *MF = parse(exhaustionMIR(10), "exhaust");
    ASSERT_TRUE(MF);
    EngineDependences DI;
    DI.analyze(*MF);
    EXPECT_EQ(DI.groups().size(), 20u); // DVE -> ACT and ACT -> DVE per tile
    SyncReport R;
    ASSERT_TRUE(runPrecise(*MF, DI, loops(*MF), R));
    EXPECT_EQ(R.CounterRegs, 1u);
    EXPECT_EQ(R.SnapshotRegs, 10u);
    EXPECT_TRUE(R.Fallbacks.empty());
    EXPECT_EQ(R.Total.WaitsDynamic, 20u);
    EXPECT_EQ(R.Total.WaitsRedundant, 0u);
    EXPECT_TRUE(defines(*MF, counterReg(0)));
    EXPECT_FALSE(defines(*MF, counterReg(1)));
    for (unsigned I = 0; I < 10; ++I)
      EXPECT_TRUE(defines(*MF, snapshotReg(I))) << "snapshot " << I;
  }
  // 14 dependences: 3 groups are left without a register and fall back to
  // waiting for an upper bound of their threshold; the function is still
  // synchronized precisely otherwise (no barrier).
  {
    MachineFunction *MF = parse(exhaustionMIR(14), "exhaust");
    ASSERT_TRUE(MF);
    EngineDependences DI;
    DI.analyze(*MF);
    SyncReport R;
    ASSERT_TRUE(runPrecise(*MF, DI, loops(*MF), R));
    EXPECT_EQ(R.CounterRegs, 1u);
    EXPECT_EQ(R.SnapshotRegs, 11u);
    ASSERT_EQ(R.Fallbacks.size(), 3u);
    for (const SyncReport::Fallback &F : R.Fallbacks) {
      EXPECT_NE(F.Why.find("no free register left"), std::string::npos)
          << F.Why;
      EXPECT_NE(F.Why.find("dve"), std::string::npos) << F.Why;
      EXPECT_EQ(F.MBB, MF->getBlockNumbered(2)); // the loop's consumers
    }
    // Every free register is in use.
    for (unsigned I = 0; I < NumPreferred; ++I)
      EXPECT_TRUE(defines(*MF, syncReg(I))) << "r" << 20 + I;
    EXPECT_EQ(R.Total.Barriers, 0u);
    EXPECT_EQ(countOpcode(*MF, NeuronISA::BARRIER), 0u);
    // Each fallen-back group waits for the largest count after its latest
    // write on any path (the previous iteration's, at its own offset), not
    // all for every earlier DVE completion: no wait implies another.
    EXPECT_EQ(R.Total.WaitsRedundant, 0u);
  }
}

// Registers the function names but whose values are dead where a counter or
// snapshot is live serve the pass too (SyncRegisterPool's named registers,
// PreciseSync::programOccupancy): the 14 dependences that fall back when
// r3..r19 hold values to the end all get a register when those values are
// never read.
TEST_F(SyncTest, DeadProgramRegistersHoldSnapshots) {
  MachineFunction *MF = parse(exhaustionMIR(14, /*HeldToEnd=*/false), "exhaust");
  ASSERT_TRUE(MF);
  EngineDependences DI;
  DI.analyze(*MF);
  SyncReport R;
  ASSERT_TRUE(runPrecise(*MF, DI, loops(*MF), R));
  EXPECT_TRUE(R.Fallbacks.empty());
  EXPECT_EQ(R.CounterRegs, 1u);
  EXPECT_EQ(R.SnapshotRegs, 14u);
  EXPECT_EQ(R.Total.WaitsDynamic, 28u);
  // r20..r31 hold the counter and 11 snapshots; the other 3 live in
  // registers below r20, which the entry also writes with values the
  // function never reads: only the pass's waits read them.
  unsigned Below20 = 0;
  for (unsigned I = 3; I < 20; ++I)
    Below20 += reads(*MF, NeuronISA::getGPR(I));
  EXPECT_EQ(Below20, 3u);
}

TEST_F(SyncTest, CounterRegistersRunOutFallsBackToBarriers) {
  // 12 queues with distinct counts per iteration: 12 counters fit.
  {
    MachineFunction *MF = parse(queueCountersMIR(12), "queues");
    ASSERT_TRUE(MF);
    EngineDependences DI;
    DI.analyze(*MF);
    SyncReport R;
    ASSERT_TRUE(runPrecise(*MF, DI, loops(*MF), R));
    EXPECT_EQ(R.CounterRegs, 12u);
    EXPECT_EQ(R.Semaphores, 12u);
    EXPECT_TRUE(R.Fallbacks.empty());
  }
  // 13 do not: run() reports failure, changes nothing, says why; the
  // barrier algorithm then handles the function without registers.
  {
    MachineFunction *MF = parse(queueCountersMIR(13), "queues");
    ASSERT_TRUE(MF);
    EngineDependences DI;
    DI.analyze(*MF);
    MachineLoopInfo &L = loops(*MF);
    unsigned Before = countInstrs(*MF);
    SyncReport R;
    EXPECT_FALSE(runPrecise(*MF, DI, L, R));
    EXPECT_EQ(countInstrs(*MF), Before);
    for (const SyncSite &S : DI.sites())
      EXPECT_EQ(S.MI->getOperand(DataOperands::semaphore(S.MI->getDesc()))
                    .getReg(),
                NeuronISA::SNONE);
    ASSERT_EQ(R.Fallbacks.size(), 1u);
    EXPECT_NE(R.Fallbacks[0].Why.find("13 agents need a counter register"),
              std::string::npos)
        << R.Fallbacks[0].Why;
    EXPECT_EQ(R.Fallbacks[0].MBB, &MF->front());

    SyncReport RB;
    runBarrier(*MF, DI, L, RB);
    EXPECT_EQ(RB.Total.Barriers, 2u); // loop header and exit
    EXPECT_EQ(countOpcode(*MF, NeuronISA::BARRIER), 2u);
    EXPECT_EQ(RB.Semaphores, 13u);
    EXPECT_GT(RB.Total.WaitsConst, 0u);
    EXPECT_EQ(RB.Total.WaitsDynamic, 0u);
    EXPECT_FALSE(usesAnySyncReg(*MF));
  }
}

// The counter check that plans with split agents run first, right after the
// thresholds, is a lower bound of what the register assignment needs: it
// rejects where the counters cannot fit (without changing the function) and
// never where they do.
TEST_F(SyncTest, CountersCheckedFirstRejectOnlyWhatDoesNotFit) {
  for (unsigned Queues : {12u, 13u}) {
    MachineFunction *MF = parse(queueCountersMIR(Queues), "queues");
    ASSERT_TRUE(MF);
    EngineDependences DI;
    DI.analyze(*MF);
    unsigned Before = countInstrs(*MF);
    SyncReport R;
    SyncGenerator Gen(*MF, DI, loops(*MF), R);
    PreciseSync Sync(Gen);
    bool Fits = Sync.plan(/*CountersFirst=*/true);
    EXPECT_EQ(Fits, Queues == 12) << Queues << " queues";
    EXPECT_EQ(countInstrs(*MF), Before);
    if (Fits) {
      EXPECT_EQ(R.CounterRegs, 12u);
      continue;
    }
    ASSERT_EQ(R.Fallbacks.size(), 1u);
    EXPECT_NE(R.Fallbacks[0].Why.find("at least 13 agents need a counter "
                                      "register, more than the 12 registers "
                                      "free at the end of %bb.0"),
              std::string::npos)
        << R.Fallbacks[0].Why;
    EXPECT_EQ(R.CounterRegs, 0u); // rejected before any was assigned
  }
}

} // namespace
